import { schema } from '@cab/db';
import { basisPoints, type Endpoint, ordersApi, parseMoney, type Role } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeOrder, setupFixture, submit, submitForm } from './orders-lifecycle-helpers.ts';

/**
 * Issue 15, what a new user met: the submit page's total (quote) and the timeline a
 * customer reads (no internal discount notes).
 */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
  // A fee only on WIRE, so the quote's surcharge is seen to follow the chosen payment method.
  await f.t.handle.db
    .insert(schema.surcharges)
    .values({ name: 'Wire fee', percentage: basisPoints(500), paymentMethod: 'WIRE' });
});
afterAll(() => f.close());

const call = (e: Endpoint, role: Role | null, params: Record<string, number>, body?: unknown, query?: any) =>
  f.t.call(e, { token: role ? f.tokens[role] : null, params, body, query });

describe('quote', () => {
  it('answers the total the submit then charges, with the fee of the chosen payment method', async () => {
    const o = await makeOrder(f, 'PERSONAL', { items: 3 });
    const choice = {
      customer_payment_option: f.paymentOptions.payInFull,
      shipping_method: 'DELIVERY',
      shipping_address: f.addresses.personalShipping,
    };
    const check = await call(ordersApi.quote, 'PERSONAL', { id: o.id }, undefined, {
      ...choice,
      payment_method: 'CHECK',
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    const wire = await call(ordersApi.quote, 'PERSONAL', { id: o.id }, undefined, {
      ...choice,
      payment_method: 'WIRE',
    });
    expect(wire.status).toBe(200);
    const afterDiscount = parseMoney(wire.body.total_after_discount)!;
    const fee = (s: string) => parseMoney(s)!;
    expect(fee(wire.body.surcharge) - fee(check.body.surcharge)).toBe(Math.round(afterDiscount * 0.05));
    expect(parseMoney(wire.body.payment_option_discount)).toBeGreaterThan(0);

    // Nothing was saved by quoting.
    const before = await call(ordersApi.detail, 'PERSONAL', { id: o.id });
    expect(before.body.status).toBe('BID');
    expect(before.body.payment_method).toBeNull();

    const res = await submit(f, f.tokens.PERSONAL, o.id, submitForm(f, { payment_method: 'WIRE' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_price).toBe(wire.body.total_price);
    expect(res.body.surcharge).toBe(wire.body.surcharge);
    expect(res.body.sales_tax_amount).toBe(wire.body.sales_tax_amount);
  });

  it('answers 404 for an order out of reach', async () => {
    const o = await makeOrder(f);
    expect((await call(ordersApi.quote, 'BUSINESS_MANAGER', { id: o.id }, undefined, {})).status).toBe(404);
  });
});

describe('timeline', () => {
  it("shows the admin's internal discount notes to the shop only", async () => {
    const o = await makeOrder(f);
    const set = await call(
      ordersApi.updateCustomDiscount,
      'ADMIN',
      { id: o.id },
      { custom_discount_amount: '-10', custom_discount_notes: 'Margin is thin: ask before more' },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const shop = await call(ordersApi.timeline, 'STAFF', { id: o.id });
    const shopEvent = shop.body.results.find((e: any) => e.action === 'update_custom_discount');
    expect(shopEvent.after.custom_discount_notes).toBe('Margin is thin: ask before more');

    const customer = await call(ordersApi.timeline, 'PERSONAL', { id: o.id });
    const event = customer.body.results.find((e: any) => e.action === 'update_custom_discount');
    expect(event.after).toMatchObject({ custom_discount_amount: '-10.00' });
    expect(event.after).not.toHaveProperty('custom_discount_notes');
    expect(event.before).not.toHaveProperty('custom_discount_notes');
    expect(JSON.stringify(customer.body)).not.toContain('Margin is thin');
  });
});

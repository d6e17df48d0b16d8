import { schema } from '@cab/db';
import {
  type BasisPoints,
  type Cents,
  coreApi,
  ERROR_CODES,
  MSG,
  NO_PREMIUMS,
  ORDER_TEXT,
  ordersApi,
} from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Fixture,
  orderEvents,
  orderRow,
  setOrder,
  setupFixture,
  submit,
  submitForm,
} from './orders-lifecycle-helpers.ts';

/**
 * Money that does not move on its own (issue 15, decision 0017): rules frozen at submit, exact
 * sales tax, pickup taxed at the shop's state, codes claimed wherever entered, submit's
 * expected_total, custom discount bounds, and who may reprice an invoiced order.
 */

let f: Fixture;
let tenK: number;
const db = () => f.t.handle.db;
const admin = () => f.tokens.ADMIN;

beforeAll(async () => {
  f = await setupFixture();
  // A $5,000.00 line with nothing to choose: 2 of them are a $10,000.00 order.
  const [row] = await db()
    .insert(schema.lineItems)
    .values({ manufacturerCode: 'ZMONEY', exportName1: 'ZMONEY', priceCents: 500_000 as Cents, baseCategory: 'BASE' })
    .returning();
  tenK = row!.id;
  await db().delete(schema.surcharges);
});
afterAll(() => f.close());

async function bid(): Promise<any> {
  const res = await f.t.call(ordersApi.create, {
    token: f.tokens.PERSONAL,
    body: {
      name: 'Money',
      groups: [
        {
          name: 'G1',
          premiums: NO_PREMIUMS,
          items: [{ _id: 'a', line_item: tenK, qty: 2, is_attachment: false }],
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function setSettings(body: Record<string, unknown>) {
  const res = await f.t.call(coreApi.patchSettings, { token: admin(), body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function shippingState(state: string) {
  await db().update(schema.addresses).set({ state }).where(eq(schema.addresses.id, f.addresses.personalShipping));
}

/** A submitted order of the personal customer, paid by check (the option's 2 % bypassed unless `keepOption`). */
async function submitted(over: Record<string, string | undefined> = {}) {
  const order = await bid();
  const res = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f, over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const get = async (id: number) => (await f.t.call(ordersApi.detail, { token: admin(), params: { id } })).body;
const post = (endpoint: any, id: number, token = admin(), body: unknown = {}) =>
  f.t.call(endpoint, { token, params: { id }, body });

describe('frozen order-level rules', () => {
  it("the issue's example: a bound discount raised after approval does not move the order", async () => {
    const paula = f.userIds.PERSONAL;
    await db().delete(schema.boundDiscounts);
    const [bound] = await db()
      .insert(schema.boundDiscounts)
      .values({ customerId: paula, percentage: 500 as BasisPoints })
      .returning();
    await setSettings({ tax_rates: { NY: 4 } });
    await shippingState('NY');
    const order = await submitted();
    // The payment option's 2 % is bypassed so the figures are the issue's.
    expect(
      (
        await post(ordersApi.updateBypassPaymentOptionDiscount, order.id, admin(), {
          bypass_payment_option_discount: true,
        })
      ).status,
    ).toBe(200);
    expect((await post(ordersApi.approve, order.id)).status).toBe(200);
    let o = await get(order.id);
    expect(o.status).toBe('VERIFIED');
    // 10,000.00 - 5 % = 9,500.00 + 4 % tax 380.00 = 9,880.00
    expect(o.total_price).toBe('9880.00');

    await db()
      .update(schema.boundDiscounts)
      .set({ percentage: 1000 as BasisPoints })
      .where(eq(schema.boundDiscounts.id, bound!.id));
    await setSettings({ tax_rates: { NY: 8 } });
    expect((await post(ordersApi.startEditing, order.id, f.tokens.STAFF)).status).toBe(200);
    const stop = await post(ordersApi.stopEditing, order.id, f.tokens.STAFF);
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    o = await get(order.id);
    expect([o.total_price, o.customer_discount_amount, o.sales_tax_in_percentage]).toEqual([
      '9880.00',
      '500.00',
      '4.00',
    ]);
    // The bypass toggled back and forth by the admin: still the frozen rules.
    await post(ordersApi.updateBypassPaymentOptionDiscount, order.id, admin(), {
      bypass_payment_option_discount: false,
    });
    await post(ordersApi.updateBypassPaymentOptionDiscount, order.id, admin(), {
      bypass_payment_option_discount: true,
    });
    expect((await get(order.id)).total_price).toBe('9880.00');
    // stop_editing records the totals before and after.
    const [event] = await orderEvents(f, order.id, 'stop_editing');
    expect((event!.after as any).totals).toMatchObject({
      before: { total_price: '9880.00' },
      after: { total_price: '9880.00' },
    });

    // Only recalculate reads today's rules: 10 % off and 8 % tax -> 9,000.00 + 720.00.
    const rec = await post(ordersApi.recalculate, order.id);
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    expect(rec.body.order.total_price).toBe('9720.00');
    const [recalc] = await orderEvents(f, order.id, 'recalculate');
    expect(recalc!.before).toMatchObject({ total_price: '9880.00', customer_discount_amount: '500.00' });
    expect(recalc!.after).toMatchObject({
      total_price: '9720.00',
      customer_discount_amount: '1000.00',
      sales_tax_in_percentage: '8.00',
      sales_tax_amount: '720.00',
    });
    await db().delete(schema.boundDiscounts);
  });

  it('fix records the totals before and after', async () => {
    const order = await submitted();
    await setOrder(f, order.id, { errorCount: 1 });
    const res = await post(ordersApi.fix, order.id, f.tokens.STAFF);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [event] = await orderEvents(f, order.id, 'fix');
    expect((event!.after as any).totals.before.total_price).toBe(order.total_price);
    expect((event!.after as any).totals.after.total_price).toBe(order.total_price);
  });
});

describe('sales tax', () => {
  it('a three-decimal rate is charged and shown exactly: $10,000.00 in NJ 6.625 % -> $662.50', async () => {
    await setSettings({ tax_rates: { NJ: 6.625 } });
    await shippingState('NJ');
    const order = await submitted();
    await post(ordersApi.updateBypassPaymentOptionDiscount, order.id, admin(), {
      bypass_payment_option_discount: true,
    });
    const o = await get(order.id);
    expect([o.sales_tax_in_percentage, o.sales_tax_amount, o.total_price]).toEqual(['6.625', '662.50', '10662.50']);
  });

  it("a PICKUP is taxed at the shop's state, a DELIVERY at its shipping address's", async () => {
    await setSettings({ tax_rates: { NJ: 6.625, NY: 4 }, shop_state: 'ny' });
    expect((await f.t.call(coreApi.getSettings, { token: f.tokens.PERSONAL })).body.shop_state).toBe('NY');
    await shippingState('NJ');
    const pickup = await submitted({ shipping_method: 'PICKUP', shipping_address: undefined });
    expect(pickup.sales_tax_in_percentage).toBe('4.00');
    const delivery = await submitted();
    expect(delivery.sales_tax_in_percentage).toBe('6.625');
    const bad = await f.t.call(coreApi.patchSettings, { token: admin(), body: { shop_state: 'ZZ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.shop_state).toEqual([MSG.stateInvalid]);
    await setSettings({ tax_rates: {}, shop_state: '' });
  });

  it("without a shop state, a PICKUP is taxed at the seller's own address, where the goods change hands (issue 34)", async () => {
    await setSettings({
      tax_rates: { NJ: 6.625, IL: 6.25 },
      shop_state: '',
      seller_address: '1450 N Halsted St\nChicago, IL 60642',
    });
    await shippingState('NJ');
    const pickup = await submitted({ shipping_method: 'PICKUP', shipping_address: undefined });
    expect(pickup.sales_tax_in_percentage).toBe('6.25');
    await setSettings({ tax_rates: {}, seller_address: '' });
  });
});

describe('discount codes', () => {
  async function code(name: string, usageLimit: number) {
    const [row] = await db()
      .insert(schema.discountCodes)
      .values({ code: name, percentage: 1000 as BasisPoints, usageLimit })
      .returning();
    return row!;
  }
  const timesUsed = async (id: number) =>
    (await db().select().from(schema.discountCodes).where(eq(schema.discountCodes.id, id)))[0]!.timesUsed;

  it('a code entered past BID claims its use; the limit holds; decline gives it back', async () => {
    const c = await code('ONCE', 1);
    const a = await submitted();
    const b = await submitted();
    const first = await post(ordersApi.discountCode, a.id, admin(), { discount_code: 'ONCE' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.order_discount).toBe('1000.00');
    expect(await timesUsed(c.id)).toBe(1);
    expect((await orderRow(f, a.id)).discountCodeClaimed).toBe(true);
    const second = await post(ordersApi.discountCode, b.id, admin(), { discount_code: 'ONCE' });
    expect(second.status).toBe(400);
    expect(await timesUsed(c.id)).toBe(1);
    // A reprice keeps the code's discount: it is the order's now.
    await post(ordersApi.updateBypassPaymentOptionDiscount, a.id, admin(), { bypass_payment_option_discount: true });
    expect((await get(a.id)).order_discount).toBe('1000.00');
    const declined = await post(ordersApi.decline, a.id, admin(), { reason: 'Not this time' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(await timesUsed(c.id)).toBe(0);
    expect((await post(ordersApi.discountCode, b.id, admin(), { discount_code: 'ONCE' })).status).toBe(200);
  });

  it('concurrent entry of the last use on two orders: exactly one claims it', async () => {
    const c = await code('LAST', 1);
    const [a, b] = [await submitted(), await submitted()];
    const results = await Promise.all(
      [a, b].map((o) => post(ordersApi.discountCode, o.id, admin(), { discount_code: 'LAST' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await timesUsed(c.id)).toBe(1);
  });
});

describe('submit commits to what it showed', () => {
  it('expected_total: 409 order_total_changed when the order would be priced otherwise, nothing kept', async () => {
    const order = await bid();
    const wrong = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f, { expected_total: '10000.00' }));
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(409);
    expect(wrong.body.code).toBe(ERROR_CODES.orderTotalChanged);
    // Pay in full takes 2 %: 9,800.00 (no tax configured).
    expect(wrong.body.extra).toMatchObject({ total_price: '9800.00', expected_total: '10000.00' });
    expect((await orderRow(f, order.id)).status).toBe('BID');
    const right = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f, { expected_total: '9800.00' }));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.total_price).toBe('9800.00');
  });

  it('expected_total must be money', async () => {
    const order = await bid();
    const res = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f, { expected_total: 'lots' }));
    expect(res.status).toBe(400);
    expect(res.body.fields.expected_total).toBeDefined();
  });

  it('the quote answers the total for a payment option and method without changing the order', async () => {
    const order = await bid();
    await db()
      .insert(schema.surcharges)
      .values({ name: 'Card fee', percentage: 300 as BasisPoints, paymentMethod: 'CARD' });
    const res = await f.t.call(ordersApi.quote, {
      token: f.tokens.PERSONAL,
      params: { id: order.id },
      query: {
        customer_payment_option: String(f.paymentOptions.payInFull),
        payment_method: 'CARD',
        shipping_method: 'DELIVERY',
        shipping_address: String(f.addresses.personalShipping),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10,000.00 + 3 % card fee 300.00 = 10,300.00 - 2 % 206.00 = 10,094.00
    expect(res.body).toMatchObject({ surcharge: '300.00', payment_option_discount: '206.00', total_price: '10094.00' });
    expect((await get(order.id)).total_price).toBe('10000.00');
    const sub = await submit(
      f,
      f.tokens.PERSONAL,
      order.id,
      submitForm(f, { payment_method: 'CARD', expected_total: res.body.total_price }),
    );
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    await db().delete(schema.surcharges);
  });
});

describe('custom discount', () => {
  it('an amount beyond the column answers 400 on its field, never 500', async () => {
    const order = await bid();
    const res = await post(ordersApi.updateCustomDiscount, order.id, admin(), { custom_discount_amount: '30000000' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields.custom_discount_amount).toHaveLength(1);
  });

  it('a discount larger than the order is refused with a clear message, and nothing kept', async () => {
    const order = await bid();
    const res = await post(ordersApi.updateCustomDiscount, order.id, admin(), { custom_discount_amount: '10000.01' });
    expect(res.status).toBe(400);
    expect(res.body.fields.custom_discount_amount).toEqual([ORDER_TEXT.customDiscountMoreThanOrder('$10,000.00')]);
    expect((await orderRow(f, order.id)).customDiscountAmount).toBeNull();
    const ok = await post(ordersApi.updateCustomDiscount, order.id, admin(), { custom_discount_amount: '10000' });
    expect(ok.status).toBe(200);
    expect(ok.body.total_price).toBe('0.00');
  });
});

describe('an invoiced (VERIFIED) order is repriced by an ADMIN only', () => {
  it('STAFF may not recalculate a VERIFIED order (403); an ORDERED one yes', async () => {
    const order = await submitted();
    expect((await post(ordersApi.recalculate, order.id, f.tokens.STAFF)).status).toBe(200);
    expect((await post(ordersApi.approve, order.id)).status).toBe(200);
    const res = await post(ordersApi.recalculate, order.id, f.tokens.STAFF);
    expect(res.status).toBe(403);
    expect((await post(ordersApi.recalculate, order.id)).status).toBe(200);
  });
});

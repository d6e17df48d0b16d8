import { schema } from '@cab/db';
import { type Cents, financeApi, ORDER_TEXT, ordersApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeOrder, setOrder, setupFixture, submit, submitForm } from './orders-lifecycle-helpers.ts';

/**
 * GET /api/orders/{id}/payment_options/ answers only the options the payment rules admit (issue
 * 17): an option without active rules is open to everyone, one with rules only to those a rule
 * admits (account type, company, order total bounds); the submit accepts the same options.
 */

let f: Fixture;
let personalOrder: number;
let businessOrder: number;
let companyId: number;

beforeAll(async () => {
  f = await setupFixture();
  personalOrder = (await makeOrder(f, 'PERSONAL')).id;
  businessOrder = (await makeOrder(f, 'BUSINESS_MANAGER')).id;
  const [manager] = await f.t.handle.db
    .select({ companyId: schema.users.companyId })
    .from(schema.users)
    .where(eq(schema.users.id, f.userIds.BUSINESS_MANAGER));
  companyId = manager!.companyId!;
});
afterAll(() => f.close());

async function offered(orderId: number, token = f.tokens.ADMIN) {
  const res = await f.t.call(ordersApi.paymentOptions, { token, params: { id: orderId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b);
}

const rule = async (body: Record<string, unknown>) => {
  const res = await f.t.call(financeApi.paymentRuleCreate, { token: f.tokens.ADMIN, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const setTotal = (id: number, dollars: number) => setOrder(f, id, { totalAfterDiscount: (dollars * 100) as Cents });

describe('payment options filtered by the rules', () => {
  it('without rules: every valid option (business-only ones for business accounts)', async () => {
    const { payInFull, businessOnly } = f.paymentOptions;
    expect(await offered(personalOrder)).toEqual([payInFull]);
    expect(await offered(businessOrder)).toEqual([payInFull, businessOnly].sort((a, b) => a - b));
  });

  it('with rules: only those a rule admits, by account type and total bounds', async () => {
    const { payInFull, businessOnly } = f.paymentOptions;
    const small = await rule({ payment_option: payInFull, account_type: 'P', max_total: '500.00' });
    await setTotal(personalOrder, 400);
    await setTotal(businessOrder, 400);
    expect(await offered(personalOrder)).toEqual([payInFull]);
    // The customer asks too and sees the same.
    expect(await offered(personalOrder, f.tokens.PERSONAL)).toEqual([payInFull]);
    expect(await offered(businessOrder)).toEqual([businessOnly]);
    await setTotal(personalOrder, 500.01);
    expect(await offered(personalOrder)).toEqual([]);
    await setTotal(personalOrder, 500);
    expect(await offered(personalOrder)).toEqual([payInFull]);

    // A second rule admits the company's orders from 100.00 up.
    const company = await rule({ payment_option: payInFull, company: companyId, min_total: '100' });
    expect(await offered(businessOrder)).toEqual([payInFull, businessOnly].sort((a, b) => a - b));
    await setTotal(businessOrder, 99.99);
    expect(await offered(businessOrder)).toEqual([businessOnly]);

    // Inactive rules count as none: the option is open again.
    for (const id of [small, company]) {
      await f.t.call(financeApi.paymentRuleUpdate, {
        token: f.tokens.ADMIN,
        params: { id },
        body: { is_active: false },
      });
    }
    await setTotal(personalOrder, 10_000);
    expect(await offered(personalOrder)).toEqual([payInFull]);
    expect(await offered(businessOrder)).toEqual([payInFull, businessOnly].sort((a, b) => a - b));
  });

  it('the submit refuses an option the rules do not admit', async () => {
    const { payInFull } = f.paymentOptions;
    const order = (await makeOrder(f, 'PERSONAL', { name: 'Ruled out' })).id;
    await rule({ payment_option: payInFull, account_type: 'B' });
    const res = await submit(f, f.tokens.PERSONAL, order, submitForm(f));
    expect(res.status).toBe(400);
    expect(res.body.fields.customer_payment_option).toEqual([ORDER_TEXT.paymentOptionUnavailable]);
  });
});

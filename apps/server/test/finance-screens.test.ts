import { financeApi, INVOICE_TEXT, invoicesApi, MSG, ordersApi } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './invoices-helpers.ts';
import { type Fixture, makeOrder, setupFixture, submit, submitForm } from './orders-lifecycle-helpers.ts';

/**
 * Issue 27's finance screens, on the API: the invoice list's Order filter by name beside the id
 * and its Customer filter (SPEC 3), a 0 % bound discount refused and blank or negative fields
 * answered in SPEC 5's words, and the money in the payment refusals said in dollars.
 */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

async function approved(owner: 'PERSONAL' | 'BUSINESS_MANAGER', name: string): Promise<any> {
  const order = await makeOrder(f, owner, { name });
  const submitted = await submit(f, f.tokens[owner], order.id, submitForm(f, {}, owner));
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const res = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: order.id }, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const list = async (query: Record<string, string>) => {
  const res = await call(f, invoicesApi.list, 'ADMIN', { query: { page_size: '100', ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { results: { id: number; order: { id: number; name: string } }[]; total: number };
};

describe('the invoice list filters (SPEC 3: status, customer, order)', () => {
  it('order_name finds invoices by a part of the order name, case-insensitively; the order id still works', async () => {
    const delgado = await approved('PERSONAL', 'Delgado kitchen remodel');
    const other = await approved('PERSONAL', 'Okafor guest bath');
    const byName = await list({ order_name: 'delgado' });
    expect(byName.results.map((r) => r.id)).toEqual([delgado.invoice.id]);
    expect(byName.total).toBe(1);
    expect((await list({ order_name: 'GUEST' })).results.map((r) => r.id)).toEqual([other.invoice.id]);
    // Wildcards are text: "%" matches no name that has none.
    expect((await list({ order_name: '%' })).results).toEqual([]);
    expect((await list({ order_name: 'Nobody' })).total).toBe(0);
    // The id filter as before.
    expect((await list({ order: String(other.id) })).results.map((r) => r.id)).toEqual([other.invoice.id]);
    // "Delgado" is not an id: 400 on `order`, the name goes in order_name.
    const bad = await call(f, invoicesApi.list, 'ADMIN', { query: { order: 'Delgado' } });
    expect(bad.status).toBe(400);
    // A customer sees only its own under the name filter too.
    const manager = await call(f, invoicesApi.list, 'BUSINESS_MANAGER', { query: { order_name: 'Delgado' } });
    expect(manager.body.results).toEqual([]);
  });

  it('customer narrows to one customer', async () => {
    const mine = await approved('PERSONAL', 'Customer filter personal');
    const theirs = await approved('BUSINESS_MANAGER', 'Customer filter company');
    const personal = await list({ customer: String(f.userIds.PERSONAL), order_name: 'Customer filter' });
    expect(personal.results.map((r) => r.id)).toEqual([mine.invoice.id]);
    const manager = await list({ customer: String(f.userIds.BUSINESS_MANAGER), order_name: 'Customer filter' });
    expect(manager.results.map((r) => r.id)).toEqual([theirs.invoice.id]);
  });
});

describe("SPEC 5's words", () => {
  const admin = (e: Parameters<typeof call>[1], o: Parameters<typeof call>[3] = {}) => call(f, e, 'ADMIN', o);

  it('a bound discount of 0 % is refused; an empty percentage is Required', async () => {
    const zero = await admin(financeApi.boundDiscountCreate, {
      body: { customer: f.userIds.PERSONAL, percentage: '0', notes: '' },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.fields.percentage).toEqual([MSG.percentageGreaterThanZero]);
    expect(MSG.percentageGreaterThanZero).toBe('percentage must be greater than 0 and less than or equal to 100');
    const empty = await admin(financeApi.boundDiscountCreate, {
      body: { customer: f.userIds.PERSONAL, percentage: '', notes: '' },
    });
    expect(empty.body.fields.percentage).toEqual([MSG.required]);
    const ok = await admin(financeApi.boundDiscountCreate, {
      body: { customer: f.userIds.PERSONAL, percentage: '0.01', notes: '' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const patched = await admin(financeApi.boundDiscountUpdate, {
      params: { id: ok.body.id },
      body: { percentage: '0' },
    });
    expect(patched.body.fields.percentage).toEqual([MSG.percentageGreaterThanZero]);
  });

  it('grace days of -3 must be 0 or more; 1.5 must be whole; an empty credit amount is Required', async () => {
    const id = f.userIds.PERSONAL;
    const negative = await admin(financeApi.customerUpdateOverdueInterest, {
      params: { id },
      body: { grace_days: -3 },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.fields.grace_days).toEqual([MSG.mustBeNonNegative]);
    const half = await admin(financeApi.customerUpdateOverdueInterest, { params: { id }, body: { grace_days: '1.5' } });
    expect(half.body.fields.grace_days).toEqual([MSG.wholeNumber]);
    const blankCredit = await admin(invoicesApi.customerCreditCreate, { params: { id }, body: { amount: '' } });
    expect(blankCredit.status).toBe(400);
    expect(blankCredit.body.fields.amount).toEqual([MSG.required]);
    const wrongCredit = await admin(invoicesApi.customerCreditCreate, { params: { id }, body: { amount: 'abc' } });
    expect(wrongCredit.body.fields.amount).toEqual([MSG.decimal]);
  });

  it('the refusals name amounts in dollars', () => {
    expect(INVOICE_TEXT.amountTooLarge('4340.50')).toBe('The amount cannot be more than the balance of $4,340.50');
    expect(INVOICE_TEXT.creditUnavailable('200.00')).toBe('This credit memo has $200.00 available');
  });
});

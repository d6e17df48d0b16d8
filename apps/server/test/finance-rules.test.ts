import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schema } from '@cab/db';
import { auditApi, FINANCE_TEXT, financeApi, MSG, ordersApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The finance rules' admin calls (issue 17): each kind's shape and validation, PATCH semantics,
 * the audit trail, and DELETE refused while orders reference the rule.
 */

let t: TestApp;
let admin: string;
let dataDir: string;
let companyId: number;
let personalId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-finance-'));
  t = await setupTestApp({ dataDir });
  admin = await t.login('ADMIN');
  const [company] = await t.handle.db.select().from(schema.companies).limit(1);
  companyId = company!.id;
  const [personal] = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'personal@demo.test'));
  personalId = personal!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (e: Parameters<TestApp['call']>[0], o: Parameters<TestApp['call']>[1] = {}) =>
  t.call(e, { token: admin, ...o });

const deposit = {
  name: 'Deposit 30/70',
  description: 'Thirty now, seventy before pickup',
  discount_percentage: null,
  milestones: [
    { label: 'Deposit', percentage: '30.00', due: 'ON_APPROVAL' },
    { label: 'Balance', percentage: '70.00', due: 'BEFORE_PICKUP' },
  ],
  valid_from: '2026-01-01',
  valid_to: null,
};

async function lastAudit(entity: string, id: number) {
  const res = await call(auditApi.events, { query: { entity, entity_id: String(id) } });
  return res.body.results[0];
}

describe('payment options', () => {
  it('creates one with two milestones and answers the wire shape', async () => {
    const res = await call(financeApi.paymentOptionCreate, { body: deposit });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Deposit 30/70',
      description: 'Thirty now, seventy before pickup',
      discount_percentage: null,
      milestones: [
        { label: 'Deposit', percentage: '30.00', due: 'ON_APPROVAL', days: null },
        { label: 'Balance', percentage: '70.00', due: 'BEFORE_PICKUP', days: null },
      ],
      business_only: false,
      valid_from: '2026-01-01',
      valid_to: null,
      is_active: true,
      index: 0,
    });
    const event = await lastAudit('payment_option', res.body.id);
    expect(event.action).toBe('create');
    expect(event.after.name).toBe('Deposit 30/70');
  });

  it('refuses shares that do not add up to 100.00, on milestones', async () => {
    for (const shares of [
      ['30.00', '60.00'],
      ['50.00', '50.01'],
    ]) {
      const res = await call(financeApi.paymentOptionCreate, {
        body: {
          ...deposit,
          milestones: shares.map((p, i) => ({ label: `M${i}`, percentage: p, due: 'ON_APPROVAL' })),
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields.milestones).toEqual([FINANCE_TEXT.milestonesTotal]);
    }
  });

  it('checks each milestone: share, due, days after completion', async () => {
    const res = await call(financeApi.paymentOptionCreate, {
      body: {
        ...deposit,
        milestones: [
          { label: 'A', percentage: '0', due: 'ON_APPROVAL' },
          { label: 'B', percentage: '100.00', due: 'DAYS_AFTER_COMPLETION' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['milestones.0.percentage']).toEqual([MSG.percentageGreaterThanZero]);
    expect(res.body.fields['milestones.1.days']).toEqual([FINANCE_TEXT.daysRequired]);
    const empty = await call(financeApi.paymentOptionCreate, { body: { ...deposit, milestones: [] } });
    expect(empty.body.fields.milestones).toEqual([FINANCE_TEXT.milestonesRequired]);
  });

  it('checks the discount, the dates and the bounds', async () => {
    const res = await call(financeApi.paymentOptionCreate, {
      body: { ...deposit, discount_percentage: '100.01', valid_from: '2026-05-01', valid_to: '2026-04-01', index: -1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.discount_percentage).toEqual([MSG.percentageBetween]);
    expect(res.body.fields.index).toBeDefined();
    const dates = await call(financeApi.paymentOptionCreate, {
      body: { ...deposit, valid_from: '2026-05-01', valid_to: '2026-04-01' },
    });
    expect(dates.body.fields.valid_to).toEqual([FINANCE_TEXT.validToBeforeFrom]);
    const long = await call(financeApi.paymentOptionCreate, { body: { ...deposit, name: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body.fields.name).toBeDefined();
  });

  it('PATCH changes only what it sends; a milestone split is checked again', async () => {
    const created = (await call(financeApi.paymentOptionCreate, { body: { ...deposit, name: 'Patch me' } })).body;
    const res = await call(financeApi.paymentOptionUpdate, {
      params: { id: created.id },
      body: { discount_percentage: '2.5', is_active: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Patch me', discount_percentage: '2.50', is_active: false });
    expect(res.body.milestones).toHaveLength(2);
    const bad = await call(financeApi.paymentOptionUpdate, {
      params: { id: created.id },
      body: { milestones: [{ label: 'All', percentage: '99.99', due: 'ON_APPROVAL' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.milestones).toEqual([FINANCE_TEXT.milestonesTotal]);
    // valid_to before the stored valid_from
    const dates = await call(financeApi.paymentOptionUpdate, {
      params: { id: created.id },
      body: { valid_to: '2025-01-01' },
    });
    expect(dates.body.fields.valid_to).toEqual([FINANCE_TEXT.validToBeforeFrom]);
    const event = await lastAudit('payment_option', created.id);
    expect(event.action).toBe('update');
    expect(event.before.discount_percentage).toBeNull();
    expect(event.after.discount_percentage).toBe('2.50');
  });

  it('lists with paging, search and order_by; details and 404s', async () => {
    const list = await call(financeApi.paymentOptionList, { query: { search: 'deposit', page_size: '1' } });
    expect(list.status).toBe(200);
    expect(list.body.results).toHaveLength(1);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    const bad = await call(financeApi.paymentOptionList, { query: { order_by: 'nope' } });
    expect(bad.status).toBe(400);
    expect((await call(financeApi.paymentOptionDetail, { params: { id: 999_999 } })).status).toBe(404);
    expect((await call(financeApi.paymentOptionUpdate, { params: { id: 999_999 }, body: {} })).status).toBe(404);
  });

  it('deletes an unused option, refuses one an order uses (400 rule_in_use)', async () => {
    const unused = (await call(financeApi.paymentOptionCreate, { body: { ...deposit, name: 'Unused' } })).body;
    const del = await call(financeApi.paymentOptionDelete, { params: { id: unused.id } });
    expect(del.status).toBe(200);
    expect((await call(financeApi.paymentOptionDetail, { params: { id: unused.id } })).status).toBe(404);
    expect((await lastAudit('payment_option', unused.id)).action).toBe('delete');

    const used = (await call(financeApi.paymentOptionCreate, { body: { ...deposit, name: 'Used' } })).body;
    const order = await call(ordersApi.create, {
      body: { name: 'Uses an option', groups: [], customer: personalId },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await t.handle.db
      .update(schema.orders)
      .set({ customerPaymentOptionId: used.id })
      .where(eq(schema.orders.id, order.body.id));
    const refused = await call(financeApi.paymentOptionDelete, { params: { id: used.id } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'rule_in_use', message: FINANCE_TEXT.optionInUse });
    expect((await call(financeApi.paymentOptionDetail, { params: { id: used.id } })).status).toBe(200);
  });
});

describe('payment rules', () => {
  let optionId: number;
  beforeAll(async () => {
    optionId = (await call(financeApi.paymentOptionCreate, { body: { ...deposit, name: 'Ruled' } })).body.id;
  });

  it('creates, patches and deletes a rule with the wire shape', async () => {
    const res = await call(financeApi.paymentRuleCreate, {
      body: { payment_option: optionId, account_type: 'B', company: companyId, min_total: '1000', max_total: '' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      payment_option: optionId,
      account_type: 'B',
      company: companyId,
      min_total: '1000.00',
      max_total: null,
      is_active: true,
    });
    const patched = await call(financeApi.paymentRuleUpdate, {
      params: { id: res.body.id },
      body: { account_type: null, max_total: '5000.5' },
    });
    expect(patched.body).toMatchObject({ account_type: null, company: companyId, max_total: '5000.50' });
    const below = await call(financeApi.paymentRuleUpdate, {
      params: { id: res.body.id },
      body: { max_total: '999.99' },
    });
    expect(below.status).toBe(400);
    expect(below.body.fields.max_total).toEqual([FINANCE_TEXT.maxBelowMin]);
    const list = await call(financeApi.paymentRuleList, { query: { payment_option: String(optionId) } });
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
    expect((await call(financeApi.paymentRuleDelete, { params: { id: res.body.id } })).status).toBe(200);
    expect((await lastAudit('payment_rule', res.body.id)).action).toBe('delete');
  });

  it('refuses an unknown option or company, a wrong account type, negative totals', async () => {
    const res = await call(financeApi.paymentRuleCreate, { body: { payment_option: 999_999 } });
    expect(res.status).toBe(400);
    expect(res.body.fields.payment_option).toEqual([FINANCE_TEXT.unknownPaymentOption]);
    const company = await call(financeApi.paymentRuleCreate, { body: { payment_option: optionId, company: 999_999 } });
    expect(company.body.fields.company).toEqual([FINANCE_TEXT.unknownCompany]);
    const shape = await call(financeApi.paymentRuleCreate, {
      body: { payment_option: optionId, account_type: 'X', min_total: '-1', max_total: 'abc' },
    });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.fields).sort()).toEqual(['account_type', 'max_total', 'min_total']);
    const big = await call(financeApi.paymentRuleCreate, {
      body: { payment_option: optionId, min_total: '99999999999' },
    });
    expect(big.status).toBe(400);
  });
});

describe('surcharges', () => {
  it('takes a percentage or an amount, never both; setting one clears the other', async () => {
    const res = await call(financeApi.surchargeCreate, {
      body: { name: 'Card fee', percentage: '3', payment_method: 'CARD' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Card fee',
      percentage: '3.00',
      amount: null,
      payment_method: 'CARD',
      applies_below: null,
      is_active: true,
    });
    const both = await call(financeApi.surchargeCreate, { body: { name: 'x', percentage: '3', amount: '5' } });
    expect(both.body.fields.amount).toEqual([FINANCE_TEXT.notBoth]);
    const neither = await call(financeApi.surchargeCreate, { body: { name: 'x' } });
    expect(neither.body.fields.percentage).toEqual([FINANCE_TEXT.percentageOrAmount]);
    const switched = await call(financeApi.surchargeUpdate, { params: { id: res.body.id }, body: { amount: '25' } });
    expect(switched.body).toMatchObject({ percentage: null, amount: '25.00' });
    const cleared = await call(financeApi.surchargeUpdate, { params: { id: res.body.id }, body: { amount: null } });
    expect(cleared.status).toBe(400);
    expect(cleared.body.fields.percentage).toEqual([FINANCE_TEXT.percentageOrAmount]);
  });

  it("checks SPEC 5's percentage range, the amount, the method", async () => {
    const res = await call(financeApi.surchargeCreate, {
      body: { name: 'x', percentage: '0', payment_method: 'BITCOIN', applies_below: '0' },
    });
    expect(res.body.fields.percentage).toEqual([MSG.percentageGreaterThanZero]);
    expect(res.body.fields.payment_method).toBeDefined();
    expect(res.body.fields.applies_below).toEqual([FINANCE_TEXT.mustBePositive]);
    const amount = await call(financeApi.surchargeCreate, { body: { name: 'x', amount: '1.234' } });
    expect(amount.body.fields.amount).toEqual([MSG.decimal]);
  });
});

describe('bound discounts', () => {
  it('binds a percentage to one customer or one company, once each', async () => {
    const res = await call(financeApi.boundDiscountCreate, {
      body: { customer: personalId, percentage: '5', notes: 'Loyal' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      customer: personalId,
      company: null,
      percentage: '5.00',
      notes: 'Loyal',
    });
    const again = await call(financeApi.boundDiscountCreate, { body: { customer: personalId, percentage: '6' } });
    expect(again.status).toBe(400);
    expect(again.body.fields.customer).toEqual([FINANCE_TEXT.boundTaken]);
    const both = await call(financeApi.boundDiscountCreate, {
      body: { customer: personalId, company: companyId, percentage: '1' },
    });
    expect(both.body.fields.company).toEqual([FINANCE_TEXT.customerAndCompany]);
    const none = await call(financeApi.boundDiscountCreate, { body: { percentage: '1' } });
    expect(none.body.fields.customer).toEqual([FINANCE_TEXT.customerOrCompany]);
    // SPEC 5's bound discount: greater than 0 and at most 100, in its own words (issue 27 m2).
    const range = await call(financeApi.boundDiscountCreate, { body: { company: companyId, percentage: '101' } });
    expect(range.body.fields.percentage).toEqual([MSG.percentageGreaterThanZero]);
    const staff = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'staff@demo.test'));
    const notCustomer = await call(financeApi.boundDiscountCreate, {
      body: { customer: staff[0]!.id, percentage: '1' },
    });
    expect(notCustomer.body.fields.customer).toEqual([FINANCE_TEXT.unknownCustomer]);
    // Moving it to the company clears the customer.
    const moved = await call(financeApi.boundDiscountUpdate, {
      params: { id: res.body.id },
      body: { company: companyId },
    });
    expect(moved.body).toMatchObject({ customer: null, company: companyId });
    expect((await call(financeApi.boundDiscountDelete, { params: { id: res.body.id } })).status).toBe(200);
  });
});

describe('discount codes', () => {
  it('stores the code upper-cased, times_used read-only, unique codes', async () => {
    const res = await call(financeApi.discountCodeCreate, {
      body: { code: 'spring-26', percentage: '10', usage_limit: 5, minimum_total: '100', times_used: 99 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code: 'SPRING-26',
      percentage: '10.00',
      amount: null,
      valid_from: null,
      valid_to: null,
      usage_limit: 5,
      minimum_total: '100.00',
      is_active: true,
      times_used: 0,
    });
    const dup = await call(financeApi.discountCodeCreate, { body: { code: 'SPRING-26', amount: '5' } });
    expect(dup.status).toBe(400);
    expect(dup.body.fields.code).toEqual([FINANCE_TEXT.codeTaken]);
    const patched = await call(financeApi.discountCodeUpdate, {
      params: { id: res.body.id },
      body: { times_used: 3, usage_limit: null },
    });
    expect(patched.body).toMatchObject({ times_used: 0, usage_limit: null });
    const list = await call(financeApi.discountCodeList, { query: { search: 'spring' } });
    expect(list.body.results.map((c: { code: string }) => c.code)).toContain('SPRING-26');
  });

  it('validates code, amounts, dates and usage limit', async () => {
    const res = await call(financeApi.discountCodeCreate, {
      body: { code: 'bad code!', amount: '0', usage_limit: 0, valid_from: '2026-02-01', valid_to: '2026-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.code).toEqual([MSG.alphanumeric]);
    expect(res.body.fields.amount).toEqual([FINANCE_TEXT.mustBePositive]);
    expect(res.body.fields.usage_limit).toEqual([FINANCE_TEXT.mustBePositive]);
    expect(res.body.fields.valid_to).toEqual([FINANCE_TEXT.validToBeforeFrom]);
  });

  it('refuses deleting a code an order used', async () => {
    const code = (await call(financeApi.discountCodeCreate, { body: { code: 'USED1', amount: '5' } })).body;
    const order = await call(ordersApi.create, { body: { name: 'Used code', groups: [], customer: personalId } });
    await t.handle.db.update(schema.orders).set({ discountCodeId: code.id }).where(eq(schema.orders.id, order.body.id));
    const refused = await call(financeApi.discountCodeDelete, { params: { id: code.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(FINANCE_TEXT.codeInUse);
    // Deactivating is the way out.
    const off = await call(financeApi.discountCodeUpdate, { params: { id: code.id }, body: { is_active: false } });
    expect(off.body.is_active).toBe(false);
  });
});

describe('audit', () => {
  it('a PATCH that changes nothing leaves no event; one that does leaves one', async () => {
    const created = (await call(financeApi.surchargeCreate, { body: { name: 'Audit fee', amount: '2' } })).body;
    const count = async () =>
      (await call(auditApi.events, { query: { entity: 'surcharge', entity_id: String(created.id) } })).body.total;
    expect(await count()).toBe(1);
    expect(
      (await call(financeApi.surchargeUpdate, { params: { id: created.id }, body: { name: 'Audit fee' } })).status,
    ).toBe(200);
    expect(await count()).toBe(1);
    await call(financeApi.surchargeUpdate, { params: { id: created.id }, body: { name: 'Audit fee 2' } });
    expect(await count()).toBe(2);
  });
});

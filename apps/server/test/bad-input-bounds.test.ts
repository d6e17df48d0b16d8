import { schema } from '@cab/db';
import { financeReportsApi, invoicesApi, MSG, ordersApi, productionApi, reportsApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/** Issue 27, bad input: dates past any sane range, and parties that do not exist. */

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  staff = await t.login('STAFF');
});
afterAll(() => t.close());

describe('a date filter outside years 1900..2999 is a field error, not a 500', () => {
  it.each([
    ['completed/shipped log, date_before', productionApi.completedShippedLog, 'date_before', '9999-12-31'],
    ['completed/shipped log, date_after', productionApi.completedShippedLog, 'date_after', '0001-01-01'],
    ['planner, date_after', reportsApi.plannerList, 'date_after', '9999-12-31'],
    ['planner, date_before', reportsApi.plannerList, 'date_before', '3000-01-01'],
  ])('%s', async (_name, endpoint, field, value) => {
    const res = await t.call(endpoint, { token: staff, query: { [field]: value } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields[field]).toEqual([MSG.dateRange]);
  });

  it.each([
    ['orders list', ordersApi.list, 'date_after', '9999-12-31'],
    ['aging report as of', financeReportsApi.aging, 'as_of', '9999-12-31'],
    ['revenue report', financeReportsApi.revenue, 'date_before', '9999-12-31'],
    ['completed chart', reportsApi.completedChart, 'date_after', '1899-12-31'],
  ])('every other date filter shares the bound: %s', async (_name, endpoint, field, value) => {
    const res = await t.call(endpoint, { token: admin, query: { [field]: value } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields[field]).toEqual([MSG.dateRange]);
  });

  it('the edges of the range are accepted', async () => {
    for (const query of [
      { date_after: '1900-01-01', date_before: '1900-02-01' },
      { date_after: '2999-12-01', date_before: '2999-12-31' },
    ]) {
      const res = await t.call(reportsApi.plannerList, { token: staff, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const log = await t.call(productionApi.completedShippedLog, {
      token: staff,
      query: { date_after: '1900-01-01', date_before: '2999-12-31' },
    });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
  });
});

describe('banks and credit of a party that does not exist answer 404', () => {
  it.each([
    ['company banks', invoicesApi.companyBanks],
    ['customer banks', invoicesApi.customerBanks],
    ['company credit', invoicesApi.companyCredit],
    ['customer credit', invoicesApi.customerCredit],
  ])('%s of 999999', async (_name, endpoint) => {
    const res = await t.call(endpoint, { token: admin, params: { id: 999_999 } });
    expect(res.status).toBe(404);
  });

  it('a staff account is no customer: its banks and credit answer 404', async () => {
    const [s] = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'staff@demo.test'));
    for (const endpoint of [invoicesApi.customerBanks, invoicesApi.customerCredit]) {
      expect((await t.call(endpoint, { token: admin, params: { id: s!.id } })).status).toBe(404);
    }
  });

  it('a known customer and company still answer their lists', async () => {
    const [company] = await t.handle.db.select().from(schema.companies).limit(1);
    const [p] = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'personal@demo.test'));
    const banks = await t.call(invoicesApi.companyBanks, { token: admin, params: { id: company!.id } });
    expect(banks.status).toBe(200);
    expect(Array.isArray(banks.body.results)).toBe(true);
    expect((await t.call(invoicesApi.customerBanks, { token: admin, params: { id: p!.id } })).status).toBe(200);
  });
});

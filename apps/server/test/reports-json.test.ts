import { type Cents, ORDER_STATUSES, ordersApi, type Role, reportRowSchema, reportsApi } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, orderCatalogue, roleUserId, setOrder } from './orders-fixtures.ts';

/**
 * The reports' rows are written by PostgreSQL as JSON (reports/repository.ts reportRowsJson), as the
 * order list's are. Each must be, key for key and in reportRowSchema's key order, the list's row of
 * the same order (itself compared with the detail: orders-list-json.test.ts) and its days late,
 * including the awkward values: negative money, microsecond timestamps, nulls, quotes, a business
 * account's "Company · Person".
 */

let t: TestApp;
let c: Catalogue;
const tokens = {} as Record<Role, string>;
const ROLES: Role[] = ['ADMIN', 'PERSONAL', 'BUSINESS_EMPLOYEE'];
const REPORT_KEYS = Object.keys(reportRowSchema.shape);
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await setupTestApp();
  c = await orderCatalogue(t);
  for (const role of ROLES) tokens[role] = await t.login(role);
  const create = async (role: Role, body: object) => {
    const res = await t.call(ordersApi.create, { token: tokens[role], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const odd = await create('PERSONAL', { name: 'Odd "quoted" \\ name', po_number: 'PO-1', groups: [] });
  await setOrder(t, odd, {
    totalPrice: -5 as Cents,
    dueDate: daysAgo(3),
    requestedDate: daysAgo(3),
    status: 'VERIFIED',
  });
  await t.handle.db.execute(
    sql`update orders set submitted_at = '2026-01-02 23:59:59.999999-05', verified_at = '2026-01-03 01:02:03.4567+00'
        where id = ${odd}`,
  );
  const business = await create('BUSINESS_EMPLOYEE', { name: 'Shop job', groups: [fullGroup(c)] });
  await setOrder(t, business, {
    totalPrice: 123456789012 as Cents,
    dueDate: daysAgo(1),
    status: 'PARTIALLY_COMPLETED',
  });
  const done = await create('ADMIN', { name: 'Done late', customer: await roleUserId(t, 'PERSONAL'), groups: [] });
  await setOrder(t, done, {
    dueDate: daysAgo(9),
    status: 'COMPLETED',
    completedAt: new Date(Date.now() - 2 * DAY),
  });
  await create('PERSONAL', { name: 'No dates', groups: [] });
});
afterAll(() => t.close());

describe('report rows written as JSON', () => {
  it("are the list's rows of the same orders, in the schema's key order, with their days late", async () => {
    const list = await t.call(ordersApi.list, {
      token: tokens.ADMIN,
      query: { status: ORDER_STATUSES.join(','), page_size: '100' },
    });
    const listed = new Map(list.body.results.map((r: { id: number }) => [r.id, r]));
    const reports = [reportsApi.lateReport, reportsApi.dueReport, reportsApi.partialCompletedReport];
    let seen = 0;
    for (const contract of [...reports, reportsApi.completedReport]) {
      const res = await t.call(contract, { token: tokens.ADMIN });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.results.length);
      for (const row of res.body.results as Record<string, unknown>[]) {
        seen++;
        expect(Object.keys(row)).toEqual(REPORT_KEYS);
        const { days_late, ...rest } = row;
        const fromList = listed.get(row.id as number) as Record<string, unknown>;
        expect(rest).toEqual(Object.fromEntries(Object.keys(rest).map((k) => [k, fromList[k]])));
        const finished = row.completed_at ? (row.completed_at as string).slice(0, 10) : daysAgo(0);
        const expected = Math.max(0, (Date.parse(finished) - Date.parse(row.due_date as string)) / DAY);
        expect(days_late).toBe(expected);
      }
    }
    // Late: the odd one and the business one; due: the same two; partial: one; completed: one.
    expect(seen).toBe(6);
  });
});

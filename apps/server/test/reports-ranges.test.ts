import type { schema } from '@cab/db';
import { MSG, type Order, ordersApi, productionApi, REPORTS_TEXT, reportsApi } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, orderCatalogue, roleUserId, setOrder } from './orders-fixtures.ts';

/**
 * Issue 29, reports: each report and chart takes a from-to range (inclusive days); Completed
 * Orders' list and chart count the same orders (completed in the range, whatever happened after);
 * Partially Completed has a chart of its own rows.
 */

let t: TestApp;
let staff: string;
let cat: Catalogue;

/** Noon UTC: the same calendar day in any shop zone of the Americas or Europe. */
const at = (day: string) => new Date(`${day}T12:00:00Z`);

async function makeOrder(token: string, name: string, values: Partial<typeof schema.orders.$inferInsert>) {
  const res = await t.call(ordersApi.create, {
    token,
    body: { name, customer: await roleUserId(t, 'PERSONAL'), groups: [fullGroup(cat)] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await setOrder(t, res.body.id, values);
  return res.body as Order;
}

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id).sort((a, b) => a - b);
const sum = (body: { results: Record<string, unknown>[] }, key: string) =>
  body.results.reduce((n, r) => n + Number(r[key] ?? 0), 0);

let completed: Order;
let completedThenShipped: Order;
let completedLater: Order;
let partialA: Order;
let partialB: Order;
let partialLater: Order;
let late: Order;
const RANGE = { date_after: '2025-03-03', date_before: '2025-03-05' };

beforeAll(async () => {
  t = await setupTestApp();
  const admin = await t.login('ADMIN');
  staff = await t.login('STAFF');
  cat = await orderCatalogue(t);
  completed = await makeOrder(admin, 'Done first day', { status: 'COMPLETED', completedAt: at('2025-03-03') });
  completedThenShipped = await makeOrder(admin, 'Done then shipped', {
    status: 'SHIPPED',
    completedAt: at('2025-03-05'),
    shippedAt: at('2025-03-06'),
  });
  completedLater = await makeOrder(admin, 'Done after', { status: 'COMPLETED', completedAt: at('2025-03-06') });
  partialA = await makeOrder(admin, 'Half A', { status: 'PARTIALLY_COMPLETED', dueDate: '2025-03-03' });
  partialB = await makeOrder(admin, 'Half B', { status: 'PARTIALLY_COMPLETED', dueDate: '2025-03-05' });
  partialLater = await makeOrder(admin, 'Half later', { status: 'PARTIALLY_COMPLETED', dueDate: '2025-03-06' });
  late = await makeOrder(admin, 'Late', { status: 'IN_PROGRESS', dueDate: '2025-03-04' });
});
afterAll(() => t.close());

describe('Completed Orders: list and chart count the same orders', () => {
  it('lists every order completed in the range, shipped since included, both days inclusive', async () => {
    const res = await t.call(reportsApi.completedReport, { token: staff, query: RANGE });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res.body)).toEqual([completed.id, completedThenShipped.id]);
    expect(res.body.total).toBe(2);
    const all = await t.call(reportsApi.completedReport, { token: staff });
    expect(ids(all.body)).toEqual([completed.id, completedThenShipped.id, completedLater.id]);
    const shipped = res.body.results.find((r: { id: number }) => r.id === completedThenShipped.id);
    expect(shipped.status).toBe('SHIPPED');
  });

  it.each(['day', 'week', 'month'] as const)(
    'the chart by %s sums to the list total of the same range',
    async (rate) => {
      const [list, chart] = await Promise.all([
        t.call(reportsApi.completedReport, { token: staff, query: RANGE }),
        t.call(reportsApi.completedChart, { token: staff, query: { ...RANGE, sample_rate: rate } }),
      ]);
      expect(chart.status, JSON.stringify(chart.body)).toBe(200);
      expect(sum(chart.body, 'completed')).toBe(list.body.total);
      // Of them, one shipped since (on the 6th, outside the range: no shipment in it).
      expect(sum(chart.body, 'completed_then_shipped')).toBe(1);
      expect(sum(chart.body, 'shipped')).toBe(0);
    },
  );
});

describe('Partially Completed: its own chart, of what it lists', () => {
  it('lists the partial orders due in the range and charts them per day of their due date', async () => {
    const list = await t.call(reportsApi.partialCompletedReport, { token: staff, query: RANGE });
    expect(ids(list.body)).toEqual([partialA.id, partialB.id]);
    const chart = await t.call(reportsApi.partialCompletedChart, {
      token: staff,
      query: { ...RANGE, sample_rate: 'day' },
    });
    expect(chart.status, JSON.stringify(chart.body)).toBe(200);
    expect(
      chart.body.results.map((r: { period_start: string; partial: number }) => [r.period_start, r.partial]),
    ).toEqual([
      ['2025-03-03', 1],
      ['2025-03-04', 0],
      ['2025-03-05', 1],
    ]);
    // Due in 2025: both past their due date.
    expect(sum(chart.body, 'late')).toBe(2);
    const wide = await t.call(reportsApi.partialCompletedChart, {
      token: staff,
      query: { date_after: '2025-03-01', date_before: '2025-03-31', sample_rate: 'month' },
    });
    expect(sum(wide.body, 'partial')).toBe(3);
    expect(partialLater.id).toBeGreaterThan(0);
  });
});

describe('every report takes an inclusive from-to range', () => {
  it('late report: by due date, a one-day range holds that day', async () => {
    const day = await t.call(reportsApi.lateReport, {
      token: staff,
      query: { date_after: '2025-03-04', date_before: '2025-03-04' },
    });
    expect(ids(day.body)).toEqual([late.id]);
    const range = await t.call(reportsApi.lateReport, { token: staff, query: RANGE });
    expect(ids(range.body)).toEqual([partialA.id, partialB.id, late.id].sort((a, b) => a - b));
    const from = await t.call(reportsApi.lateReport, { token: staff, query: { date_after: '2025-03-05' } });
    expect(ids(from.body)).toEqual([partialB.id, partialLater.id]);
  });

  it.each([
    ['late report', reportsApi.lateReport],
    ['partially completed report', reportsApi.partialCompletedReport],
    ['completed report', reportsApi.completedReport],
    ['completed chart', reportsApi.completedChart],
    ['partially completed chart', reportsApi.partialCompletedChart],
    ['completed/shipped log', productionApi.completedShippedLog],
  ])('%s: a reversed range is a 400 on date_after', async (_name, endpoint) => {
    const res = await t.call(endpoint, {
      token: staff,
      query: { date_after: '2025-03-05', date_before: '2025-03-04' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields.date_after).toEqual([REPORTS_TEXT.rangeInvalid]);
  });

  it.each([
    ['late report', reportsApi.lateReport, 'date_after', '1899-12-31'],
    ['completed report', reportsApi.completedReport, 'date_before', '3000-01-01'],
    ['partially completed chart', reportsApi.partialCompletedChart, 'date_before', '9999-12-31'],
  ])('%s: a date outside 1900..2999 is a field error', async (_name, endpoint, field, value) => {
    const res = await t.call(endpoint, { token: staff, query: { [field]: value } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields[field]).toEqual([MSG.dateRange]);
  });
});

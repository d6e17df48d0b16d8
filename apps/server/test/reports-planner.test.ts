import { schema } from '@cab/db';
import { coreApi, monthStartBack, type Order, ordersApi, REPORTS_TEXT, reportsApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, orderCatalogue, roleUserId, setOrder } from './orders-fixtures.ts';

let t: TestApp;
let admin: string;
let staff: string;
let personal: string;
let cat: Catalogue;

const DAY = 86_400_000;
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
/** The next Monday after `day` (a working day unless it is a holiday; Jan 1 is skipped). */
function nextMonday(day: string) {
  let d = shift(day, 1);
  while (weekday(d) !== 1 || d.slice(5) === '01-01') d = shift(d, 1);
  return d;
}

async function makeOrder(name: string, values: Partial<typeof schema.orders.$inferInsert>): Promise<Order> {
  const res = await t.call(ordersApi.create, {
    token: admin,
    body: { name, customer: await roleUserId(t, 'PERSONAL'), groups: [fullGroup(cat)] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await setOrder(t, res.body.id, values);
  return res.body;
}

let late: Order;
let onTime: Order;
let finishedLate: Order;
let partial: Order;
let shippedLate: Order;

beforeAll(async () => {
  t = await setupTestApp();
  [admin, staff, personal] = await Promise.all([t.login('ADMIN'), t.login('STAFF'), t.login('PERSONAL')]);
  cat = await orderCatalogue(t);
  const d = today();
  const submitted = new Date(Date.now() - 30 * DAY);
  late = await makeOrder('Late one', { status: 'IN_PROGRESS', dueDate: shift(d, -5), submittedAt: submitted });
  onTime = await makeOrder('On time', { status: 'VERIFIED', dueDate: shift(d, 10), submittedAt: submitted });
  finishedLate = await makeOrder('Completed late', {
    status: 'COMPLETED',
    dueDate: shift(d, -9),
    completedAt: new Date(Date.now() - 2 * DAY),
  });
  partial = await makeOrder('Half done', { status: 'PARTIALLY_COMPLETED', dueDate: shift(d, -1) });
  shippedLate = await makeOrder('Shipped', { status: 'SHIPPED', dueDate: shift(d, -20), shippedAt: new Date() });
  await makeOrder('Cancelled', { status: 'CANCELLED', dueDate: shift(d, -20) });
});
afterAll(() => t.close());

describe('late_report', () => {
  it('lists open orders past their due date, with due_date and days_late, and nothing finished', async () => {
    const res = await t.call(reportsApi.lateReport, { token: staff });
    expect(res.status).toBe(200);
    const ids = res.body.results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([late.id, partial.id]); // most days late first
    expect(res.body.total).toBe(2);
    const row = res.body.results[0];
    expect(row.due_date).toBe(shift(today(), -5));
    expect(row.days_late).toBe(5);
    expect(res.body.results[1].days_late).toBe(1);
    expect(ids).not.toContain(onTime.id);
    expect(ids).not.toContain(shippedLate.id);
  });

  it('pages, searches by name and downloads as CSV', async () => {
    const page = await t.call(reportsApi.lateReport, { token: admin, query: { page_size: '1', page: '2' } });
    expect(page.body).toMatchObject({ total: 2, results: [{ id: partial.id }] });
    const named = await t.call(reportsApi.lateReport, { token: admin, query: { name: 'half' } });
    expect(named.body.results.map((r: { id: number }) => r.id)).toEqual([partial.id]);
    const csv = await t.call(reportsApi.lateReport, { token: admin, query: { format: 'csv' } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^id,name,po_number,status/);
  });

  it('is for admin and staff', async () => {
    expect((await t.call(reportsApi.lateReport, { token: personal })).status).toBe(403);
  });
});

describe('partial_completed_report and completed_report', () => {
  it('list their status; a completed order keeps the days it was late', async () => {
    const p = await t.call(reportsApi.partialCompletedReport, { token: staff });
    expect(p.body.results.map((r: { id: number }) => r.id)).toEqual([partial.id]);
    const c = await t.call(reportsApi.completedReport, { token: staff });
    expect(c.body.results.map((r: { id: number }) => r.id)).toEqual([finishedLate.id]);
    expect(c.body.results[0].days_late).toBe(7);
    const outside = await t.call(reportsApi.completedReport, {
      token: staff,
      query: { date_before: shift(today(), -10) },
    });
    expect(outside.body.total).toBe(0);
  });
});

describe('charts', () => {
  it('completed_chart counts per period, every period present', async () => {
    const res = await t.call(reportsApi.completedChart, { token: staff, query: { sample_rate: 'day' } });
    expect(res.status).toBe(200);
    expect(res.body.sample_rate).toBe('day');
    expect(res.body.results).toHaveLength(30);
    expect(res.body.results.at(-1).period_start).toBe(today());
    expect(res.body.results.reduce((n: number, r: { completed: number }) => n + r.completed, 0)).toBe(1);
    expect(res.body.results.at(-1).shipped).toBe(1);
  });

  it('created_chart by month sums the orders and their value', async () => {
    const res = await t.call(reportsApi.createdChart, { token: staff, query: { sample_rate: 'month' } });
    expect(res.body.results).toHaveLength(12);
    const last = res.body.results.at(-1);
    expect(last.period_start.slice(8)).toBe('01');
    expect(last.created).toBe(6);
    expect(Number(last.total_price)).toBeGreaterThan(0);
  });

  it('created_chart by month shows twelve calendar months on any day', async () => {
    // 2026-12-06 less eleven 31-day steps is 2025-12-30: a thirteenth month before the fix.
    for (const day of ['2026-12-06', '2026-03-31', '2026-02-28', '2026-01-01']) {
      const res = await t.call(reportsApi.createdChart, {
        token: staff,
        query: { sample_rate: 'month', date_before: day },
      });
      expect(res.body.results).toHaveLength(12);
      expect(res.body.results[0].period_start).toBe(monthStartBack(day, 11));
      expect(res.body.results.at(-1).period_start).toBe(`${day.slice(0, 7)}-01`);
    }
  });

  it('late_orders_chart splits the orders due in each period into late and on time', async () => {
    const res = await t.call(reportsApi.lateOrdersChart, {
      token: staff,
      query: { sample_rate: 'week', date_after: shift(today(), -30), date_before: shift(today(), 30) },
    });
    expect(res.status).toBe(200);
    const sum = (k: 'due' | 'late' | 'on_time') =>
      res.body.results.reduce((n: number, r: Record<string, number>) => n + (r[k] ?? 0), 0);
    // Due in range and not cancelled: late, on time, completed late, partial, shipped (shipped after its due date).
    expect(sum('due')).toBe(5);
    expect(sum('late')).toBe(4);
    expect(sum('on_time')).toBe(1);
  });

  it('refuses a reversed range', async () => {
    const res = await t.call(reportsApi.completedChart, {
      token: staff,
      query: { date_after: '2026-05-01', date_before: '2026-04-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REPORTS_TEXT.rangeInvalid);
  });
});

describe('planner', () => {
  it('lists open orders unplanned with their cabinets, due date and risk, and the capacity', async () => {
    const res = await t.call(reportsApi.plannerList, { token: staff });
    expect(res.status).toBe(200);
    expect(res.body.capacity_per_day).toBe(40);
    const row = res.body.results.find((r: { order: { id: number } }) => r.order.id === late.id);
    expect(row).toMatchObject({ planned_date: null, cabinets: 6, at_risk: true, due_date: shift(today(), -5) });
    const ok = res.body.results.find((r: { order: { id: number } }) => r.order.id === onTime.id);
    expect(ok.at_risk).toBe(false);
  });

  it('plans an order on a working day and moves it to another; the list shows it on its day', async () => {
    const monday = nextMonday(today());
    const res = await t.call(reportsApi.plannerUpdate, {
      token: staff,
      params: { id: onTime.id },
      body: { planned_date: monday },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ order: { id: onTime.id }, planned_date: monday });
    const tuesday = shift(monday, 1);
    await t.call(reportsApi.plannerUpdate, {
      token: admin,
      params: { id: onTime.id },
      body: { planned_date: tuesday },
    });
    const list = await t.call(reportsApi.plannerList, {
      token: staff,
      query: { date_after: monday, date_before: shift(monday, 6) },
    });
    const row = list.body.results.find((r: { order: { id: number } }) => r.order.id === onTime.id);
    expect(row.planned_date).toBe(tuesday);
    // Planned after its due date: at risk.
    const after = await t.call(reportsApi.plannerUpdate, {
      token: staff,
      params: { id: late.id },
      body: { planned_date: monday },
    });
    expect(after.body.at_risk).toBe(true);
    const [plan] = await t.handle.db.select().from(schema.orderPlans).where(eq(schema.orderPlans.orderId, onTime.id));
    expect(plan!.plannedDate).toBe(tuesday);
    const events = await t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.entity, 'order_plan'));
    expect(events.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses weekends and holidays with 400', async () => {
    const saturday = shift(nextMonday(today()), 5);
    const res = await t.call(reportsApi.plannerUpdate, {
      token: staff,
      params: { id: onTime.id },
      body: { planned_date: saturday },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.planned_date).toEqual([REPORTS_TEXT.closedDay(saturday)]);
    const newYear = `${Number(today().slice(0, 4)) + 1}-01-01`;
    const holiday = await t.call(reportsApi.plannerUpdate, {
      token: staff,
      params: { id: onTime.id },
      body: { planned_date: newYear },
    });
    expect(holiday.status).toBe(400);
    expect(holiday.body.message).toBe(REPORTS_TEXT.closedDay(newYear));
  });

  it('refuses a finished order and an unknown one', async () => {
    const monday = nextMonday(today());
    const done = await t.call(reportsApi.plannerUpdate, {
      token: staff,
      params: { id: shippedLate.id },
      body: { planned_date: monday },
    });
    expect(done.status).toBe(400);
    expect(done.body.message).toBe(REPORTS_TEXT.notPlannable('SHIPPED'));
    const none = await t.call(reportsApi.plannerUpdate, {
      token: staff,
      params: { id: 999_999 },
      body: { planned_date: monday },
    });
    expect(none.status).toBe(404);
  });

  it('capacity_per_day is a global setting an admin changes', async () => {
    const res = await t.call(coreApi.patchSettings, { token: admin, body: { capacity_per_day: 25 } });
    expect(res.status).toBe(200);
    expect(res.body.capacity_per_day).toBe(25);
    const list = await t.call(reportsApi.plannerList, { token: staff });
    expect(list.body.capacity_per_day).toBe(25);
    const bad = await t.call(coreApi.patchSettings, { token: admin, body: { capacity_per_day: 0 } });
    expect(bad.status).toBe(400);
  });
});

import { schema } from '@cab/db';
import { addDays, coreApi, PLANNER_ERROR_CODES, REPORTS_TEXT, reportsApi, todayIn } from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setOrder, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, firstWorkingDay, openSession, scanCode, verifiedOrder } from './production-helpers.ts';

/** The planner weighs the work left (issue 29): cabinets_remaining, a day's load, 409 over_capacity. */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

type Row = {
  order: { id: number; status: string; cabinets: { total: number; completed: number; shipped: number } };
  planned_date: string | null;
  cabinets: number;
  cabinets_remaining: number;
};

/** The first working day on or after `from` (weekends and the shop's holidays skipped). */
const workingDay = (from: string) => firstWorkingDay(f, from);

async function rowOf(id: number, day: string): Promise<Row> {
  const list = await f.t.call(reportsApi.plannerList, {
    token: f.tokens.STAFF,
    query: { date_after: day, date_before: day },
  });
  expect(list.status).toBe(200);
  return (list.body.results as Row[]).find((r) => r.order.id === id)!;
}

const setCapacity = async (capacity: number) =>
  expect(
    (await f.t.call(coreApi.patchSettings, { token: f.tokens.ADMIN, body: { capacity_per_day: capacity } })).status,
  ).toBe(200);

const plan = (id: number, planned_date: string | null, force?: boolean) =>
  f.t.call(reportsApi.plannerUpdate, {
    token: f.tokens.STAFF,
    params: { id },
    body: force === undefined ? { planned_date } : { planned_date, force },
  });

/** An approved order of `qty` cabinets, `scanned` of them completed by PRODUCTION scans. */
async function orderWithScans(qty: number, scanned: number) {
  const order = await verifiedOrder(f, { lines: 1, qty });
  const session = await openSession(f, 'PRODUCTION');
  for (const code of (await barcodesOf(f, order.id)).slice(0, scanned)) {
    expect((await scanCode(f, session, code)).body.result).toBe('OK');
  }
  return order.id as number;
}

describe('the planner counts work left', () => {
  it('rows carry cabinets_remaining and the order progress as the order answer counts it', async () => {
    const day = await workingDay(addDays(todayIn(), 7));
    const id = await orderWithScans(3, 2);
    expect((await plan(id, day)).status).toBe(200);
    expect(await rowOf(id, day)).toMatchObject({
      order: { id, status: 'PARTIALLY_COMPLETED', cabinets: { total: 3, completed: 2, shipped: 0 } },
      planned_date: day,
      cabinets: 3,
      cabinets_remaining: 1,
    });
  });

  it('a future day loads only the work left: a shipped order loads nothing; over capacity is a 409 unless forced', async () => {
    const day = await workingDay(addDays(todayIn(), 14));
    await setCapacity(5);
    const partial = await orderWithScans(3, 2); // 1 left
    const shipped = await orderWithScans(3, 0);
    expect((await plan(partial, day)).status).toBe(200);
    expect((await plan(shipped, day)).status).toBe(200);
    await setOrder(f, shipped, { status: 'SHIPPED' });
    expect((await rowOf(shipped, day)).cabinets_remaining).toBe(0);

    // 1 + 0 + 4 = 5: at capacity, not over (counting all the cabinets planned would be 10).
    const fits = await orderWithScans(4, 0);
    const ok = await plan(fits, day);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ planned_date: day, cabinets: 4, cabinets_remaining: 4 });

    // One more cabinet puts the day over: refused with the day's load, nothing written.
    const extra = await orderWithScans(1, 0);
    const refused = await plan(extra, day);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: PLANNER_ERROR_CODES.overCapacity,
      message: REPORTS_TEXT.overCapacity(day, 6, 5),
      extra: { load: { date: day, cabinets: 6, capacity: 5 } },
    });
    const [none] = await f.t.handle.db.select().from(schema.orderPlans).where(eq(schema.orderPlans.orderId, extra));
    expect(none).toBeUndefined();

    // force: planned anyway, and the audit event says it went over.
    const forced = await plan(extra, day, true);
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect((await rowOf(extra, day)).planned_date).toBe(day);
    const events = await f.t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entity, 'order_plan'), eq(schema.auditEvents.entityId, String(extra))));
    expect(events.map((e) => e.after)).toEqual([
      { planned_date: day, over_capacity: { date: day, cabinets: 6, capacity: 5 } },
    ]);

    // Staying on its (over-full) day and unplanning are never refused.
    expect((await plan(extra, day)).status).toBe(200);
    expect((await plan(extra, null)).status).toBe(200);
  });

  it('a day before today is refused (400, nothing changed); an order already on it may stay or move on', async () => {
    const past = await workingDay(addDays(todayIn(), -21));
    const one = await orderWithScans(1, 0);
    const refused = await plan(one, past);
    expect(refused.status).toBe(400);
    expect(refused.body.fields.planned_date).toContain(REPORTS_TEXT.pastDay(past));
    const [row] = await f.t.handle.db
      .select({ day: schema.orderPlans.plannedDate })
      .from(schema.orderPlans)
      .where(eq(schema.orderPlans.orderId, one));
    expect(row?.day ?? null).toBeNull();

    // Planned before that day went by: staying, unplanning and moving ahead are all allowed.
    await f.t.handle.db.insert(schema.orderPlans).values({ orderId: one, plannedDate: past });
    expect((await plan(one, past)).status).toBe(200);
    expect((await plan(one, await workingDay(addDays(todayIn(), 7)))).status).toBe(200);
    expect((await plan(one, null)).status).toBe(200);
  });

  it('a customer is refused before the body is read', async () => {
    const res = await f.t.call(reportsApi.plannerUpdate, {
      token: f.tokens.PERSONAL,
      params: { id: 1 },
      body: { planned_date: 'not a day', force: 'yes' } as never,
    });
    expect(res.status).toBe(403);
  });
});

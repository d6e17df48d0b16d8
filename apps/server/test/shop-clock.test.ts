import { schema } from '@cab/db';
import {
  coreApi,
  ERROR_CODES,
  invoicesApi,
  MSG,
  ordersApi,
  processTimeZone,
  reportsApi,
  setShopTimeZone,
  todayIn,
} from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from './invoices-helpers.ts';
import { type Fixture, setOrder, setupFixture } from './orders-lifecycle-helpers.ts';
import { verifiedOrder } from './production-helpers.ts';

/**
 * The shop's clock (issue 35, decision 0051): settings time_zone names the zone the server counts
 * "today" in. A zone far from the process's (UTC+14 or UTC−11, whichever is on another date now)
 * moves the dashboard's today and what is late.
 */
let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
}, 120_000);
// The API ring's files share one process (isolate: false): the next file must not inherit the far zone.
afterAll(async () => {
  setShopTimeZone(undefined);
  await f.close();
});

/** A zone whose date differs from `here` (the process's day by default) right now: one of them always does. */
function farZone(here = todayIn(processTimeZone())): string {
  return todayIn('Pacific/Kiritimati') !== here ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
}

describe('settings time_zone', () => {
  it("defaults to the process's zone", async () => {
    const res = await f.t.call(coreApi.getSettings, { token: f.tokens.STAFF });
    expect(res.status).toBe(200);
    expect(res.body.time_zone).toBe(processTimeZone());
  });

  it('refuses an unknown zone with 400 and changes nothing', async () => {
    for (const time_zone of ['Mars/Olympus_Mons', '', 'America/Chicago ', 42]) {
      const res = await f.t.call(coreApi.patchSettings, { token: f.tokens.ADMIN, body: { time_zone } });
      expect(res.status, String(time_zone)).toBe(400);
      expect(res.body.code).toBe(ERROR_CODES.validation);
      expect(res.body.fields?.time_zone).toContain(MSG.timeZoneUnknown);
    }
    expect((await f.t.call(coreApi.getSettings, { token: f.tokens.ADMIN })).body.time_zone).toBe(processTimeZone());
  });

  it("a far zone moves the dashboard's today, the web's config and what is late", async () => {
    const zone = farZone();
    const shopDay = todayIn(zone);
    const processDay = todayIn(processTimeZone());
    expect(shopDay).not.toBe(processDay);
    // Due on the earlier of the two days: late for the shop only when the shop is ahead.
    const order = await verifiedOrder(f);
    await setOrder(f, order.id, { status: 'IN_PROGRESS', dueDate: shopDay < processDay ? shopDay : processDay });
    const lateIds = async () =>
      ((await f.t.call(reportsApi.lateReport, { token: f.tokens.ADMIN })).body.results as { id: number }[]).map(
        (r) => r.id,
      );
    const dashboardToday = async () => (await f.t.call(coreApi.dashboard, { token: f.tokens.STAFF })).body.today;

    expect(await dashboardToday()).toBe(processDay);
    expect((await lateIds()).includes(order.id)).toBe(processDay > shopDay);

    const patched = await f.t.call(coreApi.patchSettings, { token: f.tokens.ADMIN, body: { time_zone: zone } });
    expect(patched.status).toBe(200);
    expect(patched.body.time_zone).toBe(zone);
    expect(await dashboardToday()).toBe(shopDay);
    expect((await f.t.call(coreApi.config, {})).body.time_zone).toBe(zone);
    expect((await lateIds()).includes(order.id)).toBe(shopDay > processDay);
  });

  it("a request's invoice, order answer and ledger entries take the shop's day, not the database's", async () => {
    const [db] = (
      (await f.t.handle.db.execute(sql`select current_date::text as day`)) as unknown as { rows: { day: string }[] }
    ).rows;
    const zone = farZone(db!.day);
    const shopDay = todayIn(zone);
    expect(shopDay).not.toBe(db!.day);
    expect((await f.t.call(coreApi.patchSettings, { token: f.tokens.ADMIN, body: { time_zone: zone } })).status).toBe(
      200,
    );
    // Paid in full on approval: due the shop's day of the approval, and not overdue that day.
    const order = await approvedOrder(f);
    const detail = await f.t.call(invoicesApi.detail, { token: f.tokens.ADMIN, params: { id: order.invoice.id } });
    expect(detail.body.milestones).toMatchObject([{ due_date: shopDay, status: 'DUE' }]);
    // A check with no received date is the ledger's on the shop's day (the column's default is the database's).
    const paid = await f.t.call(invoicesApi.pay, {
      token: f.tokens.ADMIN,
      params: { id: detail.body.milestones[0].id },
      body: { method: 'CHECK', amount: '1.00' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const entries = await f.t.handle.db
      .select({ kind: schema.ledgerEntries.kind, day: schema.ledgerEntries.effectiveDate })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.orderId, order.id))
      .orderBy(schema.ledgerEntries.id);
    expect(entries).toEqual([
      { kind: 'CHARGE', day: shopDay },
      { kind: 'PAYMENT', day: shopDay },
    ]);
    const answer = await f.t.call(ordersApi.detail, { token: f.tokens.ADMIN, params: { id: order.id } });
    expect(answer.body.invoice).toMatchObject({ id: order.invoice.id, status: 'PARTIAL' });
  });
});

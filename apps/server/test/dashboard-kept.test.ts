import { coreApi, type DashboardCard, type PlannerRow, reportsApi } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SseClient } from './events-client.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, openSession, scanCode, verifiedOrder } from './production-helpers.ts';

/**
 * The dashboard's figures are kept (issue 36, decision 0056): a second read within the window is
 * the first one's figures, even where something changed without an event; an event that moves
 * them makes a read drawn again once it has settled: a screen that heard it and refetches after
 * the burst's pause (as the web does) sees it, well inside the kept window (a minute here). The
 * planner, which every floor board refetches, is kept the same way.
 * Tests run with DASHBOARD_KEEP_MS 0 elsewhere; this file turns the keeping on.
 */
let f: Fixture;
let base: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  f = await setupFixture();
  f.t.app.deps.config.dashboardKeepMs = 60_000;
  await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.t.app.server.address() as { port: number }).port}`;
}, 180_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await f?.close();
});

async function cards(token: string) {
  const res = await f.t.call(coreApi.dashboard, { token });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.cards as DashboardCard[]).map((c) => [c.key, c.value]));
}

const clientError = () =>
  f.t.call(coreApi.logError, { token: f.tokens.STAFF, body: { type: 'script', error: 'boom', path: '/' } });

describe('kept dashboard figures', () => {
  it('serves the kept figures until an event moves them, then draws them again', async () => {
    const order = await verifiedOrder(f);
    const before = await cards(f.tokens.ADMIN);

    // A client error has no live event: the kept figures stand (the window is a minute here).
    expect((await clientError()).status).toBe(200);
    expect(await cards(f.tokens.ADMIN)).toEqual(before);

    // A scan is heard by the shop's screens; when a screen hears it, a refetch has the new figures.
    const staff = await SseClient.open(`${base}/api/events/`, f.tokens.STAFF);
    streams.push(staff);
    const session = await openSession(f, 'PRODUCTION');
    const [code] = await barcodesOf(f, order.id);
    expect((await scanCode(f, session, code!)).status).toBe(200);
    await staff.until((c) => c.events('scan').length > 0, 'the scan');

    await vi.waitFor(
      async () => {
        const after = await cards(f.tokens.ADMIN);
        expect(after.cabinets_completed_today).toBe(Number(before.cabinets_completed_today) + 1);
        expect(after.client_errors).toBe(Number(before.client_errors) + 1);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('the planner the floor boards ask for is kept and follows a scan the same way', async () => {
    const order = await verifiedOrder(f);
    const progress = async () => {
      const res = await f.t.call(reportsApi.plannerList, { token: f.tokens.STAFF });
      expect(res.status).toBe(200);
      return (res.body.results as PlannerRow[]).find((r) => r.order.id === order.id)?.order.cabinets.completed;
    };
    const session = await openSession(f, 'PRODUCTION');
    const [code] = await barcodesOf(f, order.id);
    expect(await progress()).toBe(0);
    expect((await scanCode(f, session, code!)).status).toBe(200);
    await vi.waitFor(async () => expect(await progress()).toBe(1), { timeout: 10_000, interval: 100 });
  });

  it('keeps the shop figures per role and a greeting per user', async () => {
    const staff = await f.t.call(coreApi.dashboard, { token: f.tokens.STAFF });
    const admin = await f.t.call(coreApi.dashboard, { token: f.tokens.ADMIN });
    expect(staff.body.cards.map((c: DashboardCard) => c.key)).not.toContain('client_errors');
    expect(admin.body.cards.map((c: DashboardCard) => c.key)).toContain('client_errors');
    expect(staff.body.greeting).not.toBe(admin.body.greeting);
  });

  it("a customer's figures are its own and do not move with the shop's floor", async () => {
    const personal = await cards(f.tokens.PERSONAL);
    const manager = await cards(f.tokens.BUSINESS_MANAGER);
    expect(personal).not.toEqual(manager);
    expect(personal).toEqual(await cards(f.tokens.PERSONAL));
  });
});

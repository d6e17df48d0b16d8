import { productionApi } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, openSession, scanCode, verifiedOrder } from './production-helpers.ts';

/**
 * GET /api/scan/scans/ (issue 35): the floor board's Last scans on load, so a board opened (or
 * reloaded) mid-morning shows the day's scans and not "Waiting for the first scan".
 */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f?.close());

const floorScans = (query: Record<string, string> = {}, token: string | null = f.tokens.STAFF) =>
  f.t.call(productionApi.floorScans, { token, query });

describe('GET /api/scan/scans/', () => {
  it("answers the day's newest scans across sessions, newest first, with their session, order and result", async () => {
    const order = await verifiedOrder(f, { qty: 3 });
    const [a, b] = await barcodesOf(f, order.id);
    const first = await openSession(f, 'PRODUCTION');
    const second = await openSession(f, 'PRODUCTION', f.tokens.ADMIN);
    expect((await scanCode(f, first, a!)).status).toBe(200);
    expect((await scanCode(f, second, 'NOT-A-CABINET', undefined, f.tokens.ADMIN)).status).toBe(200);
    expect((await scanCode(f, first, a!)).status).toBe(200);
    expect((await scanCode(f, second, b!, undefined, f.tokens.ADMIN)).status).toBe(200);
    // Scanned two days ago, sent now (an offline scanner): not today's.
    const old = await f.t.call(productionApi.scan, {
      token: f.tokens.STAFF,
      params: { id: first },
      body: { code: 'OLD-CODE', scanned_at: new Date(Date.now() - 2 * 86_400_000).toISOString() },
    });
    expect(old.status).toBe(200);

    const res = await floorScans();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = res.body.results.map((s: { session_id: number; code: string; result: string }) => [
      s.session_id,
      s.code,
      s.result,
    ]);
    expect(lines.slice(0, 4)).toEqual([
      [second, b, 'OK'],
      [first, a, 'DUPLICATE'],
      [second, 'NOT-A-CABINET', 'UNKNOWN'],
      [first, a, 'OK'],
    ]);
    expect(lines.some(([, code]: [number, string]) => code === 'OLD-CODE')).toBe(false);
    expect(res.body.results[0]).toMatchObject({
      order: { id: order.id, name: order.name },
      cabinet: { barcode: b },
      by: { id: f.userIds.ADMIN },
    });
    expect(res.body.results[2].order).toBeNull();
    expect(res.body.results[0].undone).toBeNull();

    // Undone since: a board loaded after the undo shows it marked, still in its place.
    const undone = await f.t.call(productionApi.scanUndo, {
      token: f.tokens.STAFF,
      params: { id: res.body.results[0].id },
      body: { reason: 'Wrong cabinet' },
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const reloaded = await floorScans();
    expect(reloaded.body.results[0]).toMatchObject({
      id: res.body.results[0].id,
      code: b,
      undone: { reason: 'Wrong cabinet', by: { id: f.userIds.STAFF } },
    });
  });

  it('takes page_size (1..100), and refuses another with field errors', async () => {
    const one = await floorScans({ page_size: '1' });
    expect(one.status).toBe(200);
    expect(one.body.results).toHaveLength(1);
    for (const bad of ['0', '101', 'many']) {
      const res = await floorScans({ page_size: bad });
      expect(res.status).toBe(400);
      expect(res.body.fields.page_size).toBeDefined();
    }
  });

  it("is the shop's: a customer gets 403, no login 401", async () => {
    expect((await floorScans({}, f.tokens.PERSONAL)).status).toBe(403);
    expect((await floorScans({}, null)).status).toBe(401);
  });
});

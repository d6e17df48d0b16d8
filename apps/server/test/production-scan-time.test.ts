import { PRODUCTION_CODES, PRODUCTION_TEXT, productionApi } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, cabinetRows, openSession, scanRows, verifiedOrder } from './production-helpers.ts';

/** Issue 29: a scan keeps the time it was made (an offline scan sent later), and says how far its order is. */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const scanAt = (session: number, code: string, scanned_at: string, client_scan_id?: string) =>
  f.t.call(productionApi.scan, {
    token: f.tokens.STAFF,
    params: { id: session },
    body: { code, scanned_at, ...(client_scan_id ? { client_scan_id } : {}) },
  });

describe('scanned_at', () => {
  it('records the scan and the cabinet at the time given, the arrival beside it; the answer counts the cabinets', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 3 });
    const codes = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    const when = ago(2 * DAY);
    const res = await scanAt(session, codes[0]!, when, 'offline-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      result: 'OK',
      cabinet: { barcode: codes[0], completed_at: when },
      cabinets: { total: 3, completed: 1, shipped: 0 },
    });
    const [row] = await scanRows(f, session);
    expect(row!.scannedAt.toISOString()).toBe(when);
    expect(Math.abs(row!.receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const cab = (await cabinetRows(f, order.id)).find((c) => c.barcode === codes[0]);
    expect(cab!.completedAt!.toISOString()).toBe(when);
    // Without scanned_at the scan is at its arrival; the counts follow each scan.
    const next = await f.t.call(productionApi.scan, {
      token: f.tokens.STAFF,
      params: { id: session },
      body: { code: codes[1]! },
    });
    expect(next.body.cabinets).toEqual({ total: 3, completed: 2, shipped: 0 });
    const rows = await scanRows(f, session);
    const arrived = rows.find((r) => r.code === codes[1])!;
    expect(arrived.scannedAt.getTime()).toBe(arrived.receivedAt.getTime());
    // A duplicate answers the counts too; an offline time up to a minute ahead of the server is taken.
    const dup = await scanAt(session, codes[0]!, new Date(Date.now() + 30_000).toISOString());
    expect(dup.body).toMatchObject({ result: 'DUPLICATE', cabinets: { total: 3, completed: 2 } });
  });

  it('refuses a time more than a minute ahead or more than 7 days back, or not a date-time: 400 on scanned_at', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 1 });
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    const ahead = await scanAt(session, code!, new Date(Date.now() + 2 * 60_000).toISOString());
    expect(ahead.status).toBe(400);
    expect(ahead.body).toMatchObject({
      code: PRODUCTION_CODES.scannedAtOutOfRange,
      fields: { scanned_at: [PRODUCTION_TEXT.scannedAtAhead] },
    });
    const old = await scanAt(session, code!, ago(7 * DAY + HOUR));
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({
      code: PRODUCTION_CODES.scannedAtOutOfRange,
      fields: { scanned_at: [PRODUCTION_TEXT.scannedAtTooOld] },
    });
    const junk = await scanAt(session, code!, 'yesterday');
    expect(junk.status).toBe(400);
    expect(junk.body.fields.scanned_at).toEqual([PRODUCTION_TEXT.scannedAtInvalid]);
    // Nothing was recorded or completed; just inside the week is taken.
    expect(await scanRows(f, session)).toEqual([]);
    expect((await cabinetRows(f, order.id))[0]!.completedAt).toBeNull();
    const inside = await scanAt(session, code!, ago(7 * DAY - HOUR));
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    expect(inside.body.result).toBe('OK');
  });

  it('the completion log puts a scan sent later on the day it was made', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 1 });
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    const when = ago(3 * DAY);
    expect((await scanAt(session, code!, when)).body.result).toBe('OK');
    const mine = async (range: string) => {
      const res = await f.t.call(productionApi.completedShippedLog, {
        token: f.tokens.STAFF,
        query: { selected_range: range, event: 'COMPLETED', page_size: '1000' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.filter((r: { order: { id: number } }) => r.order.id === order.id);
    };
    expect(await mine('today')).toEqual([]);
    const week = await mine('week');
    expect(week).toHaveLength(1);
    expect(week[0]).toMatchObject({ at: when, event: 'COMPLETED', cabinet: { barcode: code } });
  });
});

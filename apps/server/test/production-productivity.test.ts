import { addDays, productionApi, startOfDayIn, todayIn } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, verifiedOrder } from './production-helpers.ts';

/** Issue 35: productivity per station and per person, net of undone scans. */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const yesterday = addDays(todayIn(), -1);
const at = (hours: number) => new Date(startOfDayIn(yesterday).getTime() + hours * 3600_000).toISOString();

async function session(station: string | null, token: string, type = 'PRODUCTION') {
  const res = await f.t.call(productionApi.sessionCreate, { token, body: { type, station } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}
const scanAt = (token: string, id: number, code: string, hours: number) =>
  f.t.call(productionApi.scan, { token, params: { id }, body: { code, scanned_at: at(hours) } });
const report = (query: Record<string, string>, token = f.tokens.STAFF) =>
  f.t.call(productionApi.productivity, { token, query });

describe('productivity', () => {
  it('per station and per person: cabinets completed, scans, first and last, per hour; an undone scan drops out', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 5 });
    const codes = await barcodesOf(f, order.id);
    const assembly = await session('Assembly 1', f.tokens.STAFF);
    expect((await scanAt(f.tokens.STAFF, assembly, codes[0]!, 10)).body.result).toBe('OK');
    expect((await scanAt(f.tokens.STAFF, assembly, codes[1]!, 11)).body.result).toBe('OK');
    const third = await scanAt(f.tokens.STAFF, assembly, codes[2]!, 12);
    expect(third.body.result).toBe('OK');
    // A duplicate counts as a scan, not a cabinet.
    expect((await scanAt(f.tokens.STAFF, assembly, codes[0]!, 12.5)).body.result).toBe('DUPLICATE');
    const loose = await session(null, f.tokens.ADMIN);
    await scanAt(f.tokens.ADMIN, loose, codes[3]!, 9);
    // An audit session's OK is a scan, not a cabinet completed.
    const audit = await session('Assembly 1', f.tokens.ADMIN, 'AUDIT');
    await scanAt(f.tokens.ADMIN, audit, codes[4]!, 13);

    const q = { date_after: yesterday, date_before: yesterday };
    const res = await report(q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ date_after: yesterday, date_before: yesterday, group_by: 'station' });
    expect(res.body.results).toEqual([
      {
        station: { id: null, name: 'Assembly 1' },
        cabinets_completed: 3,
        scans: 5,
        first_scan_at: at(10),
        last_scan_at: at(13),
        per_hour: 1,
      },
      {
        station: { id: null, name: 'No station' },
        cabinets_completed: 1,
        scans: 1,
        first_scan_at: at(9),
        last_scan_at: at(9),
        per_hour: 1,
      },
    ]);

    const undo = await f.t.call(productionApi.scanUndo, {
      token: f.tokens.STAFF,
      params: { id: third.body.id },
      body: { reason: 'wrong cabinet' },
    });
    expect(undo.status).toBe(200);
    const byUser = await report({ ...q, group_by: 'user' });
    expect(byUser.body.results).toEqual([
      {
        user: { id: expect.any(Number), name: expect.any(String) },
        cabinets_completed: 2,
        scans: 3,
        first_scan_at: at(10),
        last_scan_at: at(12.5),
        per_hour: 0.8,
      },
      {
        user: { id: expect.any(Number), name: expect.any(String) },
        cabinets_completed: 1,
        scans: 2,
        first_scan_at: at(9),
        last_scan_at: at(13),
        per_hour: 0.3,
      },
    ]);

    // Today has none of them; the CSV has a row per station.
    expect((await report({})).body.results.some((r: { scans: number }) => r.scans >= 5)).toBe(false);
    const csv = await report({ ...q, format: 'csv' });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('name,cabinets_completed,scans,first_scan_at,last_scan_at,per_hour');
    expect(csv.body).toContain('Assembly 1,2,4,');
  });

  it('a kept station is named by its id; a reversed range is a 400; customers 403', async () => {
    const reversed = await report({ date_after: yesterday, date_before: addDays(yesterday, -1) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields.date_after).toBeDefined();
    expect((await report({ group_by: 'team' })).status).toBe(400);
    for (const role of ['PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const) {
      expect((await report({}, f.tokens[role])).status).toBe(403);
    }
  });
});

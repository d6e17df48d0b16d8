import { schema } from '@cab/db';
import { coreApi, ordersApi, productionApi, UNDO_CODES } from '@cab/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, orderEvents, orderRow, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, cabinetRows, openSession, scanCode, verifiedOrder } from './production-helpers.ts';

/** Issue 35: undoing a mistaken scan, reopening a session, stations. */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const undo = (id: number, reason = 'Scanned the wrong cabinet', token = f.tokens.STAFF) =>
  f.t.call(productionApi.scanUndo, { token, params: { id }, body: { reason } });

async function planned(orderId: number) {
  const res = await f.t.call(ordersApi.detail, { token: f.tokens.ADMIN, params: { id: orderId } });
  return res.body.cabinets as { total: number; completed: number; shipped: number };
}

const lastEvent = async () =>
  (await f.t.handle.db.select().from(schema.liveEvents).orderBy(desc(schema.liveEvents.id)).limit(1))[0]!;

describe('undo a scan', () => {
  it('the last cabinet undone: the cabinet is pending again, the order back to PARTIALLY_COMPLETED, the scan marked', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const codes = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    expect((await scanCode(f, session, codes[0]!)).body.result).toBe('OK');
    const last = await scanCode(f, session, codes[1]!);
    expect(last.body).toMatchObject({ id: expect.any(Number), result: 'OK', order: { status: 'COMPLETED' } });
    expect((await orderRow(f, order.id)).completedAt).not.toBeNull();

    const res = await undo(last.body.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: last.body.id,
      result: 'OK',
      undone: { by: { full_name: expect.any(String) }, reason: 'Scanned the wrong cabinet' },
    });
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('PARTIALLY_COMPLETED');
    expect(row.completedAt).toBeNull();
    const cab = (await cabinetRows(f, order.id)).find((c) => c.barcode === codes[1])!;
    expect(cab).toMatchObject({ completedAt: null, completedBy: null, completedSessionId: null });
    expect(await planned(order.id)).toEqual({ total: 2, completed: 1, shipped: 0 });
    expect((await orderEvents(f, order.id)).map((e) => e.action)).toContain('undo_complete');
    // The board hears it.
    // It stays in the log, marked.
    const detail = await f.t.call(productionApi.sessionDetail, { token: f.tokens.STAFF, params: { id: session } });
    expect(detail.body.scans[0]).toMatchObject({ id: last.body.id, undone: { reason: 'Scanned the wrong cabinet' } });
    // The event names the scan's line as a board shows it: its session, code and the time it was made.
    expect(await lastEvent()).toMatchObject({
      kind: 'scan_undone',
      data: {
        id: last.body.id,
        order_id: order.id,
        session_id: session,
        barcode: detail.body.scans[0].code,
        scanned_at: detail.body.scans[0].at,
      },
    });
    expect(detail.body.scans[1].undone).toBeNull();

    // Twice: 409, nothing changes.
    const again = await undo(last.body.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(UNDO_CODES.alreadyUndone);

    // The cabinet can be scanned again, and the order completes again.
    expect((await scanCode(f, session, codes[1]!)).body).toMatchObject({
      result: 'OK',
      order: { status: 'COMPLETED' },
    });
  });

  it('the only completed cabinet undone takes the order back to IN_PROGRESS', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 1 });
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    const scan = await scanCode(f, session, code!);
    expect(scan.body.order.status).toBe('COMPLETED');
    expect((await undo(scan.body.id)).status).toBe(200);
    expect((await orderRow(f, order.id)).status).toBe('IN_PROGRESS');
  });

  it('a shipment undone: SHIPPED back to COMPLETED; a completion whose cabinet shipped since is 409', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 1 });
    const [code] = await barcodesOf(f, order.id);
    const production = await openSession(f, 'PRODUCTION');
    const made = await scanCode(f, production, code!);
    const shipping = await openSession(f, 'SHIPPING');
    const shipped = await scanCode(f, shipping, code!);
    expect(shipped.body.order.status).toBe('SHIPPED');

    const movedOn = await undo(made.body.id);
    expect(movedOn.status).toBe(409);
    expect(movedOn.body.code).toBe(UNDO_CODES.cabinetMovedOn);
    expect((await orderRow(f, order.id)).status).toBe('SHIPPED');

    expect((await undo(shipped.body.id)).status).toBe(200);
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('COMPLETED');
    expect(row.shippedAt).toBeNull();
    expect((await cabinetRows(f, order.id))[0]!.shippedAt).toBeNull();
    // Now the completion can be undone too.
    expect((await undo(made.body.id)).status).toBe(200);
    expect((await orderRow(f, order.id)).status).toBe('IN_PROGRESS');
  });

  it('a duplicate or unknown scan undone changes no cabinet; no reason is a 400; customers 403; unknown id 404', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    await scanCode(f, session, code!);
    const dup = await scanCode(f, session, code!);
    expect(dup.body.result).toBe('DUPLICATE');
    const blank = await undo(dup.body.id, '  ');
    expect(blank.status).toBe(400);
    expect(blank.body.fields.reason).toBeDefined();
    expect((await undo(dup.body.id)).status).toBe(200);
    expect((await cabinetRows(f, order.id)).filter((c) => c.completedAt !== null)).toHaveLength(1);
    const unknown = await scanCode(f, session, 'nothing');
    expect((await undo(unknown.body.id, 'typo', f.tokens.ADMIN)).status).toBe(200);
    expect((await undo(unknown.body.id, 'typo', f.tokens.PERSONAL)).status).toBe(403);
    expect((await undo(999_999_999)).status).toBe(404);
  });
});

describe('sessions', () => {
  it('an ADMIN reopens a closed session (STAFF 403); scans are taken again', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 1 });
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    await f.t.call(productionApi.sessionClose, { token: f.tokens.STAFF, params: { id: session } });
    expect((await scanCode(f, session, code!)).status).toBe(400);
    const staff = await f.t.call(productionApi.sessionReopen, { token: f.tokens.STAFF, params: { id: session } });
    expect(staff.status).toBe(403);
    for (const body of [undefined, {}]) {
      const res = await f.t.call(productionApi.sessionReopen, { token: f.tokens.ADMIN, params: { id: session }, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.closed_at).toBeNull();
    }
    expect((await scanCode(f, session, code!)).body.result).toBe('OK');
  });

  it('stations are kept in settings with their scan types; sessions filter by station', async () => {
    const patch = await f.t.call(coreApi.patchSettings, {
      token: f.tokens.ADMIN,
      body: {
        stations: [
          { name: 'Assembly 1', scan_types: ['PRODUCTION'] },
          { name: 'Dock', scan_types: ['SHIPPING', 'AUDIT'] },
        ],
      },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const [assembly, dock] = patch.body.stations;
    expect(assembly).toEqual({ id: expect.any(Number), name: 'Assembly 1', scan_types: ['PRODUCTION'] });
    // Renamed, kept by id; a removed station's id is not given again.
    const again = await f.t.call(coreApi.patchSettings, {
      token: f.tokens.ADMIN,
      body: {
        stations: [
          { id: assembly.id, name: 'Assembly A', scan_types: ['PRODUCTION'] },
          { name: 'Paint', scan_types: ['AUDIT'] },
        ],
      },
    });
    expect(again.body.stations[0]).toMatchObject({ id: assembly.id, name: 'Assembly A' });
    expect(again.body.stations[1].id).toBeGreaterThan(dock.id);
    const bad = await f.t.call(coreApi.patchSettings, {
      token: f.tokens.ADMIN,
      body: { stations: [{ name: 'X', scan_types: [] }] },
    });
    expect(bad.status).toBe(400);

    const a = await f.t.call(productionApi.sessionCreate, {
      token: f.tokens.STAFF,
      body: { type: 'PRODUCTION', station: 'Assembly A' },
    });
    await f.t.call(productionApi.sessionCreate, { token: f.tokens.STAFF, body: { type: 'AUDIT', station: 'Bench 9' } });
    const list = await f.t.call(productionApi.sessionList, { token: f.tokens.STAFF, query: { station: 'assembly a' } });
    expect(list.status).toBe(200);
    expect(list.body.results.map((s: { id: number }) => s.id)).toEqual([a.body.id]);
    const free = await f.t.call(productionApi.sessionList, { token: f.tokens.STAFF, query: { station: 'Bench 9' } });
    expect(free.body.total).toBe(1);
  });
});

it('the stored scan rows keep who undid them and why', async () => {
  const rows = await f.t.handle.db.select().from(schema.scans).where(eq(schema.scans.undoReason, 'typo'));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.undoneBy).not.toBeNull();
});

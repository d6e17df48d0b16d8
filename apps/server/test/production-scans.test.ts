import { schema } from '@cab/db';
import { cabinetBarcode, ordersApi, PRODUCTION_CODES, productionApi } from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, orderEvents, orderRow, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, cabinetRows, openSession, scanCode, scanRows, verifiedOrder } from './production-helpers.ts';

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

describe('cabinets', () => {
  it('approve makes one cabinet per unit of every line, attachments included, with its barcode', async () => {
    const order = await verifiedOrder(f, { lines: 2, qty: 2, attachment: true });
    const res = await f.t.call(productionApi.cabinets, { token: f.tokens.ADMIN, params: { id: order.id } });
    expect(res.status).toBe(200);
    const lines = order.groups[0].items as { line_no: number; qty: number; manufacturer_code: string }[];
    const expected = lines.flatMap((l) =>
      Array.from({ length: l.qty }, (_, u) => cabinetBarcode(order.id, l.line_no, u + 1)),
    );
    expect(res.body.total).toBe(5);
    expect(res.body.results.map((c: { barcode: string }) => c.barcode).sort()).toEqual(expected.sort());
    expect(res.body.results[0]).toMatchObject({
      barcode: `${order.id}-01-1`,
      line_no: 1,
      unit_no: 1,
      manufacturer_code: lines[0]!.manufacturer_code,
      status: 'PENDING',
      completed_at: null,
      shipped_at: null,
    });
    // The order answer counts them.
    const detail = await f.t.call(ordersApi.detail, { token: f.tokens.PERSONAL, params: { id: order.id } });
    expect(detail.body.cabinets).toEqual({ total: 5, completed: 0, shipped: 0 });
  });

  it('customers get 403 on cabinets and scans; an unknown order 404', async () => {
    const order = await verifiedOrder(f);
    for (const role of ['PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const) {
      const token = f.tokens[role];
      expect((await f.t.call(productionApi.cabinets, { token, params: { id: order.id } })).status).toBe(403);
      expect((await f.t.call(productionApi.sessionCreate, { token, body: { type: 'PRODUCTION' } })).status).toBe(403);
      expect((await f.t.call(productionApi.scan, { token, params: { id: 1 }, body: { code: 'x' } })).status).toBe(403);
      expect((await f.t.call(productionApi.startProduction, { token, params: { id: order.id } })).status).toBe(403);
    }
    expect((await f.t.call(productionApi.cabinets, { token: f.tokens.STAFF, params: { id: 999_999 } })).status).toBe(
      404,
    );
  });
});

describe('scans', () => {
  it('PRODUCTION: OK, DUPLICATE, UNKNOWN; the order goes VERIFIED -> IN_PROGRESS -> PARTIALLY_COMPLETED -> COMPLETED', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 3 });
    const codes = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');

    const first = await scanCode(f, session, codes[0]!);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      result: 'OK',
      cabinet: { barcode: codes[0], status: 'COMPLETED' },
      order: { id: order.id, name: 'Production job', status: 'PARTIALLY_COMPLETED' },
    });
    // Both moves are the status writer's, made as scans.
    const moves = (await orderEvents(f, order.id)).map((e) => e.action);
    expect(moves).toEqual(expect.arrayContaining(['start_production', 'partially_complete']));

    const again = await scanCode(f, session, codes[0]!);
    expect(again.body.result).toBe('DUPLICATE');
    const unknown = await scanCode(f, session, `${order.id}-99-1`);
    expect(unknown.body).toEqual({
      id: expect.any(Number),
      result: 'UNKNOWN',
      cabinet: null,
      order: null,
      cabinets: null,
    });
    expect((await scanCode(f, session, 'not a barcode')).body.result).toBe('UNKNOWN');

    // A scan that moves no status still shows in the (kept) order detail: the counts are in its stamp.
    const before = await f.t.call(ordersApi.detail, { token: f.tokens.ADMIN, params: { id: order.id } });
    expect(before.body.cabinets).toEqual({ total: 3, completed: 1, shipped: 0 });
    expect((await scanCode(f, session, codes[1]!)).body.order.status).toBe('PARTIALLY_COMPLETED');
    const after = await f.t.call(ordersApi.detail, { token: f.tokens.ADMIN, params: { id: order.id } });
    expect(after.body.cabinets).toEqual({ total: 3, completed: 2, shipped: 0 });
    const last = await scanCode(f, session, codes[2]!);
    expect(last.body).toMatchObject({ result: 'OK', order: { status: 'COMPLETED' } });
    expect((await orderRow(f, order.id)).completedAt).not.toBeNull();

    const detail = await f.t.call(ordersApi.detail, { token: f.tokens.ADMIN, params: { id: order.id } });
    expect(detail.body.cabinets).toEqual({ total: 3, completed: 3, shipped: 0 });
    const s = await f.t.call(productionApi.sessionDetail, { token: f.tokens.ADMIN, params: { id: session } });
    expect(s.body.counts).toEqual({ total: 6, ok: 3, duplicate: 1, unknown: 2, wrong_state: 0 });
    expect(s.body.scans).toHaveLength(6);
    expect(s.body.scans[0]).toMatchObject({ code: codes[2], result: 'OK', by: { full_name: expect.any(String) } });
  });

  it('SHIPPING ships one cabinet at a time; the order is SHIPPED when all are; too early is WRONG_STATE', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const codes = await barcodesOf(f, order.id);
    const shipping = await openSession(f, 'SHIPPING');
    // Not completed yet: nothing is shipped.
    expect((await scanCode(f, shipping, codes[0]!)).body).toMatchObject({
      result: 'WRONG_STATE',
      order: { status: 'VERIFIED' },
    });
    const production = await openSession(f, 'PRODUCTION');
    for (const c of codes) expect((await scanCode(f, production, c)).body.result).toBe('OK');
    expect((await orderRow(f, order.id)).status).toBe('COMPLETED');

    const one = await scanCode(f, shipping, codes[0]!);
    expect(one.body).toMatchObject({ result: 'OK', cabinet: { status: 'SHIPPED' }, order: { status: 'COMPLETED' } });
    expect((await scanCode(f, shipping, codes[0]!)).body.result).toBe('DUPLICATE');
    const two = await scanCode(f, shipping, codes[1]!);
    expect(two.body).toMatchObject({ result: 'OK', order: { status: 'SHIPPED' } });
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('SHIPPED');
    expect(row.shippedAt).not.toBeNull();
    expect((await cabinetRows(f, order.id)).every((c) => c.shippedSessionId === shipping)).toBe(true);
  });

  it('AUDIT only records: no cabinet or order changes; the same cabinet twice is DUPLICATE', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 1 });
    const [code] = await barcodesOf(f, order.id);
    const audit = await openSession(f, 'AUDIT');
    expect((await scanCode(f, audit, code!)).body).toMatchObject({ result: 'OK', cabinet: { status: 'PENDING' } });
    expect((await scanCode(f, audit, code!)).body.result).toBe('DUPLICATE');
    expect((await orderRow(f, order.id)).status).toBe('VERIFIED');
    expect((await cabinetRows(f, order.id))[0]!.completedAt).toBeNull();
  });

  it('a retried client_scan_id answers the first result and is recorded once', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    const first = await scanCode(f, session, code!, 'phone-1-0001');
    expect(first.body.result).toBe('OK');
    const retry = await scanCode(f, session, code!, 'phone-1-0001');
    expect(retry.status).toBe(200);
    expect(retry.body.result).toBe('OK');
    expect(retry.body.cabinet.barcode).toBe(code);
    // A new scan of the same cabinet (another id) is the duplicate.
    expect((await scanCode(f, session, code!, 'phone-1-0002')).body.result).toBe('DUPLICATE');
    expect(await scanRows(f, session)).toHaveLength(2);
    // Unknown codes too.
    const u1 = await scanCode(f, session, 'ZZZ', 'phone-1-0003');
    const u2 = await scanCode(f, session, 'ZZZ', 'phone-1-0003');
    expect([u1.body.result, u2.body.result]).toEqual(['UNKNOWN', 'UNKNOWN']);
    expect(await scanRows(f, session, 'UNKNOWN')).toHaveLength(1);
  });

  it('a scan is recorded by its row (who, when, what), with no audit event per cabinet; a retry answers the same', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'SHIPPING');
    // Too early to ship: WRONG_STATE, the cabinet and the order unchanged.
    const early = await scanCode(f, session, code!, 'ship-1');
    expect(early.body).toMatchObject({
      result: 'WRONG_STATE',
      cabinet: { status: 'PENDING' },
      order: { id: order.id },
    });
    expect((await scanCode(f, session, code!, 'ship-1')).body).toEqual(early.body);
    const production = await openSession(f, 'PRODUCTION');
    const first = await scanCode(f, production, code!, 'make-1');
    expect(first.body).toEqual({
      id: expect.any(Number),
      result: 'OK',
      cabinet: expect.objectContaining({ barcode: code, status: 'COMPLETED', shipped_at: null }),
      order: { id: order.id, name: order.name, status: 'PARTIALLY_COMPLETED' },
      cabinets: { total: 2, completed: 1, shipped: 0 },
    });
    expect((await scanCode(f, production, code!, 'make-1')).body).toEqual(first.body);
    const [row] = await scanRows(f, production);
    expect(row).toMatchObject({ code, result: 'OK', orderId: order.id, clientScanId: 'make-1' });
    expect(row!.scannedBy).not.toBeNull();
    expect(row!.scannedAt.toISOString()).toBe(first.body.cabinet.completed_at);
    const events = await f.t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.entity, 'cabinet'));
    expect(events).toEqual([]);
    // The order's moves keep theirs.
    expect((await orderEvents(f, order.id)).map((e) => e.action)).toContain('start_production');
  });

  it('two scanners on one cabinet at once: counted once; concurrent scans of one order all count', async () => {
    const order = await verifiedOrder(f, { lines: 2, qty: 3 });
    const codes = await barcodesOf(f, order.id);
    const [a, b] = [await openSession(f, 'PRODUCTION'), await openSession(f, 'PRODUCTION', f.tokens.ADMIN)];
    const same = await Promise.all([scanCode(f, a, codes[0]!), scanCode(f, b, codes[0]!, undefined, f.tokens.ADMIN)]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    expect(same.map((r) => r.body.result).sort()).toEqual(['DUPLICATE', 'OK']);
    const rest = await Promise.all(codes.slice(1).map((c, i) => scanCode(f, i % 2 ? a : b, c)));
    expect(rest.map((r) => r.status)).toEqual(rest.map(() => 200));
    expect(rest.every((r) => r.body.result === 'OK')).toBe(true);
    const cabs = await cabinetRows(f, order.id);
    expect(cabs.every((c) => c.completedAt !== null)).toBe(true);
    expect((await orderRow(f, order.id)).status).toBe('COMPLETED');
    const ok = [...(await scanRows(f, a, 'OK')), ...(await scanRows(f, b, 'OK'))];
    expect(ok).toHaveLength(codes.length);
    expect(await orderEvents(f, order.id, 'complete')).toHaveLength(1);
  });

  it('ten scanners on one cabinet at once: one OK; the same client_scan_id sent twice at once: one row, one answer', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const [first, second] = await barcodesOf(f, order.id);
    const sessions = await Promise.all(Array.from({ length: 10 }, () => openSession(f, 'PRODUCTION')));
    const answers = await Promise.all(sessions.map((s) => scanCode(f, s, first!)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.body.result === 'OK')).toHaveLength(1);
    expect(answers.filter((a) => a.body.result === 'DUPLICATE')).toHaveLength(9);
    const twice = await Promise.all([0, 1].map(() => scanCode(f, sessions[0]!, second!, 'same-id')));
    expect(twice.map((a) => a.status)).toEqual([200, 200]);
    expect(twice.map((a) => a.body.result)).toEqual(['OK', 'OK']);
    expect((await scanRows(f, sessions[0]!)).filter((r) => r.clientScanId === 'same-id')).toHaveLength(1);
    expect((await orderRow(f, order.id)).status).toBe('COMPLETED');
    expect(await orderEvents(f, order.id, 'complete')).toHaveLength(1);
  });

  it('a closed session refuses scans; closing twice changes nothing', async () => {
    const session = await openSession(f, 'AUDIT');
    const closed = await f.t.call(productionApi.sessionClose, { token: f.tokens.STAFF, params: { id: session } });
    expect(closed.status).toBe(200);
    expect(closed.body.closed_at).not.toBeNull();
    const again = await f.t.call(productionApi.sessionClose, { token: f.tokens.ADMIN, params: { id: session } });
    expect(again.body.closed_at).toBe(closed.body.closed_at);
    const refused = await scanCode(f, session, '1-01-1');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(PRODUCTION_CODES.sessionClosed);
    const open = await f.t.call(productionApi.sessionList, { token: f.tokens.STAFF, query: { open: 'false' } });
    expect(open.body.results.some((s: { id: number }) => s.id === session)).toBe(true);
  });

  it("the order's scan sessions list the sessions that scanned it", async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const codes = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    const other = await openSession(f, 'AUDIT');
    await scanCode(f, session, codes[0]!);
    await scanCode(f, session, 'nothing');
    const res = await f.t.call(productionApi.orderScanSessions, { token: f.tokens.STAFF, params: { id: order.id } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((s: { id: number }) => s.id)).toEqual([session]);
    expect(res.body.results[0]).toMatchObject({ type: 'PRODUCTION', scans_of_order: 1, counts: { total: 2, ok: 1 } });
    expect(res.body.results.some((s: { id: number }) => s.id === other)).toBe(false);
  });
});

describe('hand moves', () => {
  it('start_production (shop), complete and ship (admin) move the order and finish its cabinets', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const staffComplete = await f.t.call(productionApi.complete, { token: f.tokens.STAFF, params: { id: order.id } });
    expect(staffComplete.status).toBe(403);
    const started = await f.t.call(productionApi.startProduction, {
      token: f.tokens.STAFF,
      params: { id: order.id },
      body: {},
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.status).toBe('IN_PROGRESS');
    const shipEarly = await f.t.call(productionApi.ship, { token: f.tokens.ADMIN, params: { id: order.id } });
    expect(shipEarly.status).toBe(400);
    const done = await f.t.call(productionApi.complete, { token: f.tokens.ADMIN, params: { id: order.id }, body: {} });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'COMPLETED', cabinets: { total: 2, completed: 2, shipped: 0 } });
    const shipped = await f.t.call(productionApi.ship, { token: f.tokens.ADMIN, params: { id: order.id } });
    expect(shipped.body).toMatchObject({ status: 'SHIPPED', cabinets: { total: 2, completed: 2, shipped: 2 } });
    const stale = await f.t.call(productionApi.ship, {
      token: f.tokens.ADMIN,
      params: { id: order.id },
      body: { version: 0 },
    });
    expect(stale.status).toBe(409);
  });
});

describe('completed_shipped_log', () => {
  it("lists today's cabinet events newest first, with paging and CSV", async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const codes = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    for (const c of codes) await scanCode(f, session, c);
    const ship = await openSession(f, 'SHIPPING');
    await scanCode(f, ship, codes[0]!);

    const res = await f.t.call(productionApi.completedShippedLog, {
      token: f.tokens.STAFF,
      query: { page_size: '1000' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.results.filter((r: { order: { id: number } }) => r.order.id === order.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      event: 'SHIPPED',
      order: { id: order.id, name: 'Production job' },
      cabinet: { barcode: codes[0], line_no: 1, unit_no: 1 },
      by: { id: f.userIds.STAFF },
    });
    const paged = await f.t.call(productionApi.completedShippedLog, {
      token: f.tokens.STAFF,
      query: { selected_range: 'week', page_size: '1' },
    });
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.total).toBe(res.body.total);
    const old = await f.t.call(productionApi.completedShippedLog, {
      token: f.tokens.STAFF,
      query: { date_after: '2001-01-01', date_before: '2001-12-31' },
    });
    expect(old.body).toEqual({ results: [], total: 0 });
    const csv = await f.t.call(productionApi.completedShippedLog, { token: f.tokens.ADMIN, query: { format: 'csv' } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(String(csv.body)).toContain(`SHIPPED,${order.id},Production job,${codes[0]}`);
    // /orders/completed-cabinets: the COMPLETED events only, counted alone.
    const completed = await f.t.call(productionApi.completedShippedLog, {
      token: f.tokens.STAFF,
      query: { event: 'COMPLETED', page_size: '1000' },
    });
    const completedMine = completed.body.results.filter((r: { order: { id: number } }) => r.order.id === order.id);
    expect(completedMine.map((r: { event: string }) => r.event)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(completed.body.results.every((r: { event: string }) => r.event === 'COMPLETED')).toBe(true);
    expect(completed.body.total).toBe(completed.body.results.length);
    const customer = await f.t.call(productionApi.completedShippedLog, { token: f.tokens.PERSONAL });
    expect(customer.status).toBe(403);
  });
});

describe('an order edited while VERIFIED', () => {
  it('stop_editing brings its cabinets in step with its lines', async () => {
    const order = await verifiedOrder(f, { lines: 1, qty: 2 });
    const token = f.tokens.ADMIN;
    expect((await f.t.call(ordersApi.startEditing, { token, params: { id: order.id }, body: {} })).status).toBe(200);
    const groups = order.groups.map((g: any) => ({
      name: g.name,
      premiums: g.premiums,
      items: g.items.map((it: any) => ({ _id: it._id, line_item: it.line_item, qty: 3, is_attachment: false })),
    }));
    const saved = await f.t.call(ordersApi.replaceGroups, { token, params: { id: order.id }, body: { groups } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await f.t.call(ordersApi.stopEditing, { token, params: { id: order.id }, body: {} })).status).toBe(200);
    expect(await barcodesOf(f, order.id)).toEqual([1, 2, 3].map((u) => cabinetBarcode(order.id, 1, u)));
    const rows = await f.t.handle.db
      .select()
      .from(schema.cabinets)
      .where(and(eq(schema.cabinets.orderId, order.id), eq(schema.cabinets.unitNo, 3)));
    expect(rows).toHaveLength(1);
  });
});

import { schema } from '@cab/db';
import { eventsApi, invoicesApi, remakesApi, reportsApi } from '@cab/shared';
import { asc, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/kit/context.ts';
import { transaction } from '../src/kit/transaction.ts';
import { pruneEvents, publishEvent } from '../src/modules/events/index.ts';
import { SseClient } from './events-client.ts';
import { silent } from './helpers.ts';
import { approvedOrder, call } from './invoices-helpers.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';
import { barcodesOf, openSession, scanCode, verifiedOrder } from './production-helpers.ts';

/**
 * GET /api/events/ (issue 29, decision 0042) over a real socket: each kind reaches a listener when
 * its action happens, a customer hears only its own order_status and payment, Last-Event-ID
 * resumes without gap or duplicate, the heartbeat, and no login is 401. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (LISTEN/NOTIFY through the hub's own connection).
 */

let f: Fixture;
let base: string;
const open: SseClient[] = [];

const listen = async (who: keyof Fixture['tokens'] | null, lastEventId?: number | string) => {
  const c = await SseClient.open(`${base}/api/events/`, who ? f.tokens[who] : null, lastEventId);
  open.push(c);
  return c;
};

/** Every stored event after `after`, oldest first: what the shop must have heard. */
const storedAfter = (after: number) =>
  f.t.handle.db
    .select({ id: schema.liveEvents.id, kind: schema.liveEvents.kind })
    .from(schema.liveEvents)
    .where(gt(schema.liveEvents.id, after))
    .orderBy(asc(schema.liveEvents.id));

const ids = (c: SseClient) => c.events().map((m) => m.id!);

/**
 * Publishes an event and waits until `listener` hears it: events reach a listener in order, so
 * whatever was to come before it (a late duplicate, a rolled-back event) has come. Its id.
 */
async function heardAfterAll(listener: SseClient): Promise<number> {
  const ctx = systemContext(f.t.app.deps, silent);
  const marker = await transaction(ctx, (tx) => publishEvent(tx.db, 'planner', { order_id: 0, planned_date: null }));
  await listener.until((c) => c.events().some((e) => e.id === marker), 'an event published after them all');
  return marker;
}

beforeAll(async () => {
  f = await setupFixture();
  await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = f.t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const c of open) c.close();
  await f?.close();
});

describe('GET /api/events/', () => {
  it('answers 401 without a login, and 400 for a Last-Event-ID that is no event id', async () => {
    const res = await f.t.call(eventsApi.stream, {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_authenticated');
    const anonymous = await listen(null);
    expect(anonymous.status).toBe(401);
    const bad = await listen('STAFF', 'yesterday');
    expect(bad.status).toBe(400);
  });

  it('is an event stream that writes a comment line on the heartbeat', async () => {
    const config = f.t.app.deps.config;
    const before = config.eventsHeartbeatMs;
    config.eventsHeartbeatMs = 50;
    try {
      const c = await listen('STAFF');
      expect(c.status).toBe(200);
      expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(c.headers['cache-control']).toContain('no-cache');
      await c.until((x) => x.messages.filter((m) => m.comment === 'ping').length >= 2, 'two heartbeats', 3_000);
      expect(c.messages[0]?.retry).toBeGreaterThan(0);
      c.close();
    } finally {
      config.eventsHeartbeatMs = before;
    }
  });

  it('ends a stream once its session is signed out', async () => {
    const config = f.t.app.deps.config;
    const before = config.eventsHeartbeatMs;
    config.eventsHeartbeatMs = 50;
    try {
      const token = await f.t.login('STAFF');
      const c = await SseClient.open(`${base}/api/events/`, token);
      open.push(c);
      await c.until((x) => x.messages.some((m) => m.comment === 'ping'), 'a heartbeat', 3_000);
      const out = await fetch(`${base}/api/users/logout/`, {
        method: 'POST',
        headers: { authorization: `Token ${token}` },
      });
      expect(out.status).toBeLessThan(300);
      await c.until((x) => x.isEnded, 'the stream to end', 3_000);
      expect(c.isEnded).toBe(true);
    } finally {
      config.eventsHeartbeatMs = before;
    }
  });

  it('each kind reaches the shop when it happens; a customer hears its own order_status and payment only', async () => {
    const [admin, staff, personal, manager] = await Promise.all([
      listen('ADMIN'),
      listen('STAFF'),
      listen('PERSONAL'),
      listen('BUSINESS_MANAGER'),
    ]);
    const [{ last } = { last: '0' }] = await f.t.handle.db
      .select({ last: sql<string>`coalesce(max(${schema.liveEvents.id}), 0)` })
      .from(schema.liveEvents);
    const after = Number(last);

    // order_status: submit (ORDERED) and approve (VERIFIED) of the personal customer's order.
    const order = await verifiedOrder(f, { qty: 3 });
    await personal.until(
      (c) => c.events('order_status').some((m) => m.data.order_id === order.id && m.data.status === 'VERIFIED'),
      'VERIFIED',
    );

    // scan, with the order's move to IN_PROGRESS.
    const session = await openSession(f, 'PRODUCTION');
    const [first] = await barcodesOf(f, order.id);
    const scanned = await scanCode(f, session, first!);
    expect(scanned.status).toBe(200);
    await staff.until((c) => c.events('scan').length > 0, 'the scan');
    const scan = staff.events('scan')[0]!;
    // The scan's id: a board keys its line by it (read on load, heard live, undone).
    expect(scan.data).toEqual({
      id: scanned.body.id,
      session_id: session,
      order_id: order.id,
      barcode: first,
      result: 'OK',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await scanCode(f, session, 'NOT-A-CABINET')).status).toBe(200);
    await staff.until((c) => c.events('scan').some((m) => m.data.result === 'UNKNOWN'), 'the unknown scan');
    expect(staff.events('scan').find((m) => m.data.result === 'UNKNOWN')!.data.order_id).toBeNull();
    await personal.until(
      (c) => c.events('order_status').some((m) => m.data.order_id === order.id && m.data.status === 'IN_PROGRESS'),
      'IN_PROGRESS',
    );

    // planner: a working day far enough ahead.
    const plannerDay = await nextMonday();
    const planned = await call(f, reportsApi.plannerUpdate, 'STAFF', {
      params: { id: order.id },
      body: { planned_date: plannerDay },
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    await staff.until((c) => c.events('planner').length > 0, 'the planner move');
    expect(staff.events('planner')[0]!.data).toEqual({ order_id: order.id, planned_date: plannerDay });

    // remake: asked (OPEN), then rejected.
    const asked = await call(f, remakesApi.request, 'STAFF', {
      params: { id: order.id },
      body: { items: [{ barcode: first }], reason: 'Production defect', source: 'SHOP' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const rejected = await call(f, remakesApi.reject, 'ADMIN', {
      params: { id: asked.body.id },
      body: { reason: 'No' },
    });
    expect(rejected.status).toBe(200);
    await staff.until((c) => c.events('remake').length >= 2, 'the remake events');
    expect(staff.events('remake').map((m) => m.data)).toEqual([
      { id: asked.body.id, order_id: order.id, status: 'OPEN' },
      { id: asked.body.id, order_id: order.id, status: 'REJECTED' },
    ]);

    // payment: an admin records a check on the first milestone of a paid order's invoice.
    const paid = await approvedOrder(f);
    const inv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: paid.invoice.id } })).body;
    const m = inv.milestones[0];
    const pay = await call(f, invoicesApi.pay, 'ADMIN', { params: { id: m.id }, body: { method: 'CHECK' } });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    await personal.until((c) => c.events('payment').length > 0, 'the payment');
    expect(personal.events('payment')[0]!.data).toEqual({
      invoice_id: paid.invoice.id,
      milestone_id: m.id,
      status: 'SUCCEEDED',
    });

    // A company's order: its manager hears it, the personal customer does not.
    const company = await approvedOrder(f, { owner: 'BUSINESS_EMPLOYEE' });
    await manager.until(
      (c) => c.events('order_status').some((e) => e.data.order_id === company.id && e.data.status === 'VERIFIED'),
      "the company's order",
    );

    // The shop heard every event stored, in order, once; the customer only its own two kinds.
    const stored = await storedAfter(after);
    for (const shop of [admin, staff]) {
      await shop.until((c) => c.events().length >= stored.length, 'every event');
      expect(ids(shop)).toEqual(stored.map((s) => s.id));
      expect(shop.events().map((e) => e.event)).toEqual(stored.map((s) => s.kind));
    }
    const own = new Set([order.id, paid.id]);
    const personalEvents = personal.events();
    expect(new Set(personalEvents.map((e) => e.event))).toEqual(new Set(['order_status', 'payment']));
    expect(personalEvents.filter((e) => e.event === 'order_status').every((e) => own.has(e.data.order_id))).toBe(true);
    expect(personalEvents.some((e) => e.data.order_id === company.id)).toBe(false);
    expect(manager.events().every((e) => e.event === 'order_status' || e.event === 'payment')).toBe(true);
    expect(manager.events().some((e) => own.has(e.data.order_id))).toBe(false);
  });

  it('Last-Event-ID resumes: the stored events after it, then the live ones, with no gap and no duplicate', async () => {
    const order = await verifiedOrder(f, { qty: 12 });
    const codes = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    const first = await listen('STAFF');
    expect((await scanCode(f, session, codes[0]!)).status).toBe(200);
    await first.until((c) => c.events('scan').length === 1, 'the first scan');
    const seen = first.events('scan')[0]!.id!;
    first.close();

    // Missed while away.
    for (const code of codes.slice(1, 4)) expect((await scanCode(f, session, code)).status).toBe(200);
    // Scans keep coming while the listener reconnects and reads the table.
    const during = Promise.all(codes.slice(4, 10).map((code) => scanCode(f, session, code)));
    const again = await listen('STAFF', seen);
    await during;
    for (const code of codes.slice(10)) expect((await scanCode(f, session, code)).status).toBe(200);

    const stored = await storedAfter(seen);
    await again.until((c) => c.events().length >= stored.length, 'every event after the one seen');
    // A duplicate would come before an event published after them all.
    const marker = await heardAfterAll(again);
    expect(ids(again).filter((id) => id !== marker)).toEqual(stored.map((s) => s.id));
    expect(
      again
        .events('scan')
        .map((e) => e.data.barcode)
        .sort(),
    ).toEqual(codes.slice(1).sort());
  });

  it('a fresh stream sends the newest id first, so a client that heard nothing resumes from it', async () => {
    const order = await verifiedOrder(f, { qty: 3 });
    const codes = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    expect((await scanCode(f, session, codes[0]!)).status).toBe(200);
    const [newest] = await f.t.handle.db
      .select({ id: sql<string>`max(${schema.liveEvents.id})` })
      .from(schema.liveEvents);
    const first = await listen('STAFF');
    await first.until((c) => c.messages.length > 0, 'the first message');
    // Before anything else: the id, with no event (it dispatches nothing in EventSource).
    expect(first.messages[0]).toMatchObject({ id: Number(newest!.id) });
    expect(first.messages[0]!.event).toBeUndefined();
    const heard = first.messages[0]!.id!;
    first.close();

    // Made while the board that heard no event was away: the resume from that id gives them.
    for (const code of codes.slice(1)) expect((await scanCode(f, session, code)).status).toBe(200);
    const again = await listen('STAFF', heard);
    await again.until((c) => c.events('scan').length >= 2, 'the scans made while away');
    expect(
      again
        .events('scan')
        .map((e) => e.data.barcode)
        .sort(),
    ).toEqual(codes.slice(1).sort());
    // A resumed stream sends no id of its own first: each event carries its own.
    expect(again.messages[0]!.id).toBeUndefined();
  });

  it('a customer resuming hears only its own kinds from the table too', async () => {
    const order = await verifiedOrder(f);
    const [code] = await barcodesOf(f, order.id);
    const session = await openSession(f, 'PRODUCTION');
    expect((await scanCode(f, session, code!)).status).toBe(200);
    const resumed = await listen('PERSONAL', 0);
    const stored = await storedAfter(0);
    const shop = await listen('STAFF', 0);
    await shop.until((c) => c.events().length >= stored.length, 'the whole table');
    await resumed.until((c) => c.events('order_status').some((e) => e.data.order_id === order.id), 'its order');
    expect(resumed.events().every((e) => e.event === 'order_status' || e.event === 'payment')).toBe(true);
    expect(resumed.events().length).toBeLessThan(shop.events().length);
  });
});

describe('keeping events', () => {
  it('an event rolls back with its transaction: nothing stored, nothing heard; a committed one is heard', async () => {
    const listener = await listen('STAFF');
    const ctx = systemContext(f.t.app.deps, silent);
    const data = { order_id: 999_999, planned_date: '2030-01-07' };
    await expect(
      transaction(ctx, async (tx) => {
        await publishEvent(tx.db, 'planner', data);
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails');
    const id = await transaction(ctx, (tx) => publishEvent(tx.db, 'planner', { ...data, planned_date: null }));
    // (Events of the tests before may still arrive: a listener hears what the hub delivers after it opened.)
    const ours = (c: SseClient) => c.events('planner').filter((e) => e.data.order_id === 999_999);
    await listener.until((c) => ours(c).length > 0, 'the committed event');
    await heardAfterAll(listener);
    expect(ours(listener).map((e) => [e.id, e.data])).toEqual([[id, { order_id: 999_999, planned_date: null }]]);
    const stored = await f.t.handle.db
      .select({ id: schema.liveEvents.id })
      .from(schema.liveEvents)
      .where(sql`${schema.liveEvents.data}->>'order_id' = '999999'`);
    expect(stored.map((r) => r.id)).toEqual([id]);
  });

  it('the prune job deletes the events older than a day and keeps the others', async () => {
    const db = f.t.handle.db;
    const [old] = await db
      .insert(schema.liveEvents)
      .values({ kind: 'planner', data: { order_id: 1, planned_date: null }, at: new Date(Date.now() - 25 * 3_600_000) })
      .returning();
    const [fresh] = await db
      .insert(schema.liveEvents)
      .values({ kind: 'planner', data: { order_id: 1, planned_date: null }, at: new Date(Date.now() - 23 * 3_600_000) })
      .returning();
    await pruneEvents(systemContext(f.t.app.deps, silent));
    const left = new Set((await db.select({ id: schema.liveEvents.id }).from(schema.liveEvents)).map((r) => r.id));
    expect(left.has(old!.id)).toBe(false);
    expect(left.has(fresh!.id)).toBe(true);
  });
});

/** A Monday at least a week ahead (a working day unless a holiday; Jan 1 skipped). */
async function nextMonday(): Promise<string> {
  const d = new Date(Date.now() + 7 * 86_400_000);
  while (d.getUTCDay() !== 1 || d.toISOString().slice(5, 10) === '01-01') d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

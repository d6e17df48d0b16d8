import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { schema } from '@cab/db';
import { authApi, basisPoints, buildPath, type Endpoint, ORDER_LIFECYCLE_CODES, ordersApi } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Fixture,
  makeOrder,
  orderEvents,
  orderRow,
  setupFixture,
  submit,
  submitForm,
} from './orders-lifecycle-helpers.ts';

/**
 * Issue 15 "One order, one version, one timeline" (decision 0018): the optional version on every
 * order write, calls without a payload, status timestamps, stable lines, the append-only trail.
 */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const ordered = async () => {
  const order = await makeOrder(f, 'PERSONAL', { items: 2 });
  const res = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const verified = async () => {
  const order = await ordered();
  const res = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: order.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A raw call in one of the three payload-less forms. */
async function bare(endpoint: Endpoint, token: string, id: number | null, form: 'none' | '{}' | 'empty json') {
  const res = await f.t.app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, id === null ? {} : { id }),
    headers: {
      authorization: `Token ${token}`,
      ...(form === 'none' ? {} : { 'content-type': 'application/json' }),
    },
    ...(form === '{}' ? { payload: '{}' } : form === 'empty json' ? { payload: '' } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

describe('calls without a payload', () => {
  const FORMS = ['none', '{}', 'empty json'] as const;

  it.each(FORMS)(
    'approve, start/stop_editing, fix, recalculate, cancel, clone, cancel_discount_code: %s',
    async (form) => {
      const a = await ordered();
      const approve = await bare(ordersApi.approve, f.tokens.ADMIN, a.id, form);
      expect(approve.status, JSON.stringify(approve.body)).toBe(200);
      expect(approve.body.status).toBe('VERIFIED');
      const start = await bare(ordersApi.startEditing, f.tokens.STAFF, a.id, form);
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      expect(start.body.in_editing_mode).toBe(true);
      const stop = await bare(ordersApi.stopEditing, f.tokens.STAFF, a.id, form);
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(stop.body.in_editing_mode).toBe(false);
      const recalc = await bare(ordersApi.recalculate, f.tokens.ADMIN, a.id, form);
      expect(recalc.status, JSON.stringify(recalc.body)).toBe(200);
      await f.t.handle.db.update(schema.orders).set({ errorCount: 1 }).where(sql`id = ${a.id}`);
      const fix = await bare(ordersApi.fix, f.tokens.STAFF, a.id, form);
      expect(fix.status, JSON.stringify(fix.body)).toBe(200);
      const clone = await bare(ordersApi.clone, f.tokens.PERSONAL, a.id, form);
      expect(clone.status, JSON.stringify(clone.body)).toBe(201);
      const cancel = await bare(ordersApi.cancel, f.tokens.ADMIN, a.id, form);
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect(cancel.body.status).toBe('CANCELLED');

      // A code entered, then removed without a payload.
      const code = `NOBODY${FORMS.indexOf(form)}`;
      await f.t.handle.db.insert(schema.discountCodes).values({ code, percentage: basisPoints(500) });
      const bid = await makeOrder(f);
      const entered = await f.t.call(ordersApi.discountCode, {
        token: f.tokens.PERSONAL,
        params: { id: bid.id },
        body: { discount_code: code },
      });
      expect(entered.status, JSON.stringify(entered.body)).toBe(200);
      const removed = await bare(ordersApi.cancelDiscountCode, f.tokens.PERSONAL, bid.id, form);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body.discount_code).toBeNull();
    },
  );

  it.each(FORMS)('every payload-less call of the API, e.g. logout: %s', async (form) => {
    const token = await f.t.login('STAFF');
    const res = await bare(authApi.logout, token, null, form);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  });

  it('a call that needs a payload still answers 400 with its fields for an empty body', async () => {
    const a = await ordered();
    const res = await bare(ordersApi.decline, f.tokens.ADMIN, a.id, 'empty json');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toContain('reason');
    expect((await orderRow(f, a.id)).status).toBe('ORDERED');
  });
});

const input = (items: any[]) =>
  items.map((i) => ({ _id: i._id, line_item: i.line_item, qty: i.qty, is_attachment: false }));

describe('version', () => {
  const stale = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe(ORDER_LIFECYCLE_CODES.changedConcurrently);
  };

  it('every order write refuses a stale version with 409 and changes nothing; the current one passes', async () => {
    await f.t.handle.db.insert(schema.discountCodes).values({ code: 'VERS5', percentage: basisPoints(500) });
    const bid = await makeOrder(f);
    expect(Number.isInteger(bid.version)).toBe(true);
    const old = bid.version - 1;
    const p = { id: bid.id };
    const group = {
      name: 'G2',
      premiums: bid.groups[0].premiums,
      items: [{ _id: 'g2', line_item: f.plainItem, qty: 1, is_attachment: false }],
    };
    const calls: [Endpoint, string, Record<string, unknown>][] = [
      [
        ordersApi.replaceGroups,
        f.tokens.PERSONAL,
        { groups: bid.groups.map((g: any) => ({ ...g, items: input(g.items) })) },
      ],
      [ordersApi.addGroup, f.tokens.PERSONAL, group],
      [ordersApi.updateCustomDiscount, f.tokens.ADMIN, { custom_discount_amount: '5' }],
      [ordersApi.discountCode, f.tokens.PERSONAL, { discount_code: 'VERS5' }],
      [ordersApi.updateBypassPaymentOptionDiscount, f.tokens.ADMIN, { bypass_payment_option_discount: true }],
      [ordersApi.recalculate, f.tokens.ADMIN, {}],
    ];
    for (const [endpoint, token, body] of calls) {
      const before = await orderRow(f, bid.id);
      stale(await f.t.call(endpoint, { token, params: p, body: { ...body, version: old } }));
      expect((await orderRow(f, bid.id)).version, endpoint.path).toBe(before.version);
      const ok = await f.t.call(endpoint, { token, params: p, body: { ...body, version: before.version } });
      expect(ok.status, `${endpoint.path} ${JSON.stringify(ok.body)}`).toBe(200);
      const answer = ok.body.order ?? ok.body;
      expect(answer.version).toBe((await orderRow(f, bid.id)).version);
    }
    stale(
      await f.t.call(ordersApi.cancelDiscountCode, { token: f.tokens.PERSONAL, params: p, body: { version: old } }),
    );

    // Submit (multipart): a stale version leaves the bid a bid.
    const current = (await orderRow(f, bid.id)).version;
    stale(await submit(f, f.tokens.PERSONAL, bid.id, submitForm(f, { version: String(current - 1) })));
    expect((await orderRow(f, bid.id)).status).toBe('BID');
    const sub = await submit(f, f.tokens.PERSONAL, bid.id, submitForm(f, { version: String(current) }));
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);

    // The moves: approve, start/stop_editing, fix, cancel; decline on another order.
    const moves: [Endpoint, string][] = [
      [ordersApi.approve, f.tokens.ADMIN],
      [ordersApi.startEditing, f.tokens.STAFF],
      [ordersApi.stopEditing, f.tokens.STAFF],
      [ordersApi.fix, f.tokens.STAFF],
      [ordersApi.cancel, f.tokens.ADMIN],
    ];
    for (const [endpoint, token] of moves) {
      if (endpoint === ordersApi.fix)
        await f.t.handle.db.update(schema.orders).set({ errorCount: 1 }).where(sql`id = ${bid.id}`);
      const before = await orderRow(f, bid.id);
      stale(await f.t.call(endpoint, { token, params: p, body: { version: before.version - 1 } }));
      const after = await orderRow(f, bid.id);
      expect([after.status, after.inEditingMode, after.version], endpoint.path).toEqual([
        before.status,
        before.inEditingMode,
        before.version,
      ]);
      const ok = await f.t.call(endpoint, { token, params: p, body: { version: before.version } });
      expect(ok.status, `${endpoint.path} ${JSON.stringify(ok.body)}`).toBe(200);
    }
    expect((await orderRow(f, bid.id)).status).toBe('CANCELLED');

    const other = await ordered();
    stale(
      await f.t.call(ordersApi.decline, {
        token: f.tokens.ADMIN,
        params: { id: other.id },
        body: { reason: 'No', version: other.version - 1 },
      }),
    );
    expect(await orderEvents(f, other.id, 'decline')).toHaveLength(0);
    const declined = await f.t.call(ordersApi.decline, {
      token: f.tokens.ADMIN,
      params: { id: other.id },
      body: { reason: 'No', version: other.version },
    });
    expect(declined.status).toBe(200);
  });

  it('without a version the last writer wins, as before', async () => {
    const bid = await makeOrder(f);
    await f.t.call(ordersApi.replaceGroups, { token: f.tokens.PERSONAL, params: { id: bid.id }, body: { groups: [] } });
    const res = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.PERSONAL,
      params: { id: bid.id },
      body: { groups: bid.groups.map((g: any) => ({ ...g, items: [] })) },
    });
    expect(res.status).toBe(200);
  });
});

describe('status timestamps', () => {
  it('each move stamps its status in the same statement, on the order and in the list', async () => {
    const bid = await makeOrder(f);
    expect([bid.submitted_at, bid.verified_at, bid.cancelled_at]).toEqual([null, null, null]);
    const o = await ordered();
    expect(o.submitted_at).not.toBeNull();
    const row = await orderRow(f, o.id);
    const approved = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: o.id } });
    expect(approved.body.verified_at).not.toBeNull();
    expect(new Date(approved.body.verified_at).getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    expect(approved.body.cancelled_at).toBeNull();
    const cancelled = await f.t.call(ordersApi.cancel, { token: f.tokens.ADMIN, params: { id: o.id } });
    expect(cancelled.body.cancelled_at).not.toBeNull();
    expect(cancelled.body.verified_at).toBe(approved.body.verified_at);
    // Set by the compare-and-set: the event and the stamp share the transaction's clock.
    const stored = await orderRow(f, o.id);
    expect(stored.cancelledAt?.getTime()).toBe(stored.updatedAt.getTime());

    const list = await f.t.call(ordersApi.list, {
      token: f.tokens.ADMIN,
      query: { status: 'CANCELLED', page_size: '100' },
    });
    const listed = list.body.results.find((r: any) => r.id === o.id);
    expect(listed).toMatchObject({
      submitted_at: cancelled.body.submitted_at,
      verified_at: cancelled.body.verified_at,
      completed_at: null,
      shipped_at: null,
      cancelled_at: cancelled.body.cancelled_at,
    });
  });
});

/** The backfill statements of the custom migration (found by content: the lead renumbers files). */
function backfillStatements(): string[] {
  const dir = path.join(import.meta.dirname, '../../../packages/db/migrations');
  const file = readdirSync(dir).find((n) =>
    readFileSync(path.join(dir, n), 'utf8').includes('CREATE TRIGGER audit_events_no_update_delete'),
  );
  const text = readFileSync(path.join(dir, file!), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^UPDATE /m.test(s) && !s.includes('CREATE'));
}

describe('the migration backfill', () => {
  it("sets existing orders' status times from the audit trail and numbers their lines 1..n", async () => {
    const o = await verified();
    const cancelled = await f.t.call(ordersApi.cancel, { token: f.tokens.ADMIN, params: { id: o.id } });
    expect(cancelled.status).toBe(200);
    const stamped = await orderRow(f, o.id);
    const events = await orderEvents(f, o.id);
    // As the orders were before the migration: no status times, no line numbers.
    await f.t.handle.db
      .update(schema.orders)
      .set({ verifiedAt: null, cancelledAt: null, lastLineNo: 0 })
      .where(sql`id = ${o.id}`);
    await f.t.handle.db.update(schema.orderItems).set({ lineNo: 0 }).where(sql`order_id = ${o.id}`);
    for (const statement of backfillStatements()) await f.t.handle.db.execute(sql.raw(statement));
    const row = await orderRow(f, o.id);
    const at = (action: string) => events.find((e) => e.action === action)!.at.getTime();
    expect(row.verifiedAt?.getTime()).toBe(at('approve'));
    expect(row.cancelledAt?.getTime()).toBe(at('cancel'));
    expect(row.verifiedAt?.getTime()).toBe(stamped.verifiedAt?.getTime());
    expect([row.completedAt, row.shippedAt]).toEqual([null, null]);
    expect(row.lastLineNo).toBe(2);
    const detail = await f.t.call(ordersApi.detail, { token: f.tokens.ADMIN, params: { id: o.id } });
    expect(detail.body.groups[0].items.map((i: any) => i.line_no)).toEqual([1, 2]);
  });
});

describe('stable lines', () => {
  it('a save keeps each line row (id) by _id; line_no is 1..n until approve', async () => {
    const bid = await makeOrder(f, 'PERSONAL', { items: 3 });
    const [a, b, c] = bid.groups[0].items;
    expect([a.line_no, b.line_no, c.line_no]).toEqual([1, 2, 3]);
    // b's quantity changes, a goes, a new line comes first, c moves to a second group.
    const res = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.PERSONAL,
      params: { id: bid.id },
      body: {
        version: bid.version,
        groups: [
          {
            name: 'G1',
            premiums: bid.groups[0].premiums,
            items: [{ _id: 'new', line_item: f.plainItem, qty: 1, is_attachment: false }, ...input([{ ...b, qty: 5 }])],
          },
          { name: 'G2', premiums: bid.groups[0].premiums, items: input([c]) },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [g1, g2] = res.body.groups;
    expect(g1.id).toBe(bid.groups[0].id);
    expect(g1.items.map((i: any) => [i._id, i.line_no])).toEqual([
      ['new', 1],
      [b._id, 2],
    ]);
    expect(g1.items[1].id).toBe(b.id);
    expect(g1.items[1].qty).toBe(5);
    expect(g2.items[0].id).toBe(c.id);
    expect(g2.items[0].line_no).toBe(3);
    expect(g1.items[0].id).not.toBe(a.id);
    const ids = (await f.t.handle.db.select().from(schema.orderItems).where(sql`order_id = ${bid.id}`)).map(
      (r) => r.id,
    );
    expect(ids.sort()).toEqual([g1.items[0].id, b.id, c.id].sort());
  });

  it('from approve on, line numbers are frozen: kept lines keep theirs, new ones get the next unused', async () => {
    const o = await verified();
    const [a, b] = o.groups[0].items;
    expect([a.line_no, b.line_no]).toEqual([1, 2]);
    await f.t.call(ordersApi.startEditing, { token: f.tokens.STAFF, params: { id: o.id } });
    // b is removed, a new line is inserted before a.
    const first = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.STAFF,
      params: { id: o.id },
      body: {
        groups: [
          {
            name: 'G1',
            premiums: o.groups[0].premiums,
            items: [{ _id: 'x', line_item: f.plainItem, qty: 1, is_attachment: false }, ...input([a])],
          },
        ],
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.groups[0].items.map((i: any) => [i._id, i.line_no, i.line_item_number])).toEqual([
      ['x', 3, 1],
      [a._id, 1, 2],
    ]);
    expect(first.body.groups[0].items[1].id).toBe(a.id);
    // Removing the newest line and adding another: 3 is not given again.
    const second = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.STAFF,
      params: { id: o.id },
      body: {
        groups: [
          {
            name: 'G1',
            premiums: o.groups[0].premiums,
            items: [...input([a]), { _id: 'y', line_item: f.plainItem, qty: 1, is_attachment: false }],
          },
        ],
      },
    });
    expect(second.body.groups[0].items.map((i: any) => [i._id, i.line_no])).toEqual([
      [a._id, 1],
      ['y', 4],
    ]);
    const added = await f.t.call(ordersApi.addGroup, {
      token: f.tokens.STAFF,
      params: { id: o.id },
      body: {
        name: 'G2',
        premiums: o.groups[0].premiums,
        items: input([{ _id: 'z', line_item: f.plainItem, qty: 1 }]),
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.groups[1].items[0].line_no).toBe(5);
  });
});

describe('audit trail', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const o = await makeOrder(f);
    const [event] = await orderEvents(f, o.id);
    const refusal = (q: ReturnType<typeof sql>) =>
      f.t.handle.db.execute(q).then(
        () => 'done',
        (e: any) => String(e.cause?.message ?? e.message),
      );
    expect(await refusal(sql`update audit_events set action = 'x' where id = ${event!.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_events where id = ${event!.id}`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_events`)).toMatch(/append-only/);
    expect((await orderEvents(f, o.id))[0]).toEqual(event);
  });
});

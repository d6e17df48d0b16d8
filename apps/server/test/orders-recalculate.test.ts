import { schema } from '@cab/db';
import { auditApi, type BasisPoints, type Cents, ordersApi } from '@cab/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, orderCatalogue } from './orders-fixtures.ts';

/**
 * recalculate writes every line of an order in one statement (repository updateRepricedItems):
 * each stored line must come out exactly as the same line saved afresh (the insert path).
 */

let t: TestApp;
let c: Catalogue;
let admin: string;
let personal: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await setupTestApp();
  c = await orderCatalogue(t);
  admin = await t.login('ADMIN');
  personal = await t.login('PERSONAL');
});
afterAll(() => t.close());

interface Line {
  _id: string;
  line_item: number;
  qty: number;
  is_attachment: boolean;
  parentId?: string;
  hinge?: string | null;
  finished_side?: number | null;
}

/**
 * 300 lines over two groups. Group 1: the three cabinets with every premium, finished sides on
 * some base cabinets, hinges on some lines, an attachment after every seventh line. Group 2: base
 * and wall cabinets without wood species or finish (its wall lines' price does not move below).
 */
function manyLines() {
  const one: Line[] = [];
  const cabinets = [c.base, c.wall, c.tall];
  for (let k = 0; one.length < 160; k++) {
    const id = `n${k}`;
    const lineItem = cabinets[k % 3]!;
    one.push({
      _id: id,
      line_item: lineItem,
      qty: 1 + (k % 4),
      is_attachment: false,
      hinge: k % 3 === 0 ? 'Left' : k % 5 === 0 ? 'Right' : null,
      finished_side: lineItem === c.base && k % 2 === 0 ? c.fs : null,
    });
    if (k % 7 === 0 && one.length < 160) {
      one.push({ _id: `${id}a`, line_item: c.att, qty: 1 + (k % 3), is_attachment: true, parentId: id });
    }
  }
  const two: Line[] = [];
  for (let k = 0; two.length < 140; k++) {
    const id = `s${k}`;
    two.push({ _id: id, line_item: k % 2 ? c.base : c.wall, qty: 1 + (k % 3), is_attachment: false });
    if (k % 9 === 0 && two.length < 140) {
      two.push({ _id: `${id}a`, line_item: c.att, qty: 2, is_attachment: true, parentId: id });
    }
  }
  return [
    { name: 'Kitchen "north"', premiums: { ...fullGroup(c).premiums, tall_door_style: c.td }, items: one },
    {
      name: 'Laundry',
      premiums: { ...fullGroup(c).premiums, wood_species: null, finish_option: null },
      items: two,
    },
  ];
}

const create = async (groups: unknown[]) => {
  const res = await t.call(ordersApi.create, { token: personal, body: { name: 'Many lines', groups } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const detail = async (id: number) => {
  const res = await t.call(ordersApi.detail, { token: admin, params: { id } });
  expect(res.status).toBe(200);
  return res.body;
};
/** Every line as the detail shows it, without the database ids. */
const wireLines = (order: any) => order.groups.flatMap((g: any) => g.items.map(({ id: _id, ...line }: any) => line));
/** Every stored line, all columns but the row's own and owners' ids, in line order. */
const storedLines = async (orderId: number) =>
  (
    await db()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, orderId))
      .orderBy(asc(schema.orderItems.groupId), asc(schema.orderItems.position))
  ).map(({ id: _i, orderId: _o, groupId: _g, ...line }) => line);

describe('recalculate on a 300-line order', () => {
  it('stores every line as a fresh order of the same lines prices it, and answers each moved line', async () => {
    const groups = manyLines();
    const order = await create(groups);
    const bystander = await create(groups);
    const original = wireLines(order);
    expect(original).toHaveLength(300);
    expect(original.filter((l: any) => l.is_attachment).length).toBeGreaterThan(20);

    // Today's catalogue moves: two items' prices, a door style's price, the finish percentage,
    // the finished side's price and code, and a description (with characters an array literal
    // must escape) of a line whose price does not move.
    await db()
      .update(schema.lineItems)
      .set({ priceCents: 31_700 as Cents })
      .where(eq(schema.lineItems.id, c.base));
    await db()
      .update(schema.lineItems)
      .set({ priceCents: 2_650 as Cents })
      .where(eq(schema.lineItems.id, c.att));
    await db()
      .update(schema.lineItems)
      .set({ description: 'Wall "30" \\ {a,b} NULL, é' })
      .where(eq(schema.lineItems.id, c.wall));
    await db()
      .update(schema.premiums)
      .set({ priceCents: 2_300 as Cents })
      .where(eq(schema.premiums.id, c.bd));
    await db()
      .update(schema.premiums)
      .set({ percentageBp: 1_200 as BasisPoints })
      .where(eq(schema.premiums.id, c.fo));
    await db()
      .update(schema.premiums)
      .set({ priceCents: 3_400 as Cents, code: 'ZF"SIDE\\' })
      .where(eq(schema.premiums.id, c.fs));

    const before = await detail(order.id);
    const res = await t.call(ordersApi.recalculate, { token: admin, params: { id: order.id }, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fresh = await create(groups);
    const expected = wireLines(fresh);

    // Every line, read back through the detail: unit price, total, breakdown, final prices, snapshot.
    const shown = await detail(order.id);
    const lines = wireLines(shown);
    expect(lines).toHaveLength(300);
    for (const [n, line] of lines.entries()) expect(line, `line ${n + 1}`).toEqual(expected[n]);
    expect(lines).toEqual(expected);
    expect(wireLines(res.body.order)).toEqual(expected);
    // And as stored (the breakdown's jsonb, the codes frozen into it).
    expect(await storedLines(order.id)).toEqual(await storedLines(fresh.id));
    const stored = await storedLines(order.id);
    // The premiums' codes are frozen into the breakdown beside the engine's parts (service itemColumns).
    const side = stored.find((l) => l.finishedSideId !== null)!.breakdown.finished_side as { code?: string } | null;
    expect(side?.code).toBe('ZF"SIDE\\');
    expect(stored.filter((l) => l.description === 'Wall "30" \\ {a,b} NULL, é').length).toBeGreaterThan(50);

    // The order's totals and groups as the fresh order's.
    for (const key of [
      'subtotal',
      'total_before_tax',
      'sales_tax_amount',
      'total_price',
      'error_count',
      'item_count',
    ]) {
      expect(shown[key], key).toEqual(fresh[key]);
    }
    expect(shown.groups.map((g: any) => [g.subtotal, g.errors])).toEqual(
      fresh.groups.map((g: any) => [g.subtotal, g.errors]),
    );

    // The answer: each line whose unit or total price moved, numbered across the groups.
    const moved = original.flatMap((old: any, n: number) => {
      const now = expected[n];
      if (old.unit_price === now.unit_price && old.total_price === now.total_price) return [];
      return [
        {
          line_item_number: n + 1,
          manufacturer_code: now.manufacturer_code,
          old_unit_price: old.unit_price,
          new_unit_price: now.unit_price,
          old_total_price: old.total_price,
          new_total_price: now.total_price,
        },
      ];
    });
    expect(moved.length).toBeGreaterThan(100);
    expect(moved.length).toBeLessThan(300);
    expect(res.body.changes).toEqual(moved);
    expect(res.body.old_total_price).toBe(order.total_price);
    expect(res.body.new_total_price).toBe(fresh.total_price);

    // One version bump; one audit event.
    expect(shown.version).toBe(before.version + 1);
    expect(res.body.order.version).toBe(shown.version);
    const events = await t.call(auditApi.events, {
      token: admin,
      query: { entity: 'order', entity_id: String(order.id) },
    });
    const recalcs = events.body.results.filter((e: any) => e.action === 'recalculate');
    expect(recalcs).toHaveLength(1);
    expect(recalcs[0].before.subtotal).toBe(order.subtotal);
    expect(recalcs[0].after.subtotal).toBe(fresh.subtotal);
    expect(recalcs[0].after.changed_lines).toBe(moved.length);

    // Another order with the same lines is left alone.
    expect(wireLines(await detail(bystander.id))).toEqual(wireLines(bystander));

    // A second recalculate finds nothing to move and still bumps the version once.
    const again = await t.call(ordersApi.recalculate, { token: admin, params: { id: order.id }, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.changes).toEqual([]);
    expect(wireLines(again.body.order)).toEqual(expected);
    expect(again.body.order.version).toBe(shown.version + 1);
  });
});

import { ordersApi } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeOrder, orderRow, setupFixture, submit, submitForm } from './orders-lifecycle-helpers.ts';

/**
 * Issue 15: stop_editing or fix racing PUT groups took the order's locks in opposite orders and
 * deadlocked on PostgreSQL (17 of 20 pairs answered 500). Every write now locks the order row
 * first. Meaningful with TEST_DATABASE_URL (PostgreSQL); on PGlite the calls run one at a time.
 */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const PAIRS = 20;

/** An ORDERED order the shop is editing. */
async function editing() {
  const order = await makeOrder(f, 'PERSONAL', { items: 3 });
  expect((await submit(f, f.tokens.PERSONAL, order.id, submitForm(f))).status).toBe(200);
  const start = await f.t.call(ordersApi.startEditing, { token: f.tokens.STAFF, params: { id: order.id } });
  expect(start.status).toBe(200);
  return start.body;
}

/** The groups of `order` as a save sends them, plus a door line without a door style (group errors). */
const withError = (order: any) => [
  {
    name: 'G1',
    premiums: order.groups[0].premiums,
    items: [
      ...order.groups[0].items.map((i: any) => ({ _id: i._id, line_item: i.line_item, qty: i.qty + 1 })),
      { _id: 'door', line_item: f.doorItem, qty: 1 },
    ],
  },
];

describe('racing writes on one order', () => {
  it(`stop_editing racing PUT groups: ${PAIRS} pairs, no 500, error_count right after`, async () => {
    for (let n = 0; n < PAIRS; n++) {
      const order = await editing();
      const [save, stop] = await Promise.all([
        f.t.call(ordersApi.replaceGroups, {
          token: f.tokens.STAFF,
          params: { id: order.id },
          body: { groups: withError(order) },
        }),
        f.t.call(ordersApi.stopEditing, { token: f.tokens.STAFF, params: { id: order.id } }),
      ]);
      expect(save.status, JSON.stringify(save.body)).toBeLessThan(500);
      expect(stop.status, JSON.stringify(stop.body)).toBeLessThan(500);
      const row = await orderRow(f, order.id);
      const detail = await f.t.call(ordersApi.detail, { token: f.tokens.STAFF, params: { id: order.id } });
      const groupErrors = detail.body.groups.reduce((k: number, g: any) => k + g.errors.length, 0);
      expect(row.errorCount).toBe(groupErrors);
      // The save's door line is stored: its group errors count.
      if (save.status === 200) expect(row.errorCount).toBeGreaterThan(0);
      // Editing ended only on an order without errors as stored then; an approve needs none now.
      if (!row.inEditingMode && row.errorCount > 0) {
        const approve = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: order.id } });
        expect(approve.status).toBe(400);
      }
    }
  });

  it(`fix racing PUT groups: ${PAIRS} pairs, no 500, error_count as the last writer left it`, async () => {
    for (let n = 0; n < PAIRS; n++) {
      const order = await editing();
      const [save, fix] = await Promise.all([
        f.t.call(ordersApi.replaceGroups, {
          token: f.tokens.STAFF,
          params: { id: order.id },
          body: { groups: withError(order) },
        }),
        f.t.call(ordersApi.fix, { token: f.tokens.STAFF, params: { id: order.id } }),
      ]);
      expect(save.status, JSON.stringify(save.body)).toBeLessThan(500);
      expect(fix.status, JSON.stringify(fix.body)).toBeLessThan(500);
      const detail = await f.t.call(ordersApi.detail, { token: f.tokens.STAFF, params: { id: order.id } });
      const groupErrors = detail.body.groups.reduce((k: number, g: any) => k + g.errors.length, 0);
      expect(detail.body.error_count).toBe(groupErrors);
      if (save.status === 200) expect(detail.body.error_count).toBeGreaterThan(0);
    }
  });
});

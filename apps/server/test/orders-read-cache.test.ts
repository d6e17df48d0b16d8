import { schema } from '@cab/db';
import { addDays, invoicesApi, ordersApi, type Role, todayIn } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from './invoices-helpers.ts';
import { type Fixture, makeOrder, setupFixture } from './orders-lifecycle-helpers.ts';

/**
 * Decision 0025: the order detail and the list rows are kept per server process and served again
 * only while what they show has not changed. Each test reads once (kept), changes one thing the
 * answer shows, and reads again: the second answer must show the change.
 */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const detail = (role: Role, id: number) => f.t.call(ordersApi.detail, { token: f.tokens[role], params: { id } });
const listRow = async (role: Role, id: number) => {
  const res = await f.t.call(ordersApi.list, { token: f.tokens[role], query: { page_size: '100' } });
  expect(res.status).toBe(200);
  return res.body.results.find((r: { id: number }) => r.id === id);
};
const rename = (first: string) =>
  f.t.handle.db.update(schema.users).set({ firstName: first }).where(eq(schema.users.id, f.userIds.PERSONAL));

describe('kept answers follow what they show', () => {
  it('an order write shows at once in the detail and the list', async () => {
    const o = await makeOrder(f, 'PERSONAL', { items: 1, name: 'Cache one' });
    expect((await detail('PERSONAL', o.id)).body.item_count).toBe(o.item_count);
    expect((await listRow('ADMIN', o.id)).item_count).toBe(o.item_count);
    const items = [0, 1, 2].map((i) => ({ _id: `n${i}`, line_item: f.plainItem, qty: 1, is_attachment: false }));
    const saved = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.PERSONAL,
      params: { id: o.id },
      body: { groups: [{ ...o.groups[0], items }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.item_count).not.toBe(o.item_count);
    const again = await detail('PERSONAL', o.id);
    expect(again.body.item_count).toBe(saved.body.item_count);
    expect(again.body.version).toBe(saved.body.version);
    expect(again.body.total_price).toBe(saved.body.total_price);
    const row = await listRow('ADMIN', o.id);
    expect(row.item_count).toBe(saved.body.item_count);
    expect(row.total_price).toBe(saved.body.total_price);
  });

  it("the customer's new name shows though the order did not change", async () => {
    const o = await makeOrder(f, 'PERSONAL', { name: 'Cache two' });
    const before = await detail('ADMIN', o.id);
    await listRow('ADMIN', o.id);
    try {
      await rename('Renamed');
      const after = await detail('ADMIN', o.id);
      expect(after.body.version).toBe(before.body.version);
      expect(JSON.stringify(after.body)).toContain('Renamed');
      expect(JSON.stringify(before.body)).not.toContain('Renamed');
      expect((await listRow('ADMIN', o.id)).customer_display).toContain('Renamed');
    } finally {
      await rename('Paula');
    }
  });

  it('each reader gets their own answer, and reach is checked on every read', async () => {
    const o = await makeOrder(f, 'PERSONAL', { name: 'Cache three' });
    const admin = await detail('ADMIN', o.id);
    const owner = await detail('PERSONAL', o.id);
    expect(admin.status).toBe(200);
    expect(owner.status).toBe(200);
    // The shop may do more with a bid than its customer: the answers are not shared.
    expect(admin.body.allowed_actions).not.toEqual(owner.body.allowed_actions);
    expect((await detail('ADMIN', o.id)).body.allowed_actions).toEqual(admin.body.allowed_actions);
    expect((await detail('PERSONAL', o.id)).body.allowed_actions).toEqual(owner.body.allowed_actions);
    // Another customer, after both copies were kept: still 404.
    expect((await detail('BUSINESS_EMPLOYEE', o.id)).status).toBe(404);
  });

  it('a moved order is read anew, never from the copy of its old version', async () => {
    const o = await makeOrder(f, 'PERSONAL', { name: 'Cache four' });
    await detail('ADMIN', o.id);
    const cancelled = await f.t.call(ordersApi.cancel, { token: f.tokens.ADMIN, params: { id: o.id } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await detail('ADMIN', o.id);
    expect(after.body.status).toBe(cancelled.body.status);
    expect(after.body.cancelled_at).toBe(cancelled.body.cancelled_at);
    expect((await listRow('ADMIN', o.id)).status).toBe(cancelled.body.status);
  });

  it("a payment shows in the order's invoice at once (the invoice stamp is read with the order's)", async () => {
    const order = await approvedOrder(f);
    const before = (await detail('PERSONAL', order.id)).body.invoice;
    expect(before.status).not.toBe('PAID');
    const inv = await f.t.call(invoicesApi.detail, { token: f.tokens.ADMIN, params: { id: order.invoice.id } });
    const m = inv.body.milestones[0];
    const paid = await f.t.call(invoicesApi.pay, {
      token: f.tokens.ADMIN,
      params: { id: m.id },
      body: { method: 'CHECK', reference: 'CHK 7', received_on: addDays(todayIn(), -30) },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const after = (await detail('PERSONAL', order.id)).body.invoice;
    expect(after.paid).toBe(m.amount);
    expect(after.balance).not.toBe(before.balance);
  });
});

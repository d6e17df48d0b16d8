import { type DbHandle, schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';

/** The demo remakes and print records (apps/server/src/seed/remakes.ts), with the demo finance rules. */

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await seed(handle.db, { demoOrders: true });
});
afterAll(() => handle.close());

describe('demo remakes', () => {
  it('has remakes in each status; approved ones link a remake order in production, $0.00 unless charged', async () => {
    const rows = await handle.db.select().from(schema.remakes);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['OPEN', 'APPROVED', 'REJECTED']));
    const approved = rows.filter((r) => r.status === 'APPROVED');
    expect(approved.length).toBe(2);
    const made = await handle.db
      .select()
      .from(schema.orders)
      .where(
        inArray(
          schema.orders.id,
          approved.map((r) => r.remakeOrderId!),
        ),
      );
    for (const r of approved) {
      const order = made.find((o) => o.id === r.remakeOrderId)!;
      expect(order.status).toBe('VERIFIED');
      // Created no later than it was verified, and after the order it remakes (issue 35).
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(order.verifiedAt!.getTime());
      const [source] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, r.orderId));
      expect(order.createdAt.getTime()).toBeGreaterThan(source!.createdAt.getTime());
      // Free of charge: everything discounted away. The shop's fixed fees (a small-order
      // surcharge) still apply to an order with lines (decision 0019); see decision 0029.
      if (r.charged) expect(order.totalAfterDiscount).toBeGreaterThan(0);
      else expect(order.totalAfterDiscount, JSON.stringify(order.pricingSteps)).toBe(0);
    }
    const rejected = rows.find((r) => r.status === 'REJECTED')!;
    expect(rejected.rejectReason).toBeTruthy();
    expect(rejected.remakeOrderId).toBeNull();
  });

  it('has label print records, and a second seed adds nothing', async () => {
    const prints = await handle.db.select().from(schema.labelPrints);
    expect(prints.length).toBeGreaterThan(0);
    expect(prints.every((p) => p.labelCount > 0 && p.printedById !== null)).toBe(true);
    const before = (await handle.db.select().from(schema.remakes)).length;
    await seed(handle.db, { demoOrders: true });
    expect((await handle.db.select().from(schema.remakes)).length).toBe(before);
    const shelf = await handle.db.select().from(schema.labelPrints).where(eq(schema.labelPrints.mode, 'SHELF'));
    expect(shelf.length).toBeLessThanOrEqual(1);
  });
});

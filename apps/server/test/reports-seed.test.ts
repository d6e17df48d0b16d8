import { type DbHandle, schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import { isBusinessDay } from '@cab/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';

/** The demo planned days (apps/server/src/seed/planner.ts). */
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await seed(handle.db, { demoOrders: true });
}, 300_000);
afterAll(() => handle.close());

describe('demo plans', () => {
  it('plans most open demo orders on working days, and leaves some unplanned', async () => {
    const plans = await handle.db.select().from(schema.orderPlans);
    expect(plans.length).toBeGreaterThan(0);
    const jan1 = (d: string) => d.slice(5) === '01-01';
    for (const p of plans) expect(isBusinessDay(p.plannedDate, jan1), p.plannedDate).toBe(true);
    const planned = await handle.db
      .select({ status: schema.orders.status })
      .from(schema.orders)
      .where(
        inArray(
          schema.orders.id,
          plans.map((p) => p.orderId),
        ),
      );
    for (const o of planned) expect(['VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED']).toContain(o.status);
    const open = await handle.db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(inArray(schema.orders.status, ['VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED']));
    expect(open.length).toBeGreaterThan(plans.length);
    const events = await handle.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.entity, 'order_plan'));
    expect(events).toHaveLength(plans.length);
  });

  it('running the seed again plans nothing more', async () => {
    const before = await handle.db.$count(schema.orderPlans);
    await seed(handle.db, { demoOrders: true });
    expect(await handle.db.$count(schema.orderPlans)).toBe(before);
  });
});

import { type DbHandle, schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';

/** The demo production (apps/server/src/seed/production.ts): cabinets, sessions of each type, statuses kept. */

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await seed(handle.db, { demoOrders: true });
});
afterAll(() => handle.close());

describe('demo production', () => {
  it('orders in production have their cabinets, completed and shipped as their status says', async () => {
    const db = handle.db;
    const orders = await db.select().from(schema.orders);
    const cabinets = await db.select().from(schema.cabinets);
    const of = (id: number) => cabinets.filter((c) => c.orderId === id);
    const inProduction = orders.filter((o) =>
      ['VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED', 'COMPLETED', 'SHIPPED'].includes(o.status),
    );
    expect(inProduction.length).toBeGreaterThan(0);
    for (const o of inProduction) {
      const mine = of(o.id);
      expect(mine.length, `order ${o.id}`).toBeGreaterThan(0);
      if (o.status === 'SHIPPED') expect(mine.every((c) => c.shippedAt !== null)).toBe(true);
      if (o.status === 'COMPLETED') expect(mine.every((c) => c.completedAt !== null)).toBe(true);
      if (o.status === 'PARTIALLY_COMPLETED') expect(mine.some((c) => c.completedAt === null)).toBe(true);
    }
    for (const o of orders.filter((o) => ['BID', 'ORDERED', 'DECLINED'].includes(o.status))) {
      expect(of(o.id)).toHaveLength(0);
    }
    const partly = inProduction.filter((o) => o.status === 'PARTIALLY_COMPLETED');
    expect(partly.some((o) => of(o.id).some((c) => c.completedAt !== null))).toBe(true);
  });

  it('a few scan sessions of each type, with their scans; a second seed adds none', async () => {
    const db = handle.db;
    const sessions = await db.select().from(schema.scanSessions);
    expect(new Set(sessions.map((s) => s.type))).toEqual(new Set(['PRODUCTION', 'SHIPPING', 'AUDIT']));
    for (const s of sessions) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.scans)
        .where(eq(schema.scans.sessionId, s.id));
      expect(Number(row?.n), s.type).toBeGreaterThan(0);
    }
    const results = new Set((await db.select().from(schema.scans)).map((s) => s.result));
    expect(results).toEqual(new Set(['OK', 'DUPLICATE', 'UNKNOWN']));
    await seed(handle.db, { demoOrders: true });
    expect(await db.select().from(schema.scanSessions)).toHaveLength(sessions.length);
  });
});

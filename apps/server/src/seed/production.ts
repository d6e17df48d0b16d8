import { type Executor, schema } from '@cab/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, Ctx, RequestContext } from '../kit/context.ts';
import { closeSession, openSession, orderCabinets, scan } from '../modules/production/index.ts';

/**
 * Demo production (issue 18, decision 0028), through the production module as the shop floor
 * would: the demo orders got their cabinets when they were approved (and the ones completed or
 * shipped by hand had theirs finished then); here a few scan sessions of each type scan some of
 * them, today, so the scan pages and the completion log show something on first start. Runs only
 * while there is no scan session yet.
 */

const { orders, scanSessions, users } = schema;

const actorOf = (u: typeof users.$inferSelect): Actor => ({
  id: u.id,
  email: u.email,
  role: u.isStaff ? 'ADMIN' : 'STAFF',
  companyId: null,
  tokenId: 0,
  mustChangePassword: false,
});

async function ordersIn(db: Executor, status: 'PARTIALLY_COMPLETED' | 'COMPLETED' | 'SHIPPED', limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.status, status))
    .orderBy(asc(orders.id))
    .limit(limit);
}

export async function seedDemoProduction(ctx: RequestContext): Promise<number> {
  const db = ctx.db;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(scanSessions);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const shop = await db
    .select()
    .from(users)
    .where(inArray(users.email, ['admin@demo.test', 'staff@demo.test']));
  const staffRow = shop.find((u) => u.email === 'staff@demo.test') ?? shop[0];
  const adminRow = shop.find((u) => u.email === 'admin@demo.test') ?? staffRow;
  if (!staffRow || !adminRow) return 0;
  const staff: Ctx = { ...ctx, actor: actorOf(staffRow) };
  const admin: Ctx = { ...ctx, actor: actorOf(adminRow) };
  let sessions = 0;

  // PRODUCTION: about half the cabinets of the partly completed orders (never all), a duplicate
  // and a code that is no cabinet; the session stays open for the next shift.
  const production = await openSession(staff, { type: 'PRODUCTION', station: 'Assembly 1' });
  sessions++;
  for (const { id } of await ordersIn(db, 'PARTIALLY_COMPLETED', 4)) {
    const cabinets = await orderCabinets(db, id);
    const pending = cabinets.filter((c) => c.completedAt === null);
    const share = Math.min(Math.floor(cabinets.length / 2), pending.length - 1);
    const scanned = pending.slice(0, Math.max(0, share));
    for (const c of scanned) await scan(staff, production.id, { code: c.barcode });
    // The first one again: a duplicate, counted once.
    if (scanned[0]) await scan(staff, production.id, { code: scanned[0].barcode });
  }
  await scan(staff, production.id, { code: 'W3036-SHELF' });

  // SHIPPING: one cabinet of each of two completed orders is picked up; the session is closed.
  const shipping = await openSession(admin, { type: 'SHIPPING', station: 'Dock' });
  sessions++;
  for (const { id } of await ordersIn(db, 'COMPLETED', 2)) {
    const [first] = await orderCabinets(db, id);
    if (first) await scan(admin, shipping.id, { code: first.barcode });
  }
  await closeSession(admin, shipping.id);

  // AUDIT: a count of shipped orders' cabinets, one counted twice; closed.
  const audit = await openSession(staff, { type: 'AUDIT', station: 'Yard' });
  sessions++;
  for (const { id } of await ordersIn(db, 'SHIPPED', 2)) {
    const cabinets = await orderCabinets(db, id);
    for (const c of cabinets.slice(0, 3)) await scan(staff, audit.id, { code: c.barcode });
    if (cabinets[0]) await scan(staff, audit.id, { code: cabinets[0].barcode });
  }
  await closeSession(staff, audit.id);
  return sessions;
}

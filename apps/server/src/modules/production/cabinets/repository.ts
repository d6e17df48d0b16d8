import { type Executor, schema } from '@cab/db';
import { and, asc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';

/** Production's cabinets (decision 0028): one row per unit of every line of an approved order. */
const { cabinets } = schema;

export type CabinetRow = typeof cabinets.$inferSelect;
export type NewCabinet = typeof cabinets.$inferInsert;

/** A time the caller gives (the demo seed replays a history) or the database's now(). */
export const timeOf = (at: Date | undefined): Date | SQL => at ?? sql`now()`;

export const cabinetsOf = (db: Executor, orderId: number) =>
  db.select().from(cabinets).where(eq(cabinets.orderId, orderId)).orderBy(asc(cabinets.lineNo), asc(cabinets.unitNo));

export async function cabinetsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, CabinetRow>();
  const rows = await db
    .select()
    .from(cabinets)
    .where(inArray(cabinets.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Writes the cabinets an order should have: new ones inserted, the snapshot of pending ones
 * refreshed; pending cabinets whose line or unit is gone deleted (an order edited while VERIFIED).
 * Answers how many the order has.
 */
export async function syncCabinets(db: Executor, orderId: number, wanted: NewCabinet[]) {
  for (let i = 0; i < wanted.length; i += 500) {
    await db
      .insert(cabinets)
      .values(wanted.slice(i, i + 500))
      .onConflictDoUpdate({
        target: cabinets.barcode,
        set: {
          orderItemId: sql`excluded.order_item_id`,
          manufacturerCode: sql`excluded.manufacturer_code`,
          description: sql`excluded.description`,
        },
        setWhere: isNull(cabinets.completedAt),
      });
  }
  const keep = wanted.map((c) => c.barcode);
  await db
    .delete(cabinets)
    .where(
      and(
        eq(cabinets.orderId, orderId),
        isNull(cabinets.completedAt),
        isNull(cabinets.shippedAt),
        keep.length ? notInArray(cabinets.barcode, keep) : undefined,
      ),
    );
  return wanted.length;
}

/** The hand moves: every cabinet of the order not yet complete (or shipped) is marked so. */
export async function completeRemaining(db: Executor, orderId: number, by: { userId: number; at?: Date }) {
  const rows = await db
    .update(cabinets)
    .set({ completedAt: timeOf(by.at), completedBy: by.userId })
    .where(and(eq(cabinets.orderId, orderId), isNull(cabinets.completedAt)))
    .returning({ id: cabinets.id });
  return rows.length;
}

export async function shipRemaining(db: Executor, orderId: number, by: { userId: number; at?: Date }) {
  const at = timeOf(by.at);
  const rows = await db
    .update(cabinets)
    .set({
      shippedAt: at,
      shippedBy: by.userId,
      completedAt: sql`coalesce(${cabinets.completedAt}, ${at})`,
      completedBy: sql`coalesce(${cabinets.completedBy}, ${by.userId})`,
    })
    .where(and(eq(cabinets.orderId, orderId), isNull(cabinets.shippedAt)))
    .returning({ id: cabinets.id });
  return rows.length;
}

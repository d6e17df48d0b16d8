import { type Executor, schema } from '@cab/db';
import { desc, eq, sql } from 'drizzle-orm';

const { labelPrints } = schema;

export type LabelPrintRow = typeof labelPrints.$inferSelect;
export type NewLabelPrint = typeof labelPrints.$inferInsert;

export async function insertPrint(db: Executor, values: NewLabelPrint): Promise<LabelPrintRow> {
  const [row] = await db.insert(labelPrints).values(values).returning();
  return row!;
}

/** An order's print records, newest first (at most `limit`), and how many it has. */
export async function printsOfOrder(
  db: Executor,
  orderId: number,
  limit: number,
): Promise<{ rows: LabelPrintRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.select().from(labelPrints).where(eq(labelPrints.orderId, orderId)).orderBy(desc(labelPrints.id)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(labelPrints).where(eq(labelPrints.orderId, orderId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

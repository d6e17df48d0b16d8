import { type Executor, schema } from '@cab/db';

const { labelPrints } = schema;

export type LabelPrintRow = typeof labelPrints.$inferSelect;
export type NewLabelPrint = typeof labelPrints.$inferInsert;

export async function insertPrint(db: Executor, values: NewLabelPrint): Promise<LabelPrintRow> {
  const [row] = await db.insert(labelPrints).values(values).returning();
  return row!;
}

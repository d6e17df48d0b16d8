import type { SQL } from 'drizzle-orm';
import type { Executor } from './types.ts';

/**
 * The rows of a raw SQL statement on a database or a transaction: node-postgres and PGlite both
 * answer `{ rows }` of objects keyed by column name (with their own parsing of each type).
 */
export async function rowsOf<R>(db: Executor, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

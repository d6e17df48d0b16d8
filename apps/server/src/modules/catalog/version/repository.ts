import { CATALOG_VERSION_KEY, type Executor } from '@cab/db';
import { sql } from 'drizzle-orm';
import { preparedRows } from '../../../kit/json-rows.ts';

const VERSION = sql`select value #>> '{}' as value from settings where key = ${CATALOG_VERSION_KEY}`;

/** The version as an SQL expression, for a statement that reads it with its own rows (the order's stamp). */
export const catalogVersionSql = sql`(${VERSION})`;

/** The catalogue's current version: a token that changes with each write ('' before the first). */
export async function catalogVersion(db: Executor): Promise<string> {
  // Read before every cached answer, so a prepared statement: no query building per request.
  const [row] = await preparedRows<{ value: string | null }>(db, VERSION);
  return row?.value ?? '';
}

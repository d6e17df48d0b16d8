import { type Executor, rowsOf } from '@cab/db';
import { parseOrderBy } from '@cab/shared';
import { type AnyColumn, asc, type Column, desc, getTableName, ilike, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';

/**
 * The list kit's server half (docs/decisions/0008-list-kit.md): a repository turns a list
 * query into `{ rows, total }` with `paginate()`, ordering with `orderBy()` and counting with
 * the counter the list can afford.
 */

export interface Page<R> {
  rows: R[];
  total: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * page / page_size (as validated by `listQuery()`) to LIMIT / OFFSET. `defaultSize` only for
 * lists whose size the server picks (listQuery without pageSize).
 */
export function pageWindow(query: { page: number; page_size: number }): PageWindow;
export function pageWindow(query: { page?: number; page_size?: number }, defaultSize: number): PageWindow;
export function pageWindow(query: { page?: number; page_size?: number }, defaultSize?: number): PageWindow {
  const size = query.page_size ?? defaultSize ?? 1;
  return { limit: size, offset: ((query.page ?? 1) - 1) * size };
}

/** How a list learns its total. */
export type Counter = () => Promise<number>;

/**
 * Fetches one window and its total. The total is counted only when the page alone cannot tell
 * it: a short page on a known offset is its own count, so most filtered pages cost one query.
 */
export async function paginate<R>(
  window: PageWindow,
  fetchRows: (window: PageWindow) => Promise<R[]>,
  count: Counter,
): Promise<Page<R>> {
  const rows = await fetchRows(window);
  if (rows.length > 0 && rows.length < window.limit) return { rows, total: window.offset + rows.length };
  if (rows.length === 0 && window.offset === 0) return { rows, total: 0 };
  return { rows, total: await count() };
}

/** count(*) of the rows matching `where`: exact, for tables that stay small. */
export function exactCount(db: Executor, table: PgTable, where?: SQL): Counter {
  return async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
    return row?.n ?? 0;
  };
}

/** One page of a table's rows matching `where`, newest first (`at`, then the id), with an exact total. */
export function newestFirstPage<T extends PgTable & { id: AnyColumn }>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  at: AnyColumn,
  window: PageWindow,
): Promise<Page<T['$inferSelect']>> {
  return paginate(
    window,
    (w) =>
      db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(desc(at), desc(table.id))
        .limit(w.limit)
        .offset(w.offset) as Promise<T['$inferSelect'][]>,
    exactCount(db, table, where),
  );
}

/**
 * Totals by database and statement (text and values): an estimate is kept for ESTIMATE_TTL_MS (it
 * is "about N" anyway), an exact count for EXACT_TTL_MS: a name search of the shop's orders
 * (`name=kowal`: 3,500 of 100,000 match) is counted by re-reading every match from the heap (the
 * trigram index cannot answer alone), 10-20 ms a request; once a second is enough.
 */
const totals = new WeakMap<object, Map<string, Total>>();
interface Total {
  /** Undefined until the first count is taken. */
  n?: number;
  until: number;
  /** The count being taken (one per key, however many ask). */
  taking?: Promise<number>;
}
const dialect = new PgDialect();
const ESTIMATE_TTL_MS = 10_000;
const EXACT_TTL_MS = 1_000;
const MAX_ESTIMATES = 1_000;

/**
 * For large tables (orders: 100,000 rows): the planner's row estimate, made exact by a real
 * count when the estimate is below `exactBelow`. A list whose total is only an estimate shows it
 * as "about N" (decision 0008); the pager still works. A large estimate is reused for 10 s and an
 * exact count for 1 s, so a busy list neither plans nor counts on every request. Once a total is
 * due, the next request takes it again while the others asking meanwhile keep the one there was
 * (64 requests counting the same 3,500 matches at once made the name search's p95 several times
 * its median); concurrent first asks wait for one count. A total may lag a change to the table by
 * that long (plus one count, for a request that came while it was taken).
 */
export function estimatedCount(db: Executor, table: PgTable, where?: SQL, exactBelow = 10_000): Counter {
  return async () => {
    const query = db.select({ one: sql`1` }).from(table).where(where);
    const { sql: text, params } = query.toSQL();
    return keptTotal(db, `${exactBelow}\u0000${text}\u0000${JSON.stringify(params)}`, async () => {
      const [plan] = await rowsOf<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
      const json = Object.values(plan ?? {})[0];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
      const estimate = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
      const exact = estimate < exactBelow;
      return {
        n: exact ? await exactCount(db, table, where)() : estimate,
        ttl: exact ? EXACT_TTL_MS : ESTIMATE_TTL_MS,
      };
    });
  };
}

/**
 * An exact total read by `query` (one row, one number) and, like an exact count above, kept for
 * 1 s: the busiest lists do not count on every request. `query` reads a table of counts written
 * by triggers in the writing transactions (order_week_counts), or counts what an index holds (the
 * late report's 40,000 open orders past due: 10-60 ms, which was most of its page's cost).
 */
export function keptCount(db: Executor, query: SQL): Counter {
  return async () => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return keptTotal(db, `kept\u0000${text}\u0000${JSON.stringify(params)}`, async () => {
      const rows = await rowsOf<Record<string, unknown>>(db, query);
      return { n: Number(Object.values(rows[0] ?? {})[0] ?? 0), ttl: EXACT_TTL_MS };
    });
  };
}

/**
 * The total kept under `key` for this database, taken by `take` when due (see estimatedCount:
 * one request takes it, the others keep the one there was or wait for the first).
 */
async function keptTotal(db: Executor, key: string, take: () => Promise<{ n: number; ttl: number }>): Promise<number> {
  let known = totals.get(db);
  if (!known) {
    known = new Map();
    totals.set(db, known);
  }
  let total = known.get(key);
  if (total?.n !== undefined && (Date.now() < total.until || total.taking)) return total.n;
  if (total?.taking) return total.taking; // the first count, under way
  if (!total) {
    if (known.size >= MAX_ESTIMATES) known.clear();
    total = { until: 0 };
    known.set(key, total);
  }
  const entry = total;
  // Due (or never taken): this request takes it and waits; a failed count is taken again next time.
  entry.taking = (async () => {
    const { n, ttl } = await take();
    entry.n = n;
    entry.until = Date.now() + ttl;
    return n;
  })().finally(() => {
    entry.taking = undefined;
  });
  return entry.taking;
}

/**
 * The whole of a large table (the line items: 50,000 rows): what the planner would estimate (its
 * analyzed rows per page times its pages now), exact below `exactBelow`. `known`: the estimate the
 * page's own statement already read (tableEstimate), if it did. A table never analyzed (PGlite has
 * no autovacuum) is counted, and analyzed once it is large, so later pages use the estimate.
 */
export function estimatedTableCount(
  db: Executor,
  table: PgTable,
  known?: () => number | null | undefined,
  exactBelow = 10_000,
): Counter {
  const name = getTableName(table);
  const count = exactCount(db, table);
  return async () => {
    let estimate = known?.();
    if (estimate === undefined) {
      const [row] = await rowsOf<{ n: string | number | null }>(db, sql`select ${tableEstimate(table)} as n`);
      const n = row?.n;
      estimate = n === null || n === undefined ? null : Number(n);
    }
    if (estimate !== null && estimate >= exactBelow) return estimate;
    const n = await count();
    if (estimate === null && n >= exactBelow) await db.execute(sql`analyze ${sql.identifier(name)}`);
    return n;
  };
}

/**
 * The planner's row count of `table` now (its analyzed rows per page times its pages), or null
 * when it was never analyzed. A scalar subquery, so a page query can carry it as a column.
 */
export const tableEstimate = (table: PgTable) =>
  sql<
    string | number | null
  >`(select (c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint
    from pg_class c where c.oid = ${getTableName(table)}::regclass and c.reltuples >= 0 and c.relpages > 0)`;

/**
 * ORDER BY from a validated `order_by` (comma-joined keys, leading minus = descending). `keys`
 * maps each wire key to its column; `id` (descending) is always the last tie-breaker so pages
 * never overlap.
 */
export function orderBy(
  raw: string | undefined,
  keys: Record<string, AnyColumn | SQL>,
  fallback: string,
  idColumn: AnyColumn,
): SQL[] {
  const parts = parseOrderBy(raw || fallback);
  const out: SQL[] = [];
  let hasId = false;
  for (const { key, descending } of parts.length ? parts : parseOrderBy(fallback)) {
    const column = keys[key];
    // The query schema (orderByParam) refuses unknown keys; one that slips through is ignored.
    if (!column) continue;
    if (key === 'id') hasId = true;
    out.push(descending ? desc(column) : asc(column));
  }
  if (!hasId) out.push(desc(idColumn));
  return out;
}

/** Escapes LIKE wildcards so user text matches literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column` contains `text`, case-insensitively. */
export const contains = (column: Column | SQL, text: string) => ilike(column, likePattern(text));

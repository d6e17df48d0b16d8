import { type Executor, rowsOf } from '@cab/db';
import type { Paged } from '@cab/shared';
import { type AnyColumn, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Page } from './list.ts';

/**
 * Hot lists whose rows PostgreSQL writes as JSON text (docs/performance.md): one prepared statement
 * answers the page's rows already in their wire shape, and the server joins the strings. Node then
 * neither parses 50 rows of typed columns, maps them nor serializes them again: on the order list
 * those steps, with drizzle's query building, were most of the server's CPU per request.
 * Each such list has a test comparing every row with what the detail endpoint's TypeScript mapping
 * answers for the same record (decision 0015).
 */

/** An answer already written as JSON, typed by the value it encodes; `route()` sends it as is. */
export class JsonText<T> {
  declare readonly encodes?: T;
  constructor(readonly text: string) {}
}

/** `{ results, total }` from a page of row JSON texts. */
export const jsonPage = <T>(page: Page<string>): JsonText<Paged<T>> =>
  new JsonText(`{"results":[${page.rows.join(',')}],"total":${page.total}}`);

// JSON written by SQL: each helper is an expression whose value is JSON text (never NULL), as
// JSON.stringify writes the TypeScript it replaces. Compact (no spaces), keys in the given order.

const dialect = new PgDialect();

/**
 * `{"key":value,...}` from JSON-text expressions (keys are code constants, not input). Rendered
 * to its SQL text once, when it has no parameters: drizzle otherwise walks its hundred-odd chunks
 * on every request (14 % of the item list's CPU).
 */
export function jsonObject(fields: Record<string, SQL>): SQL {
  const parts: SQL[] = [];
  let first = true;
  for (const [key, value] of Object.entries(fields)) {
    if (!/^[a-z0-9_]+$/.test(key)) throw new Error(`jsonObject: key ${key} is not a plain name`);
    parts.push(sql.raw(`'${first ? '{' : ','}"${key}":'`), value);
    first = false;
  }
  parts.push(sql.raw(first ? `'{}'` : `'}'`));
  const built = sql`concat(${sql.join(parts, sql`, `)})`;
  const rendered = dialect.sqlToQuery(built);
  return rendered.params.length ? built : sql.raw(rendered.sql);
}

const orNull = (text: SQL) => sql`coalesce(${text}, 'null')`;
/** An integer or a float (PostgreSQL 12+ writes floats shortest-exact, as JavaScript does). */
export const jsonNumber = (v: AnyColumn | SQL) => orNull(sql`(${v})::text`);
/**
 * A boolean: its text, `true` or `false`, is its JSON, as a number's is. A second name on purpose
 * (knip: not a duplicate export).
 * @alias
 */
export const jsonBoolean = jsonNumber;
/** A string, escaped as JSON.stringify escapes it. */
export const jsonString = (v: AnyColumn | SQL) => orNull(sql`to_json((${v})::text)::text`);
/** Date.toISOString(): UTC, milliseconds, `Z`. */
export const jsonIsoTimestamp = (v: AnyColumn | SQL) =>
  orNull(sql`'"' || to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`);
/** toWire(cents): a decimal string with two places ("-0.05", "1234.50"). */
export const jsonMoney = (cents: AnyColumn | SQL) =>
  orNull(sql`'"' || ((${cents})::numeric / 100)::numeric(20, 2) || '"'`);
/** A nested object, or null when `present` is false. */
export const jsonObjectOrNull = (present: SQL, fields: Record<string, SQL>) =>
  sql`case when ${present} then ${jsonObject(fields)} else 'null' end`;

/** node-postgres's Pool, or one of its clients (a transaction's), as drizzle holds them. */
interface NodePgLike {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
/** PGlite (the database or a transaction), as drizzle holds it. */
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The client drizzle sends `db`'s statements to: node-postgres's Pool for the database (`pool`
 * true), the pool's client a transaction holds (drizzle keeps it on the transaction's session), or
 * PGlite.
 */
function clientOf(db: Executor): { nodePg?: NodePgLike; pool?: boolean; pglite?: PgliteLike } {
  const client = (db as unknown as { session?: { client?: Record<string, unknown> } }).session?.client;
  if (!client || typeof client.query !== 'function') return {};
  // A Pool has its Client class; a pool's client has release().
  if (typeof client.Client === 'function') return { nodePg: client as unknown as NodePgLike, pool: true };
  if (typeof client.release === 'function') return { nodePg: client as unknown as NodePgLike };
  return { pglite: client as unknown as PgliteLike };
}

/** Reads waiting for this turn's check phase, by statement text and values (readOnce). */
const thisTurn = new Map<string, Promise<unknown[]>>();

/** The key of a read for readOnce; undefined when its values cannot be written as JSON (a bigint). */
function readKey(text: string, values: unknown[]): string | undefined {
  try {
    return `${JSON.stringify(values)}\n${text}`;
  } catch {
    return undefined;
  }
}

/**
 * A read on the pool, run once for every caller that asks for the same statement text and values
 * in the same turn of the event loop (decision 0065). The statement goes out in the turn's check
 * phase (setImmediate), after the poll phase has read every request that had arrived; a caller
 * joins only a statement not yet sent, so each caller asked before its statement left and sees
 * every write committed before it asked: the same answer it would have had alone. Fifty screens
 * refetching one list after a burst of events cost PostgreSQL one statement and Node one round
 * trip. Each caller gets its own array (the rows themselves are shared: callers only read them).
 * Never for writes, never inside a transaction.
 */
function readOnce<R>(pool: NodePgLike, name: string | undefined, text: string, values: unknown[]): Promise<R[]> {
  const key = readKey(text, values);
  if (key === undefined) return pool.query({ name, text, values }).then((r) => r.rows as R[]);
  let shared = thisTurn.get(key);
  if (!shared) {
    shared = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      thisTurn.delete(key);
      return (await pool.query({ name, text, values })).rows;
    });
    thisTurn.set(key, shared);
  }
  return shared.then((rows) => rows.slice() as R[]);
}

const statementNames = new Map<string, string>();
/** Lists whose order_by combines keys in many ways would make many texts: past this, unnamed. */
const MAX_STATEMENTS = 200;

function nameOf(text: string, constant = false) {
  let name = statementNames.get(text);
  if (!name && (constant || statementNames.size < MAX_STATEMENTS)) {
    name = `stmt_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `query` as a named prepared statement on PostgreSQL (node-postgres prepares it once per
 * connection, named after its text), in a transaction too (on the transaction's connection), else
 * as usual. For list pages: their planning cost as much as running them (the item page: 1.2-1.9 ms
 * planned against 0.4 ms run). Only for reads whose text comes from a bounded set of filter
 * shapes; values are always parameters. On the pool, callers of one turn share it (readOnce).
 */
export async function preparedRows<R>(db: Executor, query: SQL): Promise<R[]> {
  const { nodePg, pool } = clientOf(db);
  if (nodePg) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (pool) return readOnce<R>(nodePg, nameOf(text), text, params);
    return (await nodePg.query({ name: nameOf(text), text, values: params })).rows as R[];
  }
  return rowsOf<R>(db, query);
}

/**
 * Runs a constant statement text (`$1`... for the values) on `db`, a database or a transaction:
 * on PostgreSQL a named prepared statement, parsed and planned once per connection, and no query
 * built per call (drizzle's building was most of a hot write's CPU: the scan, decision 0028). On
 * PGlite the same text, unnamed. Rows keyed by column name, with the drivers' own parsing
 * (timestamptz a Date, int4 a number, boolean a boolean; avoid int8 and numeric, whose JavaScript
 * types differ between the two).
 */
export async function preparedStatement<R>(db: Executor, text: string, values: unknown[]): Promise<R[]> {
  const { nodePg, pglite } = clientOf(db);
  if (nodePg) return (await nodePg.query({ name: nameOf(text, true), text, values })).rows as R[];
  if (pglite) return (await pglite.query(text, values)).rows as R[];
  throw new Error('preparedStatement: no client under this executor');
}

/**
 * A read whose text never changes, built by drizzle once (at its first run, so it may read what
 * the wiring filled) and then run with its placeholders (`sql.placeholder('id')`) filled, as
 * preparedStatement runs it (on the pool, shared by the callers of one turn: readOnce): a hot read
 * (the order detail's stamp) builds no query per call.
 */
export function statementOnce<R>(build: () => SQL): (db: Executor, values: Record<string, unknown>) => Promise<R[]> {
  let built: { sql: string; params: unknown[] } | undefined;
  return (db, values) => {
    built ??= dialect.sqlToQuery(build());
    const params = fillPlaceholders(built.params, values);
    const { nodePg, pool } = clientOf(db);
    if (nodePg && pool) return readOnce<R>(nodePg, nameOf(built.sql, true), built.sql, params);
    return preparedStatement<R>(db, built.sql, params);
  };
}

/**
 * A page statement's rows, selected as `row` (each row's JSON text), and the `total` its first row
 * carries when the statement selects one (a count or an estimate; null when the estimate is
 * unknown, undefined when there is no row or no such column).
 */
export async function jsonRowsWithTotal(
  db: Executor,
  query: SQL,
): Promise<{ rows: string[]; total: number | null | undefined }> {
  const rows = await preparedRows<{ row: string; total?: string | number | null }>(db, query);
  const total = rows[0]?.total;
  return { rows: rows.map((r) => r.row), total: total === null || total === undefined ? total : Number(total) };
}

/** Any client that runs one SQL text and returns rows: PGlite, a pg.Client. */
export interface SqlRunner {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Schemas a backup covers: the application's tables and drizzle's migration record. */
const SCHEMAS = ['public', 'drizzle'];

export interface TableSummary {
  rows: number;
  /** md5 over the sorted md5s of every row's text: equal on any two databases holding the same rows. */
  checksum: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table, generically (tables added later are covered without a change here). */
export async function listTables(db: SqlRunner): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema = any($1) order by 1`,
    [SCHEMAS],
  );
  return rows.map((r) => r.name);
}

const qualified = (name: string) => name.split('.').map(quote).join('.');

/** Row count and checksum of every table; in UTC so a timestamp reads the same on any server. */
export async function summarizeTables(db: SqlRunner): Promise<Record<string, TableSummary>> {
  await db.query(`set timezone to 'UTC'`);
  await db.query(`set extra_float_digits to 1`);
  const out: Record<string, TableSummary> = {};
  for (const table of await listTables(db)) {
    const { rows } = await db.query<{ rows: number; checksum: string | null }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
       from (select md5(t::text) as h from ${qualified(table)} t) s`,
    );
    out[table] = { rows: rows[0]!.rows, checksum: rows[0]!.checksum ?? '' };
  }
  return out;
}

/** Tables in an order where each comes after the tables its foreign keys point to. */
async function insertOrder(db: SqlRunner, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
     join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f'`,
  );
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (seen.has(t) || path.has(t)) return;
    path.add(t);
    for (const r of rows) if (r.child === t && r.parent !== t) visit(r.parent, path);
    seen.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered.filter((t) => tables.includes(t));
}

/**
 * Tables kept by triggers on other tables (order_week_counts: migration 0023). They are copied
 * last and emptied first: where the triggers could not rest, copying their sources has filled them.
 */
const DERIVED_TABLES = ['public.order_week_counts'];

/**
 * Copies every row of every table from `source` into `target`, which has the same migrations
 * applied and no rows (a fresh database after `createDb`): the way from the embedded database to
 * PostgreSQL. Rows travel as JSON (`row_to_json` / `json_populate_recordset`), so every column
 * type round-trips; sequences are moved past the copied ids.
 */
export async function copyAllRows(source: SqlRunner, target: SqlRunner, batch = 2000): Promise<void> {
  await source.query(`set timezone to 'UTC'`);
  await target.query(`set timezone to 'UTC'`);
  // Triggers (the audit trail's append-only guard) and foreign keys rest while rows are copied,
  // where the role may do that (a superuser); otherwise tables are filled parents first.
  await target.query(`set session_replication_role = replica`).catch(() => undefined);
  const listed = (await listTables(source)).filter((t) => !t.startsWith('drizzle.'));
  const derived = listed.filter((t) => DERIVED_TABLES.includes(t));
  const tables = [
    ...(await insertOrder(
      source,
      listed.filter((t) => !derived.includes(t)),
    )),
    ...derived,
  ];
  // Rows the target's migrations and seed-free start already wrote are replaced by the backup's.
  for (const t of [...tables].reverse()) await target.query(`delete from ${qualified(t)}`).catch(() => undefined);
  for (const t of tables) {
    if (derived.includes(t)) await target.query(`delete from ${qualified(t)}`);
    const { rows: keys } = await source.query<{ attname: string }>(
      `select a.attname from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = '' order by a.attnum`,
      [qualified(t)],
    );
    const columns = keys.map((k) => quote(k.attname)).join(', ');
    for (let offset = 0; ; offset += batch) {
      const { rows } = await source.query<{ r: unknown }>(
        `select row_to_json(x) as r from (select ${columns} from ${qualified(t)} order by 1 limit ${batch} offset ${offset}) x`,
      );
      if (rows.length === 0) break;
      await target.query(
        `insert into ${qualified(t)} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${qualified(t)}, $1::json)`,
        [JSON.stringify(rows.map((r) => r.r))],
      );
      if (rows.length < batch) break;
    }
  }
  await target.query(`set session_replication_role = default`).catch(() => undefined);
  const { rows: sequences } = await target.query<{ tbl: string; col: string; seq: string }>(
    `select n.nspname || '.' || c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as seq
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
     where c.relkind = 'r' and n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) is not null`,
  );
  for (const s of sequences) {
    await target.query(
      `select setval('${s.seq}', coalesce((select max(${quote(s.col)}) from ${qualified(s.tbl)}), 0) + 1, false)`,
    );
  }
}

/**
 * What the benches on PostgreSQL share (aging.mts, orders.mts, scans.mts): where the database is, a
 * fresh one with the migrations and the demo seed, a client on it, the bench's customers beside the
 * demo ones, the real server on it and a demo user's token.
 */
import pg from 'pg';
import { createDb, DEMO_PASSWORD, seed } from '../packages/db/src/index.ts';
import { freshPgDatabase, startServer } from './lib.mjs';

/** The options of every PostgreSQL bench (for parseArgs): the server, the database it recreates, the port. */
export const pgOptions = (db: string, port: string) =>
  ({
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    db: { type: 'string', default: db },
    port: { type: 'string', default: port },
  }) as const;

export const msSince = (t0: number) => Math.round(performance.now() - t0);

export async function pgClient(connectionString: string) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  return c;
}

/** Database `name` on `pgUrl`, dropped and made again with the migrations and the demo seed; its URL. */
export async function seededDatabase(pgUrl: string, name: string) {
  const t0 = performance.now();
  const databaseUrl = await freshPgDatabase(pgUrl, name);
  const handle = await createDb({ databaseUrl, poolSize: 2 });
  await seed(handle.db);
  await handle.close();
  console.error(`migrations and demo seed: ${msSince(t0)} ms`);
  return databaseUrl;
}

/**
 * `users` bench customers (bench<i>@bench.test, the demo password) beside the demo ones: 40
 * companies beside the demo company, 4 customers in 5 business, spread over the 41. Inside the
 * caller's transaction, two temp tables number them for the generators' SQL: `companies_k` (k, id)
 * and `customers_k` (k, id, company_id), the bench customers and the demo customers `demo` names.
 * With `managers`, the first bench customer of each company is its manager. Returns how many
 * customers `customers_k` holds.
 */
export async function addBenchCustomers(
  c: pg.Client,
  users: number,
  { demo, managers = false }: { demo: string[]; managers?: boolean },
) {
  const { rows } = await c.query<{ email: string; company_id: number | null; password_hash: string }>(
    `select email, company_id, password_hash from users where email in ('admin@demo.test', 'manager@demo.test')`,
  );
  const hash = rows.find((u) => u.email === 'admin@demo.test')!.password_hash;
  const acme = rows.find((u) => u.email === 'manager@demo.test')!.company_id!;
  await c.query(`insert into companies (name) select 'Bench Cabinets ' || i from generate_series(1, 40) i`);
  await c.query(
    `create temp table companies_k on commit drop as
       select row_number() over (order by id) - 1 as k, id from companies where id = $1 or name like 'Bench Cabinets %'`,
    [acme],
  );
  await c.query(
    `insert into users (email, password_hash, first_name, last_name, account_type, is_manager, company_id)
     select 'bench' || i || '@bench.test', $1, 'Bench', 'Customer ' || i,
            case when i % 5 = 0 then 'P' else 'B' end, false,
            case when i % 5 = 0 then null else (select id from companies_k where k = i % 41) end
       from generate_series(1, $2::int) i`,
    [hash, users],
  );
  if (managers) {
    await c.query(
      `update users set is_manager = true
        where id in (select min(id) from users where email like 'bench%@bench.test' and company_id is not null group by company_id)`,
    );
  }
  await c.query(
    `create temp table customers_k on commit drop as
       select row_number() over (order by id) - 1 as k, id, company_id from users
        where email like 'bench%@bench.test' or email = any($1::text[])`,
    [demo],
  );
  return Number((await c.query('select count(*)::int as n from customers_k')).rows[0].n);
}

/** The real server on `databaseUrl` at `port`, sign-in and order limits out of the way; `env` adds to it. */
export function startBenchServer(port: number, databaseUrl: string, env: Record<string, string> = {}) {
  return startServer({
    port,
    env: {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

/** A demo user's `authorization` header on the server at `base`. */
export async function signInAs(base: string, email: string) {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return { authorization: `Token ${((await res.json()) as { token: string }).token}` };
}

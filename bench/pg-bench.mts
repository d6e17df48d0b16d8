/**
 * What the benches on PostgreSQL share (aging.mts, orders.mts, scans.mts): where the database is, a
 * fresh one with the migrations and the demo seed, a client on it, the bench's customers beside the
 * demo ones, the real server on it and a demo user's token; the scanners' kept-alive client.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { GROUP_PREMIUM_KINDS } from '@cab/shared';
import pg from 'pg';
import { createDb, DEMO_PASSWORD, seed } from '../packages/db/src/index.ts';
import { freshPgDatabase, ROOT, startServer } from './lib.mjs';

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

/**
 * The compiled server `npm start` runs (apps/server/dist of `tree`, built first when its sources
 * changed) on `databaseUrl`: what the issue 36 rows measure, not the sources under tsx.
 */
export function startBuiltServer(port: number, databaseUrl: string, tree = ROOT) {
  execFileSync('node', [path.join(tree, 'apps/server/build.mjs')], { stdio: 'inherit' });
  return startServer({
    port,
    args: ['--enable-source-maps', path.join(tree, 'apps/server/dist/main.js')],
    env: { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', LOGIN_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
  });
}

/**
 * Waits until no query but this one runs on the database (at most `maxMs`): a side's requests that
 * wrk has given up on still run in PostgreSQL (the peer's deep pages for seconds each), and the
 * next row would be measured under them. Answers how long it waited, or null if it never went quiet.
 */
export async function databaseQuiet(databaseUrl: string, maxMs = 60_000): Promise<number | null> {
  const c = await pgClient(databaseUrl);
  const t0 = performance.now();
  try {
    const db = new URL(databaseUrl).pathname.slice(1);
    for (;;) {
      const { rows } = await c.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [db],
      );
      if (rows[0]!.n === 0) return msSince(t0);
      if (performance.now() - t0 > maxMs) return null;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await c.end();
  }
}

/** The newest order with 16 lines (the detail row of check.mjs and peer.mjs), from the database at `databaseUrl`. */
export async function sixteenLineOrder(databaseUrl: string): Promise<number | undefined> {
  const c = await pgClient(databaseUrl);
  try {
    const { rows } = await c.query<{ order_id: number }>(
      'select order_id from order_items group by order_id having count(*) = 16 order by order_id desc limit 1',
    );
    return rows[0]?.order_id;
  } finally {
    await c.end();
  }
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

/** The p-th percentile of `xs` (0 for none). */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : 0;
};

/** The machine's load before a run, on stderr (the figures mean little on a busy machine). */
const logLoadAverage = () =>
  console.error(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

/**
 * The JSON API at `base` over node:http on kept-alive sockets, as a scanning station's browser keeps
 * its connection (fetch cost the bench process ~2 ms of CPU a call, on the cores the server and
 * PostgreSQL share: the bench measured its own client).
 */
export function keptAliveApi(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  function api<T>(auth: string, method: string, path: string, body?: unknown) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<{ status: number; body: T }>((resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: auth,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  /** `api.close()` ends the kept-alive sockets. */
  return Object.assign(api, { close: () => agent.destroy() });
}

/**
 * Orders of 8 lines of 50 plain cabinets (400 an order; enough for `cabinets`) for the demo personal customer, made
 * through the server, set ORDERED in SQL (the submit is not what the scan benches measure) and
 * approved, which makes their cabinets. Answers the orders and their cabinets' barcodes, shuffled.
 */
export async function approvedBenchOrders(
  c: pg.Client,
  api: ReturnType<typeof keptAliveApi>,
  admin: string,
  { cabinets, name }: { cabinets: number; name: string },
) {
  const lines = 8;
  const qty = 50;
  const count = Math.max(1, Math.ceil(cabinets / (lines * qty)));
  const customer = (await c.query(`select id from users where email = 'personal@demo.test'`)).rows[0].id as number;
  const plain = (
    await c.query(`select id from line_items where not is_attachment and nb_base_door = 0 and nb_wall_door = 0
      and nb_tall_door = 0 and nb_drawer = 0 order by id limit 1`)
  ).rows[0].id as number;
  const noPremiums = Object.fromEntries(GROUP_PREMIUM_KINDS.map((k) => [k, null]));
  const orderIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const items = Array.from({ length: lines }, (_, l) => ({
      _id: `l${l}`,
      line_item: plain,
      qty,
      is_attachment: false,
    }));
    const res = await api<{ id: number }>(admin, 'POST', '/api/orders/', {
      name: `${name} ${i}`,
      customer,
      groups: [{ name: 'Bench', premiums: noPremiums, items }],
    });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    orderIds.push(res.body.id);
  }
  await c.query(
    `update orders set status = 'ORDERED', submitted_at = now(), version = version + 1 where id = any($1)`,
    [orderIds],
  );
  for (const id of orderIds) {
    const res = await api(admin, 'POST', `/api/orders/${id}/approve/`, {});
    if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const barcodes = (
    await c.query(`select barcode from cabinets where order_id = any($1) order by random()`, [orderIds])
  ).rows.map((r) => r.barcode as string);
  return { orderIds, barcodes };
}

/** A copy of the database `from` (e.g. one with 100,000 orders behind the figures), named `name`. */
async function copiedDatabase(pgUrl: string, name: string, from: string) {
  const admin = await pgClient(`${pgUrl}/postgres`);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name} template ${from}`);
  await admin.end();
  return `${pgUrl}/${name}`;
}

/**
 * The scan benches' start (scans.mts, events.mts): the load average, a fresh seeded database (the
 * accounts and catalogue; no demo orders or scans), the server on it, a client on the database,
 * sign-in and the kept-alive API.
 */
export async function startFloorBench(opt: { pg: string; db: string; port: string; from?: string }) {
  logLoadAverage();
  const databaseUrl = opt.from ? await copiedDatabase(opt.pg, opt.db, opt.from) : await seededDatabase(opt.pg, opt.db);
  const port = Number(opt.port);
  const server = await startBenchServer(port, databaseUrl, {
    ORDER_WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    SEED_DEMO: 'false',
  });
  const base = `http://127.0.0.1:${port}`;
  const c = await pgClient(databaseUrl);
  const token = async (email: string) => (await signInAs(base, email)).authorization;
  return { server, base, c, token, api: keptAliveApi(base) };
}

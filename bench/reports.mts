/**
 * Issue 18 (decision 0031): the production reports, charts and planner at scale. Copies the
 * 100,000-order database of bench/orders.mts (`bench_orders`, made by `node --import tsx
 * bench/orders.mts --generate-only` when missing) into `bench_reports` (recreated), gives its
 * finished orders status timestamps and plans `--plans` open orders over the next 40 days, then
 * starts the real server on it (which applies this branch's migration and its indexes) and times
 * each report, chart and planner call: the median and best of `--runs` single requests.
 *
 * Usage: node --import tsx bench/reports.mts [--pg postgres://postgres@127.0.0.1:5432]
 *          [--source bench_orders] [--db bench_reports] [--plans 8000] [--runs 7] [--keep]
 * Goal: every page and chart under 100 ms on an idle machine; the late CSV under 2 s; each role's
 * dashboard (core/dashboard/, issue 29) under 50 ms.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signIn, startServer } from './lib.mjs';

const { values: opt } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    source: { type: 'string', default: 'bench_orders' },
    db: { type: 'string', default: 'bench_reports' },
    plans: { type: 'string', default: '8000' },
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '3972' },
    keep: { type: 'boolean', default: false },
  },
});

const admin = new pg.Client({ connectionString: `${opt.pg}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${opt.db} with (force)`);
await admin.query(`create database ${opt.db} template ${opt.source}`);
await admin.end();

const databaseUrl = `${opt.pg}/${opt.db}`;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
await db.query(`update orders set completed_at = created_at + ((id % 60) || ' days')::interval
  where status in ('COMPLETED', 'SHIPPED') and completed_at is null`);
await db.query(
  `update orders set shipped_at = completed_at + interval '3 days' where status = 'SHIPPED' and shipped_at is null`,
);
await db.query(`update orders set verified_at = created_at + interval '2 days'
  where status not in ('BID', 'ORDERED', 'DECLINED', 'CANCELLED') and verified_at is null`);

const port = Number(opt.port);
const server = await startServer({
  port,
  env: { DATABASE_URL: databaseUrl, APP_ENV: 'test', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
});
// The server has applied the migrations (order_plans exists now).
await db.query(
  `insert into order_plans (order_id, planned_date)
   select id, (current_date + (id % 40))::date from orders
   where status in ('VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED') and extract(dow from current_date + (id % 40)) not in (0, 6)
   limit $1 on conflict do nothing`,
  [Number(opt.plans)],
);
await db.query('vacuum analyze');

const base = `http://127.0.0.1:${port}`;
const auth = await signIn(base);
const monday = (() => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
})();
const friday = new Date(Date.parse(monday) + 4 * 86_400_000).toISOString().slice(0, 10);
const CALLS = [
  'orders/late_report/',
  'orders/late_report/?page=50',
  'orders/late_report/?name=kow',
  'orders/partial_completed_report/',
  'orders/completed_report/',
  'orders/completed_report/?date_after=2026-01-01&date_before=2026-03-31',
  'orders/late_report/?format=csv',
  'orders/completed_chart/?sample_rate=day',
  'orders/completed_chart/?sample_rate=month',
  'orders/created_chart/?sample_rate=week',
  'orders/late_orders_chart/?sample_rate=month',
  'planner/orders/',
  `planner/orders/?date_after=${monday}&date_before=${friday}`,
];
// Issue 29: each role's dashboard (goal: under 50 ms), signed in as that role's demo account.
const ROLE_EMAILS: Record<string, string> = {
  ADMIN: 'admin@demo.test',
  STAFF: 'staff@demo.test',
  PERSONAL: 'personal@demo.test',
  BUSINESS_MANAGER: 'manager@demo.test',
  BUSINESS_EMPLOYEE: 'employee@demo.test',
};
const tokens: Record<string, Record<string, string>> = {};
for (const [role, email] of Object.entries(ROLE_EMAILS)) {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  tokens[role] = { authorization: `Token ${((await res.json()) as { token: string }).token}` };
}
const ROWS: { call: string; role: string }[] = [
  ...CALLS.map((call) => ({ call, role: 'ADMIN' })),
  ...Object.keys(ROLE_EMAILS).map((role) => ({ call: 'core/dashboard/', role })),
];
const runs = Number(opt.runs);
console.log(`| call | role | median ms | best ms | bytes |\n| --- | --- | ---: | ---: | ---: |`);
for (const { call, role } of ROWS) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/${call}`, { headers: role === 'ADMIN' ? auth : tokens[role]! });
    const body = await res.arrayBuffer();
    times.push(performance.now() - started);
    if (!res.ok) throw new Error(`${call}: ${res.status} ${Buffer.from(body).toString()}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${call} | ${role} | ${times[Math.floor(runs / 2)]!.toFixed(1)} | ${times[0]!.toFixed(1)} | ${bytes} |`,
  );
}
await server.stop();
await db.end();
if (!opt.keep) {
  const drop = new pg.Client({ connectionString: `${opt.pg}/postgres` });
  await drop.connect();
  await drop.query(`drop database if exists ${opt.db} with (force)`);
  await drop.end();
}

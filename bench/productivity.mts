/**
 * Issue 35: productivity by station over a year of scans on 100,000 orders. A fresh database
 * (`bench_productivity`, recreated) gets the migrations and the demo seed, then by SQL 100,000
 * COMPLETED orders of the demo personal customer, and a year of scans (`--days`, working days
 * only): each day 8 stations (one PRODUCTION session each, 4 of them named by the Settings list,
 * the others free text) and a SHIPPING session scan 8 hours; every order's `--per-order` cabinets
 * scanned once (OK) at its station, 3 % more a DUPLICATE, 1 % undone afterwards (the undo trigger
 * runs). scan_hours is kept by the triggers as the server keeps it. Then the real server serves it:
 * GET /api/reports/productivity/ for the year by station and by user, and the default (today),
 * `--runs` single requests each, beside GET /api/health/live (a bare route through the same
 * server, measured in the same run, so a busy shared machine shows in both).
 *
 * Usage: node --import tsx bench/productivity.mts [--orders 100000] [--per-order 10] [--days 365]
 *          [--runs 15] [--pg postgres://postgres@127.0.0.1:5432] [--db bench_productivity] [--port 3981]
 *          [--reuse] (time the calls on the database a previous run made)
 * Goal: the year by station under 200 ms.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { median } from './lib.mjs';
import { msSince, pgClient, pgOptions, seededDatabase, signInAs, startBenchServer } from './pg-bench.mts';

const { values: opt } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    'per-order': { type: 'string', default: '10' },
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '15' },
    // Time the calls on the database a previous run made (its generation takes minutes).
    reuse: { type: 'boolean', default: false },
    ...pgOptions('bench_productivity', '3981'),
  },
});
const ORDERS = Number(opt.orders);
const PER_ORDER = Number(opt['per-order']);
const DAYS = Number(opt.days);
const STATIONS = 8;

const databaseUrl = opt.reuse ? `${opt.pg}/${opt.db}` : await seededDatabase(opt.pg, opt.db);
if (!opt.reuse) await generate();

/** The orders, sessions and a year of scans, by SQL. */
async function generate() {
  const c = await pgClient(databaseUrl);
  let t0 = performance.now();
  const staff = Number((await c.query(`select id from users where email = 'staff@demo.test'`)).rows[0].id);
  const admin = Number((await c.query(`select id from users where email = 'admin@demo.test'`)).rows[0].id);
  const customer = Number((await c.query(`select id from users where email = 'personal@demo.test'`)).rows[0].id);
  await c.query(
    `insert into orders (name, customer_id, status, item_count, submitted_at, completed_at)
   select 'Bench order ' || i, $1, 'COMPLETED', $2, now() - interval '400 days', now() - interval '1 day'
     from generate_series(1, $3::int) i`,
    [customer, PER_ORDER, ORDERS],
  );
  console.error(`${ORDERS} orders: ${msSince(t0)} ms`);

  // The shop's kept stations: the first four of the floor's.
  await c.query(
    `insert into settings (key, value) values ('stations', $1::jsonb)
  on conflict (key) do update set value = excluded.value`,
    [
      JSON.stringify(
        Array.from({ length: 4 }, (_, i) => ({ id: i + 1, name: `Station ${i + 1}`, scan_types: ['PRODUCTION'] })),
      ),
    ],
  );

  // The working days of the last year, newest last; each a session per station and a shipping one.
  t0 = performance.now();
  await c.query(
    `create temp table bench_days as
  select row_number() over (order by d) - 1 as k, d::date as day
    from generate_series(current_date - $1::int, current_date - 1, interval '1 day') d
   where extract(isodow from d) < 6`,
    [DAYS],
  );
  const days = Number((await c.query('select count(*)::int as n from bench_days')).rows[0].n);
  await c.query(
    `insert into scan_sessions (type, station, opened_by, opened_at, closed_at)
   select case when s = $1 then 'SHIPPING' else 'PRODUCTION' end,
          case when s = $1 then 'Dock' when s < 4 then 'Station ' || (s + 1) else 'Bench ' || (s + 1) end,
          case when s % 2 = 0 then $2::int else $3::int end,
          day + time '07:00', day + time '16:00'
     from bench_days, generate_series(0, $1::int) s order by k, s`,
    [STATIONS, staff, admin],
  );
  console.error(`${days} working days, ${days * (STATIONS + 1)} sessions: ${msSince(t0)} ms`);

  // Every order's cabinets scanned on one day at one station, spread over the 8 hours.
  t0 = performance.now();
  await c.query(`create temp table bench_sessions as
  select row_number() over (order by id) - 1 as k, id, type, opened_at from scan_sessions`);
  await c.query('create index on bench_sessions (k)');
  await c.query(
    `insert into scans (session_id, code, result, order_id, scanned_by, scanned_at, received_at)
   select s.id, o.id || '-01-' || u, 'OK', o.id, case when s.k % 2 = 0 then $1::int else $2::int end,
          s.opened_at + ((o.id * 7 + u * 131) % 28800) * interval '1 second',
          s.opened_at + ((o.id * 7 + u * 131) % 28800) * interval '1 second'
     from orders o cross join generate_series(1, $3::int) u
     join bench_sessions s on s.k = (o.id % ($4::int * $5::int)) / $5::int * ($5::int + 1) + o.id % $5::int`,
    [staff, admin, PER_ORDER, days, STATIONS],
  );
  await c.query(
    `insert into scans (session_id, code, result, order_id, scanned_by, scanned_at, received_at)
   select session_id, code, 'DUPLICATE', order_id, scanned_by, scanned_at + interval '20 seconds',
          scanned_at + interval '20 seconds'
     from scans where id % 33 = 0`,
  );
  await c.query(
    `update scans set undone_at = scanned_at + interval '1 minute', undone_by = $1, undo_reason = 'bench'
  where id % 97 = 0`,
    [staff],
  );
  const counts = (
    await c.query(`select (select count(*) from scans)::int as scans, (select count(*) from scan_hours)::int as hours`)
  ).rows[0];
  console.error(`${counts.scans} scans (${counts.hours} hour rows kept by the triggers): ${msSince(t0)} ms`);
  // One statement wrote every scan, so each hour row holds all its versions until a full vacuum; on
  // the floor each scan commits alone and HOT pruning and autovacuum keep the table small (65 MB here
  // without this, 1 MB with it).
  await c.query('vacuum full scan_hours');
  await c.query('vacuum analyze');
  await c.end();
}

const port = Number(opt.port);
const server = await startBenchServer(port, databaseUrl);
const base = `http://127.0.0.1:${port}`;
try {
  const auth = await signInAs(base, 'staff@demo.test');
  const yearAgo = new Date(Date.now() - DAYS * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const calls = [
    { name: 'bare route (GET /api/health/live)', path: '/api/health/live', headers: {} },
    {
      name: 'productivity, a year by station',
      path: `/api/reports/productivity/?group_by=station&date_after=${yearAgo}&date_before=${today}`,
      headers: auth,
    },
    {
      name: 'productivity, a year by user',
      path: `/api/reports/productivity/?group_by=user&date_after=${yearAgo}&date_before=${today}`,
      headers: auth,
    },
    { name: 'productivity, today (default)', path: '/api/reports/productivity/', headers: auth },
  ];
  const runs = Number(opt.runs);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('| call | median ms | best ms | rows |');
  console.log('| --- | --- | --- | --- |');
  for (const call of calls) {
    const times: number[] = [];
    let rows = 0;
    // One warm-up request (prepared plans, caches), then the runs, alternating with nothing else.
    for (let i = 0; i <= runs; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${call.path}`, { headers: call.headers });
      const body = (await res.json()) as { results?: unknown[] };
      if (res.status !== 200) throw new Error(`${call.path}: ${res.status} ${JSON.stringify(body)}`);
      if (i > 0) times.push(performance.now() - t);
      rows = body.results?.length ?? 0;
    }
    const best = Math.min(...times);
    console.log(`| ${call.name} | ${median(times).toFixed(1)} | ${best.toFixed(1)} | ${rows} |`);
  }
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.stop();
}

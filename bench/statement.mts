/**
 * Issue 34 (decision 0046): closing the month at scale. Copies `bench_finance` (bench/aging.mts:
 * 100,000 orders over two years, one invoice each, 300,000 ledger entries; run that first) into
 * `bench_close`, gives the demo personal customer 5,000 more invoices over two years (two
 * milestones each, charged, most paid: about 18,000 entries of its own), then the real server
 * (its migrations add this branch's index) serves, median of 10 sequential calls each (goal
 * < 500 ms): the customer's statement over a month, a year, two years and all time (3,660 days) as JSON, a year as PDF, and the
 * journal export of last month (every party's entries) and the QuickBooks invoice file.
 *
 * Beside them, bench/bare-server.mjs's bare route (port + 1) timed the same way: the floor under the run's load.
 *
 * Usage: node --import tsx bench/statement.mts [--invoices 5000] [--source bench_finance] [--reuse]
 *          [--runs 10] [--skip-pdf] [--db bench_close] [--port 3973]
 */
import { parseArgs } from 'node:util';
import { median, startServer } from './lib.mjs';
import { msSince as ms, pgClient, pgOptions, signInAs, startBenchServer } from './pg-bench.mts';

const { values: opt } = parseArgs({
  options: {
    invoices: { type: 'string', default: '5000' },
    source: { type: 'string', default: 'bench_finance' },
    ...pgOptions('bench_close', '3973'),
    reuse: { type: 'boolean', default: false },
    /** Calls timed per request (the median of these); the PDFs take seconds each on a busy machine. */
    runs: { type: 'string', default: '10' },
    'skip-pdf': { type: 'boolean', default: false },
  },
});
const RUNS = Number(opt.runs);
const N = Number(opt.invoices);
const databaseUrl = `${opt.pg}/${opt.db}`;

async function generate() {
  const admin = await pgClient(`${opt.pg}/postgres`);
  await admin.query(`drop database if exists ${opt.db}`);
  await admin.query(`create database ${opt.db} template ${opt.source}`);
  await admin.end();
  const c = await pgClient(databaseUrl);
  const t0 = performance.now();
  await c.query('begin');
  const me = Number((await c.query(`select id from users where email = 'personal@demo.test'`)).rows[0].id as number);
  // The ledger's triggers stay on: the running figures follow as in the product.
  await c.query(
    `with o as (
       insert into orders (name, status, version, customer_id, created_by_id, total_price, created_at, updated_at)
       select 'Statement order ' || i, 'SHIPPED', 1, $1::int, $1::int, (40000 + (i * 7919) % 900000)::bigint,
              now() - ((($2::int - i) * 730.0 / $2::int) * interval '1 day'),
              now() - ((($2::int - i) * 730.0 / $2::int) * interval '1 day')
         from generate_series(1, $2::int) i
       returning id, name, total_price, created_at)
     insert into invoices (order_id, version, number, order_name, customer_id, total, sales_tax, payment_option_discount, issued_at)
     select o.id, 1, 'SINV-' || o.id, o.name, $1::int, o.total_price, o.total_price / 20, 0, o.created_at + interval '1 day' from o`,
    [me, N],
  );
  await c.query(
    `insert into invoice_milestones (invoice_id, seq, label, percentage, amount, due, days, due_date)
     select i.id, s, case when s = 0 then 'Deposit' else 'Balance' end, 5000,
            case when s = 0 then i.total / 2 else i.total - i.total / 2 end,
            case when s = 0 then 'ON_APPROVAL' else 'DAYS_AFTER_COMPLETION' end, s * 30, i.issued_at::date + s * 30
       from invoices i cross join generate_series(0, 1) s where i.number like 'SINV-%'`,
  );
  await c.query(
    `insert into ledger_entries (kind, amount, customer_id, order_id, invoice_id, milestone_id, effective_date)
     select 'CHARGE', m.amount, i.customer_id, i.order_id, i.id, m.id, i.issued_at::date
       from invoice_milestones m join invoices i on i.id = m.invoice_id where i.number like 'SINV-%'
      order by i.id, m.seq`,
  );
  // Payments (a check per paid milestone): every deposit, 8 in 10 balances.
  await c.query(
    `with p as (
       insert into payments (milestone_id, invoice_id, order_id, customer_id, method, amount, status, reference, received_on)
       select m.id, i.id, i.order_id, i.customer_id, 'CHECK', m.amount, 'SUCCEEDED', 'CHK-' || m.id,
              least(current_date, m.due_date + (i.id % 15)::int)
         from invoice_milestones m join invoices i on i.id = m.invoice_id
        where i.number like 'SINV-%' and (m.seq = 0 or i.id % 10 < 8)
       returning id, milestone_id, invoice_id, order_id, customer_id, amount, received_on)
     insert into ledger_entries (kind, amount, customer_id, order_id, invoice_id, milestone_id, payment_id, effective_date)
     select 'PAYMENT', -p.amount, p.customer_id, p.order_id, p.invoice_id, p.milestone_id, p.id, p.received_on from p order by p.id`,
  );
  await c.query('commit');
  const mine = Number(
    (await c.query('select count(*)::int as n from ledger_entries where customer_id = $1', [me])).rows[0].n,
  );
  console.error(`${N} invoices and ${mine} ledger entries of personal@demo.test: ${ms(t0)} ms`);
  await c.query('vacuum analyze');
  await c.end();
  return me;
}

async function timed(url: string, headers: Record<string, string>, runs = RUNS) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (i > 0) times.push(performance.now() - t0);
    size = body.length;
  }
  return { median: median(times), max: Math.max(...times), size };
}

const me = opt.reuse
  ? Number(
      (
        await (async () => {
          const c = await pgClient(databaseUrl);
          const r = await c.query(`select id from users where email = 'personal@demo.test'`);
          await c.end();
          return r;
        })()
      ).rows[0].id,
    )
  : await generate();
const port = Number(opt.port);
const server = await startBenchServer(port, databaseUrl, { SEED_DEMO: 'false' });
// The floor in the same run: bench/bare-server.mjs's bare route, timed the same way under the same load.
const bare = await startServer({ port: port + 1, args: ['--import', 'tsx', 'bench/bare-server.mjs'] });
const base = `http://127.0.0.1:${port}`;
try {
  const headers = await signInAs(base, 'admin@demo.test');
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const now = new Date();
  const yearAgo = day(new Date(now.getTime() - 365 * 86_400_000));
  const twoYears = day(new Date(now.getTime() - 800 * 86_400_000));
  // All time: the longest range the statement takes (3,660 days).
  const allTime = day(new Date(now.getTime() - 3_660 * 86_400_000));
  const lastMonthStart = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const lastMonthEnd = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
  const statement = `/api/accounts/customers/${me}/statement/`;
  const month = `date_after=${lastMonthStart}&date_before=${lastMonthEnd}`;
  const lines = async (path: string) =>
    ((await (await fetch(`${base}${path}`, { headers })).json()) as { lines: unknown[] }).lines.length;
  console.log('\n| request | median ms | max ms | bytes | lines |\n| --- | ---: | ---: | ---: | ---: |');
  const floor = await timed(`http://127.0.0.1:${port + 1}/bare`, {});
  console.log(
    `| GET /bare (bench/bare-server.mjs) | ${floor.median.toFixed(1)} | ${floor.max.toFixed(1)} | ${floor.size} | |`,
  );
  for (const [path, count] of [
    [`${statement}?date_after=${yearAgo}`, true],
    [`${statement}?date_after=${twoYears}`, true],
    [`${statement}?date_after=${allTime}`, true],
    [`${statement}`, true],
    ...(opt['skip-pdf'] ? [] : ([[`${statement}?date_after=${yearAgo}&format=pdf`, false]] as const)),
    [`${statement}?${month}`, true],
    [`/api/finance/exports/journal/?${month}`, false],
    [`/api/finance/exports/quickbooks/invoices/?${month}`, false],
    [`/api/finance/exports/xero/payments/?${month}`, false],
  ] as const) {
    const r = await timed(`${base}${path}`, headers);
    const n = count ? await lines(path) : '';
    console.log(`| GET ${path} | ${r.median.toFixed(1)} | ${r.max.toFixed(1)} | ${r.size} | ${n} |`);
  }
} finally {
  await Promise.all([server.stop(), bare.stop()]);
}

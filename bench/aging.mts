/**
 * Issue 17 (decision 0034): the finance reports at scale. On PostgreSQL, a fresh database
 * (`bench_finance`, recreated) gets the migrations and the demo seed, then by SQL (INSERT ...
 * SELECT generate_series, as bench/orders.mts) 300 customers in 41 companies, 100,000 orders
 * over two years with one invoice each, two milestones per invoice (a deposit due on issue, the
 * balance 30 days later) and 300,000 ledger entries (200,000 charges, 100,000 payments dated a few
 * days after their milestone's due date, some only in part); then VACUUM ANALYZE. The real server
 * serves it: GET /api/finance/reports/aging/ (today and a year ago) and /revenue/ (median of 10
 * sequential calls, goal < 300 ms), EXPLAIN ANALYZE of the aging SQL, then autocannon loads
 * GET /api/invoices/ as the admin at --connections (goal >= 1,000 req/s).
 *
 * Usage: node --import tsx bench/aging.mts [--orders 100000] [--duration 10] [--connections 64]
 *          [--pg postgres://postgres@127.0.0.1:5432] [--reuse]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { median } from './lib.mjs';
import {
  addBenchCustomers,
  msSince as ms,
  pgClient,
  pgOptions,
  seededDatabase,
  signInAs,
  startBenchServer,
} from './pg-bench.mts';

const { values: opt } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    users: { type: 'string', default: '300' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    ...pgOptions('bench_finance', '3972'),
    reuse: { type: 'boolean', default: false },
  },
});
const N = Number(opt.orders);
const USERS = Number(opt.users);
const databaseUrl = `${opt.pg}/${opt.db}`;
const client = () => pgClient(databaseUrl);

async function generate() {
  await seededDatabase(opt.pg, opt.db);
  const c = await client();
  const t0 = performance.now();
  await c.query(`set session_replication_role = replica`);
  await c.query('begin');
  const customers = await addBenchCustomers(c, USERS, { demo: ['personal@demo.test', 'manager@demo.test'] });
  const base = Number((await c.query('select coalesce(max(id), 0)::int as n from orders')).rows[0].n);
  const invBase = Number((await c.query('select coalesce(max(id), 0)::int as n from invoices')).rows[0].n);
  const msBase = Number((await c.query('select coalesce(max(id), 0)::int as n from invoice_milestones')).rows[0].n);

  // Orders (approved: SHIPPED), one invoice each issued two days after creation.
  await c.query(
    `insert into orders (id, name, status, version, customer_id, company_id, created_by_id, total_price, created_at, updated_at)
     select $3::int + i, 'Bench order ' || i, 'SHIPPED', 1, cu.id, cu.company_id, cu.id,
            (50000 + (i::bigint * 2654435761) % 2000000)::bigint,
            now() - ((($1::int - i) * 730.0 / $1::int) * interval '1 day'),
            now() - ((($1::int - i) * 730.0 / $1::int) * interval '1 day')
       from generate_series(1, $1::int) i
       join customers_k cu on cu.k = (i::bigint * 7919 + 13) % $2::int`,
    [N, customers, base],
  );
  await c.query(
    `insert into invoices (id, order_id, version, number, order_name, customer_id, company_id, total, sales_tax,
        payment_option_discount, issued_at)
     select $2::int + (o.id - $1::int), o.id, 1, 'BINV-' || o.id, o.name, o.customer_id, o.company_id, o.total_price, 0, 0,
            o.created_at + interval '2 days'
       from orders o where o.id > $1::int`,
    [base, invBase],
  );
  console.error(`${N} orders and invoices: ${ms(t0)} ms`);
  let t1 = performance.now();
  await c.query(
    `insert into invoice_milestones (id, invoice_id, seq, label, percentage, amount, due, days, due_date)
     select $2::int + (i.id - $1::int - 1) * 2 + s + 1, i.id, s, case when s = 0 then 'Deposit' else 'Balance' end, 5000,
            case when s = 0 then i.total / 2 else i.total - i.total / 2 end,
            case when s = 0 then 'ON_APPROVAL' else 'DAYS_AFTER_COMPLETION' end, s * 30,
            (i.issued_at::date + s * 30)
       from invoices i cross join generate_series(0, 1) s where i.id > $1::int`,
    [invBase, msBase],
  );
  // Charges on the issue day; payments: the deposit of 9 in 10 invoices, the balance of 6 in 10
  // (every fourth of those only in half), a few days after the due date, never in the future.
  await c.query(
    `insert into ledger_entries (kind, amount, customer_id, company_id, order_id, invoice_id, milestone_id, effective_date)
     select 'CHARGE', m.amount, i.customer_id, i.company_id, i.order_id, i.id, m.id, i.issued_at::date
       from invoice_milestones m join invoices i on i.id = m.invoice_id where i.id > $1::int`,
    [invBase],
  );
  await c.query(
    `insert into ledger_entries (kind, amount, customer_id, company_id, order_id, invoice_id, milestone_id, effective_date)
     select 'PAYMENT', -(case when i.id % 4 = 0 and m.seq = 1 then m.amount / 2 else m.amount end),
            i.customer_id, i.company_id, i.order_id, i.id, m.id,
            least(current_date, m.due_date + (i.id % 20)::int)
       from invoice_milestones m join invoices i on i.id = m.invoice_id
      where i.id > $1::int and ((m.seq = 0 and i.id % 10 <> 0) or (m.seq = 1 and i.id % 10 < 6))
      order by m.id limit $2::int`,
    [invBase, N],
  );
  // The running figures (decision 0036) are kept by triggers, off while loading: the milestones'
  // sums from the ledger, then each invoice from its milestones by the migration's own function.
  await c.query(
    `update invoice_milestones m set balance = s.balance, paid = s.paid, credited = s.credited
       from (select milestone_id, sum(amount) as balance,
               -coalesce(sum(amount) filter (where kind = 'PAYMENT'), 0) as paid, 0 as credited
               from ledger_entries where milestone_id is not null group by milestone_id) s
      where m.id = s.milestone_id`,
  );
  await c.query(`select invoice_refresh_figures(id) from invoices`);
  for (const t of ['orders', 'invoices', 'invoice_milestones']) {
    await c.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  }
  // The triggers rested while the orders were written: their counts by week, once (migration 0023).
  await c.query('select order_week_counts_rebuild()');
  await c.query('commit');
  const entries = Number((await c.query('select count(*)::int as n from ledger_entries')).rows[0].n);
  console.error(`milestones and ${entries} ledger entries: ${ms(t1)} ms`);
  t1 = performance.now();
  await c.query('vacuum analyze');
  console.error(`vacuum analyze: ${ms(t1)} ms`);
  await c.end();
}

async function timed(url: string, headers: Record<string, string>, runs = 10) {
  const times: number[] = [];
  let body: { total?: number; results?: unknown[] } = {};
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    body = (await res.json()) as typeof body;
    if (i > 0) times.push(performance.now() - t0);
  }
  return { median: median(times), max: Math.max(...times), rows: body.total ?? body.results?.length };
}

if (!opt.reuse) await generate();
const port = Number(opt.port);
// No demo orders or payments at start: the generated invoices are the data.
const server = await startBenchServer(port, databaseUrl, { SEED_DEMO: 'false' });
const base = `http://127.0.0.1:${port}`;
try {
  const headers = await signInAs(base, 'admin@demo.test');
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  console.log('\n| request | median ms | max ms | rows |\n| --- | ---: | ---: | ---: |');
  for (const path of [
    `/api/finance/reports/aging/?as_of=${today}`,
    `/api/finance/reports/aging/?as_of=${yearAgo}`,
    `/api/finance/reports/aging/?as_of=${today}&search=customer%201`,
    `/api/finance/reports/aging/?as_of=${today}&format=csv`,
    '/api/finance/reports/revenue/?interval=month&date_after=2024-01-01',
    '/api/finance/reports/revenue/?interval=day',
    '/api/invoices/',
  ]) {
    const r = path.includes('csv')
      ? await (async () => {
          const t: number[] = [];
          for (let i = 0; i < 10; i++) {
            const t0 = performance.now();
            await (await fetch(`${base}${path}`, { headers })).text();
            t.push(performance.now() - t0);
          }
          return { median: median(t), max: Math.max(...t), rows: '' };
        })()
      : await timed(`${base}${path}`, headers);
    console.log(`| GET ${path} | ${r.median.toFixed(1)} | ${r.max.toFixed(1)} | ${r.rows} |`);
  }

  const c = await client();
  const plan = await c.query(
    `explain (analyze, buffers) select case when e.company_id is null then 'customer' else 'company' end as type,
        coalesce(e.company_id, e.customer_id) as id,
        sum(e.amount) filter (where m.due_date is null or m.due_date >= $1::date) as current,
        sum(e.amount) filter (where $1::date - m.due_date between 1 and 30) as days_1_30,
        sum(e.amount) filter (where $1::date - m.due_date between 31 and 60) as days_31_60,
        sum(e.amount) filter (where $1::date - m.due_date between 61 and 90) as days_61_90,
        sum(e.amount) filter (where $1::date - m.due_date > 90) as days_90_plus
      from ledger_entries e join invoice_milestones m on m.id = e.milestone_id
      where e.effective_date <= $1::date group by 1, 2`,
    [today],
  );
  console.log(`\nEXPLAIN ANALYZE (aging SQL as of ${today}):\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  await c.end();

  const url = `${base}/api/invoices/`;
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`${url}: ${first.status}`);
  const total = ((await first.json()) as { total: number }).total;
  await autocannon({ url, headers, connections: Number(opt.connections), duration: 2, timeout: 60 });
  const r = await autocannon({
    url,
    headers,
    connections: Number(opt.connections),
    duration: Number(opt.duration),
    timeout: 60,
  });
  console.log(
    `\nGET /api/invoices/ as ADMIN, ${opt.connections} connections, ${opt.duration} s: ${Math.round(
      r.requests.total / r.duration,
    )} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.timeouts + r.non2xx}, total ${total}`,
  );
} finally {
  await server.stop();
}

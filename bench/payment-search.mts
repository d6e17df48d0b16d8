/**
 * Issue 34: the payment search on 100,000 orders. Runs on the database bench/aging.mts made
 * (`bench_finance`: 100,000 orders, one invoice each, a payment ledger entry for most
 * milestones; run it first), adds one payments row per PAYMENT entry (checks, cards, bank debits,
 * wires and cash; references "CHK 10001"..., one in twenty FAILED) unless they are there, VACUUM
 * ANALYZE, then times GET /api/payments/ as the admin with each filter (median of 10 sequential
 * calls, goal < 300 ms) and a month's CSV, and prints the plans of the reference and date searches.
 *
 * Usage: node --import tsx bench/aging.mts --duration 1   (once, to make bench_finance)
 *        node --import tsx bench/payment-search.mts [--pg postgres://postgres@127.0.0.1:5432] [--port 3973]
 */
import { parseArgs } from 'node:util';
import { median } from './lib.mjs';
import { msSince as ms, pgClient, pgOptions, signInAs, startBenchServer } from './pg-bench.mts';

const { values: opt } = parseArgs({ options: { ...pgOptions('bench_finance', '3973') } });
const databaseUrl = `${opt.pg}/${opt.db}`;

async function addPayments() {
  const c = await pgClient(databaseUrl);
  const have = Number((await c.query('select count(*)::int as n from payments')).rows[0].n);
  if (have < 50_000) {
    const t0 = performance.now();
    await c.query(`set session_replication_role = replica`);
    await c.query(
      `insert into payments (milestone_id, invoice_id, order_id, customer_id, company_id, method, amount, status,
          reference, received_on, received_at, created_at, received_key)
       select e.milestone_id, e.invoice_id, e.order_id, i.customer_id, i.company_id,
              (array['CHECK','CARD','ACH','WIRE','CASH'])[1 + e.id % 5], -e.amount,
              case when e.id % 20 = 0 then 'FAILED' else 'SUCCEEDED' end,
              case e.id % 5 when 0 then 'CHK ' || (10000 + e.id) when 3 then 'FED ' || e.id else '' end,
              case when e.id % 5 in (0, 3, 4) then e.effective_date end,
              e.effective_date + time '15:00', e.effective_date + time '15:00',
              -- The trigger rests while loading (replica): its value written here.
              case when e.id % 5 in (0, 3, 4) then e.effective_date + time '12:00' else e.effective_date + time '15:00' end
         from ledger_entries e join invoices i on i.id = e.invoice_id where e.kind = 'PAYMENT'`,
    );
    await c.query(`set session_replication_role = origin`);
    await c.query('vacuum analyze payments');
    console.error(`payments: ${ms(t0)} ms`);
  }
  const n = Number((await c.query('select count(*)::int as n from payments')).rows[0].n);
  await c.end();
  return n;
}

async function timed(url: string, headers: Record<string, string>, runs = 10) {
  const times: number[] = [];
  let rows: unknown = '';
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    const text = await res.text();
    rows = url.includes('format=csv') ? text.split('\r\n').length - 2 : (JSON.parse(text) as { total: number }).total;
    if (i > 0) times.push(performance.now() - t0);
  }
  return { median: median(times), max: Math.max(...times), rows };
}

const count = await addPayments();
console.error(`${count} payments`);
const port = Number(opt.port);
const server = await startBenchServer(port, databaseUrl, { SEED_DEMO: 'false' });
const base = `http://127.0.0.1:${port}`;
try {
  const headers = await signInAs(base, 'admin@demo.test');
  const c0 = await pgClient(databaseUrl);
  const { rows: picked } = await c0.query(
    `select to_char(max(received_key) - interval '1 month', 'YYYY-MM') as month,
       (select reference from payments where reference like 'CHK %' order by id offset 5000 limit 1) as reference
     from payments`,
  );
  await c0.end();
  const month = picked[0].month as string;
  const reference = encodeURIComponent(picked[0].reference as string);
  console.log('\n| request | median ms | max ms | rows |\n| --- | ---: | ---: | ---: |');
  for (const path of [
    '/api/payments/',
    `/api/payments/?reference=${reference}`,
    '/api/payments/?reference=fed%201',
    '/api/payments/?payer=customer%2017',
    `/api/payments/?date_after=${month}-01&date_before=${month}-28`,
    `/api/payments/?date_after=${month}-10&date_before=${month}-10&method=CHECK`,
    '/api/payments/?amount=1234.56',
    '/api/payments/?status=FAILED',
    `/api/payments/?date_after=${month}-01&date_before=${month}-28&format=csv`,
  ]) {
    const r = await timed(`${base}${path}`, headers);
    console.log(`| GET ${path} | ${r.median.toFixed(1)} | ${r.max.toFixed(1)} | ${r.rows} |`);
  }
  const c = await pgClient(databaseUrl);
  for (const [what, where] of [
    [
      'reference',
      `reference ilike '%${decodeURIComponent(reference)}%' and status in ('PROCESSING','SUCCEEDED','DISPUTED')`,
    ],
    [
      'received dates',
      `(received_on >= '${month}-01'::date or (received_on is null and coalesce(received_at, created_at) >= '${month}-01'::timestamptz))
       and (received_on < '${month}-29'::date or (received_on is null and coalesce(received_at, created_at) < '${month}-29'::timestamptz))`,
    ],
  ]) {
    const plan = await c.query(
      `explain (analyze) select * from payments where ${where} order by received_key desc, id desc limit 25`,
    );
    console.log(`\nEXPLAIN ANALYZE (${what}):\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  await c.end();
} finally {
  await server.stop();
}

/**
 * Issue 36: the rows whose speed the issue names, run against a bare route in one run, each printed
 * as a ratio to the bare route beside the kept baseline (bench/baseline.json), so a regression shows
 * before it lands. Run by hand (never a test): absolute req/s on a shared 2-core machine move with
 * whatever else runs; a ratio to the bare route measured minutes apart moves far less.
 *
 * On PostgreSQL, on the 100,000 orders `bench/orders.mts --generate-only` made (database
 * `bench_orders` unless --db): the bare Fastify route (bench/bare-server.mjs) first and last, and
 * between them the real server's rows (autocannon, --connections, --duration s each).
 *
 *   node --import tsx bench/check.mjs [--db bench_orders] [--duration 10] [--connections 64]
 *        [--only me,dashboard-admin,...] [--save]   (--save: this run becomes the baseline)
 *        [--tree <dir>]   (serve another source tree, e.g. `git archive` of main with node_modules
 *                          linked, to set its figures beside this tree's)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bareRow, loadRow, ROOT, startServer } from './lib.mjs';
import { pgOptions, signInAs, sixteenLineOrder, startBenchServer } from './pg-bench.mts';

const { values: opt } = parseArgs({
  options: {
    ...pgOptions('bench_orders', '3975'),
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    only: { type: 'string', default: '' },
    save: { type: 'boolean', default: false },
    tree: { type: 'string', default: '' },
  },
});
const run = { duration: Number(opt.duration), connections: Number(opt.connections) };
const port = Number(opt.port);
const base = `http://127.0.0.1:${port}`;
const BASELINE = path.join(ROOT, 'bench/baseline.json');
const DEFAULT = 'status=VERIFIED,ORDERED,IN_PROGRESS';

// Each row: key, who asks, the path, and the issue's goal in req/s (and p99 ms where it names one).
const ROWS = [
  { key: 'me', who: 'admin', path: '/api/users/me/', goal: 'ratio 0.5' },
  { key: 'dashboard-admin', who: 'admin', path: '/api/core/dashboard/', goal: 1500, p99: 100 },
  { key: 'dashboard-staff', who: 'staff', path: '/api/core/dashboard/', goal: 1500, p99: 100 },
  { key: 'dashboard-manager', who: 'manager', path: '/api/core/dashboard/', goal: 1500, p99: 100 },
  { key: 'list', who: 'admin', path: `/api/orders/?${DEFAULT}&page=1&page_size=50`, goal: 2800 },
  { key: 'page500', who: 'admin', path: `/api/orders/?${DEFAULT}&page=500&page_size=50`, goal: 1800 },
  { key: 'detail', who: 'admin', path: '/api/orders/{sixteen}/', goal: 4500 },
  { key: 'search', who: 'admin', path: `/api/orders/?${DEFAULT}&name=kowal&page=1&page_size=50`, goal: 1200 },
  { key: 'late', who: 'admin', path: '/api/orders/late_report/', goal: 1500 },
  { key: 'invoices', who: 'admin', path: '/api/invoices/', goal: 3000 },
];
const only = new Set(opt.only ? opt.only.split(',') : []);
const rows = ROWS.filter((r) => only.size === 0 || only.has(r.key));

const bare = () => bareRow(port + 1, run);

const databaseUrl = `${opt.pg}/${opt.db}`;
const sixteen = await sixteenLineOrder(databaseUrl);

const results = {};
const bareFirst = await bare();
const server = opt.tree
  ? await startServer({
      port,
      args: ['--import', 'tsx', path.resolve(opt.tree, 'apps/server/src/main.ts')],
      env: { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
    })
  : await startBenchServer(port, databaseUrl);
try {
  const auth = {
    admin: await signInAs(base, 'admin@demo.test'),
    staff: await signInAs(base, 'staff@demo.test'),
    manager: await signInAs(base, 'manager@demo.test'),
  };
  for (const row of rows) {
    const url = `${base}${row.path.replace('{sixteen}', String(sixteen))}`;
    results[row.key] = await loadRow(url, auth[row.who], server.child.pid, run);
    console.error(`${row.key}: ${results[row.key].rps} req/s`);
  }
} finally {
  await server.stop();
}
const bareLast = await bare();
const bareRps = (bareFirst.rps + bareLast.rps) / 2;

const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : null;
const pct = (now, then) => `${now >= then ? '+' : ''}${Math.round((now / then - 1) * 100)} %`;
console.log(
  `\n${run.connections} connections, ${run.duration} s a row; bare route ${bareFirst.rps.toLocaleString('en')} ` +
    `(first) / ${bareLast.rps.toLocaleString('en')} (last) req/s; ratios are to their mean`,
);
if (baseline) console.log(`baseline: ${baseline.commit}, ${baseline.when}`);
console.log(
  '\n| row | req/s | p50 / p99 ms | server CPU ms/req | errors | ratio to bare | baseline ratio | change | goal |',
);
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |');
const kept = {};
for (const row of rows) {
  const r = results[row.key];
  const ratio = r.rps / bareRps;
  kept[row.key] = {
    rps: r.rps,
    ratio: Number(ratio.toFixed(4)),
    p99: Number(r.p99.toFixed(1)),
    cpuMs: Number(r.cpuPerRequest.toFixed(3)),
  };
  const then = baseline?.rows?.[row.key];
  const goalMet =
    row.goal === 'ratio 0.5'
      ? ratio >= 0.5
      : r.rps >= row.goal && (row.p99 === undefined || r.p99 < row.p99) && r.errors === 0;
  const goalText =
    row.goal === 'ratio 0.5' ? '>= 50 % of bare' : `>= ${row.goal}${row.p99 ? `, p99 < ${row.p99}` : ''}`;
  console.log(
    `| ${row.key} | ${r.rps.toLocaleString('en')} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} | ${r.cpuPerRequest.toFixed(2)} | ${r.errors} | ` +
      `${(ratio * 100).toFixed(2)} % | ${then ? `${(then.ratio * 100).toFixed(2)} %` : ''} | ` +
      `${then ? pct(ratio, then.ratio) : ''} | ${goalText}: ${goalMet ? 'met' : 'not met'} |`,
  );
}
console.log(
  `(load average when done: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores)`,
);
if (opt.save) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const when = new Date().toISOString();
  writeFileSync(BASELINE, `${JSON.stringify({ commit, when, bare: Math.round(bareRps), rows: kept }, null, 2)}\n`);
  console.log(`kept as the baseline: ${path.relative(ROOT, BASELINE)}`);
}

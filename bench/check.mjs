/**
 * Issue 36: the rows whose speed the issue names, run against a bare route in one run, each printed
 * as a ratio to the bare route beside the kept baseline (bench/baseline.json), so a regression shows
 * before it lands. Run by hand (never a test): absolute req/s on a shared 2-core machine move with
 * whatever else runs; a ratio to the bare route measured minutes apart moves far less.
 *
 * On PostgreSQL, on the 100,000 orders `bench/orders.mts --generate-only` made (database
 * `bench_orders` unless --db): the real server's rows (autocannon, --connections, --duration s
 * each), each right after the bare Fastify route (bench/bare-server.mjs, served beside it), and the
 * bare route once more at the end. A row's ratio is to the mean of the bare runs on either side of
 * it: on a machine whose speed moves by 2x between minutes (a shared host), a bare route measured
 * next to the row is the only fair yardstick. --rounds N repeats every row N times, alternating,
 * and prints the median ratio with its range.
 *
 *   node --import tsx bench/check.mjs [--db bench_orders] [--duration 10] [--connections 64]
 *        [--rounds 1] [--only me,dashboard-admin,...] [--save]   (--save: this run becomes the baseline)
 *        [--tree <dir>]   (serve another source tree, e.g. `git archive` of main with node_modules
 *                          linked, to set its figures beside this tree's)
 * The server is the compiled one `npm start` runs (apps/server/dist), built first if needed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadRow, ROOT, startServer } from './lib.mjs';
import { pgOptions, signInAs, sixteenLineOrder, startBuiltServer } from './pg-bench.mts';

const { values: opt } = parseArgs({
  options: {
    ...pgOptions('bench_orders', '3975'),
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    rounds: { type: 'string', default: '1' },
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

const databaseUrl = `${opt.pg}/${opt.db}`;
const sixteen = await sixteenLineOrder(databaseUrl);

const bareServer = await startServer({ port: port + 1, args: ['--import', 'tsx', 'bench/bare-server.mjs'] });
const bare = () => loadRow(`http://127.0.0.1:${port + 1}/bare`, {}, bareServer.child.pid, run);
// What `npm start` runs: the compiled server, of this tree or of --tree's.
const server = await startBuiltServer(port, databaseUrl, opt.tree ? path.resolve(opt.tree) : ROOT);
/** Each row's runs, each with its ratio to the bare runs beside it. */
const results = Object.fromEntries(rows.map((row) => [row.key, []]));
const bares = [];
try {
  const auth = {
    admin: await signInAs(base, 'admin@demo.test'),
    staff: await signInAs(base, 'staff@demo.test'),
    manager: await signInAs(base, 'manager@demo.test'),
  };
  let before = await bare();
  bares.push(before.rps);
  for (let round = 0; round < Number(opt.rounds); round++) {
    for (const row of rows) {
      const url = `${base}${row.path.replace('{sixteen}', String(sixteen))}`;
      const r = await loadRow(url, auth[row.who], server.child.pid, run);
      const after = await bare();
      bares.push(after.rps);
      r.ratio = r.rps / ((before.rps + after.rps) / 2);
      before = after;
      results[row.key].push(r);
      console.error(`${row.key}: ${r.rps} req/s, ${(r.ratio * 100).toFixed(1)} % of bare`);
    }
  }
} finally {
  await server.stop();
  await bareServer.stop();
}
/** The run whose ratio is the median of the row's rounds. */
const medianRun = (runs) => [...runs].sort((a, b) => a.ratio - b.ratio)[Math.floor((runs.length - 1) / 2)];
const bareRps = bares.reduce((a, b) => a + b, 0) / bares.length;

const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : null;
const pct = (now, then) => `${now >= then ? '+' : ''}${Math.round((now / then - 1) * 100)} %`;
console.log(
  `\n${run.connections} connections, ${run.duration} s a run, ${opt.rounds} round(s); bare route ` +
    `${Math.min(...bares).toLocaleString('en')}-${Math.max(...bares).toLocaleString('en')} req/s; ` +
    'each ratio is to the bare runs beside it (with rounds: the median run, the range of ratios after it)',
);
if (baseline) console.log(`baseline: ${baseline.commit}, ${baseline.when}`);
console.log(
  '\n| row | req/s | p50 / p99 ms | server CPU ms/req | errors | ratio to bare | baseline ratio | change | goal |',
);
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |');
const kept = {};
for (const row of rows) {
  const runs = results[row.key];
  const r = medianRun(runs);
  const ratio = r.ratio;
  const ratios = runs.map((x) => x.ratio);
  const range =
    runs.length > 1 ? ` (${(Math.min(...ratios) * 100).toFixed(0)}-${(Math.max(...ratios) * 100).toFixed(0)} %)` : '';
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
      `${(ratio * 100).toFixed(2)} %${range} | ${then ? `${(then.ratio * 100).toFixed(2)} %` : ''} | ` +
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

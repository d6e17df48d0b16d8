/**
 * Issue 36's side-by-side rows: our server and the Django REST Framework peer (bench/drf-peer/,
 * gunicorn) on the same PostgreSQL database, each row run against ours and the peer in turn (the
 * order flips each round so both see the same outside load), a bare Fastify route first and last.
 * Each run starts once the database has no query left running from the run before.
 * Run by hand (never a test); needs the peer's Debian packages (bench/drf-peer/README.md).
 *
 * On the 100,000 orders `bench/orders.mts --generate-only` made: database `bench_peer` unless --db
 * (our server signs in there, so it writes tokens: not a database others read figures from).
 *
 *   node --import tsx bench/peer.mjs [--db bench_peer] [--port 4400] [--duration 10]
 *        [--connections 64] [--rounds 2] [--only me,list,page500,search,detail,late]
 *
 * Ports: ours on --port, the bare route on +1, the peer on +2.
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bareRow, groupCpuMs, loadRow, ROOT, startServer } from './lib.mjs';
import { databaseQuiet, pgOptions, signInAs, sixteenLineOrder, startBuiltServer } from './pg-bench.mts';

const { values: opt } = parseArgs({
  options: {
    ...pgOptions('bench_peer', '4400'),
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string', default: '' },
  },
});
const run = { duration: Number(opt.duration), connections: Number(opt.connections) };
const port = Number(opt.port);
const OPEN = 'status=VERIFIED,ORDERED,IN_PROGRESS';
const PEER_TOKEN = 'peer-bench-token';

// The calls both sides answer (as the demo admin), with the same path and query.
const ROWS = [
  { key: 'me', path: '/api/users/me/' },
  { key: 'list', path: `/api/orders/?${OPEN}&page=1&page_size=50` },
  { key: 'page500', path: `/api/orders/?${OPEN}&page=500&page_size=50` },
  { key: 'search', path: `/api/orders/?${OPEN}&name=kowal&page=1&page_size=50` },
  { key: 'detail', path: '/api/orders/{sixteen}/' },
  { key: 'late', path: '/api/orders/late_report/' },
];
const only = new Set(opt.only ? opt.only.split(',') : []);
const rows = ROWS.filter((r) => only.size === 0 || only.has(r.key));

const databaseUrl = `${opt.pg}/${opt.db}`;
const sixteen = await sixteenLineOrder(databaseUrl);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const loadAtStart = load();
const bareFirst = await bareRow(port + 1, run);

const ours = await startBuiltServer(port, databaseUrl);
const { hostname, port: dbPort, username } = new URL(opt.pg);
const peer = await startServer({
  port: port + 2,
  command: 'gunicorn',
  args: [
    '-c',
    path.join(ROOT, 'bench/drf-peer/gunicorn.conf.py'),
    '--chdir',
    path.join(ROOT, 'bench/drf-peer'),
    'peer.wsgi:application',
  ],
  env: { PEER_DB: opt.db, PEER_DB_HOST: hostname, PEER_DB_PORT: dbPort || '5432', PEER_DB_USER: username, PEER_TOKEN },
});
// Each side: its base URL, the admin's header, and its CPU so far (the peer: gunicorn's master and workers).
const sides = {
  ours: {
    base: `http://127.0.0.1:${port}`,
    auth: await signInAs(`http://127.0.0.1:${port}`, 'admin@demo.test'),
    pid: ours.child.pid,
  },
  peer: {
    base: `http://127.0.0.1:${port + 2}`,
    auth: { authorization: `Token ${PEER_TOKEN}` },
    pid: () => groupCpuMs(peer.child.pid),
  },
};
const results = Object.fromEntries(rows.map((r) => [r.key, { ours: [], peer: [] }]));
try {
  for (let round = 0; round < Number(opt.rounds); round++) {
    for (const row of rows) {
      for (const side of round % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']) {
        const s = sides[side];
        // The side before may have left queries running: each row starts on a quiet database.
        const waited = await databaseQuiet(databaseUrl);
        if (waited === null) console.error(`round ${round + 1} ${row.key} ${side}: the database never went quiet`);
        else if (waited > 0)
          console.error(`round ${round + 1} ${row.key} ${side}: waited ${waited} ms for the database`);
        const r = await loadRow(`${s.base}${row.path.replace('{sixteen}', String(sixteen))}`, s.auth, s.pid, run);
        results[row.key][side].push(r);
        console.error(`round ${round + 1} ${row.key} ${side}: ${r.rps} req/s, p50 ${r.p50} ms, ${r.errors} errors`);
      }
    }
  }
} finally {
  await peer.stop();
  await ours.stop();
}
const bareLast = await bareRow(port + 1, run);
const bareRps = (bareFirst.rps + bareLast.rps) / 2;

const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
const range = (xs) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? lo.toLocaleString('en') : `${lo.toLocaleString('en')}–${hi.toLocaleString('en')}`;
};
const cell = (rs) =>
  [
    range(rs.map((r) => r.rps)),
    `${mean(rs.map((r) => r.p50)).toFixed(0)} / ${mean(rs.map((r) => r.p99)).toFixed(0)}`,
    mean(rs.map((r) => r.cpuPerRequest)).toFixed(2),
  ].join(' | ');

console.log(
  `\n${run.connections} connections, ${run.duration} s a row, ${opt.rounds} round(s) alternating; database ${opt.db}; ` +
    `bare route ${bareFirst.rps.toLocaleString('en')} (first) / ${bareLast.rps.toLocaleString('en')} (last) req/s`,
);
console.log(
  '\n| row | ours req/s | ours p50 / p99 ms | ours CPU ms/req | peer req/s | peer p50 / p99 ms | peer CPU ms/req | ours / peer | ours / bare | peer / bare | errors ours / peer |',
);
console.log('| --- | ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |');
for (const row of rows) {
  const { ours: o, peer: p } = results[row.key];
  const oRps = mean(o.map((r) => r.rps));
  const pRps = mean(p.map((r) => r.rps));
  const errors = (rs) => rs.reduce((a, r) => a + r.errors, 0);
  console.log(
    `| ${row.key} | ${cell(o)} | ${cell(p)} | ${(oRps / pRps).toFixed(1)}x | ` +
      `${((oRps / bareRps) * 100).toFixed(1)} % | ${((pRps / bareRps) * 100).toFixed(2)} % | ${errors(o)} / ${errors(p)} |`,
  );
}
console.log(
  `(load average at start ${loadAtStart}, when done ${load()}, on ${cpus().length} cores; CPU excludes PostgreSQL)`,
);

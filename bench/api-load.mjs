#!/usr/bin/env node
/**
 * Speed per request (issue 8), side by side in one run: a bare Fastify route (the floor), the
 * cheapest authenticated call (GET /api/users/me/), a 50-row page of line items over 50,000 items,
 * and the same page with a manufacturer_code substring filter; on PostgreSQL (a database `bench`,
 * recreated each run) and on embedded PGlite (a fresh folder).
 *
 * Usage: node bench/api-load.mjs [--duration 20] [--connections 64] [--items 50000]
 *          [--db postgres,pglite] [--pg postgres://postgres@127.0.0.1:5432] [--log-level info]
 *          [--compare other-tree]  (also serve another checkout, rows alternating between the two)
 *          [--profile out-dir]   (PostgreSQL only: /me under load with node --cpu-prof, then its top 10)
 *          [--profile-path /api/catalog/items/?page_size=50]   (profile another call than /me, on the demo data)
 */
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freshPgDatabase, loadItemsCsv, postItemsCsv, ROOT, signIn, spawnUntilListening } from './lib.mjs';
import { topSelfTime } from './profile-top.mjs';

const { values: opt } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '64' },
    items: { type: 'string', default: '50000' },
    db: { type: 'string', default: 'postgres,pglite' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    'log-level': { type: 'string', default: 'info' },
    profile: { type: 'string' },
    'profile-path': { type: 'string', default: '/api/users/me/' },
    compare: { type: 'string' },
  },
});
const duration = Number(opt.duration);
const connections = Number(opt.connections);
const itemCount = Number(opt.items);
const warmup = Math.max(2, Math.round(duration / 5));

/** Starts a node process with `args` and resolves once it answers HTTP; its stdout goes to a file. */
async function start(args, port, env, label, cwd = ROOT) {
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'cab-load-log-')), `${label}.log`);
  const out = openSync(logFile, 'w');
  const { child, stop } = await spawnUntilListening({
    args,
    port,
    cwd,
    env,
    stdio: ['ignore', out, 'inherit'],
    label: `${label} (see ${logFile})`,
  });
  return { stop, logFile, pid: child.pid };
}

/**
 * CPU time (user + system, ms) the process has used so far, from /proc (Linux). With the machine
 * shared, req/s moves with the outside load; the server's CPU per request moves much less.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at 100 ticks/s
  } catch {
    return NaN;
  }
}

async function load(url, headers = {}, pid = undefined) {
  // The total a person would see on this page (lists only).
  const first = await fetch(url, { headers }).then((r) => r.json());
  await autocannon({ url, headers, connections, duration: warmup });
  const times = [];
  const cpuBefore = pid ? cpuMs(pid) : NaN;
  const instance = autocannon({ url, headers, connections, duration });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const r = await new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
  const cpu = pid ? cpuMs(pid) - cpuBefore : NaN;
  times.sort((a, b) => a - b);
  const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : NaN);
  return {
    rps: Math.round(r.requests.total / r.duration),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    total: first.total,
    // Server CPU per answered request, in microseconds.
    cpuUs: Math.round((cpu * 1000) / Math.max(1, r.requests.total)),
  };
}

/** `rows` line items in 10,000-row CSV files through the import endpoint (as a shop loads them). */
async function seedItems(base, auth, rows) {
  for (let from = 0; from < rows; from += 10_000) {
    const res = await postItemsCsv(base, auth, loadItemsCsv(from, Math.min(rows, from + 10_000)));
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
}

async function analyze(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('vacuum analyze');
  await c.end();
}

const serverEnv = (extra) => ({
  LOG_LEVEL: opt['log-level'],
  UPLOAD_MAX_BYTES: String(100 * 1024 * 1024),
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  ...extra,
});

/** A server on a fresh database with `itemCount` items, restarted after the import. */
async function prepare(kind, port, root, dbName) {
  const databaseUrl = kind === 'postgres' ? await freshPgDatabase(opt.pg, dbName) : undefined;
  const env = serverEnv(
    databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cab-load-')) },
  );
  const base = `http://127.0.0.1:${port}`;
  let server = await start(['apps/server/src/main.ts'], port, env, `server-${kind}`, root);
  try {
    const seeded = performance.now();
    await seedItems(base, await signIn(base), itemCount);
    console.error(`${kind} ${root}: ${itemCount} items imported in ${Math.round(performance.now() - seeded)} ms`);
    if (databaseUrl) await analyze(databaseUrl);
    // A restart, so every row measures a server in its steady state, not one just after the import.
    await server.stop();
    server = await start(['apps/server/src/main.ts'], port, env, `server-${kind}`, root);
    return { base, auth: await signIn(base), stop: () => server.stop(), pid: server.pid };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

async function runDb(kind, port) {
  // With --compare, a second source tree (e.g. `git archive` of an older commit) is served beside
  // this one and every row alternates between them, so both see the same load from outside.
  const trees = [{ label: '', root: ROOT, db: 'bench' }];
  if (opt.compare)
    trees.push({ label: ` (${path.basename(opt.compare)})`, root: path.resolve(opt.compare), db: 'bench_compare' });
  const servers = [];
  try {
    for (const [i, tree] of trees.entries())
      servers.push({ ...tree, ...(await prepare(kind, port + 20 * i, tree.root, tree.db)) });
    const rows = [];
    const bare = await start(['bench/bare-server.mjs'], port + 1, {}, 'bare');
    try {
      rows.push(['', 'bare Fastify route', await load(`http://127.0.0.1:${port + 1}/bare`, {}, bare.pid)]);
    } finally {
      await bare.stop();
    }
    const calls = [
      ['GET /api/users/me/', '/api/users/me/'],
      [`GET /api/catalog/items/ (50 of ${itemCount})`, '/api/catalog/items/'],
      ['same, manufacturer_code=B30', '/api/catalog/items/?manufacturer_code=B30'],
    ];
    for (const [call, url] of calls) {
      for (const s of servers) rows.push([s.label, call, await load(`${s.base}${url}`, s.auth, s.pid)]);
    }
    return rows.map(([label, call, r]) => ({ kind, db: `${kind}${label}`, call, ...r }));
  } finally {
    for (const s of servers) await s.stop();
  }
}

async function profileMe(outDir) {
  mkdirSync(outDir, { recursive: true });
  const databaseUrl = await freshPgDatabase(opt.pg, 'bench');
  const port = 3960;
  const env = serverEnv({ DATABASE_URL: databaseUrl });
  const server = await start(
    ['--cpu-prof', `--cpu-prof-dir=${path.resolve(outDir)}`, 'apps/server/src/main.ts'],
    port,
    env,
    'server-profile',
  );
  let result;
  try {
    result = await load(`http://127.0.0.1:${port}${opt['profile-path']}`, await signIn(`http://127.0.0.1:${port}`));
  } finally {
    await server.stop();
  }
  // The main thread's profile is the largest (tsx's loader thread writes one too).
  const file = readdirSync(outDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(outDir, f))
    .sort((a, b) => statSync(a).size - statSync(b).size)
    .at(-1);
  console.log(`${opt['profile-path']} with --cpu-prof: ${result.rps} req/s, p50 ${result.p50} ms (profile ${file})`);
  console.log(topSelfTime(JSON.parse(readFileSync(file, 'utf8')), 25));
}

if (opt.profile) {
  await profileMe(opt.profile);
} else {
  const all = [];
  let port = 3950;
  for (const kind of opt.db.split(',')) {
    all.push(...(await runDb(kind, port)));
    port += 2;
  }
  console.log(
    `\n${connections} connections, ${duration} s per row (after ${warmup} s warm-up), LOG_LEVEL=${opt['log-level']}\n`,
  );
  console.log(
    '| db | call | req/s | % of bare | p50 ms | p95 ms | p99 ms | server CPU µs/req | errors / timeouts / non-2xx | total shown |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
  const ms = (v) => (Number.isNaN(v) ? '-' : v.toFixed(1));
  for (const r of all) {
    const bare = all.find((b) => b.kind === r.kind).rps;
    console.log(
      `| ${r.db} | ${r.call} | ${r.rps.toLocaleString('en')} | ${((100 * r.rps) / bare).toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${Number.isNaN(r.cpuUs) ? '-' : r.cpuUs.toLocaleString('en')} | ${r.errors} / ${r.timeouts} / ${r.non2xx} | ${r.total ?? ''} |`,
    );
  }
}

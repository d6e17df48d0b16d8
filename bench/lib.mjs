import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Starts the server (`npm run serve`, or `args` for node, or `command` with `args`, e.g. `npm
 * start`) on a fresh data folder (or DATABASE_URL) and resolves once the server prints its ready
 * line, with the time that took.
 */
export function startServer({
  port,
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-bench-')),
  command = 'node',
  args = ['--import', 'tsx', 'apps/server/src/main.ts'],
}) {
  const started = performance.now();
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops (bench/profile-top.mjs reads it).
  if (process.env.BENCH_CPU_PROF && command === 'node') {
    args = ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, ...args];
  }
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Another command (npm) starts the server as its child: stop() ends the whole group.
    detached: command !== 'node',
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready on')) {
        const ms = Math.round(performance.now() - started);
        // A group's CPU time so far (a detached command): steadier than `ms` on a busy machine.
        const cpu = command === 'node' ? undefined : Math.round(groupCpuMs(child.pid));
        resolve({ child, dataDir, ms, cpu, stop: () => stop(child) });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** A process's CPU time so far (user + system, ms), from /proc: robust to a busy machine. */
/** The middle value (the upper one of an even count), as every bench reports it. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function stop(child) {
  if (child.spawnargs[0] !== 'node') return stopGroup(child);
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** The live processes of process group `pgid`, each as its /proc stat fields after the name. */
function groupProcesses(pgid) {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        // From /proc, not kill(-pid, 0): an orphan nobody reaps stays a zombie in the group.
        return Number(fields[2]) === pgid && fields[0] !== 'Z' ? [fields] : [];
      } catch {
        return [];
      }
    });
}

/** CPU time (ms) of a process group: its live processes and the children they have reaped. */
export function groupCpuMs(pgid) {
  const ticks = groupProcesses(pgid).reduce((sum, f) => sum + f.slice(11, 15).reduce((a, x) => a + Number(x), 0), 0);
  return (ticks * 1000) / 100;
}

/** SIGTERM to a detached child's process group; resolves once no live process of it is left. */
async function stopGroup(child) {
  child.removeAllListeners('exit');
  const alive = () => groupProcesses(child.pid).length > 0;
  if (alive()) process.kill(-child.pid, 'SIGTERM');
  while (alive()) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Rows `from`..`to` of the load catalogue as one line-item CSV (api-load.mjs and import.mjs):
 * codes like B3034-1234, so "B30" matches about 1 item in 112; 4 categories, 20 product groups.
 */
export function loadItemsCsv(from, to) {
  const lines = [
    'manufacturer_code,price,description,category,base_category,width,height,depth,export_name_1,product_group',
  ];
  const bases = ['BASE', 'WALL', 'TALL', 'ACCESSORY'];
  for (let i = from; i < to; i++) {
    const b = bases[i % 4];
    const width = 9 + (Math.floor(i / 4) % 28);
    const height = 30 + (i % 13);
    lines.push(
      `${b[0]}${width}${height}-${i},${(100 + (i % 900)).toFixed(2)},Load cabinet ${i},Load ${b},${b},${width},${height},24,${b[0]}${width},Load group ${i % 20}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Signs in as the demo admin on a running server; the `authorization` header of its token. */
export async function signIn(base) {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
  });
  const { token } = await res.json();
  return { authorization: `Token ${token}` };
}

/** Drops and creates database `name` on the PostgreSQL server at `pgUrl`; its connection string. */
export async function freshPgDatabase(pgUrl, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: `${pgUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return `${pgUrl}/${name}`;
}

/** POSTs one line-item CSV to the import endpoint; the response. */
export function postItemsCsv(base, auth, csv) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'items.csv');
  return fetch(`${base}/api/catalog/items/import_csv/`, { method: 'POST', headers: auth, body: form });
}

/**
 * Spawns `node --import tsx …args` in `cwd` with PORT/HOST set and resolves once it answers HTTP
 * on `port`, with the child and a `stop()` that ends it (SIGTERM) and waits.
 */
export async function spawnUntilListening({ args, port, cwd = ROOT, env = {}, stdio, label }) {
  const child = spawn('node', ['--import', 'tsx', ...args], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio,
  });
  let exited = null;
  child.on('exit', (code) => {
    exited = code;
  });
  for (;;) {
    if (exited !== null) throw new Error(`${label} exited with ${exited}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const stop = () =>
    new Promise((resolve) => {
      if (exited !== null) return resolve();
      child.removeAllListeners('exit');
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
  return { child, stop };
}

/** The demo personal customer, who keys orders in the builder benches. */
export const DEMO_PERSONAL = { email: 'personal@demo.test', password: 'Demo1234!' };

/**
 * The builder benches' start: the server serving the built web app `dist` (killed however the
 * script ends), `api(token, method, url, body)` for JSON calls, and Debian's Chromium.
 */
export async function startBuilderBench({ port, dist }) {
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({ port, env: { WEB_DIST: dist, LOGIN_RATE_LIMIT_PER_MINUTE: '100' } });
  process.on('exit', () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  async function api(token, method, url, body) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { Authorization: `Token ${token}` } : {}), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  }
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  return { base, server, api, browser };
}

/**
 * `url` under load (autocannon, `connections`, `duration` s after a warm-up of a fifth of it):
 * req/s, p50/p95/p99 ms, the server's CPU ms per request (`pid`, from /proc; or a function giving
 * CPU ms so far, e.g. a process group's), errors (non-2xx and timeouts included), and the answer's
 * `total` and rows shown when it is a list.
 */
export async function loadRow(url, headers, pid, { connections, duration }) {
  const cpuNow = typeof pid === 'function' ? pid : () => cpuMs(pid);
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`${url}: ${first.status} ${(await first.text()).slice(0, 300)}`);
  const body = await first.json();
  const warmup = Math.max(2, Math.round(duration / 5));
  await autocannon({ url, headers, connections, duration: warmup });
  const times = [];
  const cpu0 = cpuNow();
  const instance = autocannon({ url, headers, connections, duration });
  instance.on('response', (_c, _s, _b, t) => times.push(t));
  const r = await new Promise((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  const cpu = cpuNow() - cpu0;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? Number.NaN;
  return {
    cpuPerRequest: cpu / Math.max(1, r.requests.total),
    rps: Math.round(r.requests.total / r.duration),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: r.errors + r.timeouts + r.non2xx,
    total: body.total ?? '',
    shown: body.results?.length ?? '',
  };
}

/** The bare Fastify route (bench/bare-server.mjs) on `port` under the same load: the floor rows are set beside. */
export async function bareRow(port, run) {
  const server = await startServer({ port, args: ['--import', 'tsx', 'bench/bare-server.mjs'] });
  try {
    return await loadRow(`http://127.0.0.1:${port}/bare`, {}, server.child.pid, run);
  } finally {
    await server.stop();
  }
}

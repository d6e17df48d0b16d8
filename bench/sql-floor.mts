/**
 * The SQL floor of one request (issue 15): the statements the server ran for it, each run by
 * pgbench as the server runs it, without the server. PostgreSQL logs every statement while the
 * request runs (ALTER SYSTEM log_min_duration_statement = 0, then reset); the executed statements
 * are read back from its log with their parameters, each made a view (pgbench would read `:MI` in
 * a to_char pattern as a variable), and pgbench runs one transaction of all of them: tps at
 * `connections` clients and the average latency at one client.
 * Needs a superuser connection and the server's log file (Debian: /var/log/postgresql/).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';

export interface Floor {
  statements: number;
  tpsAtLoad: number;
  msAlone: number;
}

/** Statements executed while `request` ran, as SQL with their parameters written in. */
async function capture(
  c: pg.Client,
  databaseUrl: string,
  logFile: string,
  request: () => Promise<void>,
): Promise<string[]> {
  // Requests the load left queued in the server finish first.
  await new Promise((r) => setTimeout(r, 3000));
  const from = statSync(logFile).size;
  await c.query(`alter system set log_min_duration_statement = 0`);
  await c.query(`select pg_reload_conf()`);
  await new Promise((r) => setTimeout(r, 300));
  try {
    await request();
  } finally {
    await c.query(`alter system reset log_min_duration_statement`);
    await c.query(`select pg_reload_conf()`);
  }
  await new Promise((r) => setTimeout(r, 300));
  const log = readFileSync(logFile, 'utf8').slice(from);
  const statements: string[] = [];
  // "LOG:  duration: 0.4 ms  execute <name>: <sql>" (continuation lines start with a tab), then
  // optionally "DETAIL:  parameters: $1 = '...', $2 = NULL".
  const entry =
    /@(\S+) LOG: {2}duration: [\d.]+ ms {2}execute [^:]*: ([\s\S]*?)\n(?=\S)(?:.*DETAIL: {2}parameters: (.*)\n)?/g;
  const database = new URL(databaseUrl).pathname.slice(1);
  for (const m0 of log.matchAll(entry)) {
    // Only this database's sessions (other work may share the server).
    if (m0[1] !== database) continue;
    const m = [m0[0], m0[2], m0[3]];
    const params = new Map<string, string>();
    for (const p of (m[2] ?? '').matchAll(/\$(\d+) = ('(?:[^']|'')*'|NULL)/g)) params.set(p[1]!, p[2]!);
    const text = m[1]!.replace(/\$(\d+)\b/g, (all, n) => params.get(n) ?? all);
    // Transaction control, and the count estimate (EXPLAIN, kept 10 s by kit/list.ts), are not the floor.
    if (/^\s*(begin|commit|rollback|set |show |explain|analyze)/i.test(text)) continue;
    statements.push(text);
  }
  return statements;
}

/** pgbench's tps (at `connections`) and latency alone (1 client) for the statements of `request`. */
export async function sqlFloor(
  c: pg.Client,
  databaseUrl: string,
  request: () => Promise<void>,
  { connections = 64, seconds = 10, logFile = '/var/log/postgresql/postgresql-15-main.log' } = {},
): Promise<Floor> {
  const statements = await capture(c, databaseUrl, logFile, request);
  const script = path.join(tmpdir(), `floor-${process.pid}.sql`);
  const reads: string[] = [];
  for (const [i, s] of statements.entries()) {
    await c.query(`drop view if exists bench_floor_${i}`);
    // Its columns renamed c1..cn: a statement may name two columns alike (a view may not).
    const columns = (await c.query(`select * from (${s}) t limit 0`)).fields.map((_, n) => `c${n + 1}`);
    await c.query(`create view bench_floor_${i} as select * from (${s}) t(${columns.join(', ')})`);
    reads.push(`select * from bench_floor_${i};`);
  }
  writeFileSync(script, `${reads.join('\n')}\n`);
  const run = (clients: number, secs: number) =>
    execFileSync(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(secs), '-f', script, databaseUrl],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  const tps = (out: string) => Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const latency = (out: string) => Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? Number.NaN);
  const loaded = run(connections, seconds);
  const alone = run(1, Math.max(3, Math.round(seconds / 2)));
  for (const i of statements.keys()) await c.query(`drop view if exists bench_floor_${i}`);
  return { statements: statements.length, tpsAtLoad: tps(loaded), msAlone: latency(alone) };
}

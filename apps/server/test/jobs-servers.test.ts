import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@cab/db';
import { accountsApi } from '@cab/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextUtcMidnight, utcDay } from '../src/kit/jobs/daily.ts';
import { OUTBOX } from '../src/modules/email/index.ts';
import { DAILY_CHARGES_JOB } from '../src/modules/finance/index.ts';
import { seed } from '../src/seed/index.ts';
import { testConfig } from './helpers.ts';
import {
  basePort,
  type CaughtMail,
  freshPgDatabase,
  laterRuns,
  type RunningServer,
  startServer,
  startSmtpCatcher,
} from './ops-process.ts';

/**
 * The one job runner across servers (issue 28's "Done when", decision 0041): two server processes
 * on one PostgreSQL run the daily charges and deliver the outbox. Each job runs on one of them; a
 * server killed (SIGKILL) mid-run leaves its lease, which runs out after the job's timeout, and the
 * other server runs the job again: the killed day is posted once, and no mail is sent twice.
 *
 * Waiting out a lease (10 minutes for the daily job, 2 for a claimed mail) is replaced by moving the
 * leases and due times back by that long (`passTime`): what the clock would have done.
 */
const PG = process.env.TEST_DATABASE_URL;
const DB = 'jobs_two';
const today = utcDay();
const yesterday = utcDay(new Date(Date.now() - 86_400_000));

let url: string;
/** The test's own connection: it reads the tables and holds the locks that stop a run midway. */
let sqlc: pg.Client;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
const servers: RunningServer[] = [];
const dataDirs: string[] = [];

/** Mails the SMTP server accepted (answered 250), and the one it received but never answered. */
const accepted: CaughtMail[] = [];
let stall: string | null = null;
let stalled: CaughtMail | null = null;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await sqlc.query(text, params)).rows as T[];

/** The one row a query answers. */
const one = async <T>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;

async function within(ms: number, check: () => Promise<boolean> | boolean) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function start(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-jobs-srv-'));
  dataDirs.push(dataDir);
  return startServer(port, {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp!.url,
    METRICS_TOKEN: 'jobs-test',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  }).then((s) => {
    servers.push(s);
    return s;
  });
}

/** The server whose runner holds `job`'s lease (jobs.locked_by is host:pid:random). */
async function holderOf(job: string) {
  const [row] = await q<{ locked_by: string | null }>('select locked_by from jobs where name = $1', [job]);
  const pid = Number(row?.locked_by?.split(':')[1]);
  return servers.find((s) => s.child.pid === pid && s.child.exitCode === null);
}

/** The clock moves on by `ms` for the runner's leases and due times and the outbox's. */
async function passTime(ms: number) {
  const by = `${ms} milliseconds`;
  await q(`update jobs set next_run_at = next_run_at - $1::interval, locked_until = locked_until - $1::interval`, [by]);
  await q(`update email_outbox set next_attempt_at = next_attempt_at - $1::interval where status = 'PENDING'`, [by]);
}

/** One sample of a server's /metrics (0 when the series is absent). */
async function metric(server: RunningServer, line: string) {
  const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer jobs-test' } })).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
}

beforeAll(async () => {
  if (!PG) return;
  url = await freshPgDatabase(PG, DB);
  // The demo, with its orders and the charges of the days before today: today's are the daily job's.
  const handle = await createDb({ databaseUrl: url });
  try {
    await seed(handle.db, { demo: true, demoFinance: true, demoOrders: true, config: testConfig() });
  } finally {
    await handle.close();
  }
  sqlc = new pg.Client({ connectionString: url });
  await sqlc.connect();
  smtp = await startSmtpCatcher((mail) => {
    // The stalled mail is received but never answered: its sender dies waiting.
    if (mail.to === stall && !stalled) {
      stalled = mail;
      return false;
    }
    accepted.push(mail);
    return true;
  });
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await sqlc?.end().catch(() => {});
  await smtp?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!PG)('two servers on one PostgreSQL, one job runner', () => {
  it('the daily charges run on one server; killed mid-run, the day rolls back and the other server posts it once', {
    timeout: 300_000,
  }, async () => {
    // Today will post charges: the demo's accounts were charged yesterday.
    const { n: charged } = await one<{ n: number }>(
      `select count(*)::int as n from ledger_entries where kind in ('INTEREST', 'FEE') and effective_date = $1`,
      [yesterday],
    );
    expect(charged).toBeGreaterThan(0);
    // Every invoice and milestone held: a run that posts an entry waits there (a day's charges go on
    // a charges milestone of their own, decision 0052, whose figures update the invoice's row), with
    // its day claimed, mid-run.
    await q('begin');
    await q('select id from invoices for update');
    await q('select id from invoice_milestones for update');
    const [a, b] = await Promise.all([start(basePort + 4), start(basePort + 5)]);
    await within(60_000, async () => {
      const waiting = await q(`select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [DB]);
      return waiting.length > 0 && (await holderOf(DAILY_CHARGES_JOB)) !== undefined;
    });
    const killed = (await holderOf(DAILY_CHARGES_JOB))!;
    const { locked_by: deadRunner } = await one<{ locked_by: string }>('select locked_by from jobs where name = $1', [
      DAILY_CHARGES_JOB,
    ]);
    const other = killed === a ? b! : a!;
    // The job runs on one server: the other has not run it.
    expect(await metric(other, `cab_job_runs_total{job="${DAILY_CHARGES_JOB}"}`)).toBe(0);

    await killed.stop('SIGKILL');
    await q('rollback');
    // The killed server's transaction ends with its connection: its claim of the day and its work are gone.
    await within(
      30_000,
      async () => (await q(`select 1 from pg_locks where locktype = 'advisory' and classid = 727277`)).length === 0,
    );
    expect(await q(`select * from job_runs where job_name = $1 and day = $2`, [DAILY_CHARGES_JOB, today])).toEqual([]);
    expect(
      await q(`select id from ledger_entries where kind in ('INTEREST', 'FEE') and effective_date = $1`, [today]),
    ).toEqual([]);
    // The lease is still the dead server's until the job's timeout (10 minutes) has passed: the
    // other server's runner goes on (the outbox runs again) and leaves the day alone. One claim takes
    // every job due, so the dead server may hold the outbox's lease too: that one (the outbox's
    // timeout, a minute) is let run out first, as the clock would have done.
    await q(`update jobs set locked_until = now() where name = 'outbox' and locked_by = $1`, [deadRunner]);
    await laterRuns(url, 'outbox', 1);
    expect(await metric(other, `cab_job_runs_total{job="${DAILY_CHARGES_JOB}"}`)).toBe(0);
    await passTime(10 * 60_000);

    await within(30_000, async () => {
      const [row] = await q<{ status: string }>(`select status from job_runs where job_name = $1 and day = $2`, [
        DAILY_CHARGES_JOB,
        today,
      ]);
      return row?.status === 'DONE';
    });
    await within(10_000, async () => (await holderOf(DAILY_CHARGES_JOB)) === undefined);
    const [job] = await q<{ attempts: number; last_error: string | null; next_run_at: Date }>(
      'select attempts, last_error, next_run_at from jobs where name = $1',
      [DAILY_CHARGES_JOB],
    );
    expect(job).toMatchObject({ attempts: 0, last_error: null });
    expect(job!.next_run_at.getTime()).toBe(nextUtcMidnight(new Date()).getTime());
    // Posted once: one claim of the day, one audit event per account, entries as one run posts them.
    expect(await q(`select status from job_runs where job_name = $1 and day = $2`, [DAILY_CHARGES_JOB, today])).toEqual(
      [{ status: 'DONE' }],
    );
    const events = await q<{ entity_id: string; n: number }>(
      `select entity_id, count(*)::int as n from audit_events
       where entity = 'account_charges' and action = 'post' and after->>'day' = $1 group by entity_id`,
      [today],
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.n !== 1)).toEqual([]);
    const { entries, keys } = await one<{ entries: number; keys: number }>(
      `select count(*)::int as entries, count(distinct (milestone_id, kind))::int as keys from ledger_entries
       where kind in ('INTEREST', 'FEE') and effective_date = $1 and carried_from_entry_id is null`,
      [today],
    );
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBe(keys);
    // The survivor's run was a retry of the killed one, and it ran once.
    expect(await metric(other, `cab_job_runs_total{job="${DAILY_CHARGES_JOB}"}`)).toBe(1);
    expect(await metric(other, `cab_job_retries_total{job="${DAILY_CHARGES_JOB}"}`)).toBe(1);
    expect(await metric(other, `cab_job_failures_total{job="${DAILY_CHARGES_JOB}"}`)).toBe(0);
  });

  it('the outbox is delivered by one server at a time; killed mid-send, its mails go out once from the other', {
    timeout: 300_000,
  }, async () => {
    // The killed server comes back: two servers again.
    // A server killed by a signal has no exit code, only a signal code.
    const running = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
    const used = new Set(running.map((s) => s.port));
    // On the killed server's port: the survivor keeps its own.
    running.push(await start(used.has(basePort + 4) ? basePort + 5 : basePort + 4));
    // The demo's own mails (queued by the seed) are out first; then only this test's are counted.
    await within(60_000, async () => (await q(`select 1 from email_outbox where status = 'PENDING'`)).length === 0);
    const { last } = await one<{ last: number }>('select coalesce(max(id), 0)::int as last from email_outbox');
    const before = accepted.length;
    const sent = () => accepted.slice(before);
    const people = ['admin@demo.test', 'staff@demo.test', 'manager@demo.test', 'employee@demo.test'];
    stall = 'staff@demo.test';
    for (const [i, email] of people.entries()) {
      const res = await fetch(`${running[i % 2]!.base}${accountsApi.forgetPassword.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBeLessThan(300);
    }
    // One server's round is sending staff's mail and waits for an answer that does not come.
    await within(30_000, () => stalled !== null);
    const sender = (await holderOf('outbox'))!;
    expect(sender).toBeDefined();
    // What that round sent before is recorded as sent; then the server dies mid-send.
    await within(10_000, async () => {
      const { n } = await one<{ n: number }>(
        `select count(*)::int as n from email_outbox where status = 'SENT' and id > $1`,
        [last],
      );
      return n === sent().length;
    });
    await sender.stop('SIGKILL');
    const survivor = running.find((s) => s !== sender)!;
    // The job's lease (1 minute) and the mail's claim (2 minutes) run out.
    await passTime(OUTBOX.leaseMs);
    await within(30_000, () => sent().length >= people.length);
    // Two more rounds of the survivor's outbox: nothing is sent again.
    await laterRuns(url, 'outbox', 2);
    expect(
      sent()
        .map((m) => m.to)
        .sort(),
    ).toEqual([...people].sort());
    expect(new Set(sent().map((m) => m.messageId)).size).toBe(people.length);
    // The mail resent is the same mail (its Message-ID), so a receiver that got the first drops it.
    expect(sent().find((m) => m.to === stall)!.messageId).toBe(stalled!.messageId);
    const rows = await q<{ status: string }>(`select status from email_outbox where id > $1`, [last]);
    expect(rows.map((r) => r.status)).toEqual(people.map(() => 'SENT'));
    expect(await metric(survivor, 'cab_job_retries_total{job="outbox"}')).toBeGreaterThanOrEqual(1);
  });
});

describe.skipIf(PG)('two servers on one PostgreSQL, one job runner', () => {
  it.skip('needs TEST_DATABASE_URL (a PostgreSQL server this test may create a database on)', () => {});
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DbHandle, schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import { EMAIL_TEMPLATES } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../src/jobs.ts';
import type { RequestContext } from '../src/kit/context.ts';
import { processRegistry } from '../src/kit/job-metrics.ts';
import { nextUtcMidnight, utcDay } from '../src/kit/jobs/daily.ts';
import type { JobDefinition, PeriodicJob } from '../src/kit/jobs/define.ts';
import { type JobRunner, runSoon, startJobRunner } from '../src/kit/jobs/runner.ts';
import { jobStates, runJobAgain } from '../src/kit/jobs/state.ts';
import { transaction } from '../src/kit/transaction.ts';
import { enqueueTemplate, type MailSender } from '../src/modules/email/index.ts';
import { silent, testConfig } from './helpers.ts';

/**
 * The one job runner's rules (kit/jobs/runner.ts, decision 0041) on one database: a due job is
 * claimed by one runner; a lease left by a server that died runs out after the job's timeout and
 * the job runs again as a retry; a failure is retried with a doubling backoff, due on the
 * database's clock; past its retries the job stops until an admin runs it again; a run past its
 * timeout fails and is told to stop; a job its config disables never runs; "run soon" runs a job
 * before it is due; a stop waits for the run under way. Runs, failures and retries are counted on
 * /metrics. Two servers in separate processes: jobs-servers.test.ts.
 */

let handle: DbHandle;
let ctx: RequestContext;
const runners: JobRunner[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  ctx = { db: handle.db, config: testConfig(), storage: null as never, actor: null, requestId: null, log: silent };
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await handle.close();
});

/** A runner that looks for due jobs only when told (tick, runSoon), not on its own every few seconds. */
const runner = (jobs: JobDefinition[]) => {
  const r = startJobRunner(ctx, jobs, { pollMs: 3600_000 });
  runners.push(r);
  return r;
};

const rowOf = async (name: string) => (await handle.db.select().from(schema.jobs).where(eq(schema.jobs.name, name)))[0];

/** Stands in for the clock: the job is due now, as its backoff or schedule would have it later. */
const dueNow = (name: string) =>
  handle.db.update(schema.jobs).set({ nextRunAt: sql`now()` }).where(eq(schema.jobs.name, name));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** Ticks `r` until `check` holds: what a runner does once a lease or a backoff has run out. */
const tickUntil = (r: { tick(): Promise<unknown> }, check: () => boolean) =>
  until(async () => {
    await r.tick();
    return check();
  });

/** One counter's value for a job on /metrics (the process registry). */
async function metric(name: string, job: string) {
  const found = (await processRegistry.getSingleMetric(name)?.get())?.values.find((v) => v.labels.job === job);
  return found?.value ?? 0;
}

/** A job due every minute whose body is `run`. */
const every = (name: string, run: PeriodicJob['run'], more: Partial<PeriodicJob> = {}): PeriodicJob => ({
  name,
  everyMs: 60_000,
  retries: { max: 3, backoffMs: 200, maxBackoffMs: 1_000 },
  timeoutMs: 10_000,
  run,
  ...more,
});

const msBetween = (later: Date | null | undefined, earlier: Date | null | undefined) =>
  later!.getTime() - earlier!.getTime();

describe('the job runner', () => {
  it('two runners: a due job runs once; its row says when it is due next and lets the lease go', async () => {
    let runs = 0;
    const job = every('test:once', async () => {
      runs++;
      await sleep(50);
    });
    const [a, b] = [runner([job]), runner([job])];
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(runs).toBe(1);
    const row = await rowOf('test:once');
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, attempts: 0, lastError: null });
    // Due a minute after the run ended, both on the database's clock.
    expect(msBetween(row!.nextRunAt, row!.lastFinishedAt)).toBe(60_000);
    // Not due again before its minute: later ticks of either runner do nothing.
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    expect(await metric('cab_job_runs_total', 'test:once')).toBe(1);
    expect(await metric('cab_job_failures_total', 'test:once')).toBe(0);
  });

  it('a lease left by a server that died runs out after the timeout; another runner then runs the job as a retry', async () => {
    const attempts: number[] = [];
    const job = every('test:lease', async (_ctx, run) => {
      attempts.push(run.attempt);
    });
    // What a server killed mid-run leaves: the job claimed, its lease running for the job's timeout.
    await handle.db.execute(
      sql`insert into jobs (name, next_run_at, locked_by, locked_until, last_started_at)
          values ('test:lease', now(), 'dead-host:1:x', now() + interval '400 milliseconds', now())`,
    );
    const r = runner([job]);
    await r.tick();
    expect(attempts).toEqual([]);
    // Once the lease has run out, a tick runs it.
    await tickUntil(r, () => attempts.length > 0);
    expect(attempts).toEqual([1]);
    expect(await metric('cab_job_retries_total', 'test:lease')).toBe(1);
    expect(await rowOf('test:lease')).toMatchObject({ lockedBy: null, attempts: 0, lastError: null });
  });

  it('a failure is retried after a backoff that doubles; past `max` retries the job stops until an admin runs it again', async () => {
    let fail = true;
    let runs = 0;
    const job = every(
      'test:retry',
      async () => {
        runs++;
        if (fail) throw new Error('SMTP refused');
      },
      { retries: { max: 2, backoffMs: 60_000, maxBackoffMs: 600_000 } },
    );
    const r = runner([job]);
    await r.tick();
    let row = await rowOf('test:retry');
    expect(row).toMatchObject({ attempts: 1, lastError: 'SMTP refused', lockedBy: null, failedAt: null });
    // Due on the database's clock: the backoff after the end that the same statement wrote.
    expect(msBetween(row!.nextRunAt, row!.lastFinishedAt)).toBe(60_000);
    // Not before its backoff.
    await r.tick();
    expect(runs).toBe(1);
    await dueNow('test:retry');
    await r.tick();
    row = await rowOf('test:retry');
    expect(runs).toBe(2);
    expect(row!.attempts).toBe(2);
    expect(msBetween(row!.nextRunAt, row!.lastFinishedAt)).toBe(120_000);
    await dueNow('test:retry');
    await r.tick();
    // The third failure in a row is past max (2 retries): the job stops.
    row = await rowOf('test:retry');
    expect(runs).toBe(3);
    expect(row).toMatchObject({ attempts: 3, lastError: 'SMTP refused', lockedBy: null });
    expect(row!.failedAt).toEqual(row!.lastFinishedAt);
    expect((await jobStates(handle.db)).find((j) => j.name === 'test:retry')).toMatchObject({
      status: 'FAILED',
      failures: 3,
    });
    // Stopped: neither its schedule nor a "run soon" runs it.
    await dueNow('test:retry');
    r.trigger('test:retry');
    await r.tick();
    expect(runs).toBe(3);
    // The admin runs it again: due now with its retries back, and a success clears the count.
    fail = false;
    expect(await runJobAgain(handle.db, 'test:retry')).toMatchObject({ status: 'SCHEDULED', failures: 0 });
    await until(async () => (await rowOf('test:retry'))!.lastError === null);
    expect(runs).toBe(4);
    expect(await rowOf('test:retry')).toMatchObject({ attempts: 0, failedAt: null });
    expect(await metric('cab_job_runs_total', 'test:retry')).toBe(4);
    expect(await metric('cab_job_failures_total', 'test:retry')).toBe(3);
    expect(await metric('cab_job_retries_total', 'test:retry')).toBe(2);
    expect(await runJobAgain(handle.db, 'test:nobody-runs-this')).toBeNull();
  });

  it('a run past its timeout fails and is told to stop; the job does not start again here while it still runs', async () => {
    let runs = 0;
    let bodyEnded = false;
    let reason: unknown;
    const job = every(
      'test:timeout',
      async (_ctx, run) => {
        runs++;
        await new Promise((r) => run.signal.addEventListener('abort', r));
        reason = run.signal.reason;
        await sleep(300); // the item in hand finishes after the timeout
        bodyEnded = true;
      },
      { timeoutMs: 150 },
    );
    const r = runner([job]);
    // The tick ends at the timeout, not when the body does.
    await r.tick();
    expect(bodyEnded).toBe(false);
    expect(String(reason)).toMatch(/timeout of 150 ms/);
    const row = await rowOf('test:timeout');
    expect(row).toMatchObject({ attempts: 1, lockedBy: null });
    expect(row!.lastError).toMatch(/did not end within its timeout of 150 ms/);
    r.trigger('test:timeout');
    await r.tick();
    expect(runs).toBe(1);
    await until(() => bodyEnded);
    // Once the body has ended, the asked-for run follows.
    await until(() => runs === 2);
    expect(await metric('cab_job_failures_total', 'test:timeout')).toBeGreaterThanOrEqual(1);
  });

  it('a job its config disables has no row and never runs; the declared jobs need SMTP_URL and a Stripe key', async () => {
    let runs = 0;
    const r = runner([
      every(
        'test:disabled',
        async () => {
          runs++;
        },
        { enabled: (config) => Boolean(config.smtpUrl) },
      ),
    ]);
    await r.tick();
    r.trigger('test:disabled');
    await r.tick();
    expect(runs).toBe(0);
    expect(await rowOf('test:disabled')).toBeUndefined();

    const enabled = (config: ReturnType<typeof testConfig>) =>
      backgroundJobs()
        .filter((j) => j.enabled?.(config) ?? true)
        .map((j) => j.name);
    expect(enabled(testConfig())).toEqual([
      'finance:daily-charges',
      'invoices:monthly-statements',
      'proposals:expire',
      'events:prune',
    ]);
    const base = testConfig();
    expect(
      enabled(testConfig({ smtpUrl: 'smtp://mail:25', stripe: { ...base.stripe, secretKey: 'sk_test_x' } })),
    ).toEqual([
      'outbox',
      'finance:daily-charges',
      'invoices:monthly-statements',
      'proposals:expire',
      'stripe_finisher',
      'events:prune',
    ]);
    expect(() =>
      startJobRunner(ctx, [every('test:twice', async () => {}), every('test:twice', async () => {})]),
    ).toThrow(/declared twice/);
  });

  it('runSoon runs a job before it is due, from outside the transaction that asked for it', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const answers: string[] = [];
    try {
      // The body calls the network: inside the asking transaction the test's guard would refuse it.
      const r = runner([every('test:soon', async () => answers.push(await (await fetch(url)).text()))]);
      await r.tick();
      expect(answers).toEqual(['ok']);
      await transaction(ctx, async () => {
        runSoon('test:soon');
      });
      await until(() => answers.length === 2);
      expect(await rowOf('test:soon')).toMatchObject({ attempts: 0, lastError: null });
    } finally {
      server.close();
    }
  });

  it('a queued mail is delivered at once after its commit, not at the next poll', async () => {
    const sent: string[] = [];
    const sender: MailSender = {
      send: async (m) => {
        sent.push(m.to);
        return { messageId: `<${m.id}@test>` };
      },
    };
    const r = runner(backgroundJobs({ mailSender: sender }).filter((j) => j.name === 'outbox'));
    await r.tick(); // the first round, nothing queued yet; the next is five seconds away
    const data = EMAIL_TEMPLATES.find((x) => x.name === 'order_submitted')!.sample;
    await transaction(ctx, (tx) => enqueueTemplate(tx, 'order_submitted', 'soon@example.com', data));
    await until(() => sent.length === 1, 3_000);
    expect(sent).toEqual(['soon@example.com']);
  });

  it('a stop tells the run under way to stop between items and waits for it; the job is due again at once', async () => {
    let items = 0;
    let started = false;
    let bodyEnded = false;
    const job = every('test:stop', async (_ctx, run) => {
      started = true;
      while (!run.signal.aborted) {
        items++;
        await sleep(20);
      }
      bodyEnded = true;
      return { again: true };
    });
    const r = startJobRunner(ctx, [job], { pollMs: 3600_000 });
    void r.tick();
    await until(() => started);
    await r.stop();
    // The stop waited for the body to end: no item can follow.
    expect(bodyEnded).toBe(true);
    const done = items;
    expect(done).toBeGreaterThan(0);
    const row = await rowOf('test:stop');
    expect(row).toMatchObject({ lockedBy: null, attempts: 0 });
    expect(Math.abs(msBetween(row!.nextRunAt, row!.lastFinishedAt))).toBeLessThan(1_000);
    // A stopped runner claims nothing more.
    await r.tick();
    r.trigger('test:stop');
    expect(items).toBe(done);
  });

  it('a daily job runs its days once across runners and is due at the next UTC midnight; a failed day is retried', async () => {
    const days: string[] = [];
    let failOnce = true;
    const daily = (name: string): JobDefinition => ({
      name,
      daily: async (_ctx, day) => {
        if (name === 'test:daily-fail' && failOnce) {
          failOnce = false;
          throw new Error('ledger unavailable');
        }
        days.push(`${name} ${day}`);
      },
      retries: { max: 3, backoffMs: 200, maxBackoffMs: 1_000 },
      timeoutMs: 10_000,
    });
    const [a, b] = [runner([daily('test:daily')]), runner([daily('test:daily')])];
    await Promise.all([a.tick(), b.tick()]);
    const today = utcDay();
    expect(days).toEqual([`test:daily ${today}`]);
    const row = await rowOf('test:daily');
    expect(row!.nextRunAt.getTime()).toBe(nextUtcMidnight(new Date()).getTime());
    const runs = await handle.db.select().from(schema.jobRuns).where(eq(schema.jobRuns.jobName, 'test:daily'));
    expect(runs.map((x) => [x.day, x.status])).toEqual([[today, 'DONE']]);

    const c = runner([daily('test:daily-fail')]);
    await c.tick();
    expect(await rowOf('test:daily-fail')).toMatchObject({ attempts: 1 });
    expect((await rowOf('test:daily-fail'))!.lastError).toMatch(/ledger unavailable/);
    const [failed] = await handle.db.select().from(schema.jobRuns).where(eq(schema.jobRuns.jobName, 'test:daily-fail'));
    expect(failed).toMatchObject({ day: today, status: 'FAILED', error: 'ledger unavailable' });
    // Once its backoff has passed, a tick retries the day.
    await tickUntil(c, () => days.length > 1);
    expect(days).toEqual([`test:daily ${today}`, `test:daily-fail ${today}`]);
    expect(await rowOf('test:daily-fail')).toMatchObject({ attempts: 0, lastError: null });
  });
});

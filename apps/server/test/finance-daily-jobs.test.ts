import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schema } from '@cab/db';
import { financeApi } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../src/jobs.ts';
import { type RequestContext, systemContext } from '../src/kit/context.ts';
import {
  catchUpDailyJob,
  type DailyJob,
  daysToRun,
  MAX_CATCH_UP_DAYS,
  runDailyJob,
  utcDay,
} from '../src/kit/jobs/daily.ts';
import { DAILY_CHARGES_JOB, dailyChargesBody } from '../src/modules/finance/index.ts';
import { postDailyCharges } from '../src/modules/invoices/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The days of a daily job (decisions 0027, 0041): two runners on one database run a job once per
 * day; a failed day is recorded and runs again; a run catches up the days no server ran, in order,
 * each once (decision 0035); jobs.ts declares finance:daily-charges, whose body the invoices
 * module supplies.
 */

let t: TestApp;
let dataDir: string;
const errors: unknown[] = [];
const log = {
  level: 'silent',
  fatal() {},
  error: (e: unknown) => errors.push(e),
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return log;
  },
} as unknown as FastifyBaseLogger;

/** Two servers' worth of contexts on the one database. */
let serverA: RequestContext;
let serverB: RequestContext;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-jobs-'));
  t = await setupTestApp({ dataDir });
  serverA = systemContext(t.app.deps, log);
  serverB = systemContext(t.app.deps, log);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const runsOf = (name: string) =>
  t.handle.db.select().from(schema.jobRuns).where(eq(schema.jobRuns.jobName, name)).orderBy(schema.jobRuns.day);

describe('daily jobs', () => {
  it('two runners started together run a job once for the day', async () => {
    const days: string[] = [];
    const job: DailyJob = async (ctx, day) => {
      // Slow enough that both runners are under way at once, and writing in the run's transaction.
      await ctx.db.execute(sql`select pg_sleep(0.05)`);
      days.push(day);
    };
    const results = await Promise.all([
      runDailyJob(serverA, 'test:count', job, '2026-11-26'),
      runDailyJob(serverB, 'test:count', job, '2026-11-26'),
    ]);
    expect(results.sort()).toEqual(['ran', 'skipped']);
    expect(days).toEqual(['2026-11-26']);
    // Later ticks of either server that day do nothing; the next day runs once.
    expect(await runDailyJob(serverA, 'test:count', job, '2026-11-26')).toBe('skipped');
    expect(await runDailyJob(serverB, 'test:count', job, '2026-11-26')).toBe('skipped');
    const next = await Promise.all([
      runDailyJob(serverB, 'test:count', job, '2026-11-27'),
      runDailyJob(serverA, 'test:count', job, '2026-11-27'),
    ]);
    expect(next.sort()).toEqual(['ran', 'skipped']);
    expect(days).toEqual(['2026-11-26', '2026-11-27']);
    const runs = await runsOf('test:count');
    expect(runs.map((r) => [r.day, r.status])).toEqual([
      ['2026-11-26', 'DONE'],
      ['2026-11-27', 'DONE'],
    ]);
    expect(runs.every((r) => r.finishedAt !== null)).toBe(true);
  });

  it('a failed day keeps none of its work, is recorded, and runs again on the next tick', async () => {
    let attempts = 0;
    const job: DailyJob = async (ctx) => {
      attempts++;
      await ctx.db.insert(schema.jobRuns).values({ jobName: 'test:side-effect', day: '2026-01-01', status: 'DONE' });
      if (attempts === 1) throw new Error('ledger unavailable');
    };
    expect(await runDailyJob(serverA, 'test:flaky', job, '2026-11-26')).toBe('failed');
    const [failed] = await runsOf('test:flaky');
    expect(failed).toMatchObject({ status: 'FAILED', error: 'ledger unavailable' });
    expect(await runsOf('test:side-effect')).toHaveLength(0);
    expect(await runDailyJob(serverB, 'test:flaky', job, '2026-11-26')).toBe('ran');
    expect((await runsOf('test:flaky'))[0]).toMatchObject({ status: 'DONE', error: null });
    expect(await runsOf('test:side-effect')).toHaveLength(1);
    expect(await runDailyJob(serverA, 'test:flaky', job, '2026-11-26')).toBe('skipped');
    expect(attempts).toBe(2);
  });

  it('a first tick runs today only; a later tick runs each day missed since, once and in order', async () => {
    const days: string[] = [];
    const job: DailyJob = async (_ctx, day) => {
      days.push(day);
    };
    const ran = (runs: { day: string; result: string }[]) => runs.filter((r) => r.result === 'ran').map((r) => r.day);
    expect(ran(await catchUpDailyJob(serverA, 'test:catch-up', job, '2026-12-10'))).toEqual(['2026-12-10']);
    expect(await catchUpDailyJob(serverB, 'test:catch-up', job, '2026-12-10')).toEqual([]);
    // No server ran on the 11th, 12th and 13th: the tick of the 14th posts them first.
    expect(ran(await catchUpDailyJob(serverB, 'test:catch-up', job, '2026-12-14'))).toEqual([
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
      '2026-12-14',
    ]);
    // Two servers ticking together after another gap: each day once, in order.
    const [a, b] = await Promise.all([
      catchUpDailyJob(serverA, 'test:catch-up', job, '2026-12-18'),
      catchUpDailyJob(serverB, 'test:catch-up', job, '2026-12-18'),
    ]);
    expect([...ran(a!), ...ran(b!)].sort()).toEqual(['2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18']);
    expect(days).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
      '2026-12-18',
    ]);
    const runs = await runsOf('test:catch-up');
    expect(runs.every((r) => r.status === 'DONE')).toBe(true);
    expect(runs).toHaveLength(9);
  });

  it('a catch-up stops at a failed day; the next tick runs it again, then the days after it', async () => {
    const days: string[] = [];
    let failOn: string | null = '2026-12-21';
    const job: DailyJob = async (_ctx, day) => {
      if (day === failOn) {
        failOn = null;
        throw new Error('ledger unavailable');
      }
      days.push(day);
    };
    await catchUpDailyJob(serverA, 'test:catch-up-fail', job, '2026-12-19');
    expect(await catchUpDailyJob(serverA, 'test:catch-up-fail', job, '2026-12-23')).toEqual([
      { day: '2026-12-20', result: 'ran' },
      { day: '2026-12-21', result: 'failed' },
    ]);
    expect((await runsOf('test:catch-up-fail')).map((r) => [r.day, r.status])).toEqual([
      ['2026-12-19', 'DONE'],
      ['2026-12-20', 'DONE'],
      ['2026-12-21', 'FAILED'],
    ]);
    expect(await catchUpDailyJob(serverB, 'test:catch-up-fail', job, '2026-12-23')).toEqual([
      { day: '2026-12-21', result: 'ran' },
      { day: '2026-12-22', result: 'ran' },
      { day: '2026-12-23', result: 'ran' },
    ]);
    expect(days).toEqual(['2026-12-19', '2026-12-20', '2026-12-21', '2026-12-22', '2026-12-23']);
  });

  it('a catch-up goes back at most MAX_CATCH_UP_DAYS; a first run that failed starts at that day', async () => {
    await t.handle.db.insert(schema.jobRuns).values([
      { jobName: 'test:long-gap', day: '2020-01-01', status: 'DONE' },
      { jobName: 'test:first-failed', day: '2026-12-08', status: 'FAILED' },
    ]);
    const days = await daysToRun(serverA, 'test:long-gap', '2026-12-10');
    expect(days).toHaveLength(MAX_CATCH_UP_DAYS + 1);
    expect([days[0], days.at(-1)]).toEqual(['2025-12-09', '2026-12-10']);
    expect(await daysToRun(serverA, 'test:first-failed', '2026-12-10')).toEqual([
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
    ]);
    expect(await daysToRun(serverA, 'test:never-ran', '2026-12-10')).toEqual(['2026-12-10']);
  });

  it('finance:daily-charges is declared and hands the supplied body the accounts with charges on', async () => {
    const declared = backgroundJobs().find((j) => j.name === DAILY_CHARGES_JOB);
    const job = declared && 'daily' in declared ? declared.daily : undefined;
    expect(job).toBeDefined();
    const admin = await t.login('ADMIN');
    const [company] = await t.handle.db.select().from(schema.companies).limit(1);
    await t.call(financeApi.companyUpdateStorageFees, {
      token: admin,
      params: { id: company!.id },
      body: { enabled: true, daily_amount: '12.50', free_days: 5 },
    });
    const seen: unknown[] = [];
    dailyChargesBody.fill(async (_ctx, day, settings) => {
      seen.push({ day, settings });
    });
    const day = utcDay(new Date(Date.now() + 86_400_000));
    let results: string[];
    try {
      // A change holds from the day after it is made (decision 0039): today's job has none yet.
      expect(await runDailyJob(serverA, DAILY_CHARGES_JOB, job!, utcDay())).toBe('ran');
      results = await Promise.all([
        runDailyJob(serverA, DAILY_CHARGES_JOB, job!, day),
        runDailyJob(serverB, DAILY_CHARGES_JOB, job!, day),
      ]);
    } finally {
      // The seam is the process's: the files after this one in the worker post real charges.
      dailyChargesBody.fill(postDailyCharges);
    }
    expect(results.sort()).toEqual(['ran', 'skipped']);
    expect(seen).toEqual([
      { day: utcDay(), settings: [] },
      {
        day,
        settings: [
          {
            customerId: null,
            companyId: company!.id,
            interest: { enabled: false, monthly: 0, graceDays: 0, onFees: false },
            storage: { enabled: true, dailyAmount: 1250, freeDays: 5 },
          },
        ],
      },
    ]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schema } from '@cab/db';
import { financeApi } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestContext, systemContext } from '../src/kit/context.ts';
import { type DailyJob, registeredDailyJobs, runDailyJob } from '../src/kit/daily-jobs.ts';
import { DAILY_CHARGES_JOB, supplyDailyCharges } from '../src/modules/finance/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The daily job runner (decision 0027): two runners on one database run a job once per day; a
 * failed day is recorded and runs again; finance registers finance:daily-charges, whose body the
 * invoices module supplies.
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

  it('finance:daily-charges is registered and hands the supplied body the accounts with charges on', async () => {
    const job = registeredDailyJobs().get(DAILY_CHARGES_JOB);
    expect(job).toBeDefined();
    const admin = await t.login('ADMIN');
    const [company] = await t.handle.db.select().from(schema.companies).limit(1);
    await t.call(financeApi.companyUpdateStorageFees, {
      token: admin,
      params: { id: company!.id },
      body: { enabled: true, daily_amount: '12.50', free_days: 5 },
    });
    const seen: unknown[] = [];
    supplyDailyCharges(async (_ctx, day, settings) => {
      seen.push({ day, settings });
    });
    const results = await Promise.all([
      runDailyJob(serverA, DAILY_CHARGES_JOB, job!, '2026-11-26'),
      runDailyJob(serverB, DAILY_CHARGES_JOB, job!, '2026-11-26'),
    ]);
    expect(results.sort()).toEqual(['ran', 'skipped']);
    expect(seen).toEqual([
      {
        day: '2026-11-26',
        settings: [
          {
            customerId: null,
            companyId: company!.id,
            interest: { enabled: false, monthly: 0, graceDays: 0 },
            storage: { enabled: true, dailyAmount: 1250, freeDays: 5 },
          },
        ],
      },
    ]);
  });
});

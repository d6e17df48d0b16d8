import { schema } from '@cab/db';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from './context.ts';
import { jobMetrics } from './job-metrics.ts';
import { transaction } from './transaction.ts';

/**
 * Jobs that run once a day however many servers run (decision 0027): each run is one
 * transaction that takes a transaction-scoped advisory lock on the job's name, then claims the
 * (job, day) row of `job_runs` (unique) and runs the job's body in that same transaction. A second
 * server finds the lock taken, or the day already claimed, and skips; a body that fails rolls its
 * claim back with its work, so the next tick runs the day again, and the failure is recorded.
 * Works on PostgreSQL and on the embedded PGlite alike (both have advisory locks).
 */

/** What a job does for one day; `ctx.db` is the run's transaction, so its writes commit with the claim. */
export type DailyJob = (ctx: RequestContext, day: string) => Promise<void>;
export type DailyRunResult = 'ran' | 'skipped' | 'failed';

/** The jobs of this process, by name (registered by the modules at start). */
const registry = new Map<string, DailyJob>();

/** The seam: a module names its daily job and gives its body; registering a name again replaces it. */
export function registerDailyJob(name: string, job: DailyJob): void {
  registry.set(name, job);
}

export const registeredDailyJobs = (): ReadonlyMap<string, DailyJob> => registry;

/** The class of the advisory locks the daily jobs take (the second key is the job name's hash). */
const LOCK_CLASS = 727_277;

/** Today in UTC, YYYY-MM-DD: the day a run is for. */
export const utcDay = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const { jobRuns } = schema;

/** Runs `job` for `day` unless some server already ran it (or is running it now). */
export async function runDailyJob(
  ctx: RequestContext,
  name: string,
  job: DailyJob,
  day: string = utcDay(),
): Promise<DailyRunResult> {
  try {
    return await transaction(ctx, async (tx) => {
      const lock = await tx.db.execute(
        sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext(${name})) as locked`,
      );
      const locked = (lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
      if (!locked) return 'skipped';
      // A day that failed before is claimed again; a day done is not.
      const claimed = await tx.db
        .insert(jobRuns)
        .values({ jobName: name, day, status: 'DONE' })
        .onConflictDoUpdate({
          target: [jobRuns.jobName, jobRuns.day],
          set: { status: 'DONE', startedAt: sql`now()`, error: null },
          where: eq(jobRuns.status, 'FAILED'),
        })
        .returning({ id: jobRuns.id });
      if (claimed.length === 0) return 'skipped';
      // Counted on /metrics only when it runs here (a skipped day is another server's).
      await jobMetrics.track(name, () => job(tx, day));
      await tx.db
        .update(jobRuns)
        .set({ finishedAt: sql`now()` })
        .where(and(eq(jobRuns.jobName, name), eq(jobRuns.day, day)));
      return 'ran';
    });
  } catch (err) {
    ctx.log.error({ err, job: name, day }, 'daily job failed');
    const error = err instanceof Error ? err.message.slice(0, 2000) : String(err).slice(0, 2000);
    await ctx.db
      .insert(jobRuns)
      .values({ jobName: name, day, status: 'FAILED', finishedAt: sql`now()`, error })
      .onConflictDoUpdate({
        target: [jobRuns.jobName, jobRuns.day],
        set: { status: 'FAILED', finishedAt: sql`now()`, error },
        where: eq(jobRuns.status, 'FAILED'),
      })
      .catch((e: unknown) => ctx.log.error({ err: e, job: name }, 'could not record the failed daily job'));
    return 'failed';
  }
}

/** Runs every registered job for `day`, one after another. */
export async function runDailyJobs(ctx: RequestContext, day: string = utcDay()) {
  const results: Record<string, DailyRunResult> = {};
  for (const [name, job] of registry) results[name] = await runDailyJob(ctx, name, job, day);
  return results;
}

/** How often a server looks whether today's runs are due (a run already done costs one lookup). */
export const DAILY_JOB_TICK_MS = 10 * 60_000;

/** Starts the ticks: now, then every `tickMs`; `stop()` waits for a run under way. */
export function startDailyJobs(ctx: RequestContext, tickMs: number = DAILY_JOB_TICK_MS) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() => runDailyJobs(ctx)).catch((err) => ctx.log.error({ err }, 'daily jobs tick failed'));
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

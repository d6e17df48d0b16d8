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
 *
 * A tick catches up (decision 0035): it runs every day from the one after the last day done up to
 * today, in order, each in its own run, so days no server ran (a weekend shutdown, a crash) are
 * posted late but once. It stops at a day that fails (the next tick starts there again) and at a
 * day another server is running (that server goes on from there), so a day never runs before the
 * days before it are done.
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

/** How far back a tick catches up (days before today); older missed days are not posted. */
export const MAX_CATCH_UP_DAYS = 366;

/** One day's run as the catch-up sees it: a skip is either another server's run under way or a day done. */
type DayOutcome = 'ran' | 'busy' | 'done' | 'failed';
const resultOf = (o: DayOutcome): DailyRunResult => (o === 'busy' || o === 'done' ? 'skipped' : o);

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** Runs `job` for `day` unless some server already ran it (or is running it now). */
export async function runDailyJob(
  ctx: RequestContext,
  name: string,
  job: DailyJob,
  day: string = utcDay(),
): Promise<DailyRunResult> {
  return resultOf(await runDay(ctx, name, job, day));
}

async function runDay(ctx: RequestContext, name: string, job: DailyJob, day: string): Promise<DayOutcome> {
  try {
    return await transaction(ctx, async (tx) => {
      const lock = await tx.db.execute(
        sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext(${name})) as locked`,
      );
      const locked = (lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
      if (!locked) return 'busy';
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
      if (claimed.length === 0) return 'done';
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

/**
 * The days a tick runs `name` for, oldest first: from the day after the last day done up to
 * `today`; with no day done, from a first day that failed, else today (a first run starts today,
 * not at the epoch); never more than MAX_CATCH_UP_DAYS back.
 */
export async function daysToRun(ctx: RequestContext, name: string, today: string = utcDay()): Promise<string[]> {
  const [row] = await ctx.db
    .select({
      done: sql<string | null>`max(${jobRuns.day}) filter (where ${jobRuns.status} = 'DONE')::text`,
      failed: sql<string | null>`min(${jobRuns.day}) filter (where ${jobRuns.status} = 'FAILED')::text`,
    })
    .from(jobRuns)
    .where(eq(jobRuns.jobName, name));
  const from = row?.done ? addDays(row.done, 1) : (row?.failed ?? today);
  const oldest = addDays(today, -MAX_CATCH_UP_DAYS);
  const days: string[] = [];
  for (let day = from < oldest ? oldest : from; day <= today; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Runs `job` for each day due up to `today` (daysToRun), in order; what each day's run did. */
export async function catchUpDailyJob(ctx: RequestContext, name: string, job: DailyJob, today: string = utcDay()) {
  const runs: { day: string; result: DailyRunResult }[] = [];
  for (const day of await daysToRun(ctx, name, today)) {
    const outcome = await runDay(ctx, name, job, day);
    runs.push({ day, result: resultOf(outcome) });
    // A failed day is the next tick's first; a day under way elsewhere is that server's to go on from.
    if (outcome === 'failed' || outcome === 'busy') break;
  }
  return runs;
}

/** A tick: every registered job caught up to `today`, one job after another. */
export async function runDailyJobs(ctx: RequestContext, today: string = utcDay()) {
  const results: Record<string, { day: string; result: DailyRunResult }[]> = {};
  for (const [name, job] of registry) results[name] = await catchUpDailyJob(ctx, name, job, today);
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

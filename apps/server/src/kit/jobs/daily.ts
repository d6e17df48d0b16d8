import { rowsOf, schema } from '@cab/db';
import { addDays, dayIn, dayMs } from '@cab/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../context.ts';
import { transaction } from '../transaction.ts';

/**
 * The days of a daily job (decisions 0027, 0041): the runner (runner.ts) starts a daily job once
 * across servers; each day it runs is one transaction that takes a transaction-scoped advisory
 * lock on the job's name, then claims the (job, day) row of `job_runs` (unique) and runs the job's
 * body in that same transaction. A day whose run died (a server killed mid-run) or failed rolls its
 * claim back with its work, so it runs again and is never posted twice; a failure is recorded.
 * Works on PostgreSQL and on the embedded PGlite alike (both have advisory locks).
 *
 * A run catches up (decision 0035): it runs every day from the one after the last day done up to
 * today, in order, each in its own transaction, so days no server ran (a weekend shutdown, a crash)
 * are posted late but once. It stops at a day that fails (the retry starts there again) and at a
 * day another transaction is running, so a day never runs before the days before it are done.
 */

/** What a job does for one day; `ctx.db` is the run's transaction, so its writes commit with the claim. */
export type DailyJob = (ctx: RequestContext, day: string) => Promise<void>;
export type DailyRunResult = 'ran' | 'skipped' | 'failed';

/** The class of the advisory locks the daily jobs take (the second key is the job name's hash). */
const LOCK_CLASS = 727_277;

/** Today in UTC, YYYY-MM-DD: the day a run is for. */
export const utcDay = (now: Date = new Date()) => dayIn(now, 'UTC');

/**
 * The first day a change of a setting the daily jobs read holds: the day after it is made (UTC,
 * the jobs' days). Today's run may already be done with what held when the day began: a change
 * made today moves neither it nor any earlier day, however late a day is posted (decision 0039).
 */
export const firstDayOfChange = (at: Date = new Date()) => addDays(utcDay(at), 1);

const { jobRuns } = schema;

/** How far back a run catches up (days before today); older missed days are not posted. */
export const MAX_CATCH_UP_DAYS = 366;

/** One day's run as the catch-up sees it: a skip is either another transaction's run under way or a day done. */
type DayOutcome = 'ran' | 'busy' | 'done' | 'failed';
const resultOf = (o: DayOutcome): DailyRunResult => (o === 'busy' || o === 'done' ? 'skipped' : o);

/** The next UTC midnight after `now`: when a daily job is due again. */
export const nextUtcMidnight = (now: Date) => new Date(dayMs(addDays(utcDay(now), 1)));

/** Runs `job` for `day` unless some server already ran it (or is running it now). */
export async function runDailyJob(
  ctx: RequestContext,
  name: string,
  job: DailyJob,
  day: string = utcDay(),
): Promise<DailyRunResult> {
  return resultOf((await runDay(ctx, name, job, day)).outcome);
}

async function runDay(
  ctx: RequestContext,
  name: string,
  job: DailyJob,
  day: string,
): Promise<{ outcome: DayOutcome; error?: string }> {
  try {
    const outcome = await transaction(ctx, async (tx): Promise<DayOutcome> => {
      const [lock] = await rowsOf<{ locked: boolean }>(
        tx.db,
        sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext(${name})) as locked`,
      );
      const locked = lock?.locked;
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
      await job(tx, day);
      await tx.db
        .update(jobRuns)
        .set({ finishedAt: sql`now()` })
        .where(and(eq(jobRuns.jobName, name), eq(jobRuns.day, day)));
      return 'ran';
    });
    return { outcome };
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
    return { outcome: 'failed', error };
  }
}

/**
 * The days a run of `name` covers, oldest first: from the day after the last day done up to
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
  return (await catchUp(ctx, name, job, today)).runs;
}

/**
 * The catch-up, with why it stopped: a day that failed (its error), a day another transaction
 * holds (`busy`), or `stopping()` said so between days (the days left are the next run's).
 */
async function catchUp(
  ctx: RequestContext,
  name: string,
  job: DailyJob,
  today: string,
  stopping: () => boolean = () => false,
) {
  const runs: { day: string; result: DailyRunResult }[] = [];
  let stopped: { day: string; why: 'failed' | 'busy' | 'stopping'; error?: string } | null = null;
  for (const day of await daysToRun(ctx, name, today)) {
    if (stopping()) {
      stopped = { day, why: 'stopping' };
      break;
    }
    const { outcome, error } = await runDay(ctx, name, job, day);
    runs.push({ day, result: resultOf(outcome) });
    // A failed day is the retry's first; a day under way elsewhere is that transaction's.
    if (outcome === 'failed' || outcome === 'busy') {
      stopped = { day, why: outcome, error };
      break;
    }
  }
  return { runs, stopped };
}

/**
 * The body the runner runs for a daily job: the catch-up up to today. A day that failed, or one
 * still held by another transaction (a server killed mid-run whose database session has not ended
 * yet), fails the run, so the runner retries it with backoff; a stop between days asks to run
 * again at once (on another server, or at the next start).
 */
export async function runDailyCatchUp(
  ctx: RequestContext,
  name: string,
  job: DailyJob,
  signal: AbortSignal,
  now: Date = new Date(),
): Promise<{ again: boolean }> {
  const { stopped } = await catchUp(ctx, name, job, utcDay(now), () => signal.aborted);
  if (stopped?.why === 'failed') throw new Error(`${name} ${stopped.day}: ${stopped.error}`);
  if (stopped?.why === 'busy') throw new Error(`${name} ${stopped.day} is held by another run`);
  return { again: stopped?.why === 'stopping' };
}

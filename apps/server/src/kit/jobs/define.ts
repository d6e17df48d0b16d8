import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../context.ts';
import type { DailyJob } from './daily.ts';

/**
 * What a background job is (decision 0041): declared once, in apps/server/src/jobs.ts, with its
 * name, when it is due, its retries and timeout, and the module function it runs. The runner
 * (runner.ts) runs each declared job once across servers.
 */

/** What a run gets besides its context. */
export interface JobRun {
  /** Aborted when the server stops or the run passes its timeout: stop between items. */
  signal: AbortSignal;
  /** Failures in a row before this run (0 on a first try). */
  attempt: number;
  /** When the run was claimed, on the database's clock: a daily job's "today" (UTC) is this one's. */
  at: Date;
}

/** A run that answers `{ again: true }` makes its job due at once (more is waiting, or a stop cut it short). */
export const asksAgain = (result: unknown) =>
  typeof result === 'object' && result !== null && (result as { again?: unknown }).again === true;

/**
 * After a failure the job is due again in backoffMs x 2^(failures-1), at most maxBackoffMs; `max`
 * retries in a row failed too, it stops (jobs.failed_at) until an admin runs it again.
 */
export interface Retries {
  max: number;
  backoffMs: number;
  maxBackoffMs: number;
}

interface JobCommon {
  /** The job's row in table `jobs` and its label on /metrics. */
  name: string;
  retries: Retries;
  /** A run is given up after this, and its lease runs out then: a server killed mid-run is retried after it. */
  timeoutMs: number;
  /** Off when the config lacks what the job needs (SMTP_URL, a Stripe key); on by default. */
  enabled?: (config: Config) => boolean;
}

/** A job due every `everyMs` after its last run ended. */
export interface PeriodicJob extends JobCommon {
  everyMs: number;
  /** What it answers is ignored, but `{ again: true }` (asksAgain). */
  run: (ctx: RequestContext, run: JobRun) => Promise<unknown>;
}

/** A job due once a UTC day: each run catches up every day missed since the last day done (daily.ts). */
interface DailyJobDefinition extends JobCommon {
  daily: DailyJob;
}

export type JobDefinition = PeriodicJob | DailyJobDefinition;

/** `ms` after the database's now(): due times are on the clock the claim compares them with. */
export const msFromNow = (ms: number): SQL => sql`now() + ${ms}::int * interval '1 millisecond'`;

/** When a job is due next after a run that ends now (not a failure being retried), on the database's clock. */
export const nextScheduled = (job: JobDefinition): SQL =>
  'daily' in job
    ? sql`(date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC'`
    : msFromNow(job.everyMs);

/** The wait before the retry that follows the `failures`-th failure in a row. */
export const backoffMs = (retries: Retries, failures: number) =>
  Math.min(retries.maxBackoffMs, retries.backoffMs * 2 ** Math.max(0, failures - 1));

import { date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';

/**
 * The background jobs' state (apps/server/src/kit/jobs/runner.ts, decision 0041): one row per
 * job name. A server runs a job only after claiming its lease in one UPDATE (free, or run out);
 * a server killed mid-run leaves a lease that runs out after the job's timeout, and another
 * server (or the restarted one) then runs it again.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  /** When the job is due next (its schedule, or a retry's backoff). */
  nextRunAt: timestamptz('next_run_at').notNull().defaultNow(),
  /** The runner holding the lease (host:pid:random), null when free. */
  lockedBy: text('locked_by'),
  /** The lease runs out at this time: the start of the run plus the job's timeout. */
  lockedUntil: timestamptz('locked_until'),
  /** Failures in a row (a run that threw, timed out, or whose lease ran out); 0 after a success. */
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  lastStartedAt: timestamptz('last_started_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  /**
   * Set when the job failed more than its `retries.max` in a row: it is not run again until an
   * admin runs it (POST /api/ops/jobs/:name/run/); /metrics and the admin's dashboard show it.
   */
  failedAt: timestamptz('failed_at'),
});

/**
 * The daily jobs' runs (apps/server/src/kit/jobs/daily.ts, decisions 0027, 0041): one row per job
 * and day, claimed under an advisory lock in the transaction of the day's work, so a day is
 * posted once however many servers run the job, and a day whose run died rolls back and runs again.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    jobName: text('job_name').notNull(),
    /** The day (UTC) the run is for. */
    day: date('day').notNull(),
    /** RUNNING, DONE or FAILED. */
    status: text('status').$type<'RUNNING' | 'DONE' | 'FAILED'>().notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    error: text('error'),
  },
  (t) => [uniqueIndex('job_runs_job_day_key').on(t.jobName, t.day)],
);

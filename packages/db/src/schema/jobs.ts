import { date, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';

/**
 * The daily jobs' runs (apps/server/src/kit/daily-jobs.ts, decision 0027): one row per job and
 * day, claimed under an advisory lock, so a job runs once a day however many servers start it.
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

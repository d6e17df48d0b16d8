import { type Executor, schema } from '@cab/db';
import { isoOrNull, type Job } from '@cab/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { runSoon, scheduleOf } from './runner.ts';

/**
 * The background jobs as table `jobs` holds them for every server (runner.ts): what the admin
 * sees (GET /api/ops/jobs/), /metrics' `cab_job_failed` and the admin's dashboard read, and the
 * admin's "run it again" for a job that stopped after its retries.
 */

const { jobs } = schema;

const columns = {
  name: jobs.name,
  nextRunAt: jobs.nextRunAt,
  attempts: jobs.attempts,
  lastError: jobs.lastError,
  lastStartedAt: jobs.lastStartedAt,
  lastFinishedAt: jobs.lastFinishedAt,
  failedAt: jobs.failedAt,
  // Held by a runner whose lease has not run out, on the database's clock.
  running: sql<boolean>`coalesce(${jobs.lockedUntil} > now(), false)`,
};
interface Row {
  name: string;
  nextRunAt: Date;
  attempts: number;
  lastError: string | null;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  failedAt: Date | null;
  running: boolean;
}

const toJob = (r: Row): Job => ({
  name: r.name,
  status: r.failedAt ? 'FAILED' : r.running ? 'RUNNING' : r.attempts > 0 ? 'RETRYING' : 'SCHEDULED',
  next_run_at: r.nextRunAt.toISOString(),
  failures: r.attempts,
  last_error: r.lastError,
  last_started_at: isoOrNull(r.lastStartedAt),
  last_finished_at: isoOrNull(r.lastFinishedAt),
  failed_at: isoOrNull(r.failedAt),
  schedule: scheduleOf(r.name),
});

/** Every job some server has run, by name. */
export async function jobStates(db: Executor): Promise<Job[]> {
  return (await db.select(columns).from(jobs).orderBy(asc(jobs.name))).map(toJob);
}

/**
 * Runs `name` soon (on this server, or the first server whose runner has it): due now, a stopped
 * job's failures cleared so its retries start over. Null for a job no server has run.
 */
export async function runJobAgain(db: Executor, name: string): Promise<Job | null> {
  const [row] = await db
    .update(jobs)
    .set({ failedAt: null, attempts: 0, nextRunAt: sql`now()` })
    .where(eq(jobs.name, name))
    .returning(columns);
  if (!row) return null;
  runSoon(name);
  return toJob(row);
}

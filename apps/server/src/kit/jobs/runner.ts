import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { rowsOf, schema } from '@cab/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../context.ts';
import { jobMetrics } from '../job-metrics.ts';
import { runDailyCatchUp } from './daily.ts';
import { asksAgain, backoffMs, type JobDefinition, type JobRun, msFromNow, nextScheduled } from './define.ts';

/**
 * The one job runner (decision 0041). Every server runs one, with the jobs declared in
 * apps/server/src/jobs.ts; table `jobs` holds one row per job (next run, lease, failures in a row).
 * A tick claims the due jobs whose lease is free or has run out in one UPDATE ... RETURNING, so a
 * job runs on one server at a time; the lease lasts the job's timeout, so a server killed mid-run
 * holds it only that long, and the next claim counts the lost run as a failure and runs it again.
 * A run ends by writing when the job is due next (its schedule, or a retry's backoff) and letting
 * the lease go; every run is counted on /metrics (kit/job-metrics.ts). One clock: leases and due
 * times are the database's now(), never the app server's, so servers whose clocks differ agree.
 * A job that fails more than `retries.max` times in a row stops (`failed_at`): it is not claimed
 * again until an admin runs it (runAgain), and /metrics and the admin's dashboard say so.
 * Works alike on PostgreSQL and on the embedded PGlite (one server there).
 */

const RUNNER = {
  /** How often a runner looks for due jobs (besides `runSoon` and a run that asks to go again). */
  pollMs: 5_000,
};

export interface JobRunner {
  /** host:pid:random, written as `jobs.locked_by` while this runner holds a job. */
  readonly id: string;
  /** Claims what is due now and runs it; resolves once those runs have ended (or timed out). */
  tick(): Promise<void>;
  /** Run this job soon, even before it is due (it still waits for a lease another server holds). */
  trigger(name: string): void;
  /** No new run; the runs under way are told to stop between items (their signal) and awaited. */
  stop(): Promise<void>;
  /** The declaration of a job this runner runs (enabled by the config). */
  declared(name: string): JobDefinition | undefined;
}

/** The runners started in this process: `runSoon` reaches them. */
const started = new Set<JobRunner>();

/** "Run this job soon" (e.g. the outbox after a message is queued): a no-op where no runner runs it. */
export function runSoon(name: string): void {
  for (const runner of started) runner.trigger(name);
}

/** How a job this process runs is scheduled (the admin's jobs page); null where no runner here has it. */
export function scheduleOf(name: string): { every_ms: number | null; daily: boolean } | null {
  for (const runner of started) {
    const job = runner.declared(name);
    if (job) return 'daily' in job ? { every_ms: null, daily: true } : { every_ms: job.everyMs, daily: false };
  }
  return null;
}

const { jobs: jobsTable } = schema;

class JobTimeoutError extends Error {
  constructor(name: string, ms: number) {
    super(`${name} did not end within its timeout of ${ms} ms`);
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);
const settled = () => undefined;

type Outcome = { ok: true; again: boolean } | { ok: false; error: unknown };
type Claimed = { name: string; attempts: number; last_error: string | null; at: Date };

/**
 * Starts a runner for the `definitions` the config enables: a first tick at once, then every
 * RUNNER.pollMs. `ctx` is a system context (no actor, no request).
 */
export function startJobRunner(
  ctx: RequestContext,
  definitions: JobDefinition[],
  options: { pollMs?: number } = {},
): JobRunner {
  const jobs = new Map<string, JobDefinition>();
  for (const job of definitions) {
    if (jobs.has(job.name)) throw new Error(`job ${job.name} is declared twice`);
    if (job.enabled?.(ctx.config) ?? true) jobs.set(job.name, job);
  }
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Jobs asked for (`trigger`) and not yet claimed. */
  const wanted = new Set<string>();
  /** Jobs whose body runs here, until the body itself has ended (even past its timeout). */
  const busy = new Set<string>();
  /** The runs a stop waits for: each ends when its body does or at its timeout. */
  const inFlight = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let claiming: Promise<Promise<void>[]> | null = null;
  let tickAgain = false;
  let stopped = false;
  let rows: Promise<unknown> | null = null;

  // Ticks start in the runner's own async context, never in the caller's (a request, or the
  // transaction whose commit triggered the job: kit/network-guard.ts would see its mark).
  const soon = AsyncResource.bind(() => {
    setImmediate(() => void tick());
  });

  /** A row per job, due at once the first time any server starts it. */
  const ensureRows = () =>
    (rows ??= ctx.db
      .insert(jobsTable)
      .values([...jobs.keys()].map((name) => ({ name })))
      .onConflictDoNothing()
      .catch((err: unknown) => {
        rows = null;
        throw err;
      }));

  /** One UPDATE: the jobs due (or asked for) whose lease is free or has run out become this runner's. */
  async function claim(names: string[]): Promise<Claimed[]> {
    const values = sql.join(
      names.map((n) => sql`(${n}::text, ${jobs.get(n)!.timeoutMs}::int, ${wanted.has(n)}::boolean)`),
      sql`, `,
    );
    // In SET the columns are the row before the update: a holder still named there lost its run.
    const claimed = await rowsOf<Omit<Claimed, 'at'> & { at: string }>(
      ctx.db,
      sql`
      update ${jobsTable} j set
        locked_by = ${id},
        locked_until = now() + v.timeout_ms * interval '1 millisecond',
        last_started_at = now(),
        attempts = j.attempts + (j.locked_by is not null)::int,
        last_error = case when j.locked_by is null then j.last_error
          else 'the run on ' || j.locked_by || ' did not end before its lease ran out' end
      from (values ${values}) as v(name, timeout_ms, wanted)
      where j.name = v.name
        and j.failed_at is null
        and (j.next_run_at <= now() or v.wanted)
        and (j.locked_until is null or j.locked_until <= now())
      returning j.name, j.attempts, j.last_error, now()::text as at`,
    );
    return claimed.map((r) => ({
      ...r,
      at: new Date(r.at),
    }));
  }

  /** Lets jobs claimed during a stop go again, due as they were. */
  const release = (names: string[]) =>
    ctx.db
      .update(jobsTable)
      .set({ lockedBy: null, lockedUntil: null })
      .where(and(inArray(jobsTable.name, names), eq(jobsTable.lockedBy, id)));

  /**
   * Writes how a run ended, on the database's clock: when the job is due next, its failures in a
   * row, the lease let go; past `retries.max` retries the job stops (failed_at) instead.
   */
  async function finish(job: JobDefinition, before: number, outcome: Outcome) {
    const failures = outcome.ok ? 0 : before + 1;
    const givenUp = !outcome.ok && failures > job.retries.max;
    const nextRunAt = outcome.ok
      ? outcome.again
        ? sql`now()`
        : nextScheduled(job)
      : givenUp
        ? nextScheduled(job)
        : msFromNow(backoffMs(job.retries, failures));
    const updated = await ctx.db
      .update(jobsTable)
      .set({
        nextRunAt,
        failedAt: givenUp ? sql`now()` : null,
        attempts: failures,
        lastError: outcome.ok ? null : message(outcome.error),
        lockedBy: null,
        lockedUntil: null,
        lastFinishedAt: sql`now()`,
      })
      .where(and(eq(jobsTable.name, job.name), eq(jobsTable.lockedBy, id)))
      .returning({ name: jobsTable.name });
    if (updated.length === 0)
      ctx.log.warn({ job: job.name }, 'a background job ended after another server took it over');
    else if (givenUp)
      ctx.log.error(
        { job: job.name, failures },
        'a background job failed past its retries: stopped until an admin runs it again',
      );
  }

  const bodyOf = (job: JobDefinition) =>
    'daily' in job
      ? (c: RequestContext, run: JobRun) => runDailyCatchUp(c, job.name, job.daily, run.signal, run.at)
      : job.run;

  function launch(row: Claimed): Promise<void> {
    const job = jobs.get(row.name)!;
    const retry = row.attempts > 0;
    if (retry)
      ctx.log.warn({ job: job.name, attempt: row.attempts, lastError: row.last_error }, 'retrying a background job');
    const controller = new AbortController();
    controllers.add(controller);
    busy.add(job.name);
    const startedAt = performance.now();
    const body = Promise.resolve().then(() =>
      bodyOf(job)(ctx, { signal: controller.signal, attempt: row.attempts, at: row.at }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => {
        const error = new JobTimeoutError(job.name, job.timeoutMs);
        controller.abort(error);
        resolve({ ok: false, error });
      }, job.timeoutMs);
    });
    const outcome = Promise.race([
      body.then(
        (result): Outcome => ({ ok: true, again: asksAgain(result) }),
        (error): Outcome => ({ ok: false, error }),
      ),
      timedOut,
    ]);
    const run = outcome.then(async (o) => {
      clearTimeout(timer);
      jobMetrics.record(job.name, { ok: o.ok, seconds: (performance.now() - startedAt) / 1000, retry });
      if (!o.ok) ctx.log.error({ err: o.error, job: job.name }, 'background job failed');
      await finish(job, row.attempts, o).catch((err: unknown) =>
        ctx.log.error({ err, job: job.name }, 'could not record the end of a background job'),
      );
      return o.ok && o.again;
    });
    const tracked = run.then(settled);
    inFlight.add(tracked);
    // The job stays busy here until its body has ended, so a body past its timeout never runs twice on one server.
    void Promise.all([body.catch(settled), run]).then(([, again]) => {
      inFlight.delete(tracked);
      controllers.delete(controller);
      busy.delete(job.name);
      if (!stopped && (again || wanted.has(job.name))) soon();
    });
    return tracked;
  }

  async function claimAndLaunch(): Promise<Promise<void>[]> {
    const names = [...jobs.keys()].filter((n) => !busy.has(n));
    if (names.length === 0) return [];
    try {
      await ensureRows();
      const claimed = await claim(names);
      for (const row of claimed) wanted.delete(row.name);
      if (stopped) {
        // The stop came while claiming: the jobs go back, due as they were, for another server.
        if (claimed.length > 0) await release(claimed.map((r) => r.name));
        return [];
      }
      return claimed.map(launch);
    } catch (err) {
      ctx.log.error({ err }, 'the job runner could not claim its jobs');
      return [];
    }
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    // A tick asked for while one claims waits for that one, and another follows it (what it asked for may be newer).
    if (claiming) tickAgain = true;
    else {
      claiming = claimAndLaunch().finally(() => {
        claiming = null;
        if (tickAgain && !stopped) {
          tickAgain = false;
          soon();
        }
      });
    }
    const current: Promise<Promise<void>[]> = claiming;
    await Promise.all(await current);
  }

  const timer = setInterval(soon, options.pollMs ?? RUNNER.pollMs);
  timer.unref();
  const runner: JobRunner = {
    id,
    tick,
    declared: (name) => jobs.get(name),
    trigger(name) {
      if (stopped || !jobs.has(name)) return;
      wanted.add(name);
      soon();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      started.delete(runner);
      for (const c of controllers) c.abort(new Error('the server is stopping'));
      await claiming;
      await Promise.all(inFlight);
    },
  };
  started.add(runner);
  soon();
  return runner;
}

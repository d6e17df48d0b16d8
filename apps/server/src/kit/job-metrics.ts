import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Metrics of the whole process, not of one app: the background jobs the runner runs
 * (kit/jobs/runner.ts). GET /metrics (modules/ops) serves them beside the app's own.
 */
export const processRegistry = new Registry();

const runs = new Counter({
  name: 'cab_job_runs_total',
  help: 'Runs of a background job (one outbox delivery round, one daily catch-up, one finisher round), by job',
  labelNames: ['job'],
  registers: [processRegistry],
});
const failures = new Counter({
  name: 'cab_job_failures_total',
  help: 'Runs of a background job that ended in an error, by job',
  labelNames: ['job'],
  registers: [processRegistry],
});
const duration = new Histogram({
  name: 'cab_job_duration_seconds',
  help: 'How long a run of a background job took, by job',
  labelNames: ['job'],
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [processRegistry],
});
const retries = new Counter({
  name: 'cab_job_retries_total',
  help: 'Runs of a background job that retried a failed one (it threw, timed out, or its server stopped mid-run and its lease ran out), by job',
  labelNames: ['job'],
  registers: [processRegistry],
});
const lastSuccess = new Gauge({
  name: 'cab_job_last_success_timestamp_seconds',
  help: 'When a background job last ended without an error (Unix time), by job',
  labelNames: ['job'],
  registers: [processRegistry],
});

/**
 * The recorder every background job reports to: `track(name, work)` runs `work` as one run,
 * counting it, its failure (work threw; the error is thrown on) and its duration.
 */
export const jobMetrics = {
  async track<T>(job: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await work();
      jobMetrics.record(job, { ok: true, seconds: (performance.now() - started) / 1000 });
      return result;
    } catch (err) {
      jobMetrics.record(job, { ok: false, seconds: (performance.now() - started) / 1000 });
      throw err;
    }
  },
  /** A run already timed by its runner; `retry` when it follows a failure (counted in cab_job_retries_total too). */
  record(job: string, run: { ok: boolean; seconds: number; retry?: boolean }) {
    runs.inc({ job });
    if (run.retry) retries.inc({ job });
    if (!run.ok) failures.inc({ job });
    else lastSuccess.set({ job }, Date.now() / 1000);
    duration.observe({ job }, run.seconds);
  },
};

import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';

/** What a health check answers: `ok`, or why not (`checks` names each part). */
const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed', 'pending', 'shutting_down'])).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * A background job (decision 0041) as the shop's servers share it: SCHEDULED (waiting for its
 * next run), RUNNING (a server holds it), RETRYING (it failed and is due again after a backoff),
 * FAILED (it failed past its retries and stays stopped until an admin runs it again).
 */
const JOB_STATUSES = ['SCHEDULED', 'RUNNING', 'RETRYING', 'FAILED'] as const;
const jobSchema = z.object({
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  next_run_at: z.string(),
  /** Failures in a row (0 after a success). */
  failures: z.number().int(),
  last_error: z.string().nullable(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  /**
   * When it is due after a run: every `every_ms`, or `daily` (UTC midnight). Null when the
   * answering server does not run the job (not declared there, or off for its config).
   */
  schedule: z.object({ every_ms: z.number().int().nullable(), daily: z.boolean() }).nullable(),
});
export type Job = z.infer<typeof jobSchema>;
const jobParamsSchema = z.object({ name: z.string().min(1).max(100) });

const api = endpointsFor(['ops']);

/**
 * Health checks for a load balancer or an orchestrator: no login, never logged at info level,
 * cheap enough to poll every second. Both answer 200 or 503 with the same small body. And the
 * admin's view of the background jobs.
 */
export const opsApi = {
  live: api.anyone({
    method: 'GET',
    path: '/api/health/live',
    summary: 'The process answers (liveness): 200 while it runs',
    response: healthSchema,
  }),
  ready: api.anyone({
    method: 'GET',
    path: '/api/health/ready',
    summary: 'The database answers, migrations are applied and the server is not shutting down (readiness)',
    response: healthSchema,
  }),
  jobs: api.admin({
    method: 'GET',
    path: '/api/ops/jobs/',
    summary: 'The background jobs: when each runs next, its failures in a row, and whether it has stopped',
    response: z.object({ results: z.array(jobSchema) }),
  }),
  runJob: api.admin({
    method: 'POST',
    path: '/api/ops/jobs/:name/run/',
    summary: 'Run a background job now; a job stopped after its retries starts again with its retries',
    params: jobParamsSchema,
    response: jobSchema,
  }),
};

import { z } from 'zod';
import { endpoint } from '../http/contract.ts';

/** What a health check answers: `ok`, or why not (`checks` names each part). */
const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed', 'pending', 'shutting_down'])).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * Health checks for a load balancer or an orchestrator: no login, never logged at info level,
 * cheap enough to poll every second. Both answer 200 or 503 with the same small body.
 */
export const opsApi = {
  live: endpoint({
    method: 'GET',
    path: '/api/health/live',
    access: 'public',
    summary: 'The process answers (liveness): 200 while it runs',
    tags: ['ops'],
    response: healthSchema,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    summary: 'The database answers, migrations are applied and the server is not shutting down (readiness)',
    tags: ['ops'],
    response: healthSchema,
  }),
};

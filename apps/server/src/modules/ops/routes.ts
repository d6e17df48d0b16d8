import { opsApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { notFound } from '../../kit/errors.ts';
import { jobStates, runJobAgain } from '../../kit/jobs/state.ts';
import { readiness } from './health.ts';
import { type MetricsOptions, registerMetrics } from './metrics.ts';

/** Health checks, GET /metrics, the admin's background jobs and the shutdown flag readiness reads (lifecycle.ts). */
export function opsRoutes(app: FastifyInstance, options: MetricsOptions = {}) {
  app.decorate('lifecycle', { shuttingDown: false });
  // While draining, every answer ends its connection: clients stop reusing kept-alive sockets
  // before the server stops listening, so none sends a request into a socket being closed.
  // Decided when the answer leaves, so a request that began before the signal says it too.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  route(app, opsApi.live, async () => ({ status: 'ok' as const }));
  route(app, opsApi.ready, async ({ reply }) => {
    const health = await readiness(app.deps, app.lifecycle.shuttingDown);
    reply.header('cache-control', 'no-store');
    if (health.status !== 'ok') reply.code(503);
    return health;
  });
  registerMetrics(app, options);
  route(app, opsApi.jobs, async ({ ctx }) => ({ results: await jobStates(ctx.db) }));
  route(app, opsApi.runJob, async ({ ctx, params }) => {
    const job = await runJobAgain(ctx.db, params.name);
    if (!job) throw notFound();
    return job;
  });
}

/** Routes answered without an info log line: polled every second by balancers and Prometheus. */
export const QUIET_ROUTES = new Set([opsApi.live.path, opsApi.ready.path, '/metrics']);

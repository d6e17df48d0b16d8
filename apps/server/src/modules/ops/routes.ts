import { opsApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { readiness } from './health.ts';
import { type MetricsOptions, registerMetrics } from './metrics.ts';

/** Health checks, GET /metrics and the shutdown flag readiness reads (lifecycle.ts). */
export function opsRoutes(app: FastifyInstance, options: MetricsOptions = {}) {
  app.decorate('lifecycle', { shuttingDown: false });
  route(app, opsApi.live, async () => ({ status: 'ok' as const }));
  route(app, opsApi.ready, async ({ reply }) => {
    const health = await readiness(app.deps, app.lifecycle.shuttingDown);
    reply.header('cache-control', 'no-store');
    if (health.status !== 'ok') reply.code(503);
    return health;
  });
  registerMetrics(app, options);
}

/** Routes answered without an info log line: polled every second by balancers and Prometheus. */
export const QUIET_ROUTES = new Set([opsApi.live.path, opsApi.ready.path, '/metrics']);

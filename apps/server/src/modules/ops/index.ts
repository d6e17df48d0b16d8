/** Operations: health checks, Prometheus metrics, the graceful stop (docs/deploy.md, decision 0033). */
export { jobMetrics } from '../../kit/job-metrics.ts';
export { gracefulShutdown } from './lifecycle.ts';
export { opsRoutes, QUIET_ROUTES } from './routes.ts';

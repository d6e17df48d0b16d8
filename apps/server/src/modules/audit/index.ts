/** The audit trail: other modules record their changes with `audit(ctx, ...)`. */
export { auditRoutes } from './routes.ts';
export { audit, type Change } from './service.ts';

/** The audit trail: other modules record their changes with `audit(ctx, ...)`. */

/** One entity's trail (e.g. an order's timeline): its events, newest first, with the actor's name. */
export { historyOf, recentShopEvents } from './repository.ts';
export { auditRoutes } from './routes.ts';
export { audit } from './service.ts';

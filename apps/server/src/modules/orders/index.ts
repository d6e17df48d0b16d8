/**
 * Orders (issue 9): the builder's drafts and their validation, the pricing engine's use of the
 * database, the lists, and (routes-lifecycle.ts and its files) the lifecycle moves, conversation,
 * notes, to-dos and files. Building blocks for the lifecycle files: reach.ts (loadOrderRow,
 * lifecycleOrder, lifecycleActor), service.ts (getOrder, saveGroups, repriceTotals,
 * repriceFromCatalogue).
 */
import type { FastifyInstance } from 'fastify';
import { ordersCoreRoutes } from './routes.ts';
import { orderLifecycleRoutes } from './routes-lifecycle.ts';

export function ordersRoutes(app: FastifyInstance) {
  ordersCoreRoutes(app);
  orderLifecycleRoutes(app);
}

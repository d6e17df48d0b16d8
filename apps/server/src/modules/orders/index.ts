/**
 * Orders (issue 9): the builder's drafts and their validation, the pricing engine's use of the
 * database, the lists, and (routes-lifecycle.ts and its files) the lifecycle moves, conversation,
 * notes, to-dos and files. Building blocks for the lifecycle files: reach.ts (loadOrderRow,
 * lifecycleOrder, lifecycleActor), service.ts (getOrder, saveGroups, repriceTotals,
 * repriceFromCatalogue).
 */
import { MSG } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { limitWritesPerUser } from '../../http/rate-limit.ts';
import { ordersCoreRoutes } from './routes.ts';
import { orderLifecycleRoutes } from './routes-lifecycle.ts';

/** The use cases the demo seed makes its orders with (apps/server/src/seed, decision 0024). */
export { approveOrder, cancelOrder, declineOrder } from './lifecycle.ts';
export {
  createOrder,
  enterDiscountCode,
  updateBypassPaymentOptionDiscount,
  updateCustomDiscount,
} from './service.ts';
export { moveOrder } from './status.ts';
export { submitOrder } from './submit.ts';

export function ordersRoutes(app: FastifyInstance) {
  // A context of their own, so the write limit holds for the orders' routes only.
  app.register(async (orders) => {
    limitWritesPerUser(
      orders,
      'orders:write',
      (config) => config.orderWriteRateLimitPerMinute,
      MSG.orderWritesRateLimited,
    );
    ordersCoreRoutes(orders);
    orderLifecycleRoutes(orders);
  });
}

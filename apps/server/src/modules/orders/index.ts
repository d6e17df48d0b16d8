/**
 * Orders (issue 9; shaped by job in issue 16, decision 0023). The only public entry of the module.
 *
 * Layout: `drafts/` (create a bid, save its groups, add a group; validate.ts the group checks),
 * `pricing/` (inputs.ts the rows -> engine input, reprice.ts the three reprices, service.ts the
 * price calls), `lifecycle/` (status.ts THE status writer, service.ts the moves, submit.ts),
 * `conversation/` (comments, notes, to-dos, files, timeline), `lists/` (the list; who sees which
 * order is the shared reachOf). At the top: `change.ts` (changeOrder, the one way an
 * order write goes), `reach.ts` (an order or 404), `read.ts` (the order on the wire),
 * `repository.ts` (orders, groups and lines), `wire.ts`, `guards.ts`, the routes.
 */
import { MSG } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { limitWritesPerUser } from '../../http/rate-limit.ts';
import { supplyCards } from '../core/index.ts';
import { approvalCards } from './approvals/decide.ts';
import { approvalRoutes } from './approvals/routes.ts';
import { ordersCoreRoutes } from './routes.ts';
import { orderLifecycleRoutes } from './routes-lifecycle.ts';

/**
 * The use cases other parts of the server call (the demo seed, apps/server/src/seed, decision
 * 0024), each as the API runs it.
 */
/** The 409 of an order changed meanwhile (production's scans refuse with it too). */
export { changedConcurrently } from './change.ts';
export { copyRemakeDelivery } from './drafts/delivery.ts';
export { createOrder } from './drafts/service.ts';
export { onOrderMove, onOrderRepriced, setOrderInvoiceReader } from './lifecycle/listeners.ts';
export { approveOrder, cancelOrder, declineOrder } from './lifecycle/service.ts';
export { moveOrder } from './lifecycle/status.ts';
export { submitOrder } from './lifecycle/submit.ts';
/** The dashboard's order cards are this list's totals (issue 29). */
export { listOrders } from './lists/service.ts';
export {
  enterDiscountCode,
  markNoCharge,
  updateBypassPaymentOptionDiscount,
  updateCustomDiscount,
} from './pricing/service.ts';
export { assertReaches, loadOrderRow } from './reach.ts';
export { getOrder } from './read.ts';
export type { OrderRow } from './repository.ts';
/** Production (issue 18) reads an order's lines to make its cabinets, and orders' names for its lists. */
export { itemsOf as orderLines, orderHeads, ordersAwaitingPickup } from './repository.ts';

/**
 * The per-user limit on order writes, set on a route context of its own: the orders' routes and
 * the order import (transfer, which creates an order) count against it together.
 */
// Business approvals (issue 30): the manager's card of the company's requests waiting.
supplyCards('companyApprovals', approvalCards);

export function limitOrderWrites(scope: FastifyInstance) {
  limitWritesPerUser(
    scope,
    'orders:write',
    (config) => config.orderWriteRateLimitPerMinute,
    MSG.orderWritesRateLimited,
  );
}

export function ordersRoutes(app: FastifyInstance) {
  // A context of their own, so the write limit holds for the orders' routes only.
  app.register(async (orders) => {
    limitOrderWrites(orders);
    ordersCoreRoutes(orders);
    orderLifecycleRoutes(orders);
    approvalRoutes(orders);
  });
}

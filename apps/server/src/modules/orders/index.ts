/**
 * Orders (issue 9; shaped by job in issue 16, decision 0023). The only public entry of the module.
 *
 * Layout, by floor (each room imports only the rooms below it: .dependency-cruiser.cjs holds it):
 * 1. the top-level files: `repository.ts` (orders, groups and lines), `wire.ts`, `guards.ts`,
 *    `reach.ts` (an order or 404), `read.ts` (the order on the wire), `reactions.ts` (the slots
 *    other work plugs into: moves, reprices, the answer's invoice, approvals; filled in wiring.ts);
 * 2. `pricing/` (validate.ts the group checks, inputs.ts the rows -> engine input, reprice.ts);
 * 3. `change/` (changeOrder, the one way an order write goes);
 * 4. `drafts/` (create a bid, save its groups, add a group), `price-calls/` (recalculate,
 *    discounts, quote), `conversation/` (comments, notes, to-dos, files, timeline), `lists/`;
 * 5. `lifecycle/` (status.ts THE status writer, service.ts the moves, submit.ts);
 * 6. `approvals/` (business approvals, decision 0043: plugged into the spine through reactions);
 * 7. `routes/`; and this file, the door.
 */
import { MSG } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { withUploads } from '../../http/multipart.ts';
import { limitWritesPerUser } from '../../http/rate-limit.ts';
import { approvalRoutes } from './approvals/routes.ts';
import { heldSubmits } from './lifecycle/submit.ts';
import { reactionSlots } from './reactions.ts';
import { orderLifecycleRoutes } from './routes/lifecycle.ts';
import { ordersCoreRoutes } from './routes/orders.ts';

/**
 * The use cases other parts of the server call (the demo seed, apps/server/src/seed, decision
 * 0024), each as the API runs it.
 */
/** The 409 of an order changed meanwhile (production's scans refuse with it too). */
export { changedConcurrently } from './change/change.ts';
export { copyRemakeDelivery } from './drafts/delivery.ts';
export { createOrder } from './drafts/service.ts';
export { approveOrder, cancelOrder, declineOrder } from './lifecycle/service.ts';
export { moveOrder } from './lifecycle/status.ts';
export { submitOrder, submitWithDefaults } from './lifecycle/submit.ts';
/** The dashboard's order cards are this list's totals (issue 29). */
export { customerDisplaySql, ORDER_ROW_HEAD_JSON } from './lists/repository.ts';
export { listOrders } from './lists/service.ts';
export {
  enterDiscountCode,
  markNoCharge,
  updateBypassPaymentOptionDiscount,
  updateCustomDiscount,
} from './price-calls/service.ts';
export { loadOrderRow } from './reach.ts';
export { getOrder } from './read.ts';
export type { OrderRow } from './repository.ts';
/** Production (issue 18) reads an order's lines to make its cabinets, and orders' names for its lists. */
/** Proposals (issue 37) freeze an order's groups and lines as the dealer's cost. */
export { groupsOf as orderGroups, itemsOf as orderLines, orderHeads, ordersAwaitingPickup } from './repository.ts';

/**
 * The order's reactions (reactions.ts) and the held submit: slots apps/server/src/wiring.ts fills,
 * with other modules' work and with business approvals' hooks (exported below for it).
 */
export const orderSlots = { ...reactionSlots, heldSubmit: heldSubmits };
export { approvalAsked, askApproval } from './approvals/ask.ts';
/** Business approvals (issue 30): the manager's dashboard card of the company's requests waiting. */
export { approvalCards } from './approvals/decide.ts';
export { orderApprovalOf } from './approvals/wire.ts';
export { beforeBidChanges } from './approvals/withdraw.ts';

/**
 * The per-user limit on order writes, set on a route context of its own: the orders' routes and
 * the order import (transfer, which creates an order) count against it together.
 */
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
    // Submitting and adding files read uploads.
    withUploads(orders, orderLifecycleRoutes);
    approvalRoutes(orders);
  });
}

import {
  ORDER_LIFECYCLE_CODES,
  ORDER_LIFECYCLE_TEXT,
  ORDER_STATUS_LABELS,
  ORDER_TEXT,
  type OrderStatus,
  orderFlags,
} from '@cab/shared';
import type { Ctx } from '../../kit/context.ts';
import { badRequest, permissionDenied } from '../../kit/errors.ts';
import { lifecycleActor, lifecycleOrder } from './reach.ts';
import type { OrderRow } from './repository.ts';

/**
 * Who may change an order's groups or price now: the `allowed` checks of the writes that are not
 * lifecycle moves (the moves ask the lifecycle table, lifecycle/status.ts).
 */

/** Error codes of this module beyond the lifecycle's (ORDER_LIFECYCLE_CODES). */
export const ORDER_ERROR_CODES = {
  cannotBeUpdated: 'order_cannot_be_updated',
  discountCodeUnknown: 'discount_code_unknown',
  discountCodeAlreadySet: 'discount_code_already_set',
  discountCodeRefused: 'discount_code_refused',
  noDiscountCode: 'no_discount_code',
} as const;

/** Statuses whose price may still change (before production; the invoice follows approve). */
const PRICE_OPEN: readonly OrderStatus[] = ['BID', 'ORDERED', 'VERIFIED'];

const cannotBeUpdated = () => badRequest(ORDER_ERROR_CODES.cannotBeUpdated, ORDER_TEXT.cannotBeUpdated);

/** May the actor change this order's groups now (can_be_updated)? */
export function assertCanBeUpdated(ctx: Ctx, row: OrderRow) {
  if (!orderFlags(lifecycleOrder(row), lifecycleActor(ctx)).can_be_updated) throw cannotBeUpdated();
}

export function assertPriceOpen(ctx: Ctx, row: OrderRow, actionPast: string) {
  if (!PRICE_OPEN.includes(row.status)) {
    throw badRequest(
      ORDER_LIFECYCLE_CODES.statusNotAllowed,
      ORDER_LIFECYCLE_TEXT.statusNotAllowed(ORDER_STATUS_LABELS[row.status], actionPast),
    );
  }
  assertMayRepriceVerified(ctx, row);
}

/** A VERIFIED order is invoiced: only an ADMIN changes its price (custom discount, code, bypass, recalculate). */
function assertMayRepriceVerified(ctx: Ctx, row: OrderRow) {
  if (row.status === 'VERIFIED' && ctx.actor.role !== 'ADMIN') throw permissionDenied();
}

/** A customer enters a code on a bid; an admin also before production. */
export function assertCodeOpen(ctx: Ctx, row: OrderRow) {
  if (row.status === 'BID' && orderFlags(lifecycleOrder(row), lifecycleActor(ctx)).can_be_updated) return;
  if (ctx.actor.role === 'ADMIN' && PRICE_OPEN.includes(row.status)) return;
  throw cannotBeUpdated();
}

import type { Executor } from '@cab/db';
import type { LifecycleActor, LifecycleOrder } from '@cab/shared';
import type { Ctx } from '../../kit/context.ts';
import { notFound } from '../../kit/errors.ts';
import { assertReaches } from '../../kit/reach.ts';
import { type OrderRow, orderById } from './repository.ts';

/**
 * Who reaches which order (the shared reachOf/reaches, as every customer record): admins
 * and staff every order, a customer their own, a business manager also the company's. Anything
 * else answers 404, as if the order did not exist, so ids of other customers' orders give nothing
 * away.
 */

/** The actor as the lifecycle table sees it; a user without a role reaches no order. */
export function lifecycleActor(ctx: Ctx): LifecycleActor {
  const { actor } = ctx;
  if (actor.role === null) throw notFound();
  return { id: actor.id, role: actor.role, company_id: actor.companyId };
}

/** The order as the lifecycle table sees it. */
export function lifecycleOrder(row: OrderRow): LifecycleOrder {
  return {
    status: row.status,
    in_editing_mode: row.inEditingMode,
    customer_id: row.customerId,
    company_id: row.companyId,
    error_count: row.errorCount,
    warning_count: row.warningCount,
    item_count: row.itemCount,
  };
}

/**
 * The order's row, or 404 when it does not exist or `ctx.actor` cannot reach it. `lock` takes a
 * row lock (SELECT ... FOR UPDATE) for a write inside a transaction: pass the transaction as executor.
 */
export async function loadOrderRow(
  ctx: Ctx,
  id: number,
  executor: Executor = ctx.db,
  options: { lock?: boolean } = {},
): Promise<OrderRow> {
  lifecycleActor(ctx);
  const row = await orderById(executor, id, options);
  assertReaches(ctx.actor, row);
  return row;
}

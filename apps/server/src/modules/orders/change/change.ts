import { ORDER_LIFECYCLE_CODES, ORDER_LIFECYCLE_TEXT, type Order } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { AppError } from '../../../kit/errors.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { repriceTotals } from '../pricing/reprice.ts';
import { loadOrderRow } from '../reach.ts';
import { orderApprovals, runRepriceReactions } from '../reactions.ts';
import { getOrder } from '../read.ts';
import type { OrderRow } from '../repository.ts';

/**
 * THE way an order is changed (decision 0023): every write to an existing order goes through
 * `changeOrder` (the builder's saves, the price calls, the lifecycle moves through the status
 * writer). In one transaction: the order row read under its lock, the caller's version checked
 * (409), the change's `allowed` check, `apply`, the reprice, the audit event with before and
 * after, and the answer.
 *
 * The order row is always locked first: work in `apply` writes groups and lines, and taking the
 * row after them deadlocked against a save that holds the row and rewrites the groups (issue 15:
 * 17 of 20 racing pairs on PostgreSQL).
 */

export const changedConcurrently = () =>
  new AppError(409, ORDER_LIFECYCLE_CODES.changedConcurrently, ORDER_LIFECYCLE_TEXT.changedConcurrently);

/**
 * The caller's `version` (the one it last read), when it sent one: 409 when the order has changed
 * since. Without one the last writer wins. Check it on the row read under its lock.
 */
export function assertVersion(row: Pick<OrderRow, 'version'>, version: number | undefined): void {
  if (version !== undefined && version !== row.version) throw changedConcurrently();
}

export interface OrderChange<A, T> {
  /** The version the caller last read (optional): 409 when the order changed since. */
  version?: number;
  /** The audit event's action. */
  action: string;
  /** May the actor make this change to the order as it is now? Throws the refusal; nothing is written. */
  allowed: (tx: Ctx, row: OrderRow) => void;
  /** The write; what it answers is handed to the reprice, the record and the answer. */
  apply: (tx: Ctx, row: OrderRow) => Promise<A>;
  /** Answers the order as saved. Default: the totals repriced from the frozen lines (repriceTotals). */
  reprice?: (tx: Ctx, row: OrderRow, applied: A) => Promise<OrderRow>;
  /** The event's before and after; null when `apply` records its own (the status writer's move). */
  record: ((before: OrderRow, saved: OrderRow, applied: A) => { before: unknown; after: unknown }) | null;
  /** Default: the order as `ctx.actor` now sees it. `before`: the row as read under the lock. */
  answer?: (tx: Ctx, saved: OrderRow, applied: A, before: OrderRow) => Promise<T>;
}

/** For a change whose `apply` prices (a save) or needs no price (a move): answers what it applied. */
export const alreadyPriced = async (_tx: Ctx, _row: OrderRow, saved: OrderRow) => saved;

export function changeOrder<A, T = Order>(ctx: Ctx, id: number, change: OrderChange<A, T>): Promise<T> {
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, change.version);
    change.allowed(tx, row);
    const applied = await change.apply(tx, row);
    // Business approvals (issue 30), a hook filled in wiring.ts: a BID changed is no longer the
    // order its PENDING request asked about.
    if (row.status === 'BID') await orderApprovals().beforeBidChanges(tx, row, change.action);
    const saved = change.reprice ? await change.reprice(tx, row, applied) : await repriceTotals(tx, id);
    await runRepriceReactions(tx, saved, row);
    if (change.record)
      await audit(tx, { entity: 'order', id, action: change.action, ...change.record(row, saved, applied) });
    return change.answer ? change.answer(tx, saved, applied, row) : (getOrder(tx, id) as Promise<T>);
  });
}

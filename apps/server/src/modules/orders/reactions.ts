import type { Executor } from '@cab/db';
import type { OrderAction, OrderApproval, OrderInvoice } from '@cab/shared';
import type { SQL } from 'drizzle-orm';
import type { Ctx } from '../../kit/context.ts';
import { requiredSlot } from '../../kit/slots.ts';
import type { OrderRow } from './repository.ts';

/**
 * The order's reactions: work other parts do inside an order's change, declared here as slots
 * (kit/slots.ts) and filled in one place, apps/server/src/wiring.ts. Orders calls them and knows
 * none of them: invoices and production sit above orders, and approvals is a part of orders
 * plugged into its spine, so the walls stay without cycles and the sub-folders one way.
 */

/**
 * Work done when an order moves (approve issues the invoice and makes the cabinets), inside the
 * move's transaction: a reaction that throws undoes the move. What it answers is added to the
 * move's audit event.
 */
export type OrderMoveReaction = (
  tx: Ctx,
  moved: OrderRow,
  before: OrderRow,
) => Promise<Record<string, unknown> | undefined>;

/** Work done when a change reprices an order (invoices: a new invoice version), in its transaction. */
export type OrderRepriceReaction = (tx: Ctx, saved: OrderRow, before: OrderRow) => Promise<void>;

/** The order answer's `invoice`, read by the module that owns invoices, and a stamp that changes with it. */
export interface OrderInvoiceReader {
  /** `today`: the shop's day of the request (todayOf), for what is overdue. */
  read(db: Executor, orderId: number, today: string): Promise<OrderInvoice | null>;
  /** An SQL expression over the order's id whose value changes with the invoice. */
  stampSql(orderId: SQL): SQL;
}

/**
 * Business approvals (issue 30, decision 0043) as the spine hears of them; the held submit is
 * lifecycle/submit.ts's own slot.
 */
export interface OrderApprovals {
  /**
   * Before a BID's change is applied (edited, repriced, submitted): a PENDING request is no longer
   * about this order. `action` is the change's audit action (approvals' own changes keep theirs).
   */
  beforeBidChanges(tx: Ctx, order: OrderRow, action: string): Promise<void>;
  /** The order answer's `approval`: its newest request, or null. */
  read(db: Executor, orderId: number): Promise<OrderApproval | null>;
}

/** The spine's slots (the held submit's is in lifecycle/submit.ts): wiring.ts fills each. */
export const reactionSlots = {
  /** Per action, the reactions in the order they run. */
  moves: requiredSlot<Partial<Record<OrderAction, readonly OrderMoveReaction[]>>>(
    'orders: what runs when an order moves',
  ),
  repriced: requiredSlot<readonly OrderRepriceReaction[]>('orders: what runs when a change reprices an order'),
  invoice: requiredSlot<OrderInvoiceReader>("orders: the order answer's invoice"),
  approvals: requiredSlot<OrderApprovals>(
    "orders: business approvals (before a bid changes, the order answer's approval)",
  ),
};

/** Runs the reactions to `action` in order; their answers merged. */
export async function runMoveReactions(
  tx: Ctx,
  action: OrderAction,
  moved: OrderRow,
  before: OrderRow,
): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = {};
  for (const react of reactionSlots.moves.get()[action] ?? []) {
    Object.assign(merged, (await react(tx, moved, before)) ?? {});
  }
  return merged;
}

/** Runs the reprice reactions when the change moved the order's total. */
export async function runRepriceReactions(tx: Ctx, saved: OrderRow, before: OrderRow): Promise<void> {
  if (saved.totalPrice === before.totalPrice) return;
  for (const react of reactionSlots.repriced.get()) await react(tx, saved, before);
}

export const orderInvoiceOf = (db: Executor, orderId: number, today: string) =>
  reactionSlots.invoice.get().read(db, orderId, today);
export const orderInvoiceStampSql = (orderId: SQL): SQL => reactionSlots.invoice.get().stampSql(orderId);
export const orderApprovals = (): OrderApprovals => reactionSlots.approvals.get();

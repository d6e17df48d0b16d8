import type { Executor } from '@cab/db';
import type { OrderAction, OrderInvoice } from '@cab/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../../kit/context.ts';
import type { OrderRow } from '../repository.ts';

/**
 * Work other modules do when an order moves (approve issues the invoice, approve makes the
 * cabinets), inside the move's transaction: a listener that throws undoes the move. Modules that
 * depend on orders register here (through orders' index.ts) instead of orders importing them, so
 * the walls stay without cycles. What a listener answers is added to the move's audit event.
 */
export type OrderMoveListener = (
  tx: Ctx,
  moved: OrderRow,
  before: OrderRow,
) => Promise<Record<string, unknown> | undefined>;

const listeners = new Map<OrderAction, Map<string, OrderMoveListener>>();

/** Registers `listener` for `action` under `name` (registering a name again replaces it). */
export function onOrderMove(action: OrderAction, name: string, listener: OrderMoveListener): void {
  const forAction = listeners.get(action) ?? new Map<string, OrderMoveListener>();
  forAction.set(name, listener);
  listeners.set(action, forAction);
}

/** Runs the listeners of `action` in registration order; their answers merged. */
export async function runMoveListeners(
  tx: Ctx,
  action: OrderAction,
  moved: OrderRow,
  before: OrderRow,
): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = {};
  for (const listener of listeners.get(action)?.values() ?? []) {
    Object.assign(merged, (await listener(tx, moved, before)) ?? {});
  }
  return merged;
}

/** Work other modules do when a change reprices an order (invoices: a new invoice version), in its transaction. */
export type OrderRepriceListener = (tx: Ctx, saved: OrderRow, before: OrderRow) => Promise<void>;
const repriceListeners = new Map<string, OrderRepriceListener>();

export function onOrderRepriced(name: string, listener: OrderRepriceListener): void {
  repriceListeners.set(name, listener);
}

/** Runs the reprice listeners when the change moved the order's total. */
export async function runRepriceListeners(tx: Ctx, saved: OrderRow, before: OrderRow): Promise<void> {
  if (saved.totalPrice === before.totalPrice) return;
  for (const listener of repriceListeners.values()) await listener(tx, saved, before);
}

/**
 * The order answer's `invoice`, read by the module that owns invoices (registered through
 * orders' index.ts, so orders does not import it): the invoice and a stamp that changes with it.
 */
export interface OrderInvoiceReader {
  /** `today`: the shop's day of the request (todayOf), for what is overdue. */
  read(db: Executor, orderId: number, today: string): Promise<OrderInvoice | null>;
  /** An SQL expression over the order's id whose value changes with the invoice. */
  stampSql(orderId: SQL): SQL;
}
let invoiceReader: OrderInvoiceReader | null = null;

export function setOrderInvoiceReader(reader: OrderInvoiceReader): void {
  invoiceReader = reader;
}

export const orderInvoiceOf = (db: Executor, orderId: number, today: string) =>
  invoiceReader ? invoiceReader.read(db, orderId, today) : Promise.resolve(null);
export const orderInvoiceStampSql = (orderId: SQL): SQL => (invoiceReader ? invoiceReader.stampSql(orderId) : sql`''`);

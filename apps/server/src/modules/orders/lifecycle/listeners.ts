import type { OrderAction } from '@cab/shared';
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

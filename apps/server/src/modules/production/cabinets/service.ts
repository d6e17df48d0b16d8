import { type Cabinet, type CabinetStatus, cabinetBarcode } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { loadOrderRow, type OrderRow, orderLines } from '../../orders/index.ts';
import * as repo from './repository.ts';

/** Cabinets (issue 18): made when an order is approved, listed per order, finished by the hand moves. */

const cabinetStatus = (c: Pick<repo.CabinetRow, 'completedAt' | 'shippedAt'>): CabinetStatus =>
  c.shippedAt ? 'SHIPPED' : c.completedAt ? 'COMPLETED' : 'PENDING';

export function toWireCabinet(
  c: Pick<
    repo.CabinetRow,
    'barcode' | 'lineNo' | 'unitNo' | 'manufacturerCode' | 'description' | 'completedAt' | 'shippedAt'
  >,
): Cabinet {
  return {
    barcode: c.barcode,
    line_no: c.lineNo,
    unit_no: c.unitNo,
    manufacturer_code: c.manufacturerCode,
    description: c.description,
    status: cabinetStatus(c),
    completed_at: c.completedAt?.toISOString() ?? null,
    shipped_at: c.shippedAt?.toISOString() ?? null,
  };
}

/**
 * One cabinet per unit of every line, attachments included (DOMAIN "Cabinets, scans, labels").
 * Runs inside the approve (and a VERIFIED order's stop_editing) through orders' reactions (wiring.ts).
 */
export async function makeCabinets(tx: Ctx, order: OrderRow): Promise<undefined> {
  const lines = await orderLines(tx.db, order.id);
  const wanted: repo.NewCabinet[] = [];
  for (const line of lines) {
    for (let unit = 1; unit <= line.qty; unit++) {
      wanted.push({
        orderId: order.id,
        orderItemId: line.id,
        lineNo: line.lineNo,
        unitNo: unit,
        barcode: cabinetBarcode(order.id, line.lineNo, unit),
        manufacturerCode: line.manufacturerCode,
        description: line.description,
      });
    }
  }
  // Part of the move (its event records the move); nothing added to that event, whose shape the
  // lifecycle's tests hold.
  await repo.syncCabinets(tx.db, order.id, wanted);
  return undefined;
}

/** A VERIFIED order's edit (stop editing back to VERIFIED) keeps its cabinets in step with its lines. */
export const keepCabinetsInStep = async (tx: Ctx, moved: OrderRow, before: OrderRow): Promise<undefined> =>
  moved.status === 'VERIFIED' && before.status === 'VERIFIED' ? makeCabinets(tx, moved) : undefined;

/** complete by hand: the cabinets not scanned complete are marked complete by the admin. */
export async function completeRemainingCabinets(tx: Ctx, order: OrderRow) {
  const n = await repo.completeRemaining(tx.db, order.id, { userId: tx.actor.id, at: tx.at });
  return n > 0 ? { cabinets_completed_by_hand: n } : undefined;
}

/** ship by hand: the cabinets not scanned shipped are marked shipped (and complete) by the admin. */
export async function shipRemainingCabinets(tx: Ctx, order: OrderRow) {
  const n = await repo.shipRemaining(tx.db, order.id, { userId: tx.actor.id, at: tx.at });
  return n > 0 ? { cabinets_shipped_by_hand: n } : undefined;
}

/**
 * An order's cabinets as production keeps them (barcode, snapshot, status), in line and unit
 * order. For other modules (labels, remakes) that have read the order already: no reach check.
 */
export async function cabinetsOfOrder(ctx: Ctx, orderId: number): Promise<Cabinet[]> {
  return (await repo.cabinetsOf(ctx.db, orderId)).map(toWireCabinet);
}

/** GET /api/orders/{id}/cabinets/ */
export async function listCabinets(ctx: Ctx, orderId: number) {
  await loadOrderRow(ctx, orderId);
  const rows = await repo.cabinetsOf(ctx.db, orderId);
  return { results: rows.map(toWireCabinet), total: rows.length };
}

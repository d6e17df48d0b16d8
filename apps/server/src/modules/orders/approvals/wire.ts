import type { Executor } from '@cab/db';
import { type ApprovalQueueRow, type OrderApproval, toWire } from '@cab/shared';
import { adminsAmong, userNames } from '../../auth/index.ts';
import { type ApprovalRow, latestApproval, type QueueRow } from './repository.ts';

/** Requests on the wire: people as { id, name }, money as decimal strings. */

const person = (id: number | null, names: Map<number, string>) =>
  id === null ? null : { id, name: names.get(id) ?? '' };

export const namesOf = (db: Executor, rows: readonly ApprovalRow[]) =>
  userNames(
    db,
    rows.flatMap((r) => [r.requestedById, r.decidedById]).filter((id): id is number => id !== null),
  );

function toWireApproval(row: ApprovalRow, names: Map<number, string>, byShop: boolean): OrderApproval {
  return {
    status: row.status,
    requested_by: person(row.requestedById, names),
    requested_at: row.requestedAt.toISOString(),
    total: toWire(row.total),
    decided_by: person(row.decidedById, names),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    decided_by_shop: byShop,
    note: row.note,
  };
}

export const toWireQueueRow = (row: QueueRow, names: Map<number, string>): ApprovalQueueRow => ({
  id: row.id,
  order: { id: row.orderId, name: row.orderName },
  requested_by: person(row.requestedById, names),
  requested_at: row.requestedAt.toISOString(),
  total: toWire(row.total),
  status: row.status,
});

/** The order answer's `approval`: its newest request, or null. */
export async function orderApprovalOf(db: Executor, orderId: number): Promise<OrderApproval | null> {
  const row = await latestApproval(db, orderId);
  if (!row) return null;
  // ADMIN may still decide a company's request (decision 0043); the answer says it was the shop.
  const [names, admins] = await Promise.all([
    namesOf(db, [row]),
    row.decidedById === null ? new Set<number>() : adminsAmong(db, [row.decidedById]),
  ]);
  return toWireApproval(row, names, row.decidedById !== null && admins.has(row.decidedById));
}

import { ORDER_LIMITS, type Order, type OrderGroupInput, type OrderStatus } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { releaseCode as releaseCodeUse } from '../../finance/index.ts';
import { saveGroups } from '../drafts/save.ts';
import { everyTotal } from '../pricing/inputs.ts';
import { revalidateOrder } from '../pricing/reprice.ts';
import { loadOrderRow } from '../reach.ts';
import { getOrder } from '../read.ts';
import * as repo from '../repository.ts';
import { premiumIdsOf } from '../wire.ts';
import { checkMove, moveOrder } from './status.ts';

/**
 * The lifecycle endpoints other than submit (submit.ts): each is one move of the table through
 * the status writer (status.ts), with the move's own work in the same transaction, and answers the
 * fresh order.
 */

/** Gives a claimed discount code use back (cancel, decline); what the event records. */
async function releaseCode(tx: Ctx, moved: repo.OrderRow) {
  if (moved.discountCodeId === null || !moved.discountCodeClaimed) return undefined;
  await releaseCodeUse(tx.db, moved.discountCodeId);
  await repo.updateOrder(tx.db, moved.id, { discountCodeClaimed: false });
  return { discount_code_released: moved.discountCodeId };
}

/** ORDERED -> VERIFIED (ADMIN). The invoice and its milestones come with the finance work. */
export async function approveOrder(ctx: Ctx, id: number, version?: number): Promise<Order> {
  await moveOrder(ctx, id, 'approve', {}, { version });
  return getOrder(ctx, id);
}

/** ORDERED -> DECLINED with a reason, kept in metadata.status_notes (SPEC 3). */
export async function declineOrder(ctx: Ctx, id: number, reason: string, version?: number): Promise<Order> {
  const note = reason.trim();
  await moveOrder(
    ctx,
    id,
    'decline',
    { reason: note },
    {
      version,
      details: { reason: note },
      after: async (tx, moved) => {
        const entry = { status: moved.status as OrderStatus, note, at: new Date().toISOString(), by: ctx.actor.id };
        const metadata = { ...moved.metadata, status_notes: [...(moved.metadata.status_notes ?? []), entry] };
        await repo.updateOrder(tx.db, id, { metadata });
        // A declined order is over: its claimed code use is given back, as cancel does.
        return releaseCode(tx, moved);
      },
    },
  );
  return getOrder(ctx, id);
}

/** The shop takes a submitted order for editing (in_editing_mode on). */
export async function startEditing(ctx: Ctx, id: number, version?: number): Promise<Order> {
  await moveOrder(ctx, id, 'start_editing', {}, { version });
  return getOrder(ctx, id);
}

/**
 * stop_editing and fix: revalidate against today's catalogue and reprice the totals from the
 * frozen lines (no line price moves) before the move; the event records the totals before and
 * after, and `recorded`'s fields of the moved order.
 */
async function revalidatingMove(
  ctx: Ctx,
  id: number,
  action: 'stop_editing' | 'fix',
  version: number | undefined,
  options: { recheck?: boolean; recorded?: (moved: repo.OrderRow) => Record<string, unknown> },
): Promise<Order> {
  let before: ReturnType<typeof everyTotal> | null = null;
  await moveOrder(
    ctx,
    id,
    action,
    {},
    {
      version,
      prepare: async (tx, row) => {
        before = everyTotal(row);
        await revalidateOrder(tx, id);
      },
      recheck: options.recheck,
      after: async (_tx, moved) => ({ ...options.recorded?.(moved), totals: { before, after: everyTotal(moved) } }),
    },
  );
  return getOrder(ctx, id);
}

/**
 * Revalidates and reprices the totals (ordered lines keep their frozen prices), then ends editing;
 * refused (and nothing kept) while the revalidated groups have errors.
 */
export const stopEditing = (ctx: Ctx, id: number, version?: number): Promise<Order> =>
  revalidatingMove(ctx, id, 'stop_editing', version, { recheck: true });

/**
 * Corrects a flagged order (errors or warnings): revalidates it against today's catalogue, so
 * errors that no longer apply are cleared. The status and the line prices stay.
 */
export const fixOrder = (ctx: Ctx, id: number, version?: number): Promise<Order> =>
  revalidatingMove(ctx, id, 'fix', version, {
    recorded: (moved) => ({ error_count: moved.errorCount, warning_count: moved.warningCount }),
  });

/** Cancels an order before production; a claimed discount code use is given back. */
export async function cancelOrder(ctx: Ctx, id: number, version?: number): Promise<Order> {
  await moveOrder(
    ctx,
    id,
    'cancel',
    {},
    {
      version,
      after: async (tx, moved) => releaseCode(tx, moved),
    },
  );
  return getOrder(ctx, id);
}

/** The source order's groups and items as a draft (lines whose catalogue item is gone are left out). */
function groupsAsInput(groups: readonly repo.OrderGroupRow[], items: readonly repo.OrderItemRow[]) {
  return groups.map(
    (g): OrderGroupInput => ({
      name: g.name,
      premiums: premiumIdsOf(g),
      items: items
        .filter((it) => it.groupId === g.id && it.lineItemId !== null)
        .map((it) => ({
          _id: it.clientId,
          line_item: it.lineItemId!,
          qty: it.qty,
          hinge: it.hinge as OrderGroupInput['items'][number]['hinge'],
          finished_side: it.finishedSideId,
          is_attachment: it.isAttachment,
          parentId: it.parentClientId,
        })),
    }),
  );
}

const COPY = ' (copy)';

/**
 * A new BID for the same customer with the groups and items copied and priced today; the source
 * is unchanged. Both orders' trails record the clone with the other's id.
 */
export async function cloneOrder(ctx: Ctx, id: number): Promise<Order> {
  const newId = await transaction(ctx, async (tx) => {
    const source = await loadOrderRow(tx, id, tx.db);
    checkMove(tx, source, 'clone');
    const [groups, items] = await Promise.all([repo.groupsOf(tx.db, id), repo.itemsOf(tx.db, id)]);
    const created = await repo.insertOrder(tx.db, {
      name: `${source.name.slice(0, ORDER_LIMITS.name - COPY.length)}${COPY}`,
      poNumber: source.poNumber,
      customerId: source.customerId,
      companyId: source.companyId,
      createdById: ctx.actor.id,
      status: 'BID',
    });
    await saveGroups(tx, tx, created, groupsAsInput(groups, items));
    await audit(
      tx,
      { entity: 'order', id, action: 'clone', before: null, after: { cloned_to: created.id } },
      { entity: 'order', id: created.id, action: 'create', before: null, after: { cloned_from: id, status: 'BID' } },
    );
    return created.id;
  });
  return getOrder(ctx, newId);
}

import type { Executor } from '@cab/db';
import {
  type Cents,
  GROUP_PREMIUM_KINDS,
  type GroupPremiumKind,
  type OrderGroupInput,
  type OrderPricing,
  type OrderStatus,
  priceOrder,
  slotIds,
  slotsByColumn,
} from '@cab/shared';
import type { RequestContext } from '../../../kit/context.ts';
import { catalogueGroups, orderLevelInput } from '../pricing/inputs.ts';
import * as bulk from '../pricing/repository.ts';
import { codesOf, countErrors, countItems, itemColumns, totalsColumns } from '../pricing/reprice.ts';
import { type PreparedGroup, prepareGroups, toSources } from '../pricing/validate.ts';
import * as repo from '../repository.ts';

/**
 * Saving a draft's groups: validated (validate.ts), priced from today's catalogue (a submitted
 * order's unchanged lines keep their frozen price), and written in place, lines kept by `_id`.
 */

/** A prepared group's premium ids by kind (null for an empty slot). */
const premiumIds = (g: PreparedGroup) =>
  Object.fromEntries(GROUP_PREMIUM_KINDS.map((k) => [k, g.premiums[k]?.id ?? null])) as Record<
    GroupPremiumKind,
    number | null
  >;

const groupColumns = (orderId: number, position: number, g: PreparedGroup, subtotal: Cents): repo.NewOrderGroup => ({
  orderId,
  position,
  name: g.name,
  ...slotsByColumn(premiumIds(g)),
  errors: g.errors,
  subtotal,
});

/**
 * Statuses whose line numbers are frozen: from approve on, production labels carry them. Before,
 * each save numbers the lines 1..n in the order shown (decision 0018).
 */
const LINE_NUMBERS_FROZEN: readonly OrderStatus[] = [
  'VERIFIED',
  'IN_PROGRESS',
  'PARTIALLY_COMPLETED',
  'COMPLETED',
  'SHIPPED',
  'CANCELLED',
];

/** The highest line number the order has given (a removed line's number is not given again). */
export const lastLineNo = (row: repo.OrderRow, items: readonly repo.OrderItemRow[]) =>
  items.reduce((max, it) => Math.max(max, it.lineNo), row.lastLineNo);

/**
 * Inserts prepared groups (at `firstPosition` on) with their priced lines, numbered after
 * `lineNo`. Answers the last line number given.
 */
export async function insertPricedGroups(
  db: Executor,
  orderId: number,
  prepared: readonly PreparedGroup[],
  priced: OrderPricing['groups'],
  firstPosition: number,
  lineNo: number,
): Promise<number> {
  const lines: repo.NewOrderItem[] = [];
  for (const [gi, g] of prepared.entries()) {
    const pg = priced[gi]!;
    const stored = await repo.insertGroup(db, groupColumns(orderId, firstPosition + gi, g, pg.subtotal));
    const codes = codesOf(g);
    g.items.forEach((it, k) => {
      lines.push({ ...itemColumns(orderId, stored.id, k, g, it, pg.items[k]!, codes), lineNo: ++lineNo });
    });
  }
  await repo.insertItems(db, lines);
  return lineNo;
}

/**
 * Writes the order's groups and lines as `prepared` says, in place: groups are kept by position,
 * a line whose `_id` was already on the order keeps its row (its `id`), the others are inserted,
 * and the lines and groups no longer there are deleted. Lines are numbered 1..n until approve;
 * from then on a kept line keeps its number and a new one gets the next unused (production labels
 * point at them). Answers the last line number given.
 */
async function upsertPricedGroups(
  db: Executor,
  row: repo.OrderRow,
  prepared: readonly PreparedGroup[],
  priced: OrderPricing['groups'],
  old: { groups: readonly repo.OrderGroupRow[]; items: readonly repo.OrderItemRow[] },
): Promise<number> {
  const frozen = LINE_NUMBERS_FROZEN.includes(row.status);
  let lineNo = frozen ? lastLineNo(row, old.items) : 0;
  const byClientId = new Map<string, repo.OrderItemRow>();
  for (const it of old.items) if (!byClientId.has(it.clientId)) byClientId.set(it.clientId, it);
  const kept: bulk.SavedLine[] = [];
  const added: repo.NewOrderItem[] = [];
  for (const [gi, g] of prepared.entries()) {
    const pg = priced[gi]!;
    const columns = { ...groupColumns(row.id, gi, g, pg.subtotal), warnings: [] };
    const groupId = old.groups[gi]?.id ?? (await repo.insertGroup(db, columns)).id;
    if (old.groups[gi]) await repo.updateGroup(db, groupId, columns);
    const codes = codesOf(g);
    for (const [k, it] of g.items.entries()) {
      const cols = itemColumns(row.id, groupId, k, g, it, pg.items[k]!, codes);
      const was = byClientId.get(it.clientId);
      byClientId.delete(it.clientId);
      if (was) {
        const { orderId: _o, clientId: _c, ...update } = cols;
        kept.push({ id: was.id, ...update, lineNo: frozen ? was.lineNo : ++lineNo });
      } else {
        added.push({ ...cols, lineNo: ++lineNo });
      }
    }
  }
  const keptIds = new Set(kept.map((l) => l.id));
  await repo.deleteItems(
    db,
    row.id,
    old.items.filter((it) => !keptIds.has(it.id)).map((it) => it.id),
  );
  await bulk.updateSavedItems(db, row.id, kept);
  await repo.insertItems(db, added);
  await repo.deleteGroupsFrom(db, row.id, prepared.length);
  return lineNo;
}

const premiumKey = (ids: (number | null)[]) => ids.join(',');

/**
 * A submitted order being edited: a line that is still the same catalogue line with the same
 * premiums keeps its frozen price (only recalculate reprices an ordered line); new or changed
 * lines are priced from today's catalogue. A bid is priced as the builder shows it: today.
 */
function keepFrozenLines(
  groups: readonly repo.OrderGroupRow[],
  items: readonly repo.OrderItemRow[],
  prepared: PreparedGroup[],
) {
  const groupKey = new Map(groups.map((g) => [g.id, premiumKey(slotIds(g))]));
  const stored = new Map(items.map((i) => [i.clientId, i]));
  for (const g of prepared) {
    const key = premiumKey(slotIds(slotsByColumn(premiumIds(g))));
    for (const it of g.items) {
      const old = stored.get(it.clientId);
      if (
        old &&
        it.lineItem &&
        old.lineItemId === it.lineItem.id &&
        old.isAttachment === it.isAttachment &&
        old.finishedSideId === (it.finishedSide?.id ?? null) &&
        (it.isAttachment || groupKey.get(old.groupId) === key)
      ) {
        it.stored = old;
        it.frozen = true;
      }
    }
  }
}

/**
 * Validates, prices (today's catalogue) and writes the groups of `orderRow` in place (lines keep
 * their id by `_id`: upsertPricedGroups); writes the totals,
 * error_count and item_count (bumping version). `extra`: other columns to write with them.
 * Returns the updated row. Call inside `transaction()`; authorisation is the caller's.
 */
export async function saveGroups(
  tx: RequestContext,
  _ctx: RequestContext,
  orderRow: repo.OrderRow,
  groupsInput: readonly OrderGroupInput[],
  extra: Partial<repo.NewOrder> = {},
): Promise<repo.OrderRow> {
  const prepared = await prepareGroups(tx, toSources(groupsInput));
  const [groups, items] = await Promise.all([repo.groupsOf(tx.db, orderRow.id), repo.itemsOf(tx.db, orderRow.id)]);
  if (orderRow.status !== 'BID') keepFrozenLines(groups, items, prepared);
  const level = await orderLevelInput(tx, { ...orderRow, ...extra } as repo.OrderRow);
  const pricing = priceOrder({ ...level, groups: catalogueGroups(prepared) });
  const last = await upsertPricedGroups(tx.db, orderRow, prepared, pricing.groups, { groups, items });
  return repo.updateOrder(tx.db, orderRow.id, {
    ...extra,
    lastLineNo: last,
    ...totalsColumns(pricing),
    errorCount: countErrors(prepared),
    itemCount: countItems(prepared),
  });
}

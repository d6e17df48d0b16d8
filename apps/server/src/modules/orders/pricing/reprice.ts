import { orderTotalsColumns } from '@cab/db';
import { type Cents, type OrderPricing, priceOrder, toWire } from '@cab/shared';
import type { RequestContext } from '../../../kit/context.ts';
import * as repo from '../repository.ts';
import { catalogueGroups, frozenGroups, orderLevelInput } from './inputs.ts';
import * as bulk from './repository.ts';
import { type PreparedGroup, prepareGroups, storedSources } from './validate.ts';

/**
 * Pricing an order that exists: the priced line's stored columns (itemColumns), the totals
 * columns, and the three reprices: the totals from the frozen lines (repriceTotals), every line
 * from today's catalogue (repriceFromCatalogue, recalculate) and the revalidation of stop_editing
 * and fix (revalidateOrder). Call them inside `transaction()`; authorisation is the caller's.
 */

export const totalsColumns = (p: OrderPricing): Partial<repo.NewOrder> => orderTotalsColumns(p);

/** The premiums a prepared group uses, by id (for the codes frozen into the breakdowns). */
export function codesOf(group: PreparedGroup) {
  const map = new Map<string, string>();
  for (const p of Object.values(group.premiums)) if (p) map.set(String(p.id), p.code);
  for (const it of group.items) if (it.finishedSide) map.set(String(it.finishedSide.id), it.finishedSide.code);
  return map;
}

type PricedLine = OrderPricing['groups'][number]['items'][number];

/** The stored columns of one priced line: the catalogue snapshot and the frozen price. */
export function itemColumns(
  orderId: number,
  groupId: number,
  position: number,
  group: PreparedGroup,
  it: PreparedGroup['items'][number],
  priced: PricedLine,
  codes: Map<string, string>,
): Required<Omit<repo.NewOrderItem, 'id' | 'lineNo'>> {
  const li = it.lineItem;
  const withCode = <P extends { premium_id: string | null }>(part: P) => ({
    ...part,
    code: part.premium_id === null ? null : (codes.get(part.premium_id) ?? null),
  });
  const fresh = (li && !it.frozen) || !it.stored;
  const breakdown =
    li && !it.frozen
      ? {
          ...priced.breakdown,
          premiums: priced.breakdown.premiums.map(withCode),
          finished_side: priced.breakdown.finished_side ? withCode(priced.breakdown.finished_side) : null,
        }
      : { ...it.stored!.breakdown, qty: priced.qty, total_price: priced.total_price };
  const snapshot = fresh
    ? {
        lineItemId: li!.id,
        manufacturerCode: li!.manufacturerCode,
        description: li!.description,
        baseCategory: li!.baseCategory,
        width: li!.width,
        height: li!.height,
        depth: li!.depth,
        nbDoor: li!.nbBaseDoor + li!.nbWallDoor + li!.nbTallDoor,
        nbDrawer: li!.nbDrawer,
        nbShelf: li!.nbAdjustableShelf,
      }
    : {
        lineItemId: it.stored!.lineItemId,
        manufacturerCode: it.stored!.manufacturerCode,
        description: it.stored!.description,
        baseCategory: it.stored!.baseCategory,
        width: it.stored!.width,
        height: it.stored!.height,
        depth: it.stored!.depth,
        nbDoor: it.stored!.nbDoor,
        nbDrawer: it.stored!.nbDrawer,
        nbShelf: it.stored!.nbShelf,
      };
  return {
    orderId,
    groupId,
    position,
    clientId: it.clientId,
    parentClientId: it.parentClientId,
    isAttachment: it.isAttachment,
    qty: it.qty,
    hinge: it.hinge,
    finishedSideId: it.finishedSide?.id ?? null,
    ...snapshot,
    finish: group.premiums.finish_option?.code ?? '',
    unitPrice: priced.unit_price,
    totalPrice: priced.total_price,
    finalPrice: priced.final_price,
    totalFinalPrice: priced.total_final_price,
    breakdown,
  };
}

export const countErrors = (groups: readonly { errors: readonly string[] }[]) =>
  groups.reduce((n, g) => n + g.errors.length, 0);
export const countItems = (groups: readonly PreparedGroup[]) =>
  groups.reduce((n, g) => n + g.items.filter((i) => !i.isAttachment).length, 0);

/**
 * Recomputes the order-level fields (discounts, fees, payment option, tax) and the final price
 * columns from the lines' frozen prices with the order's current settings, and saves them
 * (bumping version). No line price moves. Returns the updated row.
 */
export async function repriceTotals(tx: RequestContext, orderId: number): Promise<repo.OrderRow> {
  const row = (await repo.orderById(tx.db, orderId))!;
  const [groups, items] = await Promise.all([repo.groupsOf(tx.db, orderId), repo.itemsOf(tx.db, orderId)]);
  const level = await orderLevelInput(tx, row);
  const pricing = priceOrder({ ...level, groups: frozenGroups(groups, items) });
  const flat = pricing.groups.flatMap((g) => g.items);
  // The lines whose final price moved, written in one statement (not one per line).
  const moved: { id: number; finalPrice: Cents; totalFinalPrice: Cents }[] = [];
  let k = 0;
  for (const g of groups) {
    for (const it of items.filter((i) => i.groupId === g.id)) {
      const p = flat[k++]!;
      if (p.final_price !== it.finalPrice || p.total_final_price !== it.totalFinalPrice) {
        moved.push({ id: it.id, finalPrice: p.final_price, totalFinalPrice: p.total_final_price });
      }
    }
  }
  await bulk.updateFinalPrices(tx.db, orderId, moved);
  return repo.updateOrder(tx.db, orderId, totalsColumns(pricing));
}

export interface LineChange {
  line_item_number: number;
  manufacturer_code: string;
  old_unit_price: string;
  new_unit_price: string;
  old_total_price: string;
  new_total_price: string;
}

/**
 * Reprices every line from today's catalogue, re-runs the group validation, saves (bumping
 * version) and answers each line whose price changed. A line whose catalogue item is gone keeps
 * its frozen price (its group shows the error). Call inside `transaction()`.
 */
export async function repriceFromCatalogue(
  tx: RequestContext,
  orderId: number,
): Promise<{ row: repo.OrderRow; changes: LineChange[] }> {
  const row = (await repo.orderById(tx.db, orderId))!;
  const [groups, items] = await Promise.all([repo.groupsOf(tx.db, orderId), repo.itemsOf(tx.db, orderId)]);
  const prepared = await prepareGroups(tx, storedSources(groups, items));
  const level = await orderLevelInput(tx, row);
  const pricing = priceOrder({ ...level, groups: catalogueGroups(prepared) });
  const changes: LineChange[] = [];
  // Every line is rewritten (price, breakdown, catalogue snapshot), in one statement for the order.
  const lines: bulk.RepricedLine[] = [];
  let number = 0;
  for (const [gi, g] of prepared.entries()) {
    const pg = pricing.groups[gi]!;
    const storedGroup = groups[gi]!;
    await repo.updateGroup(tx.db, storedGroup.id, { errors: g.errors, subtotal: pg.subtotal });
    const codes = codesOf(g);
    for (const [k, it] of g.items.entries()) {
      number++;
      const before = it.stored!;
      const cols = itemColumns(orderId, storedGroup.id, k, g, it, pg.items[k]!, codes);
      const { orderId: _o, groupId: _g, clientId: _c, ...update } = cols;
      lines.push({ id: before.id, ...update });
      if (before.unitPrice !== cols.unitPrice || before.totalPrice !== cols.totalPrice) {
        changes.push({
          line_item_number: number,
          manufacturer_code: cols.manufacturerCode,
          old_unit_price: toWire(before.unitPrice),
          new_unit_price: toWire(cols.unitPrice),
          old_total_price: toWire(before.totalPrice as Cents),
          new_total_price: toWire(cols.totalPrice as Cents),
        });
      }
    }
  }
  await bulk.updateRepricedItems(tx.db, orderId, lines);
  const updated = await repo.updateOrder(tx.db, orderId, {
    ...totalsColumns(pricing),
    errorCount: countErrors(prepared),
    itemCount: countItems(prepared),
  });
  return { row: updated, changes };
}

/**
 * Re-runs the group validation against today's catalogue (errors that no longer apply clear) and
 * recomputes the totals from the frozen lines: no line price moves, only recalculate does that
 * (DOMAIN.md "Money"). stop_editing and fix use it. Call inside `transaction()`.
 */
export async function revalidateOrder(tx: RequestContext, orderId: number): Promise<repo.OrderRow> {
  const [groups, items] = await Promise.all([repo.groupsOf(tx.db, orderId), repo.itemsOf(tx.db, orderId)]);
  const prepared = await prepareGroups(tx, storedSources(groups, items));
  for (const [gi, g] of prepared.entries()) await repo.updateGroup(tx.db, groups[gi]!.id, { errors: g.errors });
  await repo.updateOrder(tx.db, orderId, { errorCount: countErrors(prepared), itemCount: countItems(prepared) });
  return repriceTotals(tx, orderId);
}

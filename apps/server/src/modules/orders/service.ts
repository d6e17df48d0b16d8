import { addressSnapshot, type Executor, orderTotalsColumns } from '@cab/db';
import {
  allowedActions,
  type Cents,
  canReachOrder,
  cents,
  checkDiscountCode,
  type customDiscountSchema,
  DISCOUNT_CODE_REFUSAL_TEXT,
  deriveRole,
  discountCodeInput,
  ERROR_CODES,
  formatMoney,
  MONEY_CENTS,
  MSG,
  ORDER_LIFECYCLE_CODES,
  ORDER_LIFECYCLE_TEXT,
  ORDER_LIMITS,
  ORDER_STATUS_LABELS,
  ORDER_TEXT,
  type Order,
  type OrderCreate,
  type OrderDateRange,
  type OrderGroupInput,
  type OrderGroupsUpdate,
  type OrderListRow,
  type OrderPricing,
  type OrderShort,
  type OrderStatus,
  orderFlags,
  type orderListQuerySchema,
  type orderQuoteQuerySchema,
  parseCustomDiscount,
  priceOrder,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx, RequestContext } from '../../kit/context.ts';
import { AppError, badRequest, fieldError, notFound, permissionDenied } from '../../kit/errors.ts';
import { jsonPage } from '../../kit/json-rows.ts';
import { orderBy, pageWindow } from '../../kit/list.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { claimCode, discountCodeById, discountCodeByText, paymentOptionsOn, releaseCode } from '../finance/index.ts';
import { addressOfOwner } from './lifecycle-repository.ts';
import { catalogueGroups, everyTotal, freezeRules, frozenGroups, orderLevelInput, todayIso } from './pricing.ts';
import { lifecycleActor, lifecycleOrder, loadOrderRow } from './reach.ts';
import * as repo from './repository.ts';
import { assertVersion } from './status.ts';
import { type GroupSource, type PreparedGroup, prepareGroups, storedSources } from './validate.ts';
import { auditTotals, toWireOrder, toWirePaymentOption } from './wire.ts';

/** Error codes of this module beyond the lifecycle's (ORDER_LIFECYCLE_CODES). */
export const ORDER_ERROR_CODES = {
  cannotBeUpdated: 'order_cannot_be_updated',
  discountCodeUnknown: 'discount_code_unknown',
  discountCodeAlreadySet: 'discount_code_already_set',
  discountCodeRefused: 'discount_code_refused',
  noDiscountCode: 'no_discount_code',
} as const;

/** Statuses whose price may still change (before production; the invoice follows approve). */
const PRICE_OPEN: readonly OrderStatus[] = ['BID', 'ORDERED', 'VERIFIED'];

const cannotBeUpdated = () => badRequest(ORDER_ERROR_CODES.cannotBeUpdated, ORDER_TEXT.cannotBeUpdated);

// ---------------------------------------------------------------------------------------------
// Reading

async function premiumCodes(db: Executor, groups: repo.OrderGroupRow[], items: repo.OrderItemRow[]) {
  const ids = new Set<number>();
  for (const g of groups) {
    for (const id of [
      g.woodSpeciesId,
      g.finishOptionId,
      g.baseDoorStyleId,
      g.wallDoorStyleId,
      g.tallDoorStyleId,
      g.drawerStyleId,
    ]) {
      if (id !== null) ids.add(id);
    }
  }
  for (const it of items) if (it.finishedSideId !== null) ids.add(it.finishedSideId);
  const rows = await repo.premiumsByIds(db, [...ids]);
  return new Map(rows.map((p) => [p.id, p.code]));
}

/**
 * The order on the wire for `ctx.actor`; `withGroups` false for the short view. `read`: the whole
 * order already read in one statement (getOrder).
 */
async function buildOrder(ctx: Ctx, row: repo.OrderRow, withGroups: boolean, read?: repo.OrderReading): Promise<Order> {
  const db = ctx.db;
  const [customer, companyName, groups, items, code] = read
    ? [read.customer, read.companyName, read.groups, read.items, read.discountCode]
    : await Promise.all([
        repo.customerOf(db, row.customerId),
        row.companyId === null ? null : repo.companyName(db, row.companyId),
        withGroups ? repo.groupsOf(db, row.id) : [],
        withGroups ? repo.itemsOf(db, row.id) : [],
        row.discountCodeId === null ? null : discountCodeById(db, row.discountCodeId),
      ]);
  const codes = read ? read.codes : withGroups ? await premiumCodes(db, groups, items) : new Map<number, string>();
  const refusal = code
    ? checkDiscountCode(discountCodeInput(code, row.discountCodeClaimed), {
        today: todayIso(),
        total: row.totalAfterCustomerDiscount,
      })
    : null;
  const actor = lifecycleActor(ctx);
  const lo = lifecycleOrder(row);
  const flags = orderFlags(lo, actor);
  return toWireOrder({
    row,
    customer,
    companyName,
    groups,
    items,
    codes,
    discountCode: code?.code ?? null,
    discountCodeRefusal: refusal ? DISCOUNT_CODE_REFUSAL_TEXT[refusal] : null,
    flags,
    allowedActions: allowedActions(lo, actor),
  });
}

/** One order as `ctx.actor` sees it (404 when unreachable). `executor`: e.g. an open transaction. */
export async function getOrder(ctx: Ctx, id: number, executor: Executor = ctx.db): Promise<Order> {
  const c = { ...ctx, db: executor };
  const actor = lifecycleActor(c);
  const read = await repo.orderForReading(executor, id);
  if (!read || !canReachOrder(lifecycleOrder(read.row), actor)) throw notFound();
  return buildOrder(c, read.row, true, read);
}

/** GET {id}/short: the order without its groups. */
export async function getOrderShort(ctx: Ctx, id: number): Promise<OrderShort> {
  const { groups: _groups, ...short } = await buildOrder(ctx, await loadOrderRow(ctx, id), false);
  return short;
}

// ---------------------------------------------------------------------------------------------
// Pricing and saving (the building blocks the lifecycle moves use too)

const totalsColumns = (p: OrderPricing): Partial<repo.NewOrder> => orderTotalsColumns(p);

/** The premiums a prepared group uses, by id (for the codes frozen into the breakdowns). */
function codesOf(group: PreparedGroup) {
  const map = new Map<string, string>();
  for (const p of Object.values(group.premiums)) if (p) map.set(String(p.id), p.code);
  for (const it of group.items) if (it.finishedSide) map.set(String(it.finishedSide.id), it.finishedSide.code);
  return map;
}

type PricedLine = OrderPricing['groups'][number]['items'][number];

/** The stored columns of one priced line: the catalogue snapshot and the frozen price. */
function itemColumns(
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

const groupColumns = (orderId: number, position: number, g: PreparedGroup, subtotal: Cents): repo.NewOrderGroup => ({
  orderId,
  position,
  name: g.name,
  woodSpeciesId: g.premiums.wood_species?.id ?? null,
  finishOptionId: g.premiums.finish_option?.id ?? null,
  baseDoorStyleId: g.premiums.base_door_style?.id ?? null,
  wallDoorStyleId: g.premiums.wall_door_style?.id ?? null,
  tallDoorStyleId: g.premiums.tall_door_style?.id ?? null,
  drawerStyleId: g.premiums.drawer_style?.id ?? null,
  errors: g.errors,
  subtotal,
});

const countErrors = (groups: readonly { errors: readonly string[] }[]) =>
  groups.reduce((n, g) => n + g.errors.length, 0);
const countItems = (groups: readonly PreparedGroup[]) =>
  groups.reduce((n, g) => n + g.items.filter((i) => !i.isAttachment).length, 0);

const toSources = (groups: readonly OrderGroupInput[]): GroupSource[] =>
  groups.map((g) => ({
    name: g.name ?? '',
    premiums: g.premiums,
    items: g.items.map((i) => ({ ...i, parentId: i.parentId ?? null, finished_side: i.finished_side ?? null })),
  }));

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
const lastLineNo = (row: repo.OrderRow, items: readonly repo.OrderItemRow[]) =>
  items.reduce((max, it) => Math.max(max, it.lineNo), row.lastLineNo);

/**
 * Inserts prepared groups (at `firstPosition` on) with their priced lines, numbered after
 * `lineNo`. Answers the last line number given.
 */
async function insertPricedGroups(
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
  const kept: repo.SavedLine[] = [];
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
  await repo.updateSavedItems(db, row.id, kept);
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
  const groupKey = new Map(
    groups.map((g) => [
      g.id,
      premiumKey([
        g.woodSpeciesId,
        g.finishOptionId,
        g.baseDoorStyleId,
        g.wallDoorStyleId,
        g.tallDoorStyleId,
        g.drawerStyleId,
      ]),
    ]),
  );
  const stored = new Map(items.map((i) => [i.clientId, i]));
  for (const g of prepared) {
    const key = premiumKey(
      [
        g.premiums.wood_species,
        g.premiums.finish_option,
        g.premiums.base_door_style,
        g.premiums.wall_door_style,
        g.premiums.tall_door_style,
        g.premiums.drawer_style,
      ].map((p) => p?.id ?? null),
    );
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
  await repo.updateFinalPrices(tx.db, orderId, moved);
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
  const lines: repo.RepricedLine[] = [];
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
  await repo.updateRepricedItems(tx.db, orderId, lines);
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

// ---------------------------------------------------------------------------------------------
// Endpoints

/** POST /api/orders/: a BID for the caller, or (ADMIN) for a customer. */
export async function createOrder(ctx: Ctx, body: OrderCreate): Promise<Order> {
  const actor = lifecycleActor(ctx);
  let customer: repo.CustomerRow;
  if (actor.role === 'ADMIN') {
    if (!body.customer) throw fieldError(ERROR_CODES.validation, 'customer', ORDER_TEXT.customerRequired);
    const found = await repo.customerOf(ctx.db, body.customer);
    const role = found
      ? deriveRole({
          account_type: found.accountType,
          is_staff: found.isStaff,
          is_employee: found.isEmployee,
          is_manager: found.isManager,
        })
      : null;
    if (!found?.isActive || role === null || role === 'ADMIN' || role === 'STAFF') {
      throw fieldError(ERROR_CODES.validation, 'customer', ORDER_TEXT.customerNotFound);
    }
    customer = found;
  } else {
    if (body.customer) {
      throw new AppError(403, ERROR_CODES.permissionDenied, ORDER_TEXT.customerOnlyForAdmin, undefined, {
        customer: [ORDER_TEXT.customerOnlyForAdmin],
      });
    }
    customer = (await repo.customerOf(ctx.db, ctx.actor.id))!;
  }
  return transaction(ctx, async (tx) => {
    const created = await repo.insertOrder(tx.db, {
      name: body.name,
      poNumber: body.po_number ?? null,
      customerId: customer.id,
      companyId: customer.accountType === 'B' ? customer.companyId : null,
      createdById: ctx.actor.id,
    });
    const saved = await saveGroups(tx, ctx, created, body.groups);
    await audit(tx, {
      entity: 'order',
      id: saved.id,
      action: 'create',
      before: null,
      after: { status: saved.status, ...auditTotals(saved) },
    });
    return getOrder(tx, saved.id);
  });
}

/** May the actor change this order's groups now (can_be_updated)? */
function assertCanBeUpdated(ctx: Ctx, row: repo.OrderRow) {
  if (!orderFlags(lifecycleOrder(row), lifecycleActor(ctx)).can_be_updated) throw cannotBeUpdated();
}

export async function replaceGroups(ctx: Ctx, id: number, body: OrderGroupsUpdate): Promise<Order> {
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertCanBeUpdated(tx, row);
    if (body.version !== undefined && body.version !== row.version) {
      throw new AppError(409, ORDER_LIFECYCLE_CODES.changedConcurrently, ORDER_LIFECYCLE_TEXT.changedConcurrently);
    }
    const extra: Partial<repo.NewOrder> = {};
    if (body.name !== undefined) extra.name = body.name;
    if (body.po_number !== undefined) extra.poNumber = body.po_number;
    const saved = await saveGroups(tx, ctx, row, body.groups, extra);
    await audit(tx, {
      entity: 'order',
      id,
      action: 'update_groups',
      before: { name: row.name, ...auditTotals(row) },
      after: { name: saved.name, groups: body.groups.length, ...auditTotals(saved) },
    });
    return getOrder(tx, id);
  });
}

export async function addGroup(ctx: Ctx, id: number, group: OrderGroupInput, version?: number): Promise<Order> {
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, version);
    assertCanBeUpdated(tx, row);
    const [groups, items] = await Promise.all([repo.groupsOf(tx.db, id), repo.itemsOf(tx.db, id)]);
    if (items.length + group.items.length > ORDER_LIMITS.lines)
      throw fieldError(ERROR_CODES.validation, 'items', ORDER_TEXT.tooManyLines(ORDER_LIMITS.lines));
    const [prepared] = await prepareGroups(tx, toSources([group]));
    const g = prepared!;
    // A client id already used in the order is an error of the new group.
    const taken = new Set(items.map((i) => i.clientId));
    for (const it of g.items) if (taken.has(it.clientId)) g.errors.push(ORDER_TEXT.duplicateClientId(it.clientId));
    g.errors = [...new Set(g.errors)];
    // The new lines at today's prices; the existing lines keep theirs.
    const level = await orderLevelInput(tx, row);
    const lines = priceOrder({ ...level, groups: catalogueGroups([g]) });
    const position = groups.reduce((max, x) => Math.max(max, x.position + 1), 0);
    const last = await insertPricedGroups(tx.db, id, [g], lines.groups, position, lastLineNo(row, items));
    await repo.updateOrder(tx.db, id, {
      lastLineNo: last,
      errorCount: row.errorCount + g.errors.length,
      itemCount: row.itemCount + g.items.filter((i) => !i.isAttachment).length,
    });
    const saved = await repriceTotals(tx, id);
    await audit(tx, {
      entity: 'order',
      id,
      action: 'add_group',
      before: auditTotals(row),
      after: { ...auditTotals(saved), group: { name: g.name, lines: g.items.length, errors: g.errors } },
    });
    return getOrder(tx, id);
  });
}

function assertPriceOpen(ctx: Ctx, row: repo.OrderRow, actionPast: string) {
  if (!PRICE_OPEN.includes(row.status)) {
    throw badRequest(
      ORDER_LIFECYCLE_CODES.statusNotAllowed,
      ORDER_LIFECYCLE_TEXT.statusNotAllowed(ORDER_STATUS_LABELS[row.status], actionPast),
    );
  }
  assertMayRepriceVerified(ctx, row);
}

/** A VERIFIED order is invoiced: only an ADMIN changes its price (custom discount, code, bypass, recalculate). */
function assertMayRepriceVerified(ctx: Ctx, row: repo.OrderRow) {
  if (row.status === 'VERIFIED' && ctx.actor.role !== 'ADMIN') throw permissionDenied();
}

export async function recalculate(ctx: Ctx, id: number, version?: number) {
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, version);
    assertPriceOpen(tx, row, 'recalculated');
    // The only reprice that reads today's rules: a submitted order's frozen rules are replaced.
    const rules = row.status === 'BID' ? null : await freezeRules(tx, id);
    const { row: saved, changes } = await repriceFromCatalogue(tx, id);
    await audit(tx, {
      entity: 'order',
      id,
      action: 'recalculate',
      before: { ...auditTotals(row), ...everyTotal(row), ...(rules ? { rules: row.frozenRules } : {}) },
      after: {
        ...auditTotals(saved),
        ...everyTotal(saved),
        ...(rules ? { rules } : {}),
        changed_lines: changes.length,
        changes,
      },
    });
    return {
      order: await getOrder(tx, id),
      changes,
      old_total_price: toWire(row.totalPrice),
      new_total_price: toWire(saved.totalPrice),
    };
  });
}

type CustomDiscountBody = z.output<typeof customDiscountSchema>;

const customFields = (row: repo.OrderRow) => ({
  custom_discount_amount: row.customDiscountAmount === null ? null : toWire(row.customDiscountAmount),
  custom_discount_percentage: row.customDiscountPercentage === null ? null : toWire(row.customDiscountPercentage),
  custom_discount_notes: row.customDiscountNotes,
});

/** SPEC 5: "12.5%" a percentage, "-40" an amount; setting one clears the other; both empty clear it. */
export async function updateCustomDiscount(
  ctx: Ctx,
  id: number,
  body: CustomDiscountBody,
  version?: number,
): Promise<Order> {
  const amountText = body.custom_discount_amount?.trim() || '';
  const percentText = body.custom_discount_percentage?.trim() || '';
  let value: ReturnType<typeof parseCustomDiscount> = {
    custom_discount_amount: null,
    custom_discount_percentage: null,
  };
  if (amountText && percentText) {
    throw fieldError(ERROR_CODES.validation, 'custom_discount_percentage', MSG.customDiscount);
  }
  if (amountText) {
    value = parseCustomDiscount(amountText);
    if (!value) throw fieldError(ERROR_CODES.validation, 'custom_discount_amount', MSG.customDiscount);
    // The column is int4 cents: a larger amount is the field's error, not the database's.
    if (Math.abs(value.custom_discount_amount!) > MONEY_CENTS.max) {
      throw fieldError(
        ERROR_CODES.validation,
        'custom_discount_amount',
        MSG.moneyOutOfRange(toWire(cents(MONEY_CENTS.min)), toWire(cents(MONEY_CENTS.max))),
      );
    }
  } else if (percentText) {
    value = parseCustomDiscount(percentText.endsWith('%') ? percentText : `${percentText}%`);
    if (!value) throw fieldError(ERROR_CODES.validation, 'custom_discount_percentage', MSG.customDiscount);
  }
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, version);
    assertPriceOpen(tx, row, 'discounted');
    await repo.updateOrder(tx.db, id, {
      customDiscountAmount: value!.custom_discount_amount,
      customDiscountPercentage: value!.custom_discount_percentage,
      ...(body.custom_discount_notes !== undefined ? { customDiscountNotes: body.custom_discount_notes } : {}),
    });
    const saved = await repriceTotals(tx, id);
    // A fixed discount larger than what is left to discount would be silently cut: refused.
    const step = saved.pricingSteps.find((s) => s.kind === 'custom_discount');
    if (value!.custom_discount_amount !== null && step && Math.abs(value!.custom_discount_amount) > step.base) {
      throw fieldError(
        ERROR_CODES.validation,
        'custom_discount_amount',
        ORDER_TEXT.customDiscountMoreThanOrder(formatMoney(cents(Math.max(step.base, 0)))),
      );
    }
    await audit(tx, {
      entity: 'order',
      id,
      action: 'update_custom_discount',
      before: { ...customFields(row), ...auditTotals(row) },
      after: { ...customFields(saved), ...auditTotals(saved) },
    });
    return getOrder(tx, id);
  });
}

/** A customer enters a code on a bid; an admin also before production. */
function assertCodeOpen(ctx: Ctx, row: repo.OrderRow) {
  if (row.status === 'BID' && orderFlags(lifecycleOrder(row), lifecycleActor(ctx)).can_be_updated) return;
  if (ctx.actor.role === 'ADMIN' && PRICE_OPEN.includes(row.status)) return;
  throw cannotBeUpdated();
}

export async function enterDiscountCode(ctx: Ctx, id: number, text: string, version?: number): Promise<Order> {
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, version);
    assertCodeOpen(tx, row);
    if (row.discountCodeId !== null) {
      throw fieldError(ORDER_ERROR_CODES.discountCodeAlreadySet, 'discount_code', ORDER_TEXT.discountCodeAlreadySet);
    }
    const code = await discountCodeByText(tx.db, text);
    if (!code) throw fieldError(ORDER_ERROR_CODES.discountCodeUnknown, 'discount_code', ORDER_TEXT.discountCodeUnknown);
    const refusal = checkDiscountCode(discountCodeInput(code, false), {
      today: todayIso(),
      total: row.totalAfterCustomerDiscount,
    });
    if (refusal) {
      throw fieldError(ORDER_ERROR_CODES.discountCodeRefused, 'discount_code', DISCOUNT_CODE_REFUSAL_TEXT[refusal]);
    }
    // Past BID the code is the order's now: one use claimed atomically (a bid claims at submit),
    // and frozen with the order's other rules (decision 0017).
    const claimed = row.status !== 'BID';
    if (claimed && !(await claimCode(tx.db, code.id))) {
      throw fieldError(ORDER_ERROR_CODES.discountCodeRefused, 'discount_code', DISCOUNT_CODE_REFUSAL_TEXT.used_up);
    }
    await repo.updateOrder(tx.db, id, {
      discountCodeId: code.id,
      discountCodeClaimed: claimed,
      ...(row.frozenRules
        ? { frozenRules: { ...row.frozenRules, discountCode: discountCodeInput(code, claimed) } }
        : {}),
    });
    const saved = await repriceTotals(tx, id);
    await audit(tx, {
      entity: 'order',
      id,
      action: 'discount_code',
      before: { discount_code: null, ...auditTotals(row) },
      after: { discount_code: code.code, claimed, ...auditTotals(saved) },
    });
    return getOrder(tx, id);
  });
}

export async function cancelDiscountCode(ctx: Ctx, id: number, version?: number): Promise<Order> {
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, version);
    assertCodeOpen(tx, row);
    if (row.discountCodeId === null) throw badRequest(ORDER_ERROR_CODES.noDiscountCode, ORDER_TEXT.noDiscountCode);
    const code = await discountCodeById(tx.db, row.discountCodeId);
    if (row.discountCodeClaimed) await releaseCode(tx.db, row.discountCodeId);
    await repo.updateOrder(tx.db, id, {
      discountCodeId: null,
      discountCodeClaimed: false,
      ...(row.frozenRules ? { frozenRules: { ...row.frozenRules, discountCode: null } } : {}),
    });
    const saved = await repriceTotals(tx, id);
    await audit(tx, {
      entity: 'order',
      id,
      action: 'cancel_discount_code',
      before: { discount_code: code?.code ?? null, claimed: row.discountCodeClaimed, ...auditTotals(row) },
      after: { discount_code: null, ...auditTotals(saved) },
    });
    return getOrder(tx, id);
  });
}

export async function updateBypassPaymentOptionDiscount(
  ctx: Ctx,
  id: number,
  bypass: boolean,
  version?: number,
): Promise<Order> {
  return transaction(ctx, async (tx) => {
    const row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, version);
    assertPriceOpen(tx, row, 'changed');
    await repo.updateOrder(tx.db, id, { bypassPaymentOptionDiscount: bypass });
    const saved = await repriceTotals(tx, id);
    await audit(tx, {
      entity: 'order',
      id,
      action: 'update_bypass_payment_option_discount',
      before: { bypass_payment_option_discount: row.bypassPaymentOptionDiscount, ...auditTotals(row) },
      after: { bypass_payment_option_discount: bypass, ...auditTotals(saved) },
    });
    return getOrder(tx, id);
  });
}

/**
 * GET {id}/quote/: the totals the order would have with the submit form's choices, priced exactly
 * as submit prices them (the stored lines; today's rules for a bid, the frozen ones otherwise).
 * Nothing is written. An address that is not the customer's is ignored.
 */
export async function quoteOrder(ctx: Ctx, id: number, query: z.output<typeof orderQuoteQuerySchema>) {
  const row = await loadOrderRow(ctx, id);
  const shipping =
    query.shipping_address === undefined
      ? null
      : await addressOfOwner(ctx.db, query.shipping_address, row.customerId, row.companyId);
  const asChosen: repo.OrderRow = {
    ...row,
    customerPaymentOptionId: query.customer_payment_option ?? row.customerPaymentOptionId,
    paymentMethod: query.payment_method ?? row.paymentMethod,
    shippingMethod: query.shipping_method ?? row.shippingMethod,
    shippingAddress: shipping ? addressSnapshot(shipping) : row.shippingAddress,
  };
  const [groups, items] = await Promise.all([repo.groupsOf(ctx.db, id), repo.itemsOf(ctx.db, id)]);
  const level = await orderLevelInput(ctx, asChosen);
  const pricing = priceOrder({ ...level, groups: frozenGroups(groups, items) });
  return everyTotal({ ...row, ...totalsColumns(pricing) } as repo.OrderRow);
}

/** GET {id}/payment_options?date=: active options valid on the date; business-only ones for business customers. */
export async function paymentOptions(ctx: Ctx, id: number, date: string | undefined) {
  const row = await loadOrderRow(ctx, id);
  const customer = await repo.customerOf(ctx.db, row.customerId);
  const rows = await paymentOptionsOn(ctx.db, date ?? todayIso(), customer?.accountType === 'B');
  return { results: rows.map(toWirePaymentOption) };
}

// ---------------------------------------------------------------------------------------------
// The list

type ListQuery = z.output<typeof orderListQuerySchema>;

const dayStart = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const addDays = (date: Date, n: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + n);

/** SPEC 3 selected_range as [first day, last day] (inclusive), in the server's zone. */
export function rangeDays(range: OrderDateRange, now = new Date()): { from: Date; to: Date } | null {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: new Date(today.getFullYear(), today.getMonth(), 1), to: today };
    case 'last_month':
      return {
        from: new Date(today.getFullYear(), today.getMonth() - 1, 1),
        to: new Date(today.getFullYear(), today.getMonth(), 0),
      };
    case 'this_year':
      return { from: new Date(today.getFullYear(), 0, 1), to: today };
    default:
      return null;
  }
}

export async function listOrders(ctx: Ctx, query: ListQuery) {
  const actor = ctx.actor;
  const isShop = actor.role === 'ADMIN' || actor.role === 'STAFF';
  const range = query.selected_range ? rangeDays(query.selected_range) : null;
  const from = range?.from ?? (query.date_after ? dayStart(query.date_after) : undefined);
  const to = range?.to ?? (query.date_before ? dayStart(query.date_before) : undefined);
  const visibility: repo.OrderListFilter['visibility'] = isShop
    ? { all: true }
    : actor.role === 'BUSINESS_MANAGER' && actor.companyId !== null
      ? { companyId: actor.companyId }
      : actor.role === null
        ? { none: true }
        : { customerId: actor.id };
  const filter: repo.OrderListFilter = {
    visibility,
    name: query.name?.trim() || undefined,
    statuses: query.status,
    createdFrom: from,
    createdBefore: to ? addDays(to, 1) : undefined,
    customerId: isShop ? query.customer : undefined,
  };
  const order = orderBy(query.order_by, repo.ORDER_LIST_ORDER, '-created_at', repo.orderCols.id);
  const page = await repo.orderPage(ctx.db, filter, order, pageWindow(query), !('all' in visibility));
  return jsonPage<OrderListRow>(page);
}

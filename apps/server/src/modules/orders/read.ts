import type { Executor } from '@cab/db';
import {
  allowedActions,
  canAccess,
  checkDiscountCode,
  DISCOUNT_CODE_REFUSAL_TEXT,
  discountCodeInput,
  type Order,
  type OrderShort,
  orderFlags,
  orderSchema,
  ROLE_GROUPS,
  slotIds,
} from '@cab/shared';
import { z } from 'zod';
import { cachePerDatabase } from '../../kit/answer-cache.ts';
import { type Ctx, todayOf } from '../../kit/context.ts';
import { JsonText } from '../../kit/json-rows.ts';
import { assertReaches } from '../../kit/reach.ts';
import { companyName as companyNameOf } from '../accounts/index.ts';
import { customerOf } from '../auth/index.ts';
import { catalogVersionSql, premiumsForPricing } from '../catalog/index.ts';
import { discountCodeById } from '../finance/index.ts';
import { lifecycleActor, lifecycleOrder, loadOrderRow } from './reach.ts';
import { orderApprovals, orderInvoiceOf, orderInvoiceStampSql } from './reactions.ts';
import * as repo from './repository.ts';
import { toWireOrder } from './wire.ts';

/** Reading an order: the detail (one statement, repository.ts orderForReading) and the short view. */

async function premiumCodes(db: Executor, groups: repo.OrderGroupRow[], items: repo.OrderItemRow[]) {
  const ids = new Set<number>();
  for (const g of groups) {
    for (const id of slotIds(g)) if (id !== null) ids.add(id);
  }
  for (const it of items) if (it.finishedSideId !== null) ids.add(it.finishedSideId);
  const rows = await premiumsForPricing(db, [...ids]);
  return new Map(rows.map((p) => [p.id, p.code]));
}

/**
 * Remake requests are the shop's (a customer gets 403 on them): a customer sees where a remake
 * order came from and the remakes approved for the order (both are their own orders), not the
 * requests still open or rejected.
 */
function remakesAsSeen(ctx: Ctx, links: repo.RemakeLinks): repo.RemakeLinks {
  if (canAccess(ROLE_GROUPS.shop, ctx.actor.role)) return links;
  return { remakeOf: links.remakeOf, remakes: links.remakes.filter((r) => r.status === 'APPROVED') };
}

/**
 * The order on the wire for `ctx.actor`; `withGroups` false for the short view. `read`: the whole
 * order already read in one statement (getOrder).
 */
async function buildOrder(ctx: Ctx, row: repo.OrderRow, withGroups: boolean, read?: repo.OrderReading): Promise<Order> {
  const db = ctx.db;
  const [invoice, approval] = await Promise.all([
    orderInvoiceOf(db, row.id, todayOf(ctx)),
    orderApprovals().read(db, row.id),
  ]);
  const [customer, companyName, groups, items, code, cabinets, remakes] = read
    ? [read.customer, read.companyName, read.groups, read.items, read.discountCode, read.cabinets, read.remakes]
    : await Promise.all([
        customerOf(db, row.customerId),
        row.companyId === null ? null : companyNameOf(db, row.companyId),
        withGroups ? repo.groupsOf(db, row.id) : [],
        withGroups ? repo.itemsOf(db, row.id) : [],
        row.discountCodeId === null ? null : discountCodeById(db, row.discountCodeId),
        repo.cabinetCountsOf(db, row.id),
        repo.remakeLinksOf(db, row.id),
      ]);
  const codes = read ? read.codes : withGroups ? await premiumCodes(db, groups, items) : new Map<number, string>();
  const refusal = code
    ? checkDiscountCode(discountCodeInput(code, row.discountCodeClaimed), {
        today: todayOf(ctx),
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
    cabinets,
    invoice,
    approval,
    remakes: remakesAsSeen(ctx, remakes),
  });
}

/** One order as `ctx.actor` sees it (404 when unreachable). `executor`: e.g. an open transaction. */
export async function getOrder(ctx: Ctx, id: number, executor: Executor = ctx.db): Promise<Order> {
  const c = { ...ctx, db: executor };
  lifecycleActor(c);
  const read = await repo.orderForReading(executor, id);
  assertReaches(c.actor, read?.row);
  return buildOrder(c, read!.row, true, read!);
}

/**
 * GET {id}/: the order as `ctx.actor` sees it, kept per reader and served again while the order's
 * stamp (repository.ts orderStampReader, with the catalogue's version and the invoice's stamp) and the
 * day are the same (decision 0025). Who may read it is checked on every request, on the fresh row.
 */
export async function readOrder(ctx: Ctx, id: number): Promise<JsonText<Order>> {
  const actor = lifecycleActor(ctx);
  const stamp = await orderStamp(ctx.db, id);
  assertReaches(ctx.actor, stamp);
  const key = `${id}|${actor.id}|${actor.role}|${actor.company_id}`;
  const version = `${stamp.stamp}|${todayOf(ctx)}`;
  return detailAnswers(ctx.db).answer(
    key,
    version,
    async () => new JsonText(JSON.stringify(z.encode(orderSchema, await getOrder(ctx, id)))),
  );
}
/** The detail's stamp: the order's, the catalogue's version and the invoice's stamp. */
const orderStamp = repo.orderStampReader((orderId) => [catalogVersionSql, orderInvoiceStampSql(orderId)]);
/** Details by order and reader. */
const detailAnswers = cachePerDatabase({ maxEntries: 2000 });

/** GET {id}/short: the order without its groups. */
export async function getOrderShort(ctx: Ctx, id: number): Promise<OrderShort> {
  const { groups: _groups, ...short } = await buildOrder(ctx, await loadOrderRow(ctx, id), false);
  return short;
}

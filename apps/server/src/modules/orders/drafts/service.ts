import {
  deriveRole,
  ERROR_CODES,
  ORDER_LIFECYCLE_CODES,
  ORDER_LIFECYCLE_TEXT,
  ORDER_LIMITS,
  ORDER_TEXT,
  type Order,
  type OrderCreate,
  type OrderGroupInput,
  type OrderGroupsUpdate,
  priceOrder,
} from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { AppError, fieldError } from '../../../kit/errors.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { type CustomerRow, customerOf } from '../../auth/index.ts';
import { assertCanBeUpdated } from '../guards.ts';
import { assertVersion } from '../lifecycle/status.ts';
import { catalogueGroups, orderLevelInput } from '../pricing/inputs.ts';
import { repriceTotals } from '../pricing/reprice.ts';
import { lifecycleActor, loadOrderRow } from '../reach.ts';
import { getOrder } from '../read.ts';
import * as repo from '../repository.ts';
import { auditTotals } from '../wire.ts';
import { insertPricedGroups, lastLineNo, saveGroups } from './save.ts';
import { prepareGroups, toSources } from './validate.ts';

/** The builder's calls: create a bid, save its groups, add one group. */

/** POST /api/orders/: a BID for the caller, or (ADMIN) for a customer. */
export async function createOrder(ctx: Ctx, body: OrderCreate): Promise<Order> {
  const actor = lifecycleActor(ctx);
  let customer: CustomerRow;
  if (actor.role === 'ADMIN') {
    if (!body.customer) throw fieldError(ERROR_CODES.validation, 'customer', ORDER_TEXT.customerRequired);
    const found = await customerOf(ctx.db, body.customer);
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
    customer = (await customerOf(ctx.db, ctx.actor.id))!;
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
    await audit(tx, { entity: 'order', id: saved.id, action: 'create', before: null, after: auditTotals(saved) });
    return getOrder(tx, saved.id);
  });
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

import {
  deriveRole,
  ERROR_CODES,
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
import { alreadyPriced, assertVersion, changeOrder } from '../change/change.ts';
import { assertCanBeUpdated } from '../guards.ts';
import { catalogueGroups, orderLevelInput } from '../pricing/inputs.ts';
import { prepareGroups, toSources } from '../pricing/validate.ts';
import { lifecycleActor } from '../reach.ts';
import { getOrder } from '../read.ts';
import * as repo from '../repository.ts';
import { auditTotals } from '../wire.ts';
import { insertPricedGroups, lastLineNo, saveGroups } from './save.ts';

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
      // Replayed history (the demo seed's remake orders) is created when it happened, not now.
      ...(ctx.at ? { createdAt: ctx.at } : {}),
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

export function replaceGroups(ctx: Ctx, id: number, body: OrderGroupsUpdate): Promise<Order> {
  return changeOrder(ctx, id, {
    action: 'update_groups',
    // Whether the order may be changed is answered before whether the caller's copy is stale.
    allowed: (tx, row) => {
      assertCanBeUpdated(tx, row);
      assertVersion(row, body.version);
    },
    apply: (tx, row) => {
      const extra: Partial<repo.NewOrder> = {};
      if (body.name !== undefined) extra.name = body.name;
      if (body.po_number !== undefined) extra.poNumber = body.po_number;
      return saveGroups(tx, ctx, row, body.groups, extra);
    },
    reprice: alreadyPriced,
    record: (row, saved) => ({
      before: { name: row.name, ...auditTotals(row) },
      after: { name: saved.name, groups: body.groups.length, ...auditTotals(saved) },
    }),
  });
}

export function addGroup(ctx: Ctx, id: number, group: OrderGroupInput, version?: number): Promise<Order> {
  return changeOrder(ctx, id, {
    version,
    action: 'add_group',
    allowed: assertCanBeUpdated,
    apply: async (tx, row) => {
      const [groups, items] = await Promise.all([repo.groupsOf(tx.db, id), repo.itemsOf(tx.db, id)]);
      if (items.length + group.items.length > ORDER_LIMITS.lines)
        throw fieldError(ERROR_CODES.validation, 'items', ORDER_TEXT.tooManyLines(ORDER_LIMITS.lines));
      const [prepared] = await prepareGroups(tx, toSources([group]));
      const g = prepared!;
      // A client id already used in the order is an error of the new group.
      const taken = new Set(items.map((i) => i.clientId));
      for (const it of g.items) if (taken.has(it.clientId)) g.errors.push(ORDER_TEXT.duplicateClientId(it.clientId));
      g.errors = [...new Set(g.errors)];
      // The new lines at today's prices; the existing lines keep theirs (the totals are repriced after).
      const level = await orderLevelInput(tx, row);
      const lines = priceOrder({ ...level, groups: catalogueGroups([g]) });
      const position = groups.reduce((max, x) => Math.max(max, x.position + 1), 0);
      const last = await insertPricedGroups(tx.db, id, [g], lines.groups, position, lastLineNo(row, items));
      await repo.updateOrder(tx.db, id, {
        lastLineNo: last,
        errorCount: row.errorCount + g.errors.length,
        itemCount: row.itemCount + g.items.filter((i) => !i.isAttachment).length,
      });
      return { name: g.name, lines: g.items.length, errors: g.errors };
    },
    record: (row, saved, added) => ({ before: auditTotals(row), after: { ...auditTotals(saved), group: added } }),
  });
}

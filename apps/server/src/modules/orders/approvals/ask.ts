import {
  type Cents,
  ERROR_CODES,
  formatMoney,
  monthStartBack,
  ORDER_TEXT,
  type Order,
  type OrderSubmit,
  parseMoney,
  startOfDayIn,
  toWire,
} from '@cab/shared';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { AppError } from '../../../kit/errors.ts';
import { activeManagersOf, approvalRuleFor, companyName } from '../../accounts/index.ts';
import { userNames } from '../../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../../email/index.ts';
import { changeOrder } from '../change/change.ts';
import { insertStoredFiles, type StoredUpload } from '../conversation/files.ts';
import { checkMove } from '../lifecycle/status.ts';
import { quoteOrder } from '../price-calls/service.ts';
import * as orders from '../repository.ts';
import { publishApproval } from './event.ts';
import { insertApproval, submittedBeforeTax } from './repository.ts';
import { APPROVAL_CHANGES, withdrawPending } from './withdraw.ts';

/**
 * Asking (issue 30): a business employee's submit that the company's rule holds (ALWAYS, or
 * OVER_LIMIT and the order's total before tax above the employee's spending limit, or above what
 * is left of the employee's monthly limit: issue 35, the shop's tax is no part of what the
 * employee spends) keeps the order a BID,
 * writes a PENDING request with the total and the submit's fields as filled, and e-mails the
 * company's managers. Managers and admins are never asked; with the rule NONE nothing here runs.
 */

/** What an approval keeps of the submit: every field but the password. */
const keptSubmit = (body: OrderSubmit): Record<string, unknown> => {
  const { password: _password, ...kept } = body;
  return kept;
};

/**
 * Does this submit wait for a manager? Answers the total asked about, priced as the submit
 * would price it (the quote of the same choices), or null when the submit goes through.
 */
export async function approvalAsked(
  ctx: Ctx,
  order: orders.OrderRow,
  body: OrderSubmit,
  expected: Cents | null,
): Promise<{ total: Cents } | null> {
  if (ctx.actor.role !== 'BUSINESS_EMPLOYEE' || order.companyId === null) return null;
  const { rule, limit, monthlyLimit } = await approvalRuleFor(ctx.db, order.companyId, ctx.actor.id);
  if (rule === 'NONE') return null;
  const quote = await quoteOrder(ctx, order.id, {
    customer_payment_option: body.customer_payment_option,
    payment_method: body.payment_method,
    shipping_method: body.shipping_method,
    shipping_address: body.shipping_address,
  });
  const total = parseMoney(quote.total_price)!;
  // The same refusal as the submit's: the employee asks about the total they were shown.
  if (expected !== null && total !== expected) {
    throw new AppError(
      409,
      ERROR_CODES.orderTotalChanged,
      ORDER_TEXT.totalChanged(formatMoney(expected), formatMoney(total)),
      { total_price: toWire(total), expected_total: toWire(expected) },
    );
  }
  if (rule === 'ALWAYS') return { total };
  const beforeTax = parseMoney(quote.total_before_tax)!;
  if (limit !== null && beforeTax > limit) return { total };
  if (monthlyLimit !== null) {
    const spent = await monthSpent(ctx, order.companyId);
    if (spent + beforeTax > monthlyLimit) return { total };
  }
  return null;
}

/** What the employee submitted (or had approved) this calendar month of the shop, before tax. */
function monthSpent(ctx: Ctx, companyId: number): Promise<Cents> {
  const month = monthStartBack(todayOf(ctx), 0);
  return submittedBeforeTax(
    ctx.db,
    { companyId, userId: ctx.actor.id },
    startOfDayIn(month),
    startOfDayIn(monthStartBack(month, -1)),
  );
}

/**
 * Writes a PENDING request for the order (a PENDING one before it is withdrawn: asked again) and
 * e-mails the company's active managers, in the transaction of an order change
 * (`approval_request`), which bumps the order's version so its kept detail is read again.
 */
export async function writeRequest(
  tx: Ctx,
  row: orders.OrderRow,
  request: { requestedById: number | null; total: Cents; submit: Record<string, unknown> },
) {
  await withdrawPending(tx, row, APPROVAL_CHANGES.request);
  const approval = await insertApproval(tx.db, { orderId: row.id, ...request });
  await publishApproval(tx, approval.id, row, 'PENDING');
  await orders.updateOrder(tx.db, row.id, {});
  if (row.companyId !== null) {
    const [managers, company, names] = await Promise.all([
      activeManagersOf(tx.db, row.companyId),
      companyName(tx.db, row.companyId),
      userNames(tx.db, request.requestedById === null ? [] : [request.requestedById]),
    ]);
    const base = tx.config.publicUrl.replace(/\/$/, '');
    for (const m of managers) {
      await enqueueTemplate(tx, 'approval_requested', m.email, {
        user: userData(m),
        company: { name: company ?? '' },
        order: { id: row.id, name: row.name, po_number: row.poNumber ?? '', total_price: formatMoney(request.total) },
        app: appData(tx.config),
        requested_by: names.get(request.requestedById ?? 0) ?? '',
        total: formatMoney(request.total),
        link: `${base}/orders/${row.id}`,
      });
    }
  }
  return approval;
}

/** The event's record of a request. */
export const requestEvent = (approval: { id: number; total: Cents; requestedById: number | null }) => ({
  approval: { id: approval.id, status: 'PENDING', total: toWire(approval.total), requested_by: approval.requestedById },
});

/** The employee's submit held for approval: the order stays a BID, the documents are kept. */
export function askApproval(
  ctx: Ctx,
  id: number,
  body: OrderSubmit,
  stored: StoredUpload[],
  total: Cents,
): Promise<Order> {
  let event: ReturnType<typeof requestEvent> | null = null;
  return changeOrder(ctx, id, {
    version: body.version,
    action: APPROVAL_CHANGES.request,
    // The submit's own check (status, items, errors) under the lock: what could not be submitted is not asked.
    allowed: (tx, row) => {
      checkMove(tx, row, 'submit');
    },
    apply: async (tx, row) => {
      await insertStoredFiles(tx, id, 'SUPPLEMENT', stored);
      const approval = await writeRequest(tx, row, {
        requestedById: ctx.actor.id,
        total,
        submit: keptSubmit(body),
      });
      event = requestEvent(approval);
      return null;
    },
    reprice: async (tx) => (await orders.orderById(tx.db, id))!,
    record: () => ({ before: { approval: null }, after: event }),
  });
}

import {
  APPROVAL_CODES,
  APPROVAL_TEXT,
  APPROVALS_QUEUE_PATH,
  type approvalApproveSchema,
  type approvalDeclineSchema,
  type approvalQueueQuerySchema,
  type Cents,
  type DashboardCard,
  ERROR_CODES,
  formatMoney,
  type Order,
  type OrderSubmit,
  parseMoney,
  toPaged,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { AppError } from '../../../kit/errors.ts';
import { pageWindow } from '../../../kit/list.ts';
import { audit } from '../../audit/index.ts';
import { findUserWithCompany, userNames } from '../../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../../email/index.ts';
import { changeOrder } from '../change/change.ts';
import { checkFields, commitSubmit } from '../lifecycle/submit.ts';
import { loadOrderRow } from '../reach.ts';
import * as orders from '../repository.ts';
import { requestEvent, writeRequest } from './ask.ts';
import { publishApproval } from './event.ts';
import * as repo from './repository.ts';
import { namesOf, toWireQueueRow } from './wire.ts';
import { APPROVAL_CHANGES } from './withdraw.ts';

/**
 * Deciding (issue 30): the queue, approve (the order submitted as the employee filled it, at the
 * request's frozen total) and decline (the order stays a BID with the reason). ADMIN decides any
 * request, a manager its company's (others' orders answer 404 as every order out of reach); the
 * person who asked never decides their own (403).
 */

const notPending = () => new AppError(409, APPROVAL_CODES.notPending, APPROVAL_TEXT.notPending);

/** The order's newest request, when it is PENDING and `ctx.actor` may decide it. */
function decidable(ctx: Ctx, approval: repo.ApprovalRow | null): repo.ApprovalRow {
  if (approval?.status !== 'PENDING') throw notPending();
  if (approval.requestedById === ctx.actor.id) {
    throw new AppError(403, APPROVAL_CODES.ownRequest, APPROVAL_TEXT.ownRequest);
  }
  return approval;
}

/** E-mails the person who asked how their request was decided. */
async function tellEmployee(
  tx: Ctx,
  template: 'approval_approved' | 'approval_declined',
  order: orders.OrderRow,
  approval: repo.ApprovalRow,
  extra: Record<string, unknown>,
) {
  if (approval.requestedById === null) return;
  const [found, names] = await Promise.all([
    findUserWithCompany(tx.db, approval.requestedById),
    userNames(tx.db, [tx.actor.id]),
  ]);
  if (!found) return;
  const u = found.user;
  await enqueueTemplate(tx, template, u.email, {
    user: userData(u),
    order: {
      id: order.id,
      name: order.name,
      po_number: order.poNumber ?? '',
      total_price: formatMoney(approval.total),
    },
    app: appData(tx.config),
    decided_by: names.get(tx.actor.id) ?? '',
    total: formatMoney(approval.total),
    ...extra,
  });
}

/** GET /api/orders/approvals/: a manager's company's requests, ADMIN's every company's; newest first. */
export async function listApprovals(ctx: Ctx, query: z.output<typeof approvalQueueQuerySchema>) {
  const companyId = ctx.actor.role === 'ADMIN' ? null : ctx.actor.companyId;
  // A manager without a company (not expected) sees nothing rather than everyone's.
  if (companyId === null && ctx.actor.role !== 'ADMIN') return { results: [], total: 0 };
  const page = await repo.approvalPage(ctx.db, { status: query.status ?? 'PENDING', companyId }, pageWindow(query));
  const names = await namesOf(ctx.db, page.rows);
  return toPaged(page, (row) => toWireQueueRow(row, names));
}

/**
 * POST {id}/approval/approve/: the request's submit, as the employee filled it, through the
 * submit's own move (ORDERED), at the request's total. The fields are checked again (an address
 * or a payment option may be gone since), the password not: it was checked when asked. A total
 * that moved since (a rule or a price changed) is asked again: a new PENDING request with the
 * new total, and 409 approval_total_changed.
 */
export async function approveRequest(ctx: Ctx, id: number, body: z.output<typeof approvalApproveSchema>) {
  const row = await loadOrderRow(ctx, id);
  const approval = decidable(ctx, await repo.latestApproval(ctx.db, id));
  const submit = { ...(approval.submit as Omit<OrderSubmit, 'password'>), password: '', version: body?.version };
  const today = todayOf(ctx);
  const checked = await checkFields(ctx, row, submit, today, { password: false });
  const note = body?.note?.trim() ?? '';
  try {
    return await commitSubmit(ctx, id, submit, checked, [], {
      expected: approval.total,
      today,
      submittedById: approval.requestedById,
      // Under the order's lock: an approve that came first has moved it (409, not the move's 400).
      allowed: (_tx, locked) => {
        if (locked.status !== 'BID') throw notPending();
      },
      also: async (tx, moved) => {
        // Under the order's lock: a decision made meanwhile wins.
        const current = decidable(tx, await repo.latestApproval(tx.db, id, { lock: true }));
        if (current.id !== approval.id) throw notPending();
        const decided = await repo.decideApproval(tx.db, current.id, {
          status: 'APPROVED',
          decidedById: tx.actor.id,
          note,
        });
        if (!decided) throw notPending();
        await audit(tx, {
          entity: 'order',
          id,
          action: 'approval_approve',
          before: requestEvent(current),
          after: { approval: { id: current.id, status: 'APPROVED', total: toWire(current.total), note } },
        });
        await publishApproval(tx, current.id, moved, 'APPROVED');
        await tellEmployee(tx, 'approval_approved', moved, current, { note });
        return { approval: { id: current.id, status: 'APPROVED' } };
      },
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== ERROR_CODES.orderTotalChanged) throw err;
    const now = parseMoney(String((err.extra as { total_price?: string } | undefined)?.total_price ?? '')) as Cents;
    await askAgain(ctx, id, approval, now);
    throw new AppError(
      409,
      APPROVAL_CODES.totalChanged,
      APPROVAL_TEXT.totalChanged(formatMoney(approval.total), formatMoney(now)),
      { total: toWire(now), asked_total: toWire(approval.total) },
    );
  }
}

/** The total moved since the request: the request is withdrawn and asked again at the new total. */
function askAgain(ctx: Ctx, id: number, approval: repo.ApprovalRow, total: Cents) {
  let event: ReturnType<typeof requestEvent> | null = null;
  return changeOrder(ctx, id, {
    action: APPROVAL_CHANGES.request,
    allowed: (_tx, row) => {
      if (row.status !== 'BID') throw notPending();
    },
    apply: async (tx, row) => {
      const current = await repo.latestApproval(tx.db, id, { lock: true });
      if (current?.id !== approval.id || current.status !== 'PENDING') throw notPending();
      const asked = await writeRequest(tx, row, {
        requestedById: approval.requestedById,
        total,
        submit: approval.submit,
      });
      event = requestEvent(asked);
      return null;
    },
    reprice: async (tx) => (await orders.orderById(tx.db, id))!,
    record: () => ({ before: requestEvent(approval), after: { ...event, asked_again: true } }),
  });
}

/** POST {id}/approval/decline/: the request DECLINED with its reason; the order stays a BID. */
export function declineRequest(ctx: Ctx, id: number, body: z.output<typeof approvalDeclineSchema>): Promise<Order> {
  const reason = body.reason.trim();
  let decided: repo.ApprovalRow | null = null;
  return changeOrder(ctx, id, {
    version: body.version,
    action: APPROVAL_CHANGES.decline,
    allowed: (_tx, row) => {
      if (row.status !== 'BID') throw notPending();
    },
    apply: async (tx, row) => {
      const current = decidable(tx, await repo.latestApproval(tx.db, id, { lock: true }));
      decided = await repo.decideApproval(tx.db, current.id, {
        status: 'DECLINED',
        decidedById: tx.actor.id,
        note: reason,
      });
      if (!decided) throw notPending();
      await publishApproval(tx, decided.id, row, 'DECLINED');
      await orders.updateOrder(tx.db, id, {});
      await tellEmployee(tx, 'approval_declined', row, current, { reason });
      return null;
    },
    reprice: async (tx) => (await orders.orderById(tx.db, id))!,
    record: () => ({
      before: decided ? requestEvent(decided) : null,
      after: decided ? { approval: { id: decided.id, status: 'DECLINED', note: reason } } : null,
    }),
  });
}

/** The manager's dashboard card: the company's requests waiting, linking to the queue. */
export async function approvalCards(ctx: Ctx): Promise<DashboardCard[]> {
  if (ctx.actor.role !== 'BUSINESS_MANAGER' || ctx.actor.companyId === null) return [];
  return [
    {
      key: 'approvals_pending',
      label: APPROVAL_TEXT.dashboardCard,
      value: await repo.pendingCount(ctx.db, ctx.actor.companyId),
      kind: 'count',
      href: `${APPROVALS_QUEUE_PATH}?status=PENDING`,
    },
  ];
}

import { z } from 'zod';
import { ACCOUNTS_BASE } from '../auth/contract.ts';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  approvalApproveSchema,
  approvalDeclineSchema,
  approvalQueueQuerySchema,
  approvalQueueRowSchema,
  companyApprovalsPatchSchema,
  companyApprovalsSchema,
} from './approval-schemas.ts';
import { orderSchema } from './schemas.ts';

/**
 * Business approvals (issue 30). The company's rule: ADMIN, or the company's own manager (another
 * company's manager gets 404, the rest 403). Deciding: ADMIN any order, a manager its company's
 * (another's: 404, as every order out of reach); the person who asked cannot decide (403).
 */
const idParams = z.object({ id: idField() });
const accounts = endpointsFor(['accounts']);
const orders = endpointsFor(['orders']);

export const approvalsApi = {
  companyApprovals: accounts.adminAndManager({
    method: 'GET',
    path: `${ACCOUNTS_BASE}/companies/:id/approvals/`,
    summary: "The company's approval rule and its employees' spending limits",
    params: idParams,
    response: companyApprovalsSchema,
  }),
  updateCompanyApprovals: accounts.adminAndManager({
    method: 'PATCH',
    path: `${ACCOUNTS_BASE}/companies/:id/approvals/`,
    summary:
      'Set approval_required (NONE, OVER_LIMIT, ALWAYS) and spending_limits [{ user, limit | null }] of the named employees',
    params: idParams,
    body: companyApprovalsPatchSchema,
    response: companyApprovalsSchema,
  }),
  queue: orders.adminAndManager({
    method: 'GET',
    path: '/api/orders/approvals/',
    summary: "Approval requests (status: PENDING default, APPROVED, DECLINED): a manager's company's, newest first",
    query: approvalQueueQuerySchema,
    response: paged(approvalQueueRowSchema),
  }),
  approve: orders.adminAndManager({
    method: 'POST',
    path: '/api/orders/:id/approval/approve/',
    summary:
      "Approve the order's PENDING request: submitted as the employee filled it (ORDERED); 409 approval_total_changed asks again",
    params: idParams,
    body: approvalApproveSchema,
    response: orderSchema,
  }),
  decline: orders.adminAndManager({
    method: 'POST',
    path: '/api/orders/:id/approval/decline/',
    summary: "Decline the order's PENDING request with a reason; the order stays a BID",
    params: idParams,
    body: approvalDeclineSchema,
    response: orderSchema,
  }),
} as const;

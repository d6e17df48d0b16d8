import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { listQuery, optionalParam } from '../http/list.ts';
import { MSG } from '../messages.ts';
import { parseMoney } from '../money.ts';
import { idField, intField, moneyField, requiredString, textField } from '../validation.ts';
import { APPROVAL_TEXT } from './approval-text.ts';

/**
 * Business approvals (issue 30): a company's rule and its employees' spending limits, an
 * employee's submit waiting for a manager, and the manager's queue. Money on the wire as decimal
 * strings ("1234.50"), as every other amount.
 */

/** When an employee's submit waits for a manager (companies.approval_required). */
export const APPROVAL_RULES = ['NONE', 'OVER_LIMIT', 'ALWAYS'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

/** An approval request's states (order_approvals.status). */
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'WITHDRAWN'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** The queue's filter: a withdrawn request is not listed. */
const APPROVAL_QUEUE_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;

/** The order's audit events of its approvals (its timeline shows them to the customer too). */
export const APPROVAL_AUDIT_ACTIONS = [
  'approval_request',
  'approval_approve',
  'approval_decline',
  'approval_withdraw',
] as const;

/** Refusal codes of the approval endpoints. */
export const APPROVAL_CODES = {
  /** 403: the person who asked cannot decide their own request. */
  ownRequest: 'approval_own_request',
  /** 409: the order has no PENDING request (none, or already decided or withdrawn). */
  notPending: 'approval_not_pending',
  /** 409: the order would total otherwise than when asked; asked again with the new total. */
  totalChanged: 'approval_total_changed',
} as const;

const LIMITS = { note: 5000, reason: 2000, spendingLimits: 500 } as const;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

/** The order answer's `approval`: its newest request (null when none was made). */
export const orderApprovalSchema = z.object({
  status: z.enum(APPROVAL_STATUSES),
  /** Null only if the person's account was deleted since. */
  requested_by: personSchema.nullable(),
  requested_at: z.string(),
  /** The order's total when asked: what an approval submits. */
  total: z.string(),
  decided_by: personSchema.nullable(),
  decided_at: z.string().nullable(),
  /** Decided by the shop (an ADMIN), not by the company's manager (issue 35). */
  decided_by_shop: z.boolean(),
  /** The manager's note on approval, or the reason of a decline. */
  note: z.string(),
});
export type OrderApproval = z.infer<typeof orderApprovalSchema>;

// ---------------------------------------------------------------------------------------------
// The company's rule: GET / PATCH /api/accounts/companies/{id}/approvals/

export const companyApprovalsSchema = z.object({
  approval_required: z.enum(APPROVAL_RULES),
  /**
   * Every employee (not manager) of the company, by name: `limit` per order, `monthly_limit` for
   * the shop's calendar month (what the employee submitted or had approved in it, this order
   * included), both compared before tax; null = no limit.
   */
  spending_limits: z.array(
    z.object({ user: personSchema, limit: z.string().nullable(), monthly_limit: z.string().nullable() }),
  ),
});
export type CompanyApprovals = z.infer<typeof companyApprovalsSchema>;

/**
 * A limit: money from 0 to the int4 column's bound; null = no limit. An empty string is refused
 * (issue 36): it reads as "0" to some and "none" to others, so no limit is said with null.
 */
const limitField = () =>
  z
    .custom<string | number>((v) => v !== '', APPROVAL_TEXT.limitBlank)
    .pipe(moneyField().refine((v) => (parseMoney(v) ?? 0) >= 0, APPROVAL_TEXT.limitNotNegative))
    .nullable()
    .optional();

/**
 * Names only what changes: the rule, and the limits of the users listed (others keep theirs; a
 * limit left out of an entry is kept).
 */
export const companyApprovalsPatchSchema = z.object({
  approval_required: z.enum(APPROVAL_RULES, { error: MSG.required }).optional(),
  spending_limits: z
    .array(z.object({ user: idField(), limit: limitField(), monthly_limit: limitField() }))
    .max(LIMITS.spendingLimits)
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// Deciding: GET /api/orders/approvals/, POST /api/orders/{id}/approval/approve|decline/

export const approvalQueueQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  /** Absent: PENDING (the requests waiting). */
  status: optionalParam(z.enum(APPROVAL_QUEUE_STATUSES, { error: APPROVAL_TEXT.statusInvalid })),
});

export const approvalQueueRowSchema = z.object({
  /** The request's id (a row key). */
  id: z.number().int(),
  order: z.object({ id: z.number().int(), name: z.string() }),
  requested_by: personSchema.nullable(),
  requested_at: z.string(),
  total: z.string(),
  status: z.enum(APPROVAL_STATUSES),
});
export type ApprovalQueueRow = z.infer<typeof approvalQueueRowSchema>;

const versionField = () => intField({ min: 0 }).optional();

export const approvalApproveSchema = z
  .object({
    note: z.preprocess((v) => (v === null ? undefined : v), textField(LIMITS.note).optional()),
    /** The order's version last read (optional): 409 when it changed since. */
    version: versionField(),
  })
  .optional();

export const approvalDeclineSchema = z.object({
  reason: requiredString(LIMITS.reason),
  version: versionField(),
});

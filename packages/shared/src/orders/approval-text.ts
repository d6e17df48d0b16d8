/**
 * Business approvals (issue 30): labels, refusals and the dashboard card's label. SPEC has no
 * approvals, so these are ours; the web and the server read them from here.
 */
export const APPROVAL_TEXT = {
  ruleLabels: {
    NONE: 'No approval: employees submit directly',
    OVER_LIMIT: "Above the employee's spending limit",
    ALWAYS: 'Every order of an employee',
  },
  statusLabels: {
    PENDING: 'Waiting for approval',
    APPROVED: 'Approved',
    DECLINED: 'Declined',
    WITHDRAWN: 'Withdrawn',
  },
  /** The order page of an order waiting (the employee's and the manager's). */
  waiting: (name: string, total: string) => `Waiting for a manager's approval (asked by ${name}, total ${total}).`,
  declined: (reason: string) => `A manager declined this order: ${reason}`,
  noLimit: 'No limit',
  statusInvalid: 'Must be PENDING, APPROVED or DECLINED',
  limitNotNegative: 'Must be 0 or more',
  limitBlank: 'Enter an amount, or null for no limit',
  notEmployee: "Not an employee of this company (a manager's orders are never asked)",
  duplicateUser: 'This user is listed twice',
  ownRequest: 'You asked for this approval; another manager must decide it.',
  notPending: 'This order has no request waiting for approval.',
  totalChanged: (asked: string, now: string) =>
    `The order's total moved from ${asked} to ${now} since it was asked; it is asked again at the new total.`,
  dashboardCard: 'Orders waiting for approval',
  /** The timeline's words for each event. */
  events: {
    approval_request: 'asked a manager to approve',
    approval_approve: 'approved the request',
    approval_decline: 'declined the request',
    approval_withdraw: 'withdrew the request (the order changed)',
  },
} as const;

/** The manager's queue in the web (apps/web's route /orders/approvals). */
export const APPROVALS_QUEUE_PATH = '/orders/approvals';

/**
 * The screens of a business account's approvals (issue 30): the company's rule and spending
 * limits, the manager's queue, and the order page while an employee's submit waits. The rule's
 * and the statuses' words are APPROVAL_TEXT's (approval-text.ts), shared with the server.
 */
export const APPROVALS_WEB_TEXT = {
  // The company's settings (its page's Approvals tab)
  tab: 'Approvals',
  /** The All Users page's link to the company's Approvals tab. */
  settingsLink: 'Approval settings',
  /** The company page's address with its Approvals tab open. */
  settingsHref: (companyId: number) => `/settings/users/company/${companyId}?tab=approvals`,
  settingsTitle: 'Approval before an order reaches the shop',
  settingsHint:
    "When an employee's order needs approval, its submit waits as a bid until a manager approves or declines it.",
  ruleLabel: 'Orders that need approval',
  limitsTitle: 'Spending limits',
  limitsHint:
    "Used when orders above the limit need approval: an order above its employee's limit per order, or one that would take the employee's orders of the calendar month (submitted or approved) above the limit per month. Totals are compared before tax. Leave empty for no limit.",
  perOrder: (name: string) => `${name}: per order, before tax`,
  perMonth: (name: string) => `${name}: per month, before tax`,
  noEmployees: 'The company has no employees yet.',
  save: 'Save',
  saved: 'Approval settings saved',

  // The queue
  queueEmpty: 'No approval requests.',
  colOrder: 'Order',
  colRequestedBy: 'Asked by',
  colRequestedAt: 'Asked',
  colTotal: 'Total',
  colStatus: 'Status',
  status: 'Status',
  /** The menu's badge, read by a screen reader after the count. */
  waitingSuffix: 'waiting',

  // The order page
  askedOn: (when: string) => `Asked on ${when}.`,
  approve: 'Approve',
  decline: 'Decline',
  approveTitle: 'Approve this order?',
  approveText: (total: string) => `The order is submitted to the shop at ${total}, as the employee filled it.`,
  noteLabel: 'Note (optional)',
  declineTitle: 'Decline this order',
  reasonLabel: 'Reason',
  approvedDone: 'Approved: the order went to the shop',
  declinedDone: 'Declined',
  decidedBy: (who: string, when: string) => `${who}, ${when}`,
  decidedByShop: (who: string, when: string) => `Decided by the shop (${who}), ${when}`,
  managerNote: (note: string) => `Note: ${note}`,
  // The submit page, when the submit asked for approval instead
  sentForApproval: 'Sent for approval',
} as const;

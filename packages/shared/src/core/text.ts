/** The dashboard cards' labels and what a card with no value shows. */
export const DASHBOARD_TEXT = {
  role: 'Role',
  sessions: 'Signed-in sessions',
  companyMembers: 'Company members',
  balanceDue: 'Balance due',
  balanceOverdue: 'Overdue',
  nextDueDate: 'Next due date',
  creditAvailable: 'Credit available',
  noDueDate: 'Nothing due',
} as const;

/** Where each customer card leads: the invoice list (open, overdue, soonest due first) and the credit. */
export const DASHBOARD_LINKS = {
  openInvoices: '/invoices?page=1',
  overdueInvoices: '/invoices?status=OVERDUE',
  invoicesByDueDate: '/invoices?order_by=next_due_date',
  myCredit: '/invoices?page=1#credit',
  companyCredit: (companyId: number) => `/settings/users/company/${companyId}/invoices`,
} as const;

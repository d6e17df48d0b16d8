import { INVOICE_WEB_TEXT } from '../invoices/messages.ts';

/** The dashboard cards' labels and what a card with no value shows. */
export const DASHBOARD_TEXT = {
  companyMembers: 'Company members',
  balanceDue: 'Balance due',
  balanceOverdue: 'Overdue',
  interestFees: INVOICE_WEB_TEXT.interestFees,
  nextDueDate: 'Next due date',
  creditAvailable: 'Credit available',
  noDueDate: 'Nothing due',
  // The shop's cards (issue 29), each the total of the list it links to.
  ordersInProduction: 'Orders in production',
  ordersLate: 'Late orders',
  ordersDueThisWeek: 'Orders due this week',
  cabinetsCompletedToday: 'Cabinets completed today',
  cabinetsShippedToday: 'Cabinets shipped today',
  remakesOpen: 'Open remakes',
  plannedTodayCabinets: 'Cabinets planned today',
  capacityPerDay: 'Capacity per day',
  ordersToVerify: 'Orders to verify',
  openBalance: 'Open balance',
  overdueBalance: 'Overdue balance',
  collectedThisMonth: 'Collected this month',
  ordersOpen: 'Open orders',
  clientErrors: 'Client errors (24 h)',
  /** Background jobs that failed past their retries (GET /api/ops/jobs/; an admin runs them again). */
  failedJobs: 'Background jobs stopped',
  weekChartTitle: 'Cabinets completed this week',
  weekChartCompleted: 'Completed',
  weekChartCapacity: 'Capacity',
  /** Under an order a card names: its due day. */
  dueOn: (day: string) => `Due ${day}`,
  // Recent activity of the shop (issue 35): what moved, not who signed in.
  recentOrderMoved: (id: number, status: string) => `Order #${id} moved to ${status}`,
  recentRemake: (id: number, verb: 'create' | 'approve' | 'reject', order: string) =>
    `Remake #${id} ${verb === 'create' ? 'opened' : verb === 'approve' ? 'approved' : 'rejected'} for ${order}`,
  recentPayment: (amount: string, invoice: string) => `Payment of ${amount} recorded on invoice ${invoice}`,
} as const;

/** Where each customer card leads: the invoice list (open, overdue, soonest due first) and the credit. */
export const DASHBOARD_LINKS = {
  openInvoices: '/invoices?page=1',
  overdueInvoices: '/invoices?status=OVERDUE',
  invoicesByDueDate: '/invoices?order_by=next_due_date',
  myCredit: '/invoices?page=1#credit',
  companyCredit: (companyId: number) => `/settings/users/company/${companyId}/invoices`,
  /** An order list with these statuses and any date: the shop's (manage) or the customer's own (all). */
  orders: (list: 'manage' | 'all', statuses: readonly string[]) =>
    `/orders/${list}?status=${statuses.join(',')}&selected_range=all`,
  lateOrders: '/orders/late',
  /** Open orders due from `from` to `to` (the week's): exactly the "Orders due this week" figure. */
  ordersDue: (from: string, to: string) => `/orders/due?date_after=${from}&date_before=${to}`,
  completedCabinets: '/orders/completed-cabinets',
  completionLog: '/orders/completion-log',
  /** The log's SHIPPED rows of today: exactly the "Cabinets shipped today" figure. */
  shippedToday: '/orders/completion-log?event=SHIPPED',
  remakes: '/orders/remakes',
  planner: '/planner/orders/manage',
  aging: '/finance/reports/aging',
  revenue: '/finance/reports/revenue',
} as const;

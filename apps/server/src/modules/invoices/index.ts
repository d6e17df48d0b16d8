/**
 * Invoices, payments, credit and banks (issue 17, decision 0026): the one owner of the tables
 * `invoices`, `invoice_milestones`, `payments`, `credit_memos`, `bank_accounts`, `ledger_entries`
 * and `stripe_events`. Layout by job: `issue/` (approve issues, a reprice reissues, cancel voids),
 * `read/` (lists, one invoice, the order answer's invoice), `pay/` (paying, Stripe, the webhook),
 * `credit/` (credit memos), `banks/` (ACH accounts), `charges/` (the daily interest and fees, decision 0035); `ledger.ts` posts entries, `pdf.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invoicesRoutes as routes } from './routes.ts';

export { seedBank } from './banks/seed.ts';
export { MONTHLY_STATEMENTS_JOB, monthlyStatementsJob } from './books/statement.ts';
export { postDailyCharges } from './charges/service.ts';
/** The dashboard's figures: a customer's account, the shop's money cards. */
export { accountFigures } from './credit/account.ts';
export { createCredit, reverseCredit } from './credit/service.ts';
/** The module's reactions to orders' moves and reprices, the order answer's invoice (wiring.ts fills orders' slots with them). */
export {
  dateOnComplete,
  issueOnApprove,
  numberInIssueOrder,
  reissue,
  splitTotal,
  voidOnCancel,
} from './issue/service.ts';
export { finishStripeWork } from './pay/finisher.ts';
export { payMilestone } from './pay/service.ts';
export { invoiceDetail, listInvoiceRows, orderInvoice } from './read/service.ts';
export { shopMoneyCards } from './reports/dashboard.ts';
export { partyDues } from './reports/service.ts';
export { ledgerTotal, orderInvoiceStampSql } from './repository.ts';

export function invoicesRoutes(app: FastifyInstance) {
  routes(app);
}

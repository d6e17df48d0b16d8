/**
 * Invoices, payments, credit and banks (issue 17, decision 0026): the one owner of the tables
 * `invoices`, `invoice_milestones`, `payments`, `credit_memos`, `bank_accounts`, `ledger_entries`
 * and `stripe_events`. Layout by job: `issue/` (approve issues, a reprice reissues, cancel voids),
 * `read/` (lists, one invoice, the order answer's invoice), `pay/` (paying, Stripe, the webhook),
 * `credit/` (credit memos), `banks/` (ACH accounts), `charges/` (the daily interest and fees, decision 0035); `ledger.ts` posts entries, `pdf.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { supplyAccountFigures, supplyCards } from '../core/index.ts';
import { supplyDailyCharges } from '../finance/index.ts';
import { onOrderMove, onOrderRepriced, setOrderInvoiceReader } from '../orders/index.ts';
import { postDailyCharges } from './charges/service.ts';
import { accountFigures } from './credit/account.ts';
import { dateOnComplete, issueOnApprove, reissue, voidOnCancel } from './issue/service.ts';
import { orderInvoice } from './read/service.ts';
import { shopMoneyCards } from './reports/dashboard.ts';
import { orderInvoiceStampSql } from './repository.ts';
import { invoicesRoutes as routes } from './routes.ts';

export { seedBank } from './banks/seed.ts';
export { MONTHLY_STATEMENTS_JOB, monthlyStatementsJob } from './books/statement.ts';
export { postDailyCharges } from './charges/service.ts';
export { createCredit, reverseCredit } from './credit/service.ts';
export { numberInIssueOrder, splitTotal } from './issue/service.ts';
export { finishStripeWork } from './pay/finisher.ts';
export { payMilestone } from './pay/service.ts';
export { invoiceDetail, listInvoiceRows } from './read/service.ts';
export { partyDues } from './reports/service.ts';
export { ledgerTotal } from './repository.ts';

/** Hooks the module into orders' moves and answer (registered once, on import). */
onOrderMove('approve', 'invoice', (tx, moved) => issueOnApprove(tx, moved));
onOrderMove('cancel', 'invoice', (tx, moved) => voidOnCancel(tx, moved));
onOrderMove('complete', 'invoice', (tx, moved) => dateOnComplete(tx, moved));
onOrderRepriced('invoice', (tx, saved) => reissue(tx, saved));
setOrderInvoiceReader({ read: orderInvoice, stampSql: orderInvoiceStampSql });
supplyDailyCharges(postDailyCharges);
supplyAccountFigures(accountFigures);
supplyCards('shopMoney', shopMoneyCards);

export function invoicesRoutes(app: FastifyInstance) {
  routes(app);
}

import {
  booksApi,
  type ExportKind,
  financeReportsApi,
  invoicesApi,
  payoutsApi,
  type Statement,
  type StatementQuery,
} from '@cab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.ts';
import type { Ctx } from '../../kit/context.ts';
import { sendCsv, sendFile } from '../../kit/file-answer.ts';
import * as banks from './banks/service.ts';
import { exportFile } from './books/exports.ts';
import { statementPaper } from './books/pdf.ts';
import type { BooksParty } from './books/repository.ts';
import { mailStatement, statementAnswer } from './books/statement.ts';
import * as credit from './credit/service.ts';
import { refundPayment } from './pay/refund.ts';
import * as pay from './pay/service.ts';
import { stripeWebhook } from './pay/webhook.ts';
import { listDeposits, listPayouts } from './payouts/service.ts';
import { invoicePaper, receiptPaper, refundReceiptPaper } from './pdf.ts';
import { listPayments } from './read/payments.ts';
import * as read from './read/service.ts';
import * as reports from './reports/service.ts';

const asPdf = (reply: FastifyReply, name: string, bytes: Buffer): Buffer =>
  sendFile(reply, { name: `${name}.pdf`, type: 'application/pdf', body: bytes, inline: true });

/**
 * A report's answer, or with format=csv a download (a Buffer goes past the JSON serializer), named
 * `name` unless the report names its file (the aging report's carries its as-of day).
 */
function csvOr<R>(reply: FastifyReply, name: string, result: R): Exclude<R, { csv: string }> {
  if (result && typeof result === 'object' && 'csv' in result && typeof result.csv === 'string') {
    const file = 'filename' in result && typeof result.filename === 'string' ? result.filename : name;
    return sendCsv(reply, file, result.csv);
  }
  return result as Exclude<R, { csv: string }>;
}

/** A statement as JSON, or with format=pdf its paper. */
async function statementOrPaper(
  ctx: Ctx,
  reply: FastifyReply,
  party: BooksParty,
  query: StatementQuery,
): Promise<Statement> {
  const answer = await statementAnswer(ctx, party, query);
  // Already JSON (route() sends it as written).
  if (query.format !== 'pdf') return answer as unknown as Statement;
  const paper = await statementPaper(ctx, JSON.parse(answer.text) as Statement);
  // The file goes past the JSON serializer (as the reports' CSV in csvOr).
  return asPdf(reply, paper.name, paper.bytes) as unknown as Statement;
}

const EXPORTS: ExportKind[] = ['journal', 'quickbooksInvoices', 'quickbooksPayments', 'xeroInvoices', 'xeroPayments'];

export function invoicesRoutes(app: FastifyInstance) {
  route(app, booksApi.customerStatement, ({ ctx, params, query, reply }) =>
    statementOrPaper(ctx, reply, { type: 'customer', id: params.id }, query),
  );
  route(app, booksApi.companyStatement, ({ ctx, params, query, reply }) =>
    statementOrPaper(ctx, reply, { type: 'company', id: params.id }, query),
  );
  route(app, booksApi.customerStatementMail, ({ ctx, params, body }) =>
    mailStatement(ctx, { type: 'customer', id: params.id }, body),
  );
  route(app, booksApi.companyStatementMail, ({ ctx, params, body }) =>
    mailStatement(ctx, { type: 'company', id: params.id }, body),
  );
  for (const kind of EXPORTS) {
    route(app, booksApi[kind], async ({ ctx, query, reply }) => csvOr(reply, kind, await exportFile(ctx, kind, query)));
  }

  route(app, financeReportsApi.aging, async ({ ctx, query, reply }) =>
    csvOr(reply, 'aging_report', await reports.agingReport(ctx, query)),
  );
  route(app, financeReportsApi.revenue, async ({ ctx, query, reply }) =>
    csvOr(reply, 'revenue_report', await reports.revenueReport(ctx, query)),
  );
  route(app, payoutsApi.payouts, ({ ctx, query }) => listPayouts(ctx, query));
  route(app, payoutsApi.deposits, ({ ctx, query }) => listDeposits(ctx, query));
  route(app, financeReportsApi.salesTax, async ({ ctx, query, reply }) =>
    csvOr(reply, 'sales_tax_report', await reports.salesTaxReport(ctx, query)),
  );
  route(app, invoicesApi.list, ({ ctx, query }) => read.listInvoices(ctx, query));
  route(app, invoicesApi.detail, ({ ctx, params }) => read.invoiceDetail(ctx, params.id));
  route(app, invoicesApi.pdf, async ({ ctx, params, reply }) => {
    const paper = await invoicePaper(ctx, params.id);
    return asPdf(reply, paper.name, paper.bytes);
  });
  route(app, invoicesApi.milestone, ({ ctx, params }) => read.milestoneDetail(ctx, params.id));
  route(app, invoicesApi.pay, ({ ctx, params, body }) => pay.payMilestone(ctx, params.id, body));
  route(app, invoicesApi.payments, async ({ ctx, query, reply }) =>
    csvOr(reply, 'payments', await listPayments(ctx, query)),
  );
  route(app, invoicesApi.refund, ({ ctx, params, body }) => refundPayment(ctx, params.id, body));
  route(app, invoicesApi.receipt, async ({ ctx, params, reply }) => {
    const paper = await receiptPaper(ctx, params.id);
    return asPdf(reply, paper.name, paper.bytes);
  });

  route(app, invoicesApi.refundReceipt, async ({ ctx, params, reply }) => {
    const paper = await refundReceiptPaper(ctx, params.id);
    return asPdf(reply, paper.name, paper.bytes);
  });

  route(app, invoicesApi.customerCredit, ({ ctx, params }) =>
    credit.listCredit(ctx, { type: 'customer', id: params.id }),
  );
  route(app, invoicesApi.companyCredit, ({ ctx, params }) =>
    credit.listCredit(ctx, { type: 'company', id: params.id }),
  );
  route(app, invoicesApi.customerCreditCreate, ({ ctx, params, body }) =>
    credit.createCredit(ctx, { type: 'customer', id: params.id }, body),
  );
  route(app, invoicesApi.companyCreditCreate, ({ ctx, params, body }) =>
    credit.createCredit(ctx, { type: 'company', id: params.id }, body),
  );
  route(app, invoicesApi.reverseCredit, ({ ctx, params, body }) => credit.reverseCredit(ctx, params.id, body.notes));

  route(app, invoicesApi.banks, ({ ctx }) => banks.myBanks(ctx));
  route(app, invoicesApi.bankCreate, ({ ctx, body }) => banks.createBank(ctx, body));
  route(app, invoicesApi.bankVerify, ({ ctx, params, body }) => banks.verifyBank(ctx, params.id, body.micro_deposits));
  route(app, invoicesApi.customerBanks, ({ ctx, params }) => banks.banksOf(ctx, { userId: params.id }));
  route(app, invoicesApi.companyBanks, ({ ctx, params }) => banks.banksOf(ctx, { companyId: params.id }));

  // The webhook reads its body raw (the signature is over the exact bytes): a parser of its own.
  app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(hooks, invoicesApi.stripeWebhook, ({ ctx, req }) =>
      stripeWebhook(ctx, req.body as Buffer, req.headers['stripe-signature'] as string | undefined),
    );
  });
}

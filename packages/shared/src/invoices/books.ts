import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { dateParam, optionalParam } from '../http/list.ts';
import { INVOICE_TEXT } from './messages.ts';
import { invoiceIdParamsSchema } from './schemas.ts';

/**
 * Closing the month (issue 34, decision 0046): a party's statement of account, read from the
 * ledger by effective date, and the bookkeeper's exports (a double-entry journal, QuickBooks
 * Online and Xero import files). Money is decimal strings with two places, as everywhere.
 */

const money = z.string();

/** What a statement line is, whatever ledger kinds made it (decision 0046 maps them). */
const STATEMENT_KINDS = [
  'INVOICE',
  'PAYMENT',
  'REFUND',
  'CREDIT_NOTE',
  'CREDIT',
  'INTEREST',
  'FEE',
  'DISPUTE',
  'REVERSAL',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const STATEMENT_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;

const rangeQuery = {
  /** First day (default: the first of this month). */
  date_after: dateParam(INVOICE_TEXT.dateInvalid),
  /** Last day (default: today). */
  date_before: dateParam(INVOICE_TEXT.dateInvalid),
};

const statementQuerySchema = z.object({ ...rangeQuery, format: optionalParam(z.enum(['json', 'pdf'])) });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

const statementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  reference: z.string(),
  description: z.string(),
  amount: money,
  balance: money,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

const statementSchema = z.object({
  party: z.object({ type: z.enum(['customer', 'company']), id: z.number().int(), name: z.string() }),
  date_after: z.string(),
  date_before: z.string(),
  opening_balance: money,
  lines: z.array(statementLineSchema),
  closing_balance: money,
  credit_available: money,
  aging: z.object({ current: money, d1_30: money, d31_60: money, d61_90: money, d90_plus: money }),
});
export type Statement = z.infer<typeof statementSchema>;

const statementMailBodySchema = z.object(rangeQuery);
const statementMailedSchema = z.object({ sent_to: z.array(z.string()) });

const exportQuerySchema = z.object(rangeQuery);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The journal's accounts and their default names (the names are settings: `books_accounts`). */
export const DEFAULT_BOOK_ACCOUNTS = {
  receivables: 'Accounts Receivable',
  sales: 'Sales',
  sales_tax: 'Sales Tax Payable',
  unapplied_credit: 'Customer Deposits',
  interest_income: 'Interest Income',
  fee_income: 'Fee Income',
  card_clearing: 'Stripe Clearing',
  bank: 'Undeposited Funds',
} as const;
export type BookAccount = keyof typeof DEFAULT_BOOK_ACCOUNTS;
export const BOOK_ACCOUNTS = Object.keys(DEFAULT_BOOK_ACCOUNTS) as [BookAccount, ...BookAccount[]];

/** The files' headers, exactly as the bookkeeping software's import reads them. */
export const EXPORT_COLUMNS = {
  journal: ['date', 'entry', 'account', 'debit', 'credit', 'memo', 'reference', 'party'],
  quickbooksInvoices: [
    'InvoiceNo',
    'Customer',
    'InvoiceDate',
    'DueDate',
    'Terms',
    'Location',
    'Memo',
    'Item(Product/Service)',
    'ItemDescription',
    'ItemQuantity',
    'ItemRate',
    'ItemAmount',
    'Taxable',
    'TaxRate',
    'Service Date',
  ],
  quickbooksPayments: [
    'RefNumber',
    'Customer',
    'PaymentDate',
    'PaymentMethod',
    'DepositToAccountName',
    'InvoiceNo',
    'Amount',
    'Memo',
  ],
  xeroInvoices: [
    'ContactName',
    'EmailAddress',
    'POAddressLine1',
    'POAddressLine2',
    'POAddressLine3',
    'POAddressLine4',
    'POCity',
    'PORegion',
    'POPostalCode',
    'POCountry',
    'InvoiceNumber',
    'Reference',
    'InvoiceDate',
    'DueDate',
    'InventoryItemCode',
    'Description',
    'Quantity',
    'UnitAmount',
    'Discount',
    'AccountCode',
    'TaxType',
    'TrackingName1',
    'TrackingOption1',
    'TrackingName2',
    'TrackingOption2',
    'Currency',
    'BrandingTheme',
  ],
  xeroPayments: ['Date', 'Amount', 'Payee', 'Description', 'Reference', 'InvoiceNumber', 'AccountCode'],
} as const;
export type ExportKind = keyof typeof EXPORT_COLUMNS;

const csv = z.unknown();

const statements = endpointsFor(['invoices']);
const exportsApi = endpointsFor(['finance']);

const exportEndpoint = (path: string, summary: string) =>
  exportsApi.admin({
    method: 'GET',
    path: `/api/finance/exports/${path}/`,
    summary,
    query: exportQuerySchema,
    response: csv,
  });

export const booksApi = {
  customerStatement: statements.everyone({
    method: 'GET',
    path: '/api/accounts/customers/:id/statement/',
    summary:
      "A customer's statement of account between date_after and date_before: opening balance, ledger lines with a running balance, closing balance, credit, aging; format=pdf (the customer, the shop; else 404)",
    params: invoiceIdParamsSchema,
    query: statementQuerySchema,
    response: statementSchema,
  }),
  companyStatement: statements.everyone({
    method: 'GET',
    path: '/api/accounts/companies/:id/statement/',
    summary: "A company's statement of account (its managers, the shop; else 404); format=pdf",
    params: invoiceIdParamsSchema,
    query: statementQuerySchema,
    response: statementSchema,
  }),
  customerStatementMail: statements.everyone({
    method: 'POST',
    path: '/api/accounts/customers/:id/statement/email/',
    summary: "E-mails a customer's statement (template `statement`, through the outbox) to the customer",
    params: invoiceIdParamsSchema,
    body: statementMailBodySchema,
    response: statementMailedSchema,
  }),
  companyStatementMail: statements.everyone({
    method: 'POST',
    path: '/api/accounts/companies/:id/statement/email/',
    summary: "E-mails a company's statement to its managers",
    params: invoiceIdParamsSchema,
    body: statementMailBodySchema,
    response: statementMailedSchema,
  }),
  journal: exportEndpoint(
    'journal',
    'Double-entry journal of the ledger between the dates (CSV: date, entry, account, debit, credit, memo, reference, party)',
  ),
  quickbooksInvoices: exportEndpoint(
    'quickbooks/invoices',
    "Invoices issued between the dates in QuickBooks Online's import layout (CSV)",
  ),
  quickbooksPayments: exportEndpoint(
    'quickbooks/payments',
    'Payments received between the dates for QuickBooks Online (CSV)',
  ),
  xeroInvoices: exportEndpoint(
    'xero/invoices',
    "Invoices issued between the dates in Xero's sales invoice import layout (CSV)",
  ),
  xeroPayments: exportEndpoint('xero/payments', 'Payments received between the dates for Xero (CSV)'),
};

/** The statement's and the exports' words (screens, PDF, e-mail). */
export const BOOKS_TEXT = {
  statementTitle: 'Statement',
  statementOfAccount: 'Statement of account',
  exportsTitle: 'Exports',
  period: (from: string, to: string) => `${from} to ${to}`,
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  creditAvailable: 'Credit available',
  dateHeader: 'Date',
  kind: 'Type',
  reference: 'Reference',
  description: 'Description',
  amount: 'Amount',
  balance: 'Balance',
  aging: 'Aging',
  buckets: { current: 'Current', d1_30: '1-30 days', d31_60: '31-60 days', d61_90: '61-90 days', d90_plus: '90+ days' },
  kinds: {
    INVOICE: 'Invoice',
    PAYMENT: 'Payment',
    REFUND: 'Refund',
    CREDIT_NOTE: 'Credit note',
    CREDIT: 'Credit',
    INTEREST: 'Interest',
    FEE: 'Fee',
    DISPUTE: 'Dispute',
    REVERSAL: 'Reversal',
  } satisfies Record<StatementKind, string>,
  noLines: 'Nothing happened in this period',
  pageOf: (party: string, page: number, pages: number) => `Statement of account ${party}, page ${page} of ${pages}`,
  downloadPdf: 'Download PDF',
  emailStatement: 'E-mail statement',
  emailed: (to: string) => `Statement e-mailed to ${to}`,
  noRecipient: 'Nobody to e-mail this statement to',
  dateAfter: 'From',
  dateBefore: 'To',
  party: 'Customer',
  /** Descriptions of statement lines. */
  lineText: {
    invoice: (order: string) => (order ? `Order ${order}` : 'Invoice'),
    interest: (invoice: string) => `Interest on ${invoice}`,
    fee: (invoice: string) => `Fee on ${invoice}`,
    charge: (invoice: string) => `Charge on ${invoice}`,
    payment: (method: string, invoice: string) => `${method} payment on ${invoice}`,
    refund: (reason: string) => `Refund: ${reason}`,
    dispute: (invoice: string) => `Card payment disputed on ${invoice}`,
    paymentReversed: (invoice: string) => `Payment reversed on ${invoice}`,
    credit: (notes: string) => notes || 'Credit',
    creditReversed: (notes: string) => `Credit reversed${notes ? `: ${notes}` : ''}`,
  },
  references: {
    payment: (id: number) => `PAY-${id}`,
    credit: (id: number) => `CR-${id}`,
    refund: (id: number) => `RF-${id}`,
  },
  exports: {
    journal: { label: 'Journal (double entry)', file: 'journal' },
    quickbooksInvoices: { label: 'QuickBooks Online: invoices', file: 'quickbooks_invoices' },
    quickbooksPayments: { label: 'QuickBooks Online: payments', file: 'quickbooks_payments' },
    xeroInvoices: { label: 'Xero: invoices', file: 'xero_invoices' },
    xeroPayments: { label: 'Xero: payments', file: 'xero_payments' },
  } satisfies Record<ExportKind, { label: string; file: string }>,
  download: 'Download',
  /** The item lines of the invoice exports. */
  items: { goods: 'Cabinetry', salesTax: 'Sales tax', interest: 'Interest', fee: 'Fees' },
  journalMemo: {
    INVOICE: 'Invoice issued',
    PAYMENT: 'Payment received',
    REFUND: 'Refund given',
    CREDIT_NOTE: 'Credit note',
    CREDIT: 'Credit given',
    INTEREST: 'Interest charged',
    FEE: 'Fee charged',
    DISPUTE: 'Payment disputed',
    REVERSAL: 'Reversal',
  } satisfies Record<StatementKind, string>,
} as const;

import {
  BOOKS_TEXT,
  type BookAccount,
  divRound,
  EXPORT_COLUMNS,
  type ExportKind,
  type ExportQuery,
  INVOICE_WEB_TEXT,
  type Settings,
} from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { toCsv } from '../../../kit/csv.ts';
import { companyNames } from '../../accounts/index.ts';
import { userNames } from '../../auth/index.ts';
import { getSettings } from '../../core/index.ts';
import { money } from '../common.ts';
import * as repo from './repository.ts';
import { kindOf, rangeOf, referenceOf } from './statement.ts';

/**
 * The bookkeeper's exports (issue 34, decision 0046), ADMIN, as CSV: the ledger as a double-entry
 * journal (every entry balances by construction: the party side is what the ledger says, the
 * other side takes the opposite), and the invoices and payments in QuickBooks Online's and
 * Xero's import layouts.
 */

type Names = { of: (p: { customerId: number | null; companyId: number | null }) => string };

async function namesOf(ctx: Ctx, parties: { customerId: number | null; companyId: number | null }[]): Promise<Names> {
  const companies = parties.flatMap((p) => (p.companyId === null ? [] : [p.companyId]));
  const customers = parties.flatMap((p) => (p.companyId === null && p.customerId !== null ? [p.customerId] : []));
  const [c, u] = await Promise.all([companyNames(ctx.db, companies), userNames(ctx.db, customers)]);
  return {
    of: (p) =>
      p.companyId !== null ? (c.get(p.companyId) ?? '') : p.customerId !== null ? (u.get(p.customerId) ?? '') : '',
  };
}

/** Where the money of a payment or refund sits until it reaches the bank: Stripe's for cards and banks. */
const cashAccount = (method: string): BookAccount => (method === 'CARD' || method === 'ACH' ? 'card_clearing' : 'bank');

/** The other side of a document: the accounts (and amounts, summing to `amount`) it moves against the party's. */
function counterOf(g: repo.LedgerGroup, amount: number): [BookAccount, number][] {
  if (g.doc === 'payment' || g.doc === 'refund') return [[cashAccount(g.method), amount]];
  if (g.doc === 'memo') return [['sales', amount]];
  if (g.kindClass === 'INTEREST') return [['interest_income', amount]];
  if (g.kindClass === 'FEE') return [['fee_income', amount]];
  if (g.kindClass === 'CHARGE' && g.invoiceTotal !== 0) {
    // The invoice's tax share of what was charged (or reversed): the whole tax when the whole total.
    const tax = divRound(amount * g.invoiceTax, g.invoiceTotal);
    return [
      ['sales', amount - tax],
      ['sales_tax', tax],
    ];
  }
  return [['sales', amount]];
}

/** A journal line as the CSV writes it: money as wire strings, the empty side blank. */
type JournalLine = {
  date: string;
  entry: string;
  account: string;
  debit: string;
  credit: string;
  memo: string;
  reference: string;
  party: string;
};

/** The journal's lines between the days: per document, receivables and unapplied credit as the ledger moved them, and the other side. */
async function journalLines(ctx: Ctx, range: { from: string; to: string }, settings: Settings): Promise<JournalLine[]> {
  const groups = await repo.ledgerGroups(ctx.db, range);
  const names = await namesOf(ctx, groups);
  const accounts = settings.books_accounts;
  const out: JournalLine[] = [];
  for (const g of groups) {
    const kind = kindOf(g);
    const { reference, description } = referenceOf(g, kind);
    const entry = `JE-${g.firstId}`;
    const memo = `${BOOKS_TEXT.journalMemo[kind]}: ${description}`;
    const party = names.of(g);
    const sides: [BookAccount, number][] = [
      ['receivables', g.owed],
      ['unapplied_credit', g.unapplied],
      ...counterOf(g, -(g.owed + g.unapplied)),
    ];
    for (const [account, amount] of sides) {
      if (amount === 0) continue;
      out.push({
        date: g.day,
        entry,
        account: accounts[account],
        debit: amount > 0 ? money(amount) : '',
        credit: amount < 0 ? money(-amount) : '',
        memo,
        reference,
        party,
      });
    }
  }
  return out;
}

/** US dates as both importers read them in a US file (MM/DD/YYYY). */
const usDate = (day: string | null) => (day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '');
const methodLabel = (m: string) => INVOICE_WEB_TEXT.methodLabels[m as keyof typeof INVOICE_WEB_TEXT.methodLabels] ?? m;
const I = BOOKS_TEXT.items;

/** An invoice's item lines: the goods, and the sales tax apart (its own line foots the total in any tax setup). */
function itemsOf(inv: repo.IssuedInvoice) {
  const goods = inv.total - inv.salesTax;
  return [
    { item: I.goods, description: BOOKS_TEXT.lineText.invoice(inv.orderName), amount: goods, tax: false },
    ...(inv.salesTax !== 0 ? [{ item: I.salesTax, description: I.salesTax, amount: inv.salesTax, tax: true }] : []),
  ];
}

type Rows = Record<string, unknown>[];

async function quickbooksInvoices(ctx: Ctx, range: { from: string; to: string }): Promise<Rows> {
  const invoices = await repo.invoicesIssued(ctx.db, range.from, range.to);
  const names = await namesOf(ctx, invoices);
  return invoices.flatMap((inv) =>
    itemsOf(inv).map((line) => ({
      InvoiceNo: inv.number,
      Customer: names.of(inv),
      InvoiceDate: usDate(inv.issuedOn),
      DueDate: usDate(inv.dueDate ?? inv.issuedOn),
      Terms: inv.paymentOption,
      Memo: inv.orderName,
      'Item(Product/Service)': line.item,
      ItemDescription: line.description,
      ItemQuantity: 1,
      ItemRate: money(line.amount),
      ItemAmount: money(line.amount),
      Taxable: 'N',
      'Service Date': usDate(inv.issuedOn),
    })),
  );
}

async function xeroInvoices(ctx: Ctx, range: { from: string; to: string }, settings: Settings): Promise<Rows> {
  const invoices = await repo.invoicesIssued(ctx.db, range.from, range.to);
  const names = await namesOf(ctx, invoices);
  return invoices.flatMap((inv) =>
    itemsOf(inv).map((line) => ({
      ContactName: names.of(inv),
      InvoiceNumber: inv.number,
      Reference: inv.orderName,
      InvoiceDate: usDate(inv.issuedOn),
      DueDate: usDate(inv.dueDate ?? inv.issuedOn),
      Description: line.description,
      Quantity: 1,
      UnitAmount: money(line.amount),
      AccountCode: settings.books_accounts[line.tax ? 'sales_tax' : 'sales'],
      // The tax is its own line already: Xero must add none.
      TaxType: 'Tax Exempt',
      Currency: 'USD',
    })),
  );
}

async function paymentRows(ctx: Ctx, range: { from: string; to: string }, settings: Settings, xero: boolean) {
  const payments = await repo.paymentsReceived(ctx.db, range.from, range.to);
  const names = await namesOf(ctx, payments);
  return payments.map((p) => {
    const account = settings.books_accounts[cashAccount(p.method)];
    const reference = p.reference || BOOKS_TEXT.references.payment(p.id);
    return xero
      ? {
          Date: usDate(p.receivedOn),
          Amount: money(p.amount),
          Payee: names.of(p),
          Description: BOOKS_TEXT.lineText.payment(methodLabel(p.method), p.invoiceNumber),
          Reference: reference,
          InvoiceNumber: p.invoiceNumber,
          AccountCode: account,
        }
      : {
          RefNumber: reference,
          Customer: names.of(p),
          PaymentDate: usDate(p.receivedOn),
          PaymentMethod: methodLabel(p.method),
          DepositToAccountName: account,
          InvoiceNo: p.invoiceNumber,
          Amount: money(p.amount),
          Memo: BOOKS_TEXT.lineText.payment(methodLabel(p.method), p.invoiceNumber),
        };
  });
}

/** One export as a CSV file named by its kind and range. */
export async function exportFile(ctx: Ctx, kind: ExportKind, query: ExportQuery) {
  const range = rangeOf(ctx, query);
  const settings = await getSettings(ctx);
  let rows: Rows;
  switch (kind) {
    case 'journal':
      rows = await journalLines(ctx, range, settings);
      break;
    case 'quickbooksInvoices':
      rows = await quickbooksInvoices(ctx, range);
      break;
    case 'xeroInvoices':
      rows = await xeroInvoices(ctx, range, settings);
      break;
    default:
      rows = await paymentRows(ctx, range, settings, kind === 'xeroPayments');
  }
  return {
    csv: toCsv(EXPORT_COLUMNS[kind], rows),
    filename: `${BOOKS_TEXT.exports[kind].file}_${range.from}_${range.to}`,
  };
}

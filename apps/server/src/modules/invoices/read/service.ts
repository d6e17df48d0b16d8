import type { Executor } from '@cab/db';
import {
  type BasisPoints,
  DEFAULT_INVOICE_STATUSES,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoiceRow,
  type Milestone,
  type MilestoneStatus,
  type OrderInvoice,
  type Paged,
  type Payment,
  parseOrderBy,
  type Refund,
  reachOf,
  toPaged,
  toWire,
} from '@cab/shared';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { notFound } from '../../../kit/errors.ts';
import { jsonPage } from '../../../kit/json-rows.ts';
import { pageWindow } from '../../../kit/list.ts';
import { assertReaches } from '../../../kit/reach.ts';
import { companyNames } from '../../accounts/index.ts';
import { userNames } from '../../auth/index.ts';
import { chargesOfInvoice } from '../charges/repository.ts';
import { money, receivedAtOf } from '../common.ts';
import * as repo from '../repository.ts';

/** Reading invoices: the list, one invoice, one milestone, and the order answer's `invoice`. */

/** `today`: the shop's day of the request (todayOf). */
function milestoneStatus(m: repo.MilestoneFigures, today: string): MilestoneStatus {
  if (m.voided) return 'VOID';
  if (m.balance <= 0) return 'PAID';
  if (m.dueDate !== null && m.dueDate < today) return 'OVERDUE';
  if (m.paid + m.credited > 0) return 'PARTIAL';
  return 'DUE';
}

const toWireMilestone = (m: repo.MilestoneFigures, today: string): Milestone => ({
  id: m.id,
  invoice: m.invoiceId,
  seq: m.seq,
  label: m.label,
  percentage: toWire(m.percentage as BasisPoints),
  amount: money(m.amount),
  paid: money(m.paid),
  credited: money(m.credited),
  interest_fees: money(m.interestFees),
  balance: money(m.balance),
  due_date: m.dueDate,
  status: milestoneStatus(m, today),
});

/** "Ann Lee (Acme Cabinets)" for each invoice's customer and company. */
async function displays(db: Executor, rows: { customerId: number; companyId: number | null }[]) {
  const [names, companies] = await Promise.all([
    userNames(
      db,
      rows.map((r) => r.customerId),
    ),
    companyNames(
      db,
      rows.map((r) => r.companyId).filter((c): c is number => c !== null),
    ),
  ]);
  return (r: { customerId: number; companyId: number | null }) => {
    const person = names.get(r.customerId) ?? '';
    const company = r.companyId === null ? '' : (companies.get(r.companyId) ?? '');
    return company ? `${person} (${company})` : person;
  };
}

const toWireRow = (r: repo.InvoiceListRow, display: string): InvoiceRow => ({
  id: r.id,
  number: r.number,
  version: r.version,
  order: { id: r.orderId, name: r.orderName },
  customer_display: display,
  issued_at: r.issuedAt.toISOString(),
  total: money(r.total),
  paid: money(r.paid),
  credited: money(r.credited),
  interest_fees: money(r.interestFees),
  balance: money(r.balance),
  overdue: money(r.overdue),
  status: r.status,
  next_due_date: r.nextDueDate,
});

function listArgs(ctx: Ctx, query: InvoiceListQuery) {
  const filter: repo.InvoiceListFilter = {
    reach: reachOf(ctx.actor),
    customer: query.customer,
    company: query.company,
    order: query.order,
    orderName: query.order_name,
    statuses: query.status ?? DEFAULT_INVOICE_STATUSES,
    today: todayOf(ctx),
  };
  return [ctx.db, filter, pageWindow(query), parseOrderBy(query.order_by ?? '-issued_at')] as const;
}

/** GET /api/invoices/: rows written as JSON by PostgreSQL (decision 0015). */
export async function listInvoices(ctx: Ctx, query: InvoiceListQuery) {
  return jsonPage<InvoiceRow>(await repo.invoicePageJson(...listArgs(ctx, query)));
}

/**
 * The same list as typed rows, mapped in TypeScript (the demo seed reads them; the list's
 * equivalence test compares the JSON rows with them).
 */
export async function listInvoiceRows(ctx: Ctx, query: InvoiceListQuery): Promise<Paged<InvoiceRow>> {
  const page = await repo.invoicePage(...listArgs(ctx, query));
  const display = await displays(ctx.db, page.rows);
  return toPaged(page, (r) => toWireRow(r, display(r)));
}

function toWirePayment(
  p: repo.PaymentRecord,
  invoice: { number: string; orderName: string },
  payer: string,
  extras: { refunds: repo.RefundRecord[]; overpayment: repo.CreditMemoRecord | null },
): Payment {
  return {
    id: p.id,
    method: p.method,
    amount: money(p.amount),
    status: p.status,
    received_at: receivedAtOf(p)?.toISOString() ?? null,
    received_on: p.receivedOn,
    reference: p.reference,
    notes: p.notes,
    milestone: p.milestoneId,
    invoice: { id: p.invoiceId, number: invoice.number },
    order: { id: p.orderId, name: invoice.orderName },
    payer,
    credit_memo: p.creditMemoId,
    created_at: p.createdAt.toISOString(),
    refunded: money(p.refunded),
    refunds: extras.refunds.map(toWireRefund),
    overpayment: extras.overpayment
      ? { credit_memo: extras.overpayment.id, amount: money(extras.overpayment.amount) }
      : null,
  };
}

/** Payments on the wire, with their invoices' numbers, payers' names, refunds and overpayment memos. */
export async function paymentsToWire(db: Executor, rows: repo.PaymentRecord[]): Promise<Payment[]> {
  const ids = rows.map((p) => p.id);
  const [invoices, display, refunds, memos] = await Promise.all([
    repo.invoiceLabels(
      db,
      rows.map((p) => p.invoiceId),
    ),
    displays(db, rows),
    repo.refundsOfPayments(db, ids),
    repo.memosOfSourcePayments(db, ids),
  ]);
  return rows.map((p) =>
    toWirePayment(p, invoices.get(p.invoiceId) ?? { number: '', orderName: '' }, display(p), {
      refunds: refunds.filter((r) => r.paymentId === p.id),
      overpayment: memos.find((m) => m.sourcePaymentId === p.id) ?? null,
    }),
  );
}

export const toWireRefund = (r: repo.RefundRecord): Refund => ({
  id: r.id,
  payment: r.paymentId,
  amount: money(r.amount),
  reason: r.reason,
  status: r.status,
  credit_note: r.creditNote,
  created_at: r.createdAt.toISOString(),
});

export async function invoiceDetail(ctx: Ctx, id: number, executor: Executor = ctx.db): Promise<InvoiceDetail> {
  const today = todayOf(ctx);
  const row = await repo.invoiceWithFigures(executor, id, today);
  assertReaches(ctx.actor, row);
  const [milestones, payments, versions, charges] = await Promise.all([
    repo.milestonesOf(executor, [row.id]),
    repo.paymentsOfInvoice(executor, row.orderId),
    repo.versionsOf(executor, row.orderId),
    chargesOfInvoice(executor, row.id),
  ]);
  const display = await displays(executor, [row]);
  const wirePayments = await paymentsToWire(
    executor,
    payments.filter((p) => p.invoiceId === row.id || row.supersededAt === null),
  );
  return {
    ...toWireRow(row, display(row)),
    customer: row.customerId,
    company: row.companyId,
    payment_option: row.paymentOptionName,
    payment_option_discount: money(row.paymentOptionDiscount),
    sales_tax: money(row.salesTax),
    superseded_at: row.supersededAt ? row.supersededAt.toISOString() : null,
    milestones: milestones.map((m) => toWireMilestone(m, today)),
    payments: wirePayments.filter((p) => p.method !== 'CREDIT'),
    refunds: wirePayments.flatMap((p) => p.refunds),
    credits: payments
      .filter((p) => p.method === 'CREDIT' && p.creditMemoId !== null)
      // An application undone (refunded back to its memo) is REVERSED, and only what still stands counts.
      .map((p) => ({
        credit_memo: p.creditMemoId!,
        milestone: p.milestoneId,
        amount: money(p.amount - p.refunded),
        status: p.status === 'SUCCEEDED' && p.refunded >= p.amount ? ('REVERSED' as const) : p.status,
      })),
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      version: v.version,
      issued_at: v.issuedAt.toISOString(),
      total: money(v.total),
      reason: v.reason,
      superseded_at: v.supersededAt ? v.supersededAt.toISOString() : null,
    })),
    charges: charges.map((c) => ({
      id: c.id,
      kind: c.kind as 'INTEREST' | 'FEE',
      milestone: c.milestoneId!,
      amount: money(c.amount),
      date: c.effectiveDate,
      notes: c.notes,
    })),
  };
}

export async function milestoneDetail(ctx: Ctx, id: number) {
  const m = await repo.milestoneFigures(ctx.db, id);
  if (!m) throw notFound();
  const invoice = await repo.invoiceById(ctx.db, m.invoiceId);
  assertReaches(ctx.actor, invoice);
  return {
    ...toWireMilestone(m, todayOf(ctx)),
    order: { id: invoice.orderId, name: invoice.orderName },
    invoice_number: invoice.number,
    customer: invoice.customerId,
    company: invoice.companyId,
  };
}

/** The order answer's `invoice` on the request's day (orders reads it through its invoice slot, filled in wiring.ts). */
export async function orderInvoice(db: Executor, orderId: number, today: string): Promise<OrderInvoice | null> {
  const row = await repo.orderInvoiceFigures(db, orderId, today);
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    payment_option_discount: money(row.paymentOptionDiscount),
    total_price: money(row.total),
    sales_tax: money(row.salesTax),
    paid: money(row.paid),
    credited: money(row.credited),
    balance: money(row.balance),
    status: row.status,
  };
}

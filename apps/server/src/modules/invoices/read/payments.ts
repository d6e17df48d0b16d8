import {
  addDays,
  DEFAULT_RECEIPT_LIST_STATUSES,
  dayIn,
  type Paged,
  type Payment,
  type PaymentListQuery,
  parseMoney,
  reachOf,
  startOfDayIn,
  toPaged,
} from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { toCsv } from '../../../kit/csv.ts';
import { pageWindow } from '../../../kit/list.ts';
import * as repo from '../repository.ts';
import { paymentsToWire } from './service.ts';

/**
 * The payment search (issue 34): the Receipts page and the bookkeeper's "find that payment":
 * reference, payer, method, status, received dates and amount; `format=csv` for every match.
 * Unless a status is asked, only money that reached the shop or is on its way is listed (no
 * failed, cancelled or reversed attempts).
 */

/** The most rows one CSV carries (a year of a busy shop's payments). */
const CSV_MAX_ROWS = 100_000;
const PAYMENT_CSV_COLUMNS = [
  'receipt',
  'received_on',
  'invoice',
  'order',
  'payer',
  'method',
  'reference',
  'amount',
  'refunded',
  'status',
] as const;

const bound = (day: string) => ({ day, at: startOfDayIn(day) });

function filterOf(ctx: Ctx, query: PaymentListQuery): repo.PaymentFilter {
  return {
    reach: reachOf(ctx.actor),
    customer: query.customer,
    company: query.company,
    order: query.order,
    invoice: query.invoice,
    methods: query.method,
    statuses: query.status ?? DEFAULT_RECEIPT_LIST_STATUSES,
    reference: query.reference,
    payer: query.payer,
    receivedFrom: query.date_after ? bound(query.date_after) : undefined,
    // Before the next day starts: date_before is the last day included.
    receivedUntil: query.date_before ? bound(addDays(query.date_before, 1)) : undefined,
    amount: query.amount === undefined ? undefined : (parseMoney(query.amount) ?? undefined),
  };
}

const csvRow = (p: Payment) => ({
  receipt: p.id,
  received_on: p.received_at ? dayIn(new Date(p.received_at)) : '',
  invoice: p.invoice.number,
  order: p.order.name,
  payer: p.payer,
  method: p.method,
  reference: p.reference,
  amount: p.amount,
  refunded: p.refunded,
  status: p.status,
});

/** GET /api/payments/: a page of payments, or with format=csv every match as a file. */
export async function listPayments(
  ctx: Ctx,
  query: PaymentListQuery,
): Promise<Paged<Payment> | { csv: string; filename: string }> {
  const csv = query.format === 'csv';
  const window = csv ? { limit: CSV_MAX_ROWS, offset: 0 } : pageWindow(query);
  const page = await repo.paymentPage(ctx.db, filterOf(ctx, query), window, query.order_by);
  const wire = await paymentsToWire(ctx.db, page.rows);
  if (csv) return { filename: 'payments', csv: toCsv(PAYMENT_CSV_COLUMNS, wire.map(csvRow)) };
  return toPaged({ rows: wire, total: page.total }, (p) => p);
}

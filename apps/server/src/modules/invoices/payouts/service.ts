import {
  addDays,
  type Deposit,
  type Deposits,
  dayIn,
  INVOICE_CODES,
  INVOICE_TEXT,
  PAYOUTS_TEXT,
  type Payment,
  type PayoutFlag,
  type PayoutLine,
  type PayoutRangeQuery,
  type Payouts,
  startOfDayIn,
} from '@cab/shared';
import type Stripe from 'stripe';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { AppError, fieldError } from '../../../kit/errors.ts';
import { money } from '../common.ts';
import { isStripeOutage, stripeOf } from '../pay/stripe.ts';
import { paymentsToWire } from '../read/service.ts';
import * as repo from '../repository.ts';

/**
 * Matching the bank statement (issue 34): each Stripe payout with the balance transactions it
 * carried (GET /v1/payouts, GET /v1/balance_transactions?payout=…, sources expanded), each line
 * matched to our payment by its PaymentIntent, or to our refund by Stripe's refund id, else
 * flagged; and the checks and cash received, one bank deposit per day. Stripe is read outside any
 * transaction; nothing is written.
 */

/** The most payouts one range lists, and payouts read at Stripe at once. */
const MAX_PAYOUTS = 100;
const AT_ONCE = 4;
const DEFAULT_DAYS = 30;

function rangeOf(ctx: Ctx, query: PayoutRangeQuery) {
  const before = query.date_before ?? todayOf(ctx);
  const after = query.date_after ?? addDays(before, -DEFAULT_DAYS);
  if (after > before) throw fieldError('validation_error', 'date_after', PAYOUTS_TEXT.rangeReversed);
  return { after, before };
}

const seconds = (day: string) => Math.floor(startOfDayIn(day).getTime() / 1000);
const dayOfSeconds = (s: number) => dayIn(new Date(s * 1000));

/** Stripe's answers read; an outage is 502 stripe_unavailable, as on every path that calls Stripe. */
async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isStripeOutage(err)) throw new AppError(502, INVOICE_CODES.stripeUnavailable, INVOICE_TEXT.stripeUnavailable);
    throw err;
  }
}

/** Runs `work` over `items`, `AT_ONCE` at a time, answers in order. */
async function inTurns<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += AT_ONCE)
    out.push(...(await Promise.all(items.slice(i, i + AT_ONCE).map(work))));
  return out;
}

type Source = { id: string; payment_intent?: string | { id: string } | null };
const sourceOf = (t: Stripe.BalanceTransaction): Source | null =>
  t.source === null ? null : typeof t.source === 'string' ? { id: t.source } : (t.source as unknown as Source);
const intentOf = (s: Source | null) =>
  s?.payment_intent == null ? null : typeof s.payment_intent === 'string' ? s.payment_intent : s.payment_intent.id;
const isRefund = (t: Stripe.BalanceTransaction) => t.type === 'refund' || t.type === 'payment_refund';
const isPayment = (t: Stripe.BalanceTransaction) => t.type === 'charge' || t.type === 'payment';

const toMatched = (p: Payment) => ({
  id: p.id,
  method: p.method,
  amount: p.amount,
  invoice: p.invoice,
  payer: p.payer,
});

/** GET /api/finance/payouts/: the payouts arriving in the range, each line matched or flagged. */
export async function listPayouts(ctx: Ctx, query: PayoutRangeQuery): Promise<Payouts> {
  const { after, before } = rangeOf(ctx, query);
  const stripe = stripeOf(ctx.config);
  if (!stripe) return { configured: false, date_after: after, date_before: before, results: [] };
  const payouts = await atStripe(() =>
    stripe.payouts
      .list({ arrival_date: { gte: seconds(after), lt: seconds(addDays(before, 1)) }, limit: 100 })
      .autoPagingToArray({ limit: MAX_PAYOUTS }),
  );
  const carried = await inTurns(payouts, (po) =>
    atStripe(() =>
      stripe.balanceTransactions
        .list({ payout: po.id, limit: 100, expand: ['data.source'] })
        .autoPagingToArray({ limit: 10_000 }),
    ),
  );
  // The payout's own transaction (type payout) is the payout, not a line of it.
  const lines = carried.map((list) => list.filter((t) => t.type !== 'payout'));
  const all = lines.flat();
  const [ours, refunds] = await Promise.all([
    repo.paymentsByIntents(
      ctx.db,
      all
        .filter(isPayment)
        .map((t) => intentOf(sourceOf(t)))
        .filter((id): id is string => id !== null),
    ),
    repo.refundsByStripeIds(
      ctx.db,
      all.filter(isRefund).map((t) => sourceOf(t)?.id ?? ''),
    ),
  ]);
  const known = new Set(ours.map((p) => p.id));
  const refundedFrom = await repo.paymentsByIds(
    ctx.db,
    refunds.map((r) => r.paymentId).filter((id) => !known.has(id)),
  );
  const rows = [...ours, ...refundedFrom];
  const wire = await paymentsToWire(ctx.db, rows);
  const byId = new Map(wire.map((w) => [w.id, w]));
  const byIntent = new Map(
    rows.filter((p) => p.stripePaymentIntentId).map((p) => [p.stripePaymentIntentId!, byId.get(p.id)!]),
  );
  const refundByStripe = new Map(refunds.map((r) => [r.stripeRefundId!, r]));

  const lineOf = (t: Stripe.BalanceTransaction): PayoutLine => {
    const source = sourceOf(t);
    const intent = intentOf(source);
    let payment: Payment | null = null;
    let refund: number | null = null;
    let flag: PayoutFlag | null = null;
    if (isPayment(t)) {
      payment = intent ? (byIntent.get(intent) ?? null) : null;
      if (!payment) flag = 'unmatched';
      else if (payment.amount !== money(t.amount)) flag = 'amount_differs';
    } else if (isRefund(t)) {
      const ourRefund = source ? refundByStripe.get(source.id) : undefined;
      refund = ourRefund?.id ?? null;
      payment = ourRefund ? (byId.get(ourRefund.paymentId) ?? null) : null;
      if (!ourRefund) flag = 'unmatched';
      else if (ourRefund.amount !== -t.amount) flag = 'amount_differs';
    } else flag = 'not_a_payment';
    return {
      id: t.id,
      type: t.type,
      date: dayOfSeconds(t.created),
      source: source?.id ?? '',
      payment_intent: intent,
      gross: money(t.amount),
      fee: money(t.fee),
      net: money(t.net),
      payment: payment ? toMatched(payment) : null,
      refund,
      flag,
    };
  };

  const results = payouts.map((po, i) => {
    const its = lines[i]!.map(lineOf);
    const sum = (pick: (t: Stripe.BalanceTransaction) => number) => lines[i]!.reduce((s, t) => s + pick(t), 0);
    return {
      id: po.id,
      arrival_date: dayOfSeconds(po.arrival_date),
      status: po.status,
      amount: money(po.amount),
      gross: money(sum((t) => t.amount)),
      fees: money(sum((t) => t.fee)),
      net: money(sum((t) => t.net)),
      flagged: its.filter((l) => l.flag !== null).length,
      lines: its,
    };
  });
  return { configured: true, date_after: after, date_before: before, results };
}

/** The most checks and cash one range lists. */
const MAX_DEPOSIT_PAYMENTS = 10_000;

/** GET /api/finance/deposits/: checks and cash received in the range, one deposit per received day. */
export async function listDeposits(ctx: Ctx, query: PayoutRangeQuery): Promise<Deposits> {
  const { after, before } = rangeOf(ctx, query);
  const page = await repo.paymentPage(
    ctx.db,
    {
      reach: { all: true },
      methods: ['CHECK', 'CASH'],
      statuses: ['SUCCEEDED', 'DISPUTED', 'REVERSED'],
      receivedFrom: { day: after, at: startOfDayIn(after) },
      receivedUntil: { day: addDays(before, 1), at: startOfDayIn(addDays(before, 1)) },
    },
    { limit: MAX_DEPOSIT_PAYMENTS, offset: 0 },
    'received_at',
  );
  const wire = await paymentsToWire(ctx.db, page.rows);
  const days = new Map<string, { payments: Payment[]; cents: number }>();
  page.rows.forEach((row, i) => {
    const p = wire[i]!;
    const date = dayIn(new Date(p.received_at ?? p.created_at));
    const day = days.get(date) ?? { payments: [], cents: 0 };
    day.payments.push(p);
    day.cents += row.amount;
    days.set(date, day);
  });
  const results: Deposit[] = [...days].map(([date, day]) => ({
    date,
    count: day.payments.length,
    amount: money(day.cents),
    payments: day.payments.sort((a, b) => a.id - b.id).map((p) => ({ ...toMatched(p), reference: p.reference })),
  }));
  const total = page.rows.reduce((t, r) => t + r.amount, 0);
  return { date_after: after, date_before: before, results, total: money(total) };
}

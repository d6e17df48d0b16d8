import {
  type Cents,
  formatWireMoney,
  INVOICE_CODES,
  INVOICE_TEXT,
  INVOICE_WEB_TEXT,
  parseMoney,
  type RefundBody,
  STRIPE_PAY_METHODS,
} from '@cab/shared';
import type Stripe from 'stripe';
import { type Ctx, nowOf, type RequestContext } from '../../../kit/context.ts';
import { AppError, badRequest, fieldError, notFound } from '../../../kit/errors.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { findUserWithCompany } from '../../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../../email/index.ts';
import { publishEvent } from '../../events/index.ts';
import { money } from '../common.ts';
import { type Posting, post } from '../ledger.ts';
import { paymentsToWire, toWireRefund } from '../read/service.ts';
import * as repo from '../repository.ts';
import { lockPayment, memoParty, partyOf } from './settle.ts';
import { isStripeOutage, refundAtStripe, requireStripe } from './stripe.ts';
import { postCreditNote, refundable, takeBackSpentCredit } from './take-back.ts';

/**
 * Giving money back (issue 27, ADMIN): CARD and ACH refund through Stripe (the refund stays
 * PENDING until Stripe says it succeeded), CHECK, CASH and WIRE are recorded at once (the shop paid
 * the money back), a CREDIT application is undone (the credit returns to its memo). What a refund
 * gives back comes first out of the payment's overpayment memo, then off the milestones it paid,
 * whose balances go back up.
 */

async function answer(ctx: RequestContext, r: repo.RefundRecord) {
  const [payment] = await paymentsToWire(ctx.db, [(await repo.paymentById(ctx.db, r.paymentId))!]);
  return { refund: toWireRefund((await repo.refundById(ctx.db, r.id))!), payment: payment! };
}

function sameRequest(r: repo.RefundRecord, paymentId: number, body: RefundBody) {
  const amount = body.amount === undefined ? r.amount : parseMoney(body.amount);
  const otherKind = body.credit_note === false && r.creditNote;
  if (r.paymentId !== paymentId || amount !== r.amount || r.reason !== body.reason || otherKind) {
    throw new AppError(409, INVOICE_CODES.idempotencyReused, INVOICE_TEXT.idempotencyReused);
  }
}

async function knownByKey(ctx: RequestContext, paymentId: number, body: RefundBody) {
  if (!body.idempotency_key) return null;
  const known = await repo.refundByKey(ctx.db, body.idempotency_key);
  if (known) sameRequest(known, paymentId, body);
  return known;
}

export async function refundPayment(ctx: Ctx, paymentId: number, body: RefundBody) {
  const known = await knownByKey(ctx, paymentId, body);
  if (known) return answer(ctx, known);
  const first = await repo.paymentById(ctx.db, paymentId);
  if (!first) throw notFound();
  const throughStripe = STRIPE_PAY_METHODS.includes(first.method);
  const stripe = throughStripe ? requireStripe(ctx.config) : null;

  const refund = await transaction(ctx, async (tx) => {
    const p = (await lockPayment(tx, paymentId))!;
    const again = await knownByKey(tx, paymentId, body);
    if (again) return again;
    if (p.status !== 'SUCCEEDED') throw badRequest(INVOICE_CODES.refundNotAllowed, INVOICE_TEXT.refundNotAllowed);
    const pending = (await repo.refundsOfPayments(tx.db, [p.id]))
      .filter((r) => r.status === 'PENDING')
      .reduce((sum, r) => sum + r.amount, 0);
    // Credit this payment left that paid other invoices is not the shop's to give back (decision 0044).
    const { left, spent } = await refundable(tx, p, pending);
    // No amount: the payment in full (what is not yet given back), refused when credit of it was spent.
    const whole = p.amount - p.refunded - pending;
    const amount = (body.amount === undefined ? whole : parseMoney(body.amount)!) as Cents;
    if (left <= 0 || amount > left) {
      const message =
        spent > 0
          ? INVOICE_TEXT.refundCreditSpent(money(left), money(spent))
          : INVOICE_TEXT.refundTooLarge(money(left));
      throw fieldError(INVOICE_CODES.refundTooLarge, 'amount', message);
    }
    const inserted = await repo.insertRefund(tx.db, {
      paymentId: p.id,
      amount,
      reason: body.reason,
      // A credit application undone is never a credit note: the credit goes back to its memo.
      creditNote: p.method !== 'CREDIT' && body.credit_note !== false,
      idempotencyKey: body.idempotency_key ?? null,
      createdById: tx.actor.id,
      ...(tx.at ? { createdAt: tx.at } : {}),
    });
    if (!inserted) return (await knownByKey(tx, paymentId, body))!;
    await audit(tx, {
      entity: 'refund',
      id: inserted.id,
      action: 'create',
      after: { payment: p.id, method: p.method, amount: money(amount), reason: body.reason },
    });
    if (!throughStripe) await settleRefund(tx, inserted.id);
    return inserted;
  });

  if (stripe && refund.status === 'PENDING' && !refund.stripeRefundId) {
    try {
      await recordStripeRefund(ctx, refund.id, await refundAtStripe(stripe, refund, first.stripePaymentIntentId!));
    } catch (err) {
      // Unreachable: the refund stays PENDING and the finisher asks again with the same key.
      if (!isStripeOutage(err)) await failRefund(ctx, refund.id, (err as Error).message);
      else ctx.log.warn({ err, refund: refund.id }, 'Stripe unreachable; the finisher retries the refund');
    }
  }
  return answer(ctx, refund);
}

/** What Stripe says of a refund (its create answer, a webhook, the finisher), applied once. */
export async function recordStripeRefund(ctx: RequestContext, refundId: number, r: Stripe.Refund) {
  await transaction(ctx, async (tx) => {
    const now = await repo.refundById(tx.db, refundId, true);
    if (now && !now.stripeRefundId) await repo.updateRefund(tx.db, refundId, { stripeRefundId: r.id });
  });
  if (r.status === 'succeeded') await settleRefund(ctx, refundId);
  else if (r.status === 'failed' || r.status === 'canceled')
    await failRefund(ctx, refundId, r.failure_reason ?? r.status);
}

/** A PENDING refund succeeded: the ledger entries, the payment's `refunded`, the customer's receipt. */
async function settleRefund(ctx: RequestContext, refundId: number) {
  return transaction(ctx, async (tx) => {
    const r0 = await repo.refundById(tx.db, refundId);
    if (!r0) return null;
    const p = (await lockPayment(tx, r0.paymentId))!;
    const r = (await repo.refundById(tx.db, refundId, true))!;
    if (r.status !== 'PENDING') return r;
    const invoice = (await repo.invoiceById(tx.db, p.invoiceId))!;
    const postings = await refundPostings(tx, p, r);
    await post(tx, partyOf(invoice), postings);
    if (r.creditNote) await postCreditNote(tx, r, invoice, postings);
    await repo.updatePayment(tx.db, p.id, { refunded: (p.refunded + r.amount) as Cents });
    const settled = await repo.updateRefund(tx.db, r.id, { status: 'SUCCEEDED', settledAt: nowOf(tx) });
    if (p.method !== 'CREDIT') await queueRefundReceipt(tx, p, settled, invoice);
    // The customer's open invoice page hears of it at once, as of a payment's move (decision 0042).
    await publishEvent(
      tx.db,
      'payment',
      { invoice_id: p.invoiceId, milestone_id: p.milestoneId, status: p.status },
      invoice,
    );
    await audit(tx, {
      entity: 'refund',
      id: r.id,
      action: 'succeed',
      before: { status: 'PENDING' },
      after: { status: 'SUCCEEDED' },
    });
    return settled;
  });
}

/**
 * Where the refunded money comes off: a CREDIT application goes back to its memo; money first out
 * of what the overpayment memo still holds, then off the milestones the payment paid.
 */
async function refundPostings(tx: RequestContext, p: repo.PaymentRecord, r: repo.RefundRecord): Promise<Posting[]> {
  const sums = await repo.sumsByMilestone(tx.db, { paymentId: p.id });
  const out: Posting[] = [];
  let rest = r.amount as number;
  const onMilestones = (kind: 'REFUND' | 'REVERSAL', creditMemoId: number | null) => {
    for (const s of sums) {
      const take = Math.min(rest, -s.total);
      if (take <= 0) continue;
      out.push({
        kind,
        amount: take,
        milestone: { id: s.milestoneId, invoiceId: s.invoiceId, orderId: s.orderId },
        paymentId: p.id,
        creditMemoId,
        refundId: r.id,
        notes: r.reason,
      });
      rest -= take;
    }
  };
  if (p.method === 'CREDIT') {
    onMilestones('REVERSAL', p.creditMemoId);
    const back = r.amount - rest;
    out.push({
      kind: 'REVERSAL',
      amount: -back,
      paymentId: p.id,
      creditMemoId: p.creditMemoId,
      refundId: r.id,
      notes: r.reason,
    });
    return out;
  }
  const [memo] = await repo.memosOfSourcePayments(tx.db, [p.id]);
  if (memo && memo.status === 'ACTIVE') {
    const held = (await repo.memoFigures(tx.db, [memo.id])).get(memo.id)?.available ?? 0;
    const take = Math.min(rest, held);
    if (take > 0) {
      await post(tx, memoParty(memo), [
        { kind: 'REFUND', amount: take, paymentId: p.id, creditMemoId: memo.id, refundId: r.id, notes: r.reason },
      ]);
      rest -= take;
    }
  }
  onMilestones('REFUND', null);
  // More than sits on milestones and the memo: only a refund given in Stripe's dashboard (ours are
  // refused). The memo's credit was spent: owed again where it was spent, then refunded from the memo.
  if (rest > 0 && memo) {
    const back = await takeBackSpentCredit(tx, memo, rest, r.reason);
    if (back > 0) {
      await post(tx, memoParty(memo), [
        { kind: 'REFUND', amount: back, paymentId: p.id, creditMemoId: memo.id, refundId: r.id, notes: r.reason },
      ]);
    }
    rest -= back;
  }
  // Still more (its memo was reversed): owed again on the payment's own milestone, never off the books.
  if (rest > 0) {
    out.push({
      kind: 'REFUND',
      amount: rest,
      milestone: { id: p.milestoneId, invoiceId: p.invoiceId, orderId: p.orderId },
      paymentId: p.id,
      refundId: r.id,
      notes: r.reason,
    });
  }
  return out;
}

export async function failRefund(ctx: RequestContext, refundId: number, message: string) {
  return transaction(ctx, async (tx) => {
    const r = await repo.refundById(tx.db, refundId, true);
    if (r?.status !== 'PENDING') return r;
    await audit(tx, {
      entity: 'refund',
      id: r.id,
      action: 'fail',
      before: { status: 'PENDING' },
      after: { status: 'FAILED', message },
    });
    return repo.updateRefund(tx.db, r.id, {
      status: 'FAILED',
      failureMessage: message,
      settledAt: nowOf(tx),
    });
  });
}

async function queueRefundReceipt(
  ctx: RequestContext,
  p: repo.PaymentRecord,
  r: repo.RefundRecord,
  invoice: repo.InvoiceRecord,
) {
  const found = await findUserWithCompany(ctx.db, invoice.customerId);
  if (!found) return;
  const { user } = found;
  await enqueueTemplate(ctx, 'refund_receipt', user.email, {
    user: userData(user),
    order: { id: invoice.orderId, name: invoice.orderName },
    app: appData(ctx.config),
    refund: {
      amount: formatWireMoney(money(r.amount)),
      method: INVOICE_WEB_TEXT.methodLabels[p.method],
      date: (r.settledAt ?? nowOf(ctx)).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }),
      invoice: invoice.number,
      reason: r.reason,
    },
  });
}

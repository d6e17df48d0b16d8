import {
  addDays,
  type Cents,
  INVOICE_CODES,
  INVOICE_TEXT,
  MANUAL_PAY_METHODS,
  type PayBody,
  parseMoney,
  RECEIVED_ON_MAX_DAYS_BACK,
  STRIPE_PAY_METHODS,
} from '@cab/shared';
import { type Ctx, nowOf, type RequestContext, todayOf } from '../../../kit/context.ts';
import { AppError, badRequest, fieldError, notFound } from '../../../kit/errors.ts';
import { assertReaches } from '../../../kit/reach.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { publishEvent } from '../../events/index.ts';
import { money } from '../common.ts';
import { post } from '../ledger.ts';
import { paymentsToWire } from '../read/service.ts';
import * as repo from '../repository.ts';
import { statusOfEvent } from './moves.ts';
import { queueReceipt } from './receipt-mail.ts';
import { lockPayment, memoParty, movePayment, partyOf } from './settle.ts';
import { cancelIntent, chargeReference, intentFor, requireStripe, stripeOf } from './stripe.ts';

/**
 * Paying a milestone (issues 17, 27): ADMIN records CHECK, CASH and WIRE and applies CREDIT, which
 * succeed at once; CARD and ACH go through a Stripe PaymentIntent and are applied only when Stripe
 * says so (settle.ts). A milestone has at most one open card or bank payment: a second call for
 * the same method and amount answers the open one, another cancels it at Stripe first. Stripe is
 * called between transactions, never inside one: the payment is written PENDING and committed,
 * the intent made with the payment's own UUID as Idempotency-Key, then recorded.
 */

const ERR_VALIDATION = 'validation_error';

/** The answer of a pay call: the client secret only while the payment is open at Stripe. */
async function answer(ctx: Ctx | RequestContext, p: repo.PaymentRecord) {
  const [payment] = await paymentsToWire(ctx.db, [p]);
  const open = p.status === 'PENDING' || p.status === 'PROCESSING';
  return { payment: payment!, client_secret: open ? (p.clientSecret ?? null) : null };
}

/** The same idempotency key with another body is a client's mistake, not a replay: 409. */
function sameRequest(p: repo.PaymentRecord, milestoneId: number, body: PayBody) {
  const amount = body.amount === undefined ? p.amount : parseMoney(body.amount);
  const same =
    p.milestoneId === milestoneId &&
    p.method === body.method &&
    amount === p.amount &&
    (body.bank === undefined || body.bank === p.bankAccountId) &&
    (body.credit_memo === undefined || body.credit_memo === p.creditMemoId);
  if (!same) throw new AppError(409, INVOICE_CODES.idempotencyReused, INVOICE_TEXT.idempotencyReused);
}

async function knownByKey(ctx: Ctx, milestoneId: number, body: PayBody) {
  if (!body.idempotency_key) return null;
  const known = await repo.paymentByKey(ctx.db, body.idempotency_key);
  if (known) sameRequest(known, milestoneId, body);
  return known;
}

/** The amount asked (what is left when not given), checked against the milestone's balance. */
function amountOf(m: repo.MilestoneFigures, body: PayBody): Cents {
  if (m.voided || m.balance <= 0) throw badRequest(INVOICE_CODES.milestoneClosed, INVOICE_TEXT.milestoneClosed);
  const amount = (body.amount === undefined ? m.balance : parseMoney(body.amount)!) as Cents;
  if (amount > m.balance) {
    throw fieldError(INVOICE_CODES.amountTooLarge, 'amount', INVOICE_TEXT.amountTooLarge(money(m.balance)));
  }
  return amount;
}

/**
 * A received date is a day that has come, at most RECEIVED_ON_MAX_DAYS_BACK before the shop's
 * today (issue 34: a future check made the reminder ask more than the invoices).
 */
function checkReceivedOn(ctx: Ctx, body: PayBody) {
  if (!body.received_on) return;
  const today = todayOf(ctx);
  if (body.received_on > today) throw fieldError(ERR_VALIDATION, 'received_on', INVOICE_TEXT.receivedOnFuture);
  if (body.received_on < addDays(today, -RECEIVED_ON_MAX_DAYS_BACK)) {
    throw fieldError(ERR_VALIDATION, 'received_on', INVOICE_TEXT.receivedOnTooOld(RECEIVED_ON_MAX_DAYS_BACK));
  }
}

export async function payMilestone(ctx: Ctx, milestoneId: number, body: PayBody) {
  const figures = await repo.milestoneFigures(ctx.db, milestoneId);
  if (!figures) throw notFound();
  const invoice = await repo.invoiceById(ctx.db, figures.invoiceId);
  assertReaches(ctx.actor, invoice);
  if (MANUAL_PAY_METHODS.includes(body.method) && ctx.actor.role !== 'ADMIN') {
    throw fieldError(INVOICE_CODES.methodNotAllowed, 'method', INVOICE_TEXT.methodNotAllowed);
  }
  checkReceivedOn(ctx, body);
  const known = await knownByKey(ctx, milestoneId, body);
  if (known && !STRIPE_PAY_METHODS.includes(known.method)) return answer(ctx, known);
  if (STRIPE_PAY_METHODS.includes(body.method)) return payThroughStripe(ctx, invoice!, figures, body);
  const { payment, canceled } = await payManually(ctx, invoice!, milestoneId, body);
  // The payment is committed and answered now; Stripe hears of the cancels after, unawaited
  // (a slow Stripe must not hold the admin's check). A success that raced them becomes credit.
  void cancelAtStripeLater(ctx, canceled);
  return answer(ctx, (await repo.paymentById(ctx.db, payment.id))!);
}

/** CHECK, CASH, WIRE (money in hand) and CREDIT (a memo applied): applied at once. */
async function payManually(ctx: Ctx, inv: repo.InvoiceRecord, milestoneId: number, body: PayBody) {
  return transaction(ctx, async (tx) => {
    // Lock order: the milestone, then the credit memo.
    await repo.lockMilestone(tx.db, milestoneId);
    // A double click waited on the lock above: the first click's payment is the answer.
    const again = await knownByKey(tx, milestoneId, body);
    if (again) return { payment: again, canceled: [] };
    const m = (await repo.milestoneFigures(tx.db, milestoneId))!;
    const amount = amountOf(m, body);
    const target = { id: m.id, invoiceId: inv.id, orderId: inv.orderId };

    let memo: repo.CreditMemoRecord | null = null;
    if (body.method === 'CREDIT') {
      if (!body.credit_memo) throw fieldError(ERR_VALIDATION, 'credit_memo', INVOICE_TEXT.creditRequired);
      memo = await repo.memoById(tx.db, body.credit_memo, true);
      if (!memo) throw fieldError(ERR_VALIDATION, 'credit_memo', INVOICE_TEXT.creditRequired);
      const sameParty = memo.companyId !== null ? memo.companyId === inv.companyId : memo.customerId === inv.customerId;
      if (!sameParty) throw fieldError(ERR_VALIDATION, 'credit_memo', INVOICE_TEXT.creditNotParty);
      if (memo.status !== 'ACTIVE') throw badRequest(INVOICE_CODES.creditMemoReversed, INVOICE_TEXT.creditMemoReversed);
      const available = (await repo.memoFigures(tx.db, [memo.id])).get(memo.id)?.available ?? 0;
      if (amount > available) {
        throw fieldError(INVOICE_CODES.creditUnavailable, 'amount', INVOICE_TEXT.creditUnavailable(money(available)));
      }
    }
    const payment = await repo.insertPayment(tx.db, {
      ...newPayment(tx, inv, m.id, body, amount),
      status: 'SUCCEEDED',
      creditMemoId: memo?.id ?? null,
      receivedOn: body.received_on ?? null,
      receivedAt: nowOf(tx),
    });
    if (!payment) return { payment: (await knownByKey(tx, milestoneId, body))!, canceled: [] };
    if (memo) {
      await post(tx, partyOf(inv), [
        { kind: 'ALLOCATION', amount: -amount, milestone: target, paymentId: payment.id, creditMemoId: memo.id },
      ]);
      await post(tx, memoParty(memo), [{ kind: 'ALLOCATION', amount, paymentId: payment.id, creditMemoId: memo.id }]);
    } else {
      await post(tx, partyOf(inv), [
        { kind: 'PAYMENT', amount: -amount, milestone: target, paymentId: payment.id, effectiveDate: body.received_on },
      ]);
      await queueReceipt(tx, payment, inv);
    }
    await auditCreate(tx, payment, inv);
    await publishEvent(tx.db, 'payment', { invoice_id: inv.id, milestone_id: m.id, status: 'SUCCEEDED' }, inv);
    // Paid by other means: the open card and bank attempts end here in the same commit (issue 27).
    // A declined one stays FAILED; its intent is closed at Stripe after.
    const canceled: repo.PaymentRecord[] = [];
    for (const p of await repo.openStripePayments(tx.db, milestoneId)) {
      if (p.status === 'PROCESSING') continue;
      canceled.push(p);
      if (p.status === 'PENDING') await movePayment(tx, p.id, 'CANCELED', { source: 'paid by other means' });
    }
    return { payment, canceled };
  });
}

/** The columns every new payment takes from its invoice and the request. */
const newPayment = (tx: Ctx, inv: repo.InvoiceRecord, milestoneId: number, body: PayBody, amount: Cents) => ({
  milestoneId,
  invoiceId: inv.id,
  orderId: inv.orderId,
  customerId: inv.customerId,
  companyId: inv.companyId,
  method: body.method,
  amount,
  reference: body.reference ?? '',
  notes: body.notes ?? '',
  idempotencyKey: body.idempotency_key ?? null,
  createdById: tx.actor.id,
});

function auditCreate(tx: Ctx, p: repo.PaymentRecord, inv: repo.InvoiceRecord) {
  return audit(tx, {
    entity: 'payment',
    id: p.id,
    action: 'create',
    after: {
      method: p.method,
      amount: money(p.amount),
      status: p.status,
      milestone: p.milestoneId,
      invoice: inv.number,
      credit_memo: p.creditMemoId,
      reference: p.reference,
    },
  });
}

type OpenStep = { payment: repo.PaymentRecord } | { cancel: repo.PaymentRecord[] };

/** CARD and ACH: one open payment per milestone, its intent made outside any transaction. */
async function payThroughStripe(ctx: Ctx, inv: repo.InvoiceRecord, figures: repo.MilestoneFigures, body: PayBody) {
  requireStripe(ctx.config);
  let bank: repo.BankRecord | null = null;
  if (body.method === 'ACH') {
    if (!body.bank) throw fieldError(INVOICE_CODES.bankRequired, 'bank', INVOICE_TEXT.bankRequired);
    bank = await repo.bankById(ctx.db, body.bank);
    const owns =
      bank && (bank.userId === ctx.actor.id || (bank.companyId !== null && bank.companyId === ctx.actor.companyId));
    if (!bank || !owns) throw fieldError(INVOICE_CODES.bankRequired, 'bank', INVOICE_TEXT.bankRequired);
    if (bank.status !== 'VERIFIED' || !bank.stripePaymentMethodId) {
      throw fieldError(INVOICE_CODES.bankNotVerified, 'bank', INVOICE_TEXT.bankNotVerified);
    }
  }
  let payment: repo.PaymentRecord | null = null;
  // Older attempts of another method or amount are cancelled at Stripe first, then we look again.
  for (let round = 0; round < 3 && !payment; round++) {
    const step: OpenStep = await transaction(ctx, async (tx) => {
      await repo.lockMilestone(tx.db, figures.id);
      const again = await knownByKey(tx, figures.id, body);
      if (again) return { payment: again };
      const amount = amountOf((await repo.milestoneFigures(tx.db, figures.id))!, body);
      const open = await repo.openStripePayments(tx.db, figures.id);
      // A declined attempt (FAILED, its intent still open at Stripe) is replaced: cancelled below.
      const same = open.find(
        (p) =>
          p.status !== 'FAILED' &&
          p.method === body.method &&
          p.amount === amount &&
          p.bankAccountId === (bank?.id ?? null),
      );
      if (same) return { payment: same };
      if (open.some((p) => p.status === 'PROCESSING')) {
        throw new AppError(409, INVOICE_CODES.paymentProcessing, INVOICE_TEXT.paymentProcessing);
      }
      if (open.length > 0) return { cancel: open };
      const inserted = await repo.insertPayment(tx.db, {
        ...newPayment(tx, inv, figures.id, body, amount),
        status: 'PENDING',
        bankAccountId: bank?.id ?? null,
      });
      // The key taken meanwhile on another milestone: the same request's answer, or 409.
      if (!inserted) return { payment: (await knownByKey(tx, figures.id, body))! };
      await auditCreate(tx, inserted, inv);
      return { payment: inserted };
    });
    if ('cancel' in step) {
      for (const older of step.cancel) await cancelAtStripe(ctx, older, 'replaced by a new attempt');
    } else payment = step.payment;
  }
  if (!payment) throw new AppError(409, INVOICE_CODES.paymentProcessing, INVOICE_TEXT.paymentProcessing);
  if (!payment.stripePaymentIntentId && (payment.status === 'PENDING' || payment.status === 'PROCESSING')) {
    // An outage leaves it PENDING without an intent: the next attempt or the finisher ends it.
    payment = await ensureIntent(ctx, payment);
  }
  return answer(ctx, payment);
}

/**
 * Makes (or finds again: same key, same parameters) the payment's intent at Stripe, then records
 * it. Outside any transaction.
 */
async function ensureIntent(ctx: RequestContext, p: repo.PaymentRecord) {
  const stripe = requireStripe(ctx.config);
  const [inv, m, bank] = await Promise.all([
    repo.invoiceById(ctx.db, p.invoiceId),
    repo.milestoneFigures(ctx.db, p.milestoneId),
    p.bankAccountId ? repo.bankById(ctx.db, p.bankAccountId) : null,
  ]);
  const intent = await intentFor(stripe, p, { invoice: inv!.number, milestone: m!.label }, bank);
  return transaction(ctx, async (tx) => {
    await repo.lockMilestone(tx.db, p.milestoneId);
    const now = (await repo.paymentById(tx.db, p.id, true))!;
    if (now.stripePaymentIntentId) return now;
    return repo.updatePayment(tx.db, p.id, { stripePaymentIntentId: intent.id, clientSecret: intent.client_secret });
  });
}

/**
 * Cancels an open payment at Stripe and here. An intent Stripe will not cancel (it succeeded or
 * is processing meanwhile) is applied as Stripe has it instead.
 */
export async function cancelAtStripe(ctx: RequestContext, p: repo.PaymentRecord, why: string) {
  const stripe = stripeOf(ctx.config);
  if (!stripe) return movePayment(ctx, p.id, 'CANCELED', { source: why });
  // No intent yet (another request is making it, or it crashed): make or find it, to cancel it.
  const withIntent = p.stripePaymentIntentId ? p : await ensureIntent(ctx, p);
  const intent = await cancelIntent(stripe, withIntent.stripePaymentIntentId!);
  const to = statusOfEvent('', intent.status) ?? 'FAILED';
  if (p.status === 'FAILED' && to === 'CANCELED') return closeDeclined(ctx, p.id, why);
  return movePayment(ctx, p.id, to, {
    source: `${why} (cancel: ${intent.status})`,
    intentId: intent.id,
    amount: intent.amount,
    reference: to === 'SUCCEEDED' ? await chargeReference(stripe, intent) : null,
  });
}

/** A declined attempt's intent was cancelled at Stripe: it stays FAILED, no longer open (no secret). */
function closeDeclined(ctx: RequestContext, paymentId: number, why: string) {
  return transaction(ctx, async (tx) => {
    const p = await lockPayment(tx, paymentId);
    if (p?.status !== 'FAILED' || p.clientSecret === null) return p;
    await audit(tx, { entity: 'payment', id: p.id, action: 'stripe', after: { intent: 'canceled', event: why } });
    return repo.updatePayment(tx.db, p.id, { clientSecret: null });
  });
}

/** The intents of attempts already cancelled here, cancelled at Stripe; never throws. */
async function cancelAtStripeLater(ctx: RequestContext, canceled: repo.PaymentRecord[]) {
  for (const p of canceled) {
    try {
      // A success applied meanwhile (the customer's confirmation raced the check) is not cancelled.
      const now = await repo.paymentById(ctx.db, p.id);
      if (!now || (now.status !== p.status && now.status !== 'CANCELED')) continue;
      await cancelAtStripe(ctx, now, 'paid by other means');
    } catch (err) {
      // The payment is recorded and the attempt cancelled here; a late success becomes credit.
      ctx.log.warn({ err, payment: p.id }, 'could not cancel an open intent at Stripe');
    }
  }
}

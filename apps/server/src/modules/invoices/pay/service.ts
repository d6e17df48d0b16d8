import type { paymentListQuerySchema } from '@cab/shared';
import {
  type Cents,
  INVOICE_CODES,
  INVOICE_TEXT,
  MANUAL_PAY_METHODS,
  type PayBody,
  parseMoney,
  STRIPE_PAY_METHODS,
  toPaged,
} from '@cab/shared';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Ctx, RequestContext } from '../../../kit/context.ts';
import { AppError, badRequest, fieldError, notFound } from '../../../kit/errors.ts';
import { pageWindow } from '../../../kit/list.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { assertReaches, money, partyScope } from '../common.ts';
import { post, reverseOnMilestones } from '../ledger.ts';
import { paymentsToWire } from '../read/service.ts';
import * as repo from '../repository.ts';
import { queueReceipt } from './receipt-mail.ts';
import { requireStripe, verifiedEvent } from './stripe.ts';

/**
 * Paying a milestone (issue 17): ADMIN records CHECK, CASH and WIRE and applies CREDIT, which
 * succeed at once; CARD and ACH go through a Stripe PaymentIntent and are applied only when
 * Stripe says so (the webhook). The same idempotency_key answers the same payment and changes
 * nothing; every payment writes an audit event.
 */

const partyOf = (inv: { customerId: number; companyId: number | null }) => ({
  customerId: inv.customerId,
  companyId: inv.companyId,
});

async function answer(ctx: Ctx | RequestContext, p: repo.PaymentRecord) {
  const [payment] = await paymentsToWire(ctx.db, [p]);
  return { payment: payment!, client_secret: p.clientSecret ?? null };
}

function sameRequest(p: repo.PaymentRecord, milestoneId: number, body: PayBody) {
  if (p.milestoneId !== milestoneId || p.method !== body.method) {
    throw badRequest(INVOICE_CODES.idempotencyReused, INVOICE_TEXT.idempotencyReused);
  }
}

export async function payMilestone(ctx: Ctx, milestoneId: number, body: PayBody) {
  const admin = ctx.actor.role === 'ADMIN';
  const stripeMethod = STRIPE_PAY_METHODS.includes(body.method);
  const figures = await repo.milestoneFigures(ctx.db, milestoneId);
  if (!figures) throw notFound();
  const invoice = await repo.invoiceById(ctx.db, figures.invoiceId);
  assertReaches(ctx.actor, invoice);
  if (MANUAL_PAY_METHODS.includes(body.method) && !admin) {
    throw fieldError(INVOICE_CODES.methodNotAllowed, 'method', INVOICE_TEXT.methodNotAllowed);
  }
  if (body.idempotency_key) {
    const known = await repo.paymentByKey(ctx.db, body.idempotency_key);
    if (known) {
      sameRequest(known, milestoneId, body);
      return answer(ctx, known);
    }
  }
  const stripe = stripeMethod ? requireStripe(ctx.config) : null;

  return transaction(ctx, async (tx) => {
    await repo.lockMilestone(tx.db, milestoneId);
    // A double click waited on the lock above: the first click's payment is the answer.
    if (body.idempotency_key) {
      const known = await repo.paymentByKey(tx.db, body.idempotency_key);
      if (known) {
        sameRequest(known, milestoneId, body);
        return answer(tx, known);
      }
    }
    const m = (await repo.milestoneFigures(tx.db, milestoneId))!;
    if (m.voided || m.balance <= 0) throw badRequest(INVOICE_CODES.milestoneClosed, INVOICE_TEXT.milestoneClosed);
    const amount = (body.amount === undefined ? m.balance : parseMoney(body.amount)!) as Cents;
    if (amount > m.balance) {
      throw fieldError(INVOICE_CODES.amountTooLarge, 'amount', INVOICE_TEXT.amountTooLarge(money(m.balance)));
    }
    const inv = invoice!;
    const party = partyOf(inv);
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
    let bank: repo.BankRecord | null = null;
    if (body.method === 'ACH') {
      if (!body.bank) throw fieldError(INVOICE_CODES.bankRequired, 'bank', INVOICE_TEXT.bankRequired);
      bank = await repo.bankById(tx.db, body.bank);
      const owns =
        bank && (bank.userId === ctx.actor.id || (bank.companyId !== null && bank.companyId === ctx.actor.companyId));
      if (!bank || !owns) throw fieldError(INVOICE_CODES.bankRequired, 'bank', INVOICE_TEXT.bankRequired);
      if (bank.status !== 'VERIFIED' || !bank.stripePaymentMethodId) {
        throw fieldError(INVOICE_CODES.bankNotVerified, 'bank', INVOICE_TEXT.bankNotVerified);
      }
    }

    const manual = !stripeMethod;
    const inserted = await repo.insertPayment(tx.db, {
      milestoneId: m.id,
      invoiceId: inv.id,
      orderId: inv.orderId,
      customerId: inv.customerId,
      companyId: inv.companyId,
      method: body.method,
      amount,
      status: manual ? 'SUCCEEDED' : 'PENDING',
      bankAccountId: bank?.id ?? null,
      creditMemoId: memo?.id ?? null,
      reference: body.reference ?? '',
      notes: body.notes ?? '',
      receivedOn: manual ? (body.received_on ?? null) : null,
      receivedAt: manual ? (ctx.at ?? new Date()) : null,
      idempotencyKey: body.idempotency_key ?? null,
      createdById: ctx.actor.id,
    });
    if (!inserted) {
      const known = (await repo.paymentByKey(tx.db, body.idempotency_key!))!;
      sameRequest(known, milestoneId, body);
      return answer(tx, known);
    }
    let payment = inserted;
    if (body.method === 'CREDIT') {
      await post(tx, party, [
        { kind: 'ALLOCATION', amount: -amount, milestone: target, paymentId: payment.id, creditMemoId: memo!.id },
        { kind: 'ALLOCATION', amount, paymentId: payment.id, creditMemoId: memo!.id },
      ]);
    } else if (manual) {
      await post(tx, party, [
        { kind: 'PAYMENT', amount: -amount, milestone: target, paymentId: payment.id, effectiveDate: body.received_on },
      ]);
      await queueReceipt(tx, payment, inv);
    } else {
      const intent = await stripe!.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          allowed_payment_method_types: body.method === 'CARD' ? ['card'] : ['us_bank_account'],
          ...(bank
            ? {
                payment_method: bank.stripePaymentMethodId!,
                ...(bank.stripeCustomerId ? { customer: bank.stripeCustomerId } : {}),
              }
            : {}),
          description: `${inv.number} ${m.label}`,
          metadata: { payment_id: String(payment.id), milestone_id: String(m.id), invoice: inv.number },
        },
        { idempotencyKey: `payment-${payment.id}` },
      );
      payment = await repo.updatePayment(tx.db, payment.id, {
        stripePaymentIntentId: intent.id,
        clientSecret: intent.client_secret,
      });
    }
    await audit(tx, {
      entity: 'payment',
      id: payment.id,
      action: 'create',
      after: {
        method: payment.method,
        amount: money(amount),
        status: payment.status,
        milestone: m.id,
        invoice: inv.number,
        credit_memo: memo?.id ?? null,
        reference: payment.reference,
      },
    });
    return answer(tx, payment);
  });
}

const ERR_VALIDATION = 'validation_error';

/**
 * Applies what Stripe says of a PaymentIntent to its payment, once: the payment row is locked and
 * its status decides (a SUCCEEDED payment is never posted twice).
 */
export async function applyIntent(ctx: RequestContext, intent: Stripe.PaymentIntent, eventType: string) {
  const payment = await repo.paymentByIntent(ctx.db, intent.id, true);
  if (!payment) return null;
  const invoice = (await repo.invoiceById(ctx.db, payment.invoiceId))!;
  const party = partyOf(invoice);
  const before = payment.status;
  let next = payment.status;
  if (eventType === 'payment_intent.succeeded' || intent.status === 'succeeded') {
    if (payment.status === 'SUCCEEDED' || payment.status === 'REVERSED') return payment;
    if (intent.amount !== payment.amount) return payment;
    await post(ctx, party, [
      {
        kind: 'PAYMENT',
        amount: -payment.amount,
        milestone: { id: payment.milestoneId, invoiceId: payment.invoiceId, orderId: payment.orderId },
        paymentId: payment.id,
      },
    ]);
    next = 'SUCCEEDED';
  } else if (eventType === 'payment_intent.processing' || intent.status === 'processing') {
    if (payment.status === 'PENDING') next = 'PROCESSING';
  } else if (eventType === 'payment_intent.payment_failed' || eventType === 'payment_intent.canceled') {
    if (payment.status === 'SUCCEEDED') {
      await reverseOnMilestones(ctx, party, { paymentId: payment.id }, 'failed after it succeeded');
      next = 'REVERSED';
    } else if (payment.status === 'PENDING' || payment.status === 'PROCESSING') next = 'FAILED';
  }
  if (next === before) return payment;
  const updated = await repo.updatePayment(ctx.db, payment.id, {
    status: next,
    ...(next === 'SUCCEEDED' ? { receivedAt: ctx.at ?? new Date() } : {}),
    ...(next === 'FAILED' ? { failureMessage: intent.last_payment_error?.message ?? null } : {}),
  });
  if (next === 'SUCCEEDED') await queueReceipt(ctx, updated, invoice);
  await audit(ctx, {
    entity: 'payment',
    id: payment.id,
    action: 'stripe',
    before: { status: before },
    after: { status: next, event: eventType, payment_intent: intent.id },
  });
  return updated;
}

/** POST payments/stripe/webhook/: verified on the raw body, recorded by event id, applied once. */
export async function stripeWebhook(ctx: RequestContext, raw: Buffer | string, signature: string | undefined) {
  const event = verifiedEvent(ctx.config, raw, signature);
  if (!event) throw new AppError(400, INVOICE_CODES.webhookSignature, INVOICE_TEXT.webhookSignature);
  await transaction(ctx, async (tx) => {
    // Two servers receiving the same event: the second waits on this row and then skips.
    if (!(await repo.claimStripeEvent(tx.db, event.id, event.type, event))) return;
    if (event.type.startsWith('payment_intent.')) {
      await applyIntent(tx, event.data.object as Stripe.PaymentIntent, event.type);
    } else if (event.type === 'setup_intent.succeeded') {
      const si = event.data.object as Stripe.SetupIntent;
      const bank = await repo.bankBySetupIntent(tx.db, si.id);
      if (bank && bank.status !== 'VERIFIED') {
        await repo.updateBank(tx.db, bank.id, {
          status: 'VERIFIED',
          stripePaymentMethodId:
            typeof si.payment_method === 'string' ? si.payment_method : (si.payment_method?.id ?? null),
        });
        await audit(tx, { entity: 'bank_account', id: bank.id, action: 'verify', after: { status: 'VERIFIED' } });
      }
    }
  });
  return { received: true };
}

export async function listPayments(ctx: Ctx, query: z.output<typeof paymentListQuerySchema>) {
  const scope = partyScope(ctx.actor);
  const page = await repo.paymentPage(
    ctx.db,
    {
      customerId: scope?.customerId ?? null,
      companyId: scope?.companyId ?? null,
      customer: query.customer,
      company: query.company,
      order: query.order,
      invoice: query.invoice,
      method: query.method,
      status: query.status,
    },
    pageWindow(query),
    !(query.order_by ?? '-created_at').startsWith('created_at'),
  );
  const wire = await paymentsToWire(ctx.db, page.rows);
  return toPaged({ rows: wire, total: page.total }, (p) => p);
}

export async function paymentForReceipt(ctx: Ctx, id: number) {
  const p = await repo.paymentById(ctx.db, id);
  assertReaches(ctx.actor, p);
  const [wire] = await paymentsToWire(ctx.db, [p!]);
  return wire!;
}

import { type Cents, INVOICE_CODES, INVOICE_TEXT } from '@cab/shared';
import type Stripe from 'stripe';
import type { RequestContext } from '../../../kit/context.ts';
import { AppError } from '../../../kit/errors.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import * as repo from '../repository.ts';
import { statusOfEvent } from './moves.ts';
import { recordStripeRefund } from './refund.ts';
import { movePayment } from './settle.ts';
import { bankOfMethod, chargeReference, stripeOf, verifiedEvent } from './stripe.ts';

/**
 * POST payments/stripe/webhook/: verified on the raw body, recorded by event id (a second
 * delivery changes nothing), then applied by the table of moves (moves.ts), so events may come
 * in any order: a late `payment_failed` after the success is recorded and ignored.
 */
export async function stripeWebhook(ctx: RequestContext, raw: Buffer | string, signature: string | undefined) {
  const event = verifiedEvent(ctx.config, raw, signature);
  if (!event) throw new AppError(400, INVOICE_CODES.webhookSignature, INVOICE_TEXT.webhookSignature);
  const object = (event as { data?: { object?: unknown } }).data?.object;
  if (!object || typeof object !== 'object') {
    throw new AppError(400, INVOICE_CODES.webhookInvalid, INVOICE_TEXT.webhookInvalid);
  }
  // What the event needs from Stripe is asked first: no network call inside the transaction.
  const asked = await askStripe(ctx, event);
  // Claimed and applied in one transaction: a failure leaves the event unclaimed for Stripe's
  // retry; two servers receiving it at once, the second waits on the claim and then skips.
  await transaction(ctx, async (tx) => {
    if (await repo.claimStripeEvent(tx.db, event.id, event.type, event)) await applyEvent(tx, event, asked);
  });
  return { received: true };
}

/** What Stripe's event objects leave out: a success's card or bank and charge, a bank's name and last 4. */
interface Asked {
  reference?: string;
  bank?: { bankName: string; last4: string } | null;
}

async function askStripe(ctx: RequestContext, event: Stripe.Event): Promise<Asked> {
  const stripe = stripeOf(ctx.config);
  if (!stripe) return {};
  if (event.type === 'payment_intent.succeeded') {
    return { reference: await chargeReference(stripe, event.data.object) };
  }
  if (event.type === 'setup_intent.succeeded') {
    const pm = event.data.object.payment_method;
    const pmId = typeof pm === 'string' ? pm : (pm?.id ?? null);
    return { bank: pmId ? await bankOfMethod(stripe, pmId) : null };
  }
  return {};
}

const intentIdOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

async function applyEvent(ctx: RequestContext, event: Stripe.Event, asked: Asked) {
  const type = event.type as string;
  if (type.startsWith('payment_intent.')) {
    const intent = event.data.object as Stripe.PaymentIntent;
    const payment = await paymentOfIntent(ctx, intent.id, intent.metadata);
    const to = statusOfEvent(type);
    if (payment && to) {
      await movePayment(ctx, payment.id, to, {
        source: type,
        intentId: intent.id,
        amount: to === 'SUCCEEDED' ? intent.amount : null,
        failureMessage: intent.last_payment_error?.message ?? null,
        reference: asked.reference ?? null,
      });
    }
  } else if (type === 'charge.dispute.created' || type === 'charge.dispute.closed') {
    const dispute = event.data.object as Stripe.Dispute;
    const payment = await paymentOfIntent(ctx, intentIdOf(dispute.payment_intent));
    if (!payment) return;
    if (type === 'charge.dispute.created') {
      await movePayment(ctx, payment.id, 'DISPUTED', { source: type, reason: dispute.reason });
    } else if (dispute.status === 'won') {
      // A dispute won: the money is the shop's again.
      await movePayment(ctx, payment.id, 'SUCCEEDED', { source: type });
    }
  } else if (type === 'refund.created' || type === 'refund.updated' || type === 'charge.refund.updated') {
    await applyRefund(ctx, event.data.object as Stripe.Refund);
  } else if (type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    for (const r of charge.refunds?.data ?? []) await applyRefund(ctx, r);
  } else if (type === 'setup_intent.succeeded') {
    await verifyBank(ctx, event.data.object as Stripe.SetupIntent, asked.bank ?? null);
  }
}

/** Our payment of an intent: by the intent id, else by the key in its metadata (recorded late). */
async function paymentOfIntent(ctx: RequestContext, intentId: string | null, metadata?: Stripe.Metadata | null) {
  if (!intentId) return null;
  const byIntent = await repo.paymentByIntent(ctx.db, intentId);
  if (byIntent) return byIntent;
  const id = Number(metadata?.payment_id);
  const p = Number.isSafeInteger(id) ? await repo.paymentById(ctx.db, id) : null;
  return p && p.stripeKey === metadata?.payment_key ? p : null;
}

/**
 * A refund as Stripe has it. One we did not ask for (given in Stripe's dashboard) is recorded
 * as ours would be, so the books match the bank.
 */
async function applyRefund(ctx: RequestContext, r: Stripe.Refund) {
  let ours = await repo.refundByStripeId(ctx.db, r.id);
  const id = Number(r.metadata?.refund_id);
  if (!ours && Number.isSafeInteger(id)) {
    const candidate = await repo.refundById(ctx.db, id);
    if (candidate && candidate.stripeKey === r.metadata?.refund_key) ours = candidate;
  }
  if (!ours) {
    const payment = await paymentOfIntent(ctx, intentIdOf(r.payment_intent));
    if (!payment) return;
    ours = await transaction(ctx, async (tx) => {
      const made = (await repo.insertRefund(tx.db, {
        paymentId: payment.id,
        amount: r.amount as Cents,
        reason: r.reason ? `Refunded in Stripe (${r.reason})` : 'Refunded in Stripe',
        stripeRefundId: r.id,
      }))!;
      await audit(tx, { entity: 'refund', id: made.id, action: 'stripe', after: { refund: r.id, status: r.status } });
      return made;
    });
  }
  await recordStripeRefund(ctx, ours.id, r);
}

async function verifyBank(ctx: RequestContext, si: Stripe.SetupIntent, details: Asked['bank']) {
  await transaction(ctx, async (tx) => {
    const bank = await repo.bankBySetupIntent(tx.db, si.id);
    if (!bank || bank.status === 'VERIFIED') return;
    await repo.updateBank(tx.db, bank.id, {
      status: 'VERIFIED',
      bankName: details?.bankName || bank.bankName,
      last4: details?.last4 || bank.last4,
      stripePaymentMethodId:
        typeof si.payment_method === 'string' ? si.payment_method : (si.payment_method?.id ?? null),
    });
    await audit(tx, { entity: 'bank_account', id: bank.id, action: 'verify', after: { status: 'VERIFIED' } });
  });
}

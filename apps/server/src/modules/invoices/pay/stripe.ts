import { INVOICE_CODES, INVOICE_TEXT } from '@cab/shared';
import Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import { badRequest } from '../../../kit/errors.ts';

/**
 * The Stripe client (the official SDK), one per key and API address; null without a secret key.
 * STRIPE_API_BASE points it at another address (the tests' local fake).
 */
const clients = new Map<string, Stripe>();

export function stripeOf(config: Config): Stripe | null {
  const key = config.stripe.secretKey;
  if (!key) return null;
  const cacheKey = `${key}|${config.stripe.apiBase ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, telemetry: false };
    if (config.stripe.apiBase) {
      const url = new URL(config.stripe.apiBase);
      options.host = url.hostname;
      options.port = url.port || (url.protocol === 'https:' ? 443 : 80);
      options.protocol = url.protocol === 'https:' ? 'https' : 'http';
    }
    client = new Stripe(key, options);
    clients.set(cacheKey, client);
  }
  return client;
}

/** The client, or 400 stripe_not_configured. */
export function requireStripe(config: Config): Stripe {
  const client = stripeOf(config);
  if (!client) throw badRequest(INVOICE_CODES.stripeNotConfigured, INVOICE_TEXT.stripeNotConfigured);
  return client;
}

/** How far a webhook's signature time may be from now, either way (Stripe's default, 5 minutes). */
const WEBHOOK_TOLERANCE_S = 300;

/** Verifies a webhook's signature on its raw body and time; null when it does not hold. */
export function verifiedEvent(
  config: Config,
  raw: Buffer | string,
  signature: string | undefined,
): Stripe.Event | null {
  const secret = config.stripe.webhookSecret;
  if (!secret || !signature) return null;
  try {
    // The SDK's own verification works without an API key.
    const event = Stripe.webhooks.constructEvent(raw, signature, secret, WEBHOOK_TOLERANCE_S);
    // The SDK refuses a signature older than the tolerance, not one from the future: both are refused.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
    return Math.abs(Date.now() / 1000 - signedAt) <= WEBHOOK_TOLERANCE_S ? event : null;
  } catch {
    return null;
  }
}

/**
 * The PaymentIntent of a payment, made or found again: the Idempotency-Key is the payment's own
 * UUID (unique beyond this database) and the parameters come from its rows alone, so a retry, a
 * second server or the finisher gets the very same intent (issue 27). Called outside any
 * transaction (docs/conventions.md "No network call inside a transaction").
 */
export function intentFor(
  stripe: Stripe,
  p: { id: number; stripeKey: string; amount: number; method: string; milestoneId: number },
  labels: { invoice: string; milestone: string },
  bank: { stripePaymentMethodId: string | null; stripeCustomerId: string | null } | null,
) {
  return stripe.paymentIntents.create(
    {
      amount: p.amount,
      currency: 'usd',
      allowed_payment_method_types: p.method === 'CARD' ? ['card'] : ['us_bank_account'],
      ...(bank?.stripePaymentMethodId
        ? {
            payment_method: bank.stripePaymentMethodId,
            ...(bank.stripeCustomerId ? { customer: bank.stripeCustomerId } : {}),
          }
        : {}),
      description: `${labels.invoice} ${labels.milestone}`,
      metadata: {
        payment_id: String(p.id),
        payment_key: p.stripeKey,
        milestone_id: String(p.milestoneId),
        invoice: labels.invoice,
      },
    },
    { idempotencyKey: p.stripeKey },
  );
}

/**
 * Cancels an intent; when Stripe refuses (it succeeded or is processing meanwhile) the intent as
 * it stands is the answer, for the caller to apply.
 */
export async function cancelIntent(stripe: Stripe, intentId: string): Promise<Stripe.PaymentIntent> {
  try {
    return await stripe.paymentIntents.cancel(intentId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError) return stripe.paymentIntents.retrieve(intentId);
    throw err;
  }
}

/** A refund at Stripe, keyed by the refund's own UUID (a retry finds the same refund). */
export function refundAtStripe(stripe: Stripe, r: { id: number; stripeKey: string; amount: number }, intentId: string) {
  return stripe.refunds.create(
    { payment_intent: intentId, amount: r.amount, metadata: { refund_id: String(r.id), refund_key: r.stripeKey } },
    { idempotencyKey: r.stripeKey },
  );
}

/** Stripe could not be reached or answered with a server error: nothing is known to be charged. */
export function isStripeOutage(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError
  );
}

/** A bank payment method's bank name and last 4; null when Stripe cannot say now (kept as it was). */
export async function bankOfMethod(stripe: Stripe, paymentMethodId: string) {
  try {
    const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
    return { bankName: pm.us_bank_account?.bank_name ?? '', last4: pm.us_bank_account?.last4 ?? '' };
  } catch {
    return null;
  }
}

const BRANDS: Readonly<Record<string, string>> = {
  amex: 'Amex',
  diners: 'Diners',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/**
 * The reference of a card or bank payment Stripe took, to reconcile it with Stripe's dashboard and
 * payouts: "Visa ···4242 ch_…" (card brand or bank name, last 4, the charge id). Asked of Stripe
 * outside any transaction; when Stripe cannot say now, the charge id alone (or '').
 */
export async function chargeReference(stripe: Stripe, intent: Pick<Stripe.PaymentIntent, 'latest_charge'>) {
  const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? '');
  if (!chargeId) return '';
  let charge: Stripe.Charge | null = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (!charge?.payment_method_details) charge = await stripe.charges.retrieve(chargeId).catch(() => null);
  const details = charge?.payment_method_details;
  const card = details?.card;
  const bank = details?.us_bank_account;
  const what = card
    ? `${BRANDS[card.brand ?? ''] ?? card.brand ?? ''} ···${card.last4 ?? ''}`
    : bank
      ? `${bank.bank_name ?? ''} ···${bank.last4 ?? ''}`
      : '';
  return `${what.trim()} ${chargeId}`.trim();
}

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

/** Verifies a webhook's signature on its raw body; null when it does not hold. */
export function verifiedEvent(
  config: Config,
  raw: Buffer | string,
  signature: string | undefined,
): Stripe.Event | null {
  const secret = config.stripe.webhookSecret;
  if (!secret || !signature) return null;
  try {
    // The SDK's own verification works without an API key.
    return Stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    return null;
  }
}

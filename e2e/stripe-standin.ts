import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import type { FakeStripe } from '../apps/server/test/fake-stripe.ts';

/**
 * Stripe in the browser tests (issue 27): a stand-in of Stripe.js served at its real address, and
 * Stripe's API answered here, for the page only. Nothing defines `window.Stripe` in the page: the
 * app's loadStripe adds <script src="https://js.stripe.com/...">, the browser applies the app's
 * Content-Security-Policy to it, to the Payment Element's frame and to the calls to api.stripe.com,
 * and only what the policy admits reaches these routes. The server keeps talking to the local fake
 * (STRIPE_API_BASE); a confirmation here moves the fake's intent and delivers Stripe's signed
 * webhook to the server, as Stripe would.
 */

const DIR = path.join(import.meta.dirname, 'stripe-standin');
const file = (name: string) => readFileSync(path.join(DIR, name), 'utf8');

/** The card numbers of Stripe's test mode the stand-in knows: this one is declined. */
const DECLINED_CARD = '4000000000000002';

export interface StripeStandin {
  /** Every request that reached https://js.stripe.com or https://api.stripe.com, in order. */
  requests: { url: string; method: string; form: Record<string, string> }[];
  /** The statuses the server answered the webhooks delivered so far. */
  webhooks: { type: string; status: number }[];
  /** Delivers `type` for the fake's intent `id` (e.g. a bank payment settling days later). */
  settle(id: string, status: string, type: string): Promise<number>;
}

const CORS = { 'access-control-allow-origin': '*' };

export async function serveStripeStandin(
  page: Page,
  {
    fake,
    server,
    beforeConfirm,
  }: {
    fake: FakeStripe;
    server: string;
    /** Awaited before a payment confirmation is answered (holds one tab while another pays). */
    beforeConfirm?: () => Promise<void>;
  },
): Promise<StripeStandin> {
  const requests: StripeStandin['requests'] = [];
  const webhooks: StripeStandin['webhooks'] = [];

  const deliver = async (type: string, object: Record<string, unknown>) => {
    const { payload, signature } = fake.event(type, object);
    const res = await fetch(`${server}/api/payments/stripe/webhook/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    webhooks.push({ type, status: res.status });
    return res.status;
  };
  const settle = (id: string, status: string, type: string) => deliver(type, fake.setIntentStatus(id, status));

  const error = (route: Route, status: number, err: Record<string, string>) =>
    route.fulfill({ status, headers: CORS, contentType: 'application/json', body: JSON.stringify({ error: err }) });

  await page.route('https://js.stripe.com/**', (route) => {
    const url = new URL(route.request().url());
    requests.push({ url: url.href, method: route.request().method(), form: {} });
    if (/^\/(v3\/?|[a-z]+\/stripe\.js)$/.test(url.pathname)) {
      return route.fulfill({ contentType: 'text/javascript', body: file('stripe.js') });
    }
    if (url.pathname === '/v3/elements-inner-payment-standin.html') {
      return route.fulfill({ contentType: 'text/html', body: file('payment-element.html') });
    }
    if (url.pathname === '/v3/linked-accounts-inner-standin.html') {
      return route.fulfill({ contentType: 'text/html', body: file('bank.html') });
    }
    return route.fulfill({ status: 404, body: 'not in the stand-in' });
  });

  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    // Stripe.js sends the key and client secret in the body of a POST, in the query of a GET.
    const form = Object.fromEntries(new URLSearchParams(request.postData() ?? url.search));
    requests.push({ url: url.href, method: request.method(), form });
    if (!form.key?.startsWith('pk_')) {
      return error(route, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    const readIntent = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/)?.[1];
    if (request.method() === 'GET' && readIntent) {
      const intent = fake.intents.get(readIntent);
      if (!intent || intent.client_secret !== form.client_secret) {
        return error(route, 404, { type: 'invalid_request_error', message: 'No such payment_intent' });
      }
      return route.fulfill({ headers: CORS, contentType: 'application/json', body: JSON.stringify(intent) });
    }
    const confirmIntent = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/)?.[1];
    const confirmSetup = url.pathname.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/)?.[1];
    if (request.method() === 'POST' && confirmIntent) {
      await beforeConfirm?.();
      const intent = fake.intents.get(confirmIntent);
      if (!intent || intent.client_secret !== form.client_secret) {
        return error(route, 404, { type: 'invalid_request_error', message: 'No such payment_intent' });
      }
      // As Stripe: an intent already paid (another tab) or cancelled cannot be confirmed again.
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
        return error(route, 400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent's status is ${intent.status}.`,
        });
      }
      let answer: Record<string, unknown>;
      if (form['payment_method_data[type]'] === 'card') {
        if (form['payment_method_data[card][number]'] === DECLINED_CARD) {
          await settle(confirmIntent, 'requires_payment_method', 'payment_intent.payment_failed');
          return error(route, 402, { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
        }
        await settle(confirmIntent, 'succeeded', 'payment_intent.succeeded');
        answer = fake.intents.get(confirmIntent)!;
      } else {
        // A bank debit (the intent carries the verified account): processing until the bank settles.
        if (!intent.payment_method) {
          return error(route, 400, { type: 'invalid_request_error', message: 'Missing payment method' });
        }
        await settle(confirmIntent, 'processing', 'payment_intent.processing');
        answer = fake.intents.get(confirmIntent)!;
      }
      return route.fulfill({ headers: CORS, contentType: 'application/json', body: JSON.stringify(answer) });
    }
    if (request.method() === 'POST' && confirmSetup) {
      if (!form['payment_method_data[us_bank_account][account_number]']) {
        return error(route, 400, { type: 'invalid_request_error', message: 'Missing account number' });
      }
      const body = {
        id: confirmSetup,
        object: 'setup_intent',
        status: 'requires_action',
        next_action: { type: 'verify_with_microdeposits', verify_with_microdeposits: { microdeposit_type: 'amounts' } },
      };
      return route.fulfill({ headers: CORS, contentType: 'application/json', body: JSON.stringify(body) });
    }
    return error(route, 404, { type: 'invalid_request_error', message: 'Not in the stand-in' });
  });

  return { requests, webhooks, settle };
}

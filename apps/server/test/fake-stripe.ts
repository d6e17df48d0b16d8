import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the Stripe endpoints the invoices module calls (customers, payment intents,
 * setup intents with micro-deposits, payment methods, charges, refunds), for the official SDK pointed at it with
 * STRIPE_API_BASE. It honours Idempotency-Key as Stripe does (the first answer is replayed), and
 * signs webhook events with the SDK's own test helper. Cancels and refunds intents; can answer slowly
 * (`latencyMs`) or not at all (`down`). Lists payouts and the balance transactions in each (issue
 * 34), their sources expanded as `expand[]=data.source` asks.
 */

export const FAKE_WEBHOOK_SECRET = 'whsec_fake_secret';
export const FAKE_SECRET_KEY = 'sk_test_fake';
/** The micro-deposits the fake "sent" (cents). */
const FAKE_DEPOSITS = [32, 45];

type Obj = Record<string, unknown>;

/** Stripe's form encoding -> nested object (a[b]=1, a[0]=x). */
function parseForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let at: Obj = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else {
        at[part] ??= {};
        at = at[part] as Obj;
      }
    });
  }
  return out;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text));
  });

export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; body: Obj; idempotencyKey: string | undefined }[];
  intents: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** Every answer waits this long (a slow Stripe: the bench's 300 ms). */
  latencyMs: number;
  /** While true, every call's connection is dropped (Stripe unreachable). */
  down: boolean;
  /** The status new refunds get ('succeeded' as in test mode, or 'pending' for a bank's). */
  refundStatus: string;
  /** A signed webhook delivery of `type` for `object`: the raw payload and its Stripe-Signature header. */
  event(type: string, object: Obj, id?: string): { payload: string; signature: string };
  /**
   * A payout arriving on `arrivalDate` (YYYY-MM-DD, UTC noon) carrying `lines`: a charge of an
   * intent (Stripe's fee taken), a refund, or anything else (`type` and a bare source).
   */
  addPayout(
    arrivalDate: string,
    lines: (
      | { intent: string; amount: number; fee: number }
      | { refund: string }
      | { type: string; amount: number; fee: number }
    )[],
  ): Obj;
  /** Marks an intent with a new status (as Stripe would after the browser confirmed it). */
  setIntentStatus(id: string, status: string): Obj;
  close(): Promise<void>;
}

export async function startFakeStripe(options: { latencyMs?: number } = {}): Promise<FakeStripe> {
  let seq = 0;
  const refunds = new Map<string, Obj>();
  const next = (prefix: string) => `${prefix}_fake${++seq}`;
  const intents = new Map<string, Obj>();
  const setups = new Map<string, Obj>();
  const replies = new Map<string, { status: number; json: Obj }>();
  const requests: FakeStripe['requests'] = [];
  const payouts: Obj[] = [];
  const balance: Obj[] = [];
  const list = (url: string, data: Obj[]) => ({ status: 200, json: { object: 'list', url, has_more: false, data } });

  const handle = (method: string, path: string, form: Obj): { status: number; json: Obj } => {
    const intentOf = path.match(/^\/v1\/payment_intents\/([^/]+)$/)?.[1];
    const verifyOf = path.match(/^\/v1\/setup_intents\/([^/]+)\/verify_microdeposits$/)?.[1];
    const methodOf = path.match(/^\/v1\/payment_methods\/([^/]+)$/)?.[1];
    if (method === 'POST' && path === '/v1/customers')
      return { status: 200, json: { id: next('cus'), object: 'customer' } };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = next('pi');
      const pi = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        status: form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        metadata: form.metadata ?? {},
        payment_method: form.payment_method ?? null,
        payment_method_types: Object.values((form.allowed_payment_method_types as Obj) ?? {}),
      };
      intents.set(id, pi);
      return { status: 200, json: pi };
    }
    const cancelOf = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)?.[1];
    if (method === 'POST' && cancelOf) {
      const pi = intents.get(cancelOf);
      if (!pi) return notFound();
      if (pi.status === 'succeeded' || pi.status === 'processing' || pi.status === 'canceled') {
        return {
          status: 400,
          json: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
            },
          },
        };
      }
      pi.status = 'canceled';
      return { status: 200, json: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(String(form.payment_intent));
      if (!pi) return notFound();
      const id = next('re');
      const refund = {
        id,
        object: 'refund',
        amount: Number(form.amount ?? pi.amount),
        status: fake.refundStatus,
        payment_intent: pi.id,
        metadata: form.metadata ?? {},
        reason: null,
      };
      refunds.set(id, refund);
      return { status: 200, json: refund };
    }
    const chargeOf = path.match(/^\/v1\/charges\/([^/]+)$/)?.[1];
    if (method === 'GET' && chargeOf) {
      const pi = [...intents.values()].find((i) => i.latest_charge === chargeOf);
      if (!pi) return notFound();
      const bank = (pi.payment_method_types as string[]).includes('us_bank_account');
      const details = bank
        ? { type: 'us_bank_account', us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' } }
        : { type: 'card', card: { brand: 'visa', last4: '4242' } };
      return {
        status: 200,
        json: { id: chargeOf, object: 'charge', payment_intent: pi.id, payment_method_details: details },
      };
    }
    const refundOf = path.match(/^\/v1\/refunds\/([^/]+)$/)?.[1];
    if (method === 'GET' && refundOf) {
      const refund = refunds.get(refundOf);
      return refund ? { status: 200, json: refund } : notFound();
    }
    if (method === 'GET' && path === '/v1/payouts') {
      const gte = Number(form['arrival_date[gte]'] ?? 0);
      const lt = Number(form['arrival_date[lt]'] ?? Number.MAX_SAFE_INTEGER);
      return list(
        path,
        payouts.filter((p) => (p.arrival_date as number) >= gte && (p.arrival_date as number) < lt),
      );
    }
    if (method === 'GET' && path === '/v1/balance_transactions') {
      return list(
        path,
        balance.filter((t) => t.payout === form.payout).map(({ payout: _, ...t }) => t),
      );
    }
    if (method === 'GET' && intentOf) {
      const pi = intents.get(intentOf);
      return pi ? { status: 200, json: pi } : notFound();
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      const si = {
        id,
        object: 'setup_intent',
        status: 'requires_action',
        client_secret: `${id}_secret_fake`,
        payment_method: null,
      };
      setups.set(id, si);
      return { status: 200, json: si };
    }
    if (method === 'POST' && verifyOf) {
      const si = setups.get(verifyOf);
      if (!si) return notFound();
      const amounts = Object.values((form.amounts as Obj) ?? {}).map(Number);
      if (amounts.join(',') !== FAKE_DEPOSITS.join(',')) {
        return {
          status: 400,
          json: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_method_microdeposit_verification_amounts_mismatch',
              message: 'The amounts provided do not match',
            },
          },
        };
      }
      si.status = 'succeeded';
      si.payment_method = next('pm');
      return { status: 200, json: si };
    }
    if (method === 'GET' && methodOf) {
      return {
        status: 200,
        json: {
          id: methodOf,
          object: 'payment_method',
          type: 'us_bank_account',
          us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' },
        },
      };
    }
    return notFound();
  };
  const notFound = () => ({
    status: 404,
    json: { error: { type: 'invalid_request_error', message: 'No such resource' } },
  });

  const server: Server = createServer(async (req, res) => {
    const text = await body(req);
    if (fake.down) {
      req.socket.destroy();
      return;
    }
    if (fake.latencyMs > 0) await new Promise((r) => setTimeout(r, fake.latencyMs));
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(text);
    const key = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, body: form, idempotencyKey: key });
    const replay = key ? replies.get(`${req.method} ${url.pathname} ${key}`) : undefined;
    const reply = replay ?? handle(req.method ?? '', url.pathname, form);
    if (key && !replay) replies.set(`${req.method} ${url.pathname} ${key}`, reply);
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
    res.end(JSON.stringify(reply.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const signer = new Stripe(FAKE_SECRET_KEY);

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    latencyMs: options.latencyMs ?? 0,
    down: false,
    refundStatus: 'succeeded',
    event(type, object, id = next('evt')) {
      const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', data: { object } });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET });
      return { payload, signature };
    },
    addPayout(arrivalDate, lines) {
      const id = next('po');
      const created = Math.floor(Date.parse(`${arrivalDate}T12:00:00Z`) / 1000);
      let total = 0;
      for (const line of lines) {
        let t: Obj;
        if ('intent' in line) {
          const source = { id: next('ch'), object: 'charge', amount: line.amount, payment_intent: line.intent };
          t = { type: 'charge', amount: line.amount, fee: line.fee, source };
        } else if ('refund' in line) {
          const r = refunds.get(line.refund)!;
          const source = { id: r.id, object: 'refund', amount: r.amount, payment_intent: r.payment_intent };
          t = { type: 'refund', amount: -(r.amount as number), fee: 0, source };
        } else t = { type: line.type, amount: line.amount, fee: line.fee, source: next('adj') };
        const net = (t.amount as number) - (t.fee as number);
        total += net;
        balance.push({
          id: next('txn'),
          object: 'balance_transaction',
          created: created - 86_400,
          net,
          payout: id,
          ...t,
        });
      }
      const payout = { id, object: 'payout', amount: total, arrival_date: created, status: 'paid', currency: 'usd' };
      payouts.push(payout);
      balance.push({
        id: next('txn'),
        object: 'balance_transaction',
        type: 'payout',
        amount: -total,
        fee: 0,
        net: -total,
        created,
        source: id,
        payout: id,
      });
      return payout;
    },
    setIntentStatus(id, status) {
      const pi = intents.get(id)!;
      pi.status = status;
      // A success has a charge (its card or bank: GET /v1/charges/{id}).
      if (status === 'succeeded' || status === 'processing') pi.latest_charge ??= `ch_${id}`;
      return pi;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

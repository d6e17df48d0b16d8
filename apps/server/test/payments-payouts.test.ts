import { invoicesApi, parseMoney, payoutsApi } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { approvedOrder, call, paymentRows } from './invoices-helpers.ts';
import { type Fixture, setupFixture, todayLocal } from './orders-lifecycle-helpers.ts';

/**
 * Issue 34: the payouts and deposits a bookkeeper matches against the bank statement. Stripe's
 * payouts (the local fake) with the card payments and refunds in each, gross, Stripe's fees and
 * net, matched to ours by PaymentIntent and refund id or flagged; checks and cash by received day.
 */

let f: Fixture;
let fake: FakeStripe;
const stripe = {
  publishableKey: 'pk_test_fake',
  secretKey: FAKE_SECRET_KEY,
  webhookSecret: FAKE_WEBHOOK_SECRET,
  apiBase: '',
};
beforeAll(async () => {
  fake = await startFakeStripe();
  f = await setupFixture();
  stripe.apiBase = fake.url;
});
afterAll(async () => {
  await f.close();
  await fake.close();
});

const withStripe = () => {
  f.t.app.deps.config.stripe = stripe;
};

async function deliver(e: { payload: string; signature: string }) {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
    payload: e.payload,
  });
  expect(res.statusCode).toBe(200);
}

/** A card payment Stripe took: the intent succeeded and its webhook applied. */
async function paidByCard() {
  const order = await approvedOrder(f);
  const m = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body.milestones[0];
  const res = await call(f, invoicesApi.pay, 'PERSONAL', { params: { id: m.id }, body: { method: 'CARD' } });
  expect(res.status).toBe(201);
  const [row] = await paymentRows(f, m.id);
  await deliver(fake.event('payment_intent.succeeded', fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded')));
  return { payment: res.body.payment, intent: row!.stripePaymentIntentId!, order };
}

describe('payouts', () => {
  it('without Stripe keys says so and lists nothing', async () => {
    const res = await call(f, payoutsApi.payouts, 'ADMIN');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: false, results: [] });
  });

  it('lists each payout with its card payments and refunds matched to ours, fees and net, and flags the rest', async () => {
    withStripe();
    const a = await paidByCard();
    const b = await paidByCard();
    const amountA = parseMoney(a.payment.amount)!;
    const amountB = parseMoney(b.payment.amount)!;
    const refund = await call(f, invoicesApi.refund, 'ADMIN', {
      params: { id: b.payment.id },
      body: { amount: '1.00', reason: 'Scratched door', idempotency_key: `payouts-${b.payment.id}` },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const stripeRefund = [...fake.refunds.values()].at(-1)!.id as string;
    const today = todayLocal();
    const feeA = Math.round(amountA * 0.029) + 30;
    const feeB = Math.round(amountB * 0.029) + 30;
    fake.addPayout(today, [
      { intent: a.intent, amount: amountA, fee: feeA },
      { intent: b.intent, amount: amountB, fee: feeB },
      { refund: stripeRefund },
      { intent: 'pi_not_ours', amount: 5000, fee: 175 },
      { type: 'adjustment', amount: -1500, fee: 0 },
    ]);

    const res = await call(f, payoutsApi.payouts, 'ADMIN', { query: { date_after: today, date_before: today } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.configured).toBe(true);
    const [payout] = res.body.results;
    expect(payout.arrival_date).toBe(today);
    const cents = (w: string) => parseMoney(w)!;
    const gross = amountA + amountB - 100 + 5000 - 1500;
    const fees = feeA + feeB + 175;
    expect(cents(payout.gross)).toBe(gross);
    expect(cents(payout.fees)).toBe(fees);
    expect(cents(payout.net)).toBe(gross - fees);
    expect(cents(payout.amount)).toBe(gross - fees);

    const lines = payout.lines;
    expect(lines).toHaveLength(5);
    const byType = (type: string) => lines.filter((l: any) => l.type === type);
    const [lineA, lineB, stranger] = byType('charge');
    expect(lineA).toMatchObject({ payment_intent: a.intent, flag: null, payment: { id: a.payment.id } });
    expect(cents(lineA.fee)).toBe(feeA);
    expect(cents(lineA.net)).toBe(amountA - feeA);
    expect(lineA.payment.invoice.number).toMatch(/^INV-/);
    expect(lineB).toMatchObject({ flag: null, payment: { id: b.payment.id } });
    expect(stranger).toMatchObject({ payment: null, flag: 'unmatched' });
    expect(byType('refund')[0]).toMatchObject({
      refund: refund.body.refund.id,
      payment: { id: b.payment.id },
      gross: '-1.00',
      flag: null,
    });
    expect(byType('adjustment')[0]).toMatchObject({ flag: 'not_a_payment' });
    expect(payout.flagged).toBe(2);

    // Another range: nothing.
    const none = await call(f, payoutsApi.payouts, 'ADMIN', {
      query: { date_after: '2020-01-01', date_before: '2020-01-31' },
    });
    expect(none.body.results).toEqual([]);
  });

  it('answers 502 stripe_unavailable when Stripe does not answer', async () => {
    withStripe();
    fake.down = true;
    try {
      const res = await call(f, payoutsApi.payouts, 'ADMIN');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('stripe_unavailable');
    } finally {
      fake.down = false;
    }
  });
});

describe('bank deposits', () => {
  it('groups the checks and cash received into one deposit per day', async () => {
    const order = await approvedOrder(f);
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body.milestones[0];
    const record = async (method: string, amount: string, reference: string, received_on: string) => {
      const res = await call(f, invoicesApi.pay, 'ADMIN', {
        params: { id: m.id },
        body: { method, amount, reference, received_on },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.payment;
    };
    const c1 = await record('CHECK', '1.00', 'CHK 1', '2026-02-02');
    const c2 = await record('CHECK', '2.50', 'CHK 2', '2026-02-02');
    const cash = await record('CASH', '0.75', '', '2026-02-03');
    await record('WIRE', '3.00', 'FED 9', '2026-02-03');

    const res = await call(f, payoutsApi.deposits, 'ADMIN', {
      query: { date_after: '2026-02-01', date_before: '2026-02-03' },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((d: any) => [d.date, d.count, d.amount])).toEqual([
      ['2026-02-02', 2, '3.50'],
      ['2026-02-03', 1, '0.75'],
    ]);
    expect(res.body.results[0].payments.map((p: any) => [p.id, p.reference])).toEqual([
      [c1.id, 'CHK 1'],
      [c2.id, 'CHK 2'],
    ]);
    expect(res.body.results[1].payments[0].id).toBe(cash.id);
    expect(res.body.total).toBe('4.25');
  });

  it('refuses a reversed range with a field error', async () => {
    const res = await call(f, payoutsApi.deposits, 'ADMIN', {
      query: { date_after: '2026-02-05', date_before: '2026-02-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.date_after).toBeTruthy();
  });
});

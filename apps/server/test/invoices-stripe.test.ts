import { schema } from '@cab/db';
import { INVOICE_TEXT, invoicesApi, ordersApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { testConfig } from './helpers.ts';
import { approvedOrder, call, ledgerRows, paymentRows, receiptMails } from './invoices-helpers.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';

let f: Fixture;
let fake: FakeStripe;
let second: FastifyInstance;
beforeAll(async () => {
  fake = await startFakeStripe();
  f = await setupFixture();
  const stripe = {
    publishableKey: 'pk_test_fake',
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: FAKE_WEBHOOK_SECRET,
    apiBase: fake.url,
  };
  // The running app's configuration, as if started with the STRIPE_* variables.
  f.t.app.deps.config.stripe = stripe;
  // A second server on the same database: a Stripe event delivered to both applies once.
  second = await buildApp({ db: f.t.handle.db, config: testConfig({ stripe }), logger: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await f.close();
  await fake.close();
});

const deliver = (app: FastifyInstance, e: { payload: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
    payload: e.payload,
  });

async function cardPayment(key?: string) {
  const order = await approvedOrder(f);
  const m = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body.milestones[0];
  const res = await call(f, invoicesApi.pay, 'PERSONAL', {
    params: { id: m.id },
    body: { method: 'CARD', ...(key ? { idempotency_key: key } : {}) },
  });
  expect(res.status).toBe(201);
  return { order, m, res };
}

describe('card payments through Stripe', () => {
  it('a card payment creates a PaymentIntent and waits for Stripe; the signed webhook applies it', async () => {
    const { order, m, res } = await cardPayment();
    expect(res.body.payment).toMatchObject({ method: 'CARD', status: 'PENDING', amount: m.amount });
    expect(res.body.client_secret).toMatch(/_secret_/);
    const [row] = await paymentRows(f, m.id);
    // The intent's Idempotency-Key is the payment's own UUID (a row id repeats across databases).
    const created = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.body.metadata);
    expect(row!.stripeKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created?.idempotencyKey).toBe(row!.stripeKey);
    const pending = (await call(f, ordersApi.detail, 'PERSONAL', { params: { id: order.id } })).body.invoice;
    expect(pending.status).toBe('DUE');

    const pi = fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded');
    const hook = await deliver(f.t.app, fake.event('payment_intent.succeeded', pi));
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true });
    const paid = (await call(f, ordersApi.detail, 'PERSONAL', { params: { id: order.id } })).body.invoice;
    expect(paid).toMatchObject({ status: 'PAID', paid: m.amount });
    const payments = await call(f, invoicesApi.payments, 'PERSONAL', { query: { order: String(order.id) } });
    expect(payments.body.results[0]).toMatchObject({ status: 'SUCCEEDED', method: 'CARD' });
  });

  it('a retried webhook and two servers receiving the same event apply one payment', async () => {
    const { m } = await cardPayment();
    const [row] = await paymentRows(f, m.id);
    const pi = fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded');
    const event = fake.event('payment_intent.succeeded', pi);
    const before = (await ledgerRows(f)).length;
    const mailsBefore = (await receiptMails(f)).length;
    const answers = await Promise.all([deliver(f.t.app, event), deliver(second, event), deliver(f.t.app, event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // The same intent under another event id (Stripe may send succeeded twice): still one entry.
    await deliver(second, fake.event('payment_intent.succeeded', pi));
    const entries = (await ledgerRows(f)).filter((e) => e.paymentId === row!.id);
    expect(entries).toHaveLength(1);
    expect((await ledgerRows(f)).length).toBe(before + 1);
    // One receipt in the outbox.
    expect((await receiptMails(f)).length).toBe(mailsBefore + 1);
    const events = await f.t.handle.db.select().from(schema.stripeEvents);
    expect(events.filter((e) => e.eventId === JSON.parse(event.payload).id)).toHaveLength(1);
  });

  it('a double-clicked pay button (one key) makes one PaymentIntent and one payment', async () => {
    const order = await approvedOrder(f);
    const m = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body.milestones[0];
    const body = { method: 'CARD', idempotency_key: `click-${m.id}` };
    const intentsBefore = fake.intents.size;
    const [a, b] = await Promise.all([
      call(f, invoicesApi.pay, 'PERSONAL', { params: { id: m.id }, body }),
      call(f, invoicesApi.pay, 'PERSONAL', { params: { id: m.id }, body }),
    ]);
    expect(a.body.payment.id).toBe(b.body.payment.id);
    expect(a.body.client_secret).toBe(b.body.client_secret);
    expect(await paymentRows(f, m.id)).toHaveLength(1);
    expect(fake.intents.size).toBe(intentsBefore + 1);
  });

  it('refuses a webhook whose signature does not hold, and changes nothing', async () => {
    const { m } = await cardPayment();
    const [row] = await paymentRows(f, m.id);
    const pi = fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded');
    const event = fake.event('payment_intent.succeeded', pi);
    const tampered = await deliver(f.t.app, {
      payload: event.payload.replace(`"${pi.id}"`, '"pi_other"'),
      signature: event.signature,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('webhook_signature_invalid');
    const unsigned = await f.t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      payload: event.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await paymentRows(f, m.id))[0]!.status).toBe('PENDING');
  });

  it('refuses a webhook signed more than 5 minutes before or after now, and takes one signed 4 minutes off', async () => {
    const { m } = await cardPayment();
    const [row] = await paymentRows(f, m.id);
    const pi = fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded');
    const { payload } = fake.event('payment_intent.succeeded', pi);
    const signedAt = (offsetS: number) => ({
      payload,
      signature: new Stripe(FAKE_SECRET_KEY).webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) + offsetS,
      }),
    });
    for (const offset of [3600, 360, -3600, -360]) {
      const res = await deliver(f.t.app, signedAt(offset));
      expect(res.statusCode, `signed ${offset} s from now`).toBe(400);
      expect(res.json().code).toBe('webhook_signature_invalid');
    }
    expect((await paymentRows(f, m.id))[0]!.status).toBe('PENDING');
    expect((await deliver(f.t.app, signedAt(240))).statusCode).toBe(200);
    expect((await paymentRows(f, m.id))[0]!.status).toBe('SUCCEEDED');
  });

  it('a failed intent marks the payment FAILED; nothing is posted', async () => {
    const { m } = await cardPayment();
    const [row] = await paymentRows(f, m.id);
    const pi = fake.setIntentStatus(row!.stripePaymentIntentId!, 'requires_payment_method');
    await deliver(f.t.app, fake.event('payment_intent.payment_failed', pi));
    expect((await paymentRows(f, m.id))[0]!.status).toBe('FAILED');
    expect((await ledgerRows(f)).filter((e) => e.paymentId === row!.id)).toHaveLength(0);
  });
});

describe('bank accounts (ACH)', () => {
  it('a customer adds a bank through a SetupIntent, verifies it by micro-deposits, and pays by ACH', async () => {
    const created = await call(f, invoicesApi.bankCreate, 'PERSONAL', {
      body: { account_holder_name: 'Pat Personal' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'PENDING_VERIFICATION', account_holder_name: 'Pat Personal' });
    expect(created.body.client_secret).toMatch(/seti_/);
    const wrong = await call(f, invoicesApi.bankVerify, 'PERSONAL', {
      params: { id: created.body.id },
      body: { micro_deposits: ['0.10', '0.20'] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('bank_verification_failed');
    const other = await call(f, invoicesApi.bankVerify, 'BUSINESS_MANAGER', {
      params: { id: created.body.id },
      body: { micro_deposits: ['0.32', '0.45'] },
    });
    expect(other.status).toBe(404);
    const ok = await call(f, invoicesApi.bankVerify, 'PERSONAL', {
      params: { id: created.body.id },
      body: { micro_deposits: ['0.32', '0.45'] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'VERIFIED', last4: '6789', bank_name: 'STRIPE TEST BANK' });
    const admin = await call(f, invoicesApi.customerBanks, 'ADMIN', { params: { id: f.userIds.PERSONAL } });
    expect(admin.body.results.map((b: any) => b.id)).toContain(created.body.id);

    const order = await approvedOrder(f);
    const m = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body.milestones[0];
    const ach = await call(f, invoicesApi.pay, 'PERSONAL', {
      params: { id: m.id },
      body: { method: 'ACH', bank: created.body.id },
    });
    expect(ach.status).toBe(201);
    const [row] = await paymentRows(f, m.id);
    expect(fake.intents.get(row!.stripePaymentIntentId!)?.payment_method).toMatch(/^pm_/);
    const processing = fake.setIntentStatus(row!.stripePaymentIntentId!, 'processing');
    await deliver(f.t.app, fake.event('payment_intent.processing', processing));
    expect((await paymentRows(f, m.id))[0]!.status).toBe('PROCESSING');
    // Processing is not paid.
    expect((await call(f, invoicesApi.milestone, 'PERSONAL', { params: { id: m.id } })).body.status).toBe('DUE');
    // The bank settles; a late payment_failed (Stripe does not promise order) changes nothing.
    const settled = fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded');
    await deliver(f.t.app, fake.event('payment_intent.succeeded', settled));
    expect((await call(f, invoicesApi.milestone, 'PERSONAL', { params: { id: m.id } })).body.status).toBe('PAID');
    const late = fake.setIntentStatus(row!.stripePaymentIntentId!, 'requires_payment_method');
    await deliver(f.t.app, fake.event('payment_intent.payment_failed', late));
    expect((await paymentRows(f, m.id))[0]!.status).toBe('SUCCEEDED');
    // The debit is returned as a dispute: the payment is DISPUTED, the balance back, nothing deleted.
    await deliver(
      f.t.app,
      fake.event('charge.dispute.created', {
        id: 'dp_ach',
        object: 'dispute',
        payment_intent: row!.stripePaymentIntentId,
        amount: row!.amount,
        reason: 'debit_not_authorized',
        status: 'needs_response',
      }),
    );
    expect((await paymentRows(f, m.id))[0]!.status).toBe('DISPUTED');
    const back = (await call(f, invoicesApi.milestone, 'PERSONAL', { params: { id: m.id } })).body;
    expect(back).toMatchObject({ status: 'DUE', paid: '0.00', balance: m.amount });
    expect((await ledgerRows(f)).filter((e) => e.paymentId === row!.id).map((e) => e.kind)).toEqual([
      'PAYMENT',
      'REVERSAL',
    ]);
  });

  it('ACH needs a verified bank of the payer', async () => {
    const order = await approvedOrder(f);
    const m = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body.milestones[0];
    const none = await call(f, invoicesApi.pay, 'PERSONAL', { params: { id: m.id }, body: { method: 'ACH' } });
    expect(none.body.code).toBe('bank_required');
    const [bank] = await f.t.handle.db
      .insert(schema.bankAccounts)
      .values({ userId: f.userIds.PERSONAL, accountHolderName: 'Pending', status: 'PENDING_VERIFICATION' })
      .returning();
    const pending = await call(f, invoicesApi.pay, 'PERSONAL', {
      params: { id: m.id },
      body: { method: 'ACH', bank: bank!.id },
    });
    expect(pending.body.code).toBe('bank_not_verified');
    await f.t.handle.db.delete(schema.bankAccounts).where(eq(schema.bankAccounts.id, bank!.id));
  });
});

describe('Stripe’s edges (issue 34)', () => {
  const payAgain = (milestoneId: number, key: string, body: Record<string, unknown> = {}) =>
    call(f, invoicesApi.pay, 'PERSONAL', {
      params: { id: milestoneId },
      body: { method: 'CARD', idempotency_key: key, ...body },
    });

  it('a declined card, corrected and paid again with a new key: a new attempt, the old intent cancelled at Stripe', async () => {
    const { m } = await cardPayment(`declined-${Date.now()}`);
    const [first] = await paymentRows(f, m.id);
    await deliver(
      f.t.app,
      fake.event(
        'payment_intent.payment_failed',
        fake.setIntentStatus(first!.stripePaymentIntentId!, 'requires_payment_method'),
      ),
    );
    const again = await payAgain(m.id, `corrected-${Date.now()}`);
    expect(again.status).toBe(201);
    expect(again.body.payment).toMatchObject({ status: 'PENDING', method: 'CARD' });
    expect(again.body.payment.id).not.toBe(first!.id);
    expect(again.body.client_secret).toMatch(/_secret_/);
    expect(fake.intents.get(first!.stripePaymentIntentId!)?.status).toBe('canceled');
    const rows = await paymentRows(f, m.id);
    // The declined attempt stays FAILED (no longer open: no secret); the new one is the open one.
    expect(rows.find((r) => r.id === first!.id)).toMatchObject({ status: 'FAILED', clientSecret: null });
    const third = await payAgain(m.id, `third-${Date.now()}`);
    expect(third.body.payment.id).toBe(again.body.payment.id);
  });

  it('a card or bank payment Stripe takes carries its brand or bank, last 4 and charge id as the reference', async () => {
    const { m } = await cardPayment();
    const [row] = await paymentRows(f, m.id);
    await deliver(
      f.t.app,
      fake.event('payment_intent.succeeded', fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded')),
    );
    const [paid] = await paymentRows(f, m.id);
    expect(paid!.reference).toBe(`Visa ···4242 ch_${row!.stripePaymentIntentId}`);
    const wire = await call(f, invoicesApi.payments, 'PERSONAL', { query: { invoice: String(m.invoice) } });
    expect(wire.body.results[0].reference).toBe(paid!.reference);
  });

  it('Stripe down while replacing an open attempt: 502 stripe_unavailable, nothing changed', async () => {
    const { m } = await cardPayment();
    fake.down = true;
    let res: Awaited<ReturnType<typeof payAgain>>;
    try {
      res = await payAgain(m.id, `other-amount-${Date.now()}`, { amount: '1.00' });
    } finally {
      fake.down = false;
    }
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('stripe_unavailable');
    expect((await paymentRows(f, m.id)).map((r) => r.status)).toEqual(['PENDING']);
  });

  it('Stripe refusing a call inside ours answers our own 400 stripe_refused, never Stripe’s 404', async () => {
    const { m } = await cardPayment();
    const [row] = await paymentRows(f, m.id);
    // An intent Stripe no longer knows (another account, a test clock): its cancel is refused.
    await f.t.handle.db
      .update(schema.payments)
      .set({ stripePaymentIntentId: `pi_unknown_${row!.id}` })
      .where(eq(schema.payments.id, row!.id));
    const res = await payAgain(m.id, `refused-${Date.now()}`, { amount: '1.00' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'stripe_refused', message: INVOICE_TEXT.stripeRefused });
  });

  it('a bank payment that bounces after processing e-mails the customer and the admins', async () => {
    const created = await call(f, invoicesApi.bankCreate, 'PERSONAL', { body: { account_holder_name: 'Bounce' } });
    await call(f, invoicesApi.bankVerify, 'PERSONAL', {
      params: { id: created.body.id },
      body: { micro_deposits: ['0.32', '0.45'] },
    });
    const order = await approvedOrder(f);
    const m = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body.milestones[0];
    await call(f, invoicesApi.pay, 'PERSONAL', {
      params: { id: m.id },
      body: { method: 'ACH', bank: created.body.id },
    });
    const [row] = await paymentRows(f, m.id);
    const intent = row!.stripePaymentIntentId!;
    await deliver(f.t.app, fake.event('payment_intent.processing', fake.setIntentStatus(intent, 'processing')));
    const failed = {
      ...fake.setIntentStatus(intent, 'requires_payment_method'),
      last_payment_error: { message: 'The account has insufficient funds' },
    };
    await deliver(f.t.app, fake.event('payment_intent.payment_failed', failed));
    expect((await paymentRows(f, m.id))[0]!.status).toBe('FAILED');
    const o = schema.emailOutbox;
    const mails = await f.t.handle.db.select().from(o).where(eq(o.templateName, 'payment_bounced'));
    const ours = mails.filter((x) => x.body.includes(`#${row!.id} `));
    expect(ours.map((x) => x.toAddress).sort()).toEqual(['admin@demo.test', 'personal@demo.test']);
    expect(ours[0]!.body).toContain('The account has insufficient funds');
  });

  it('a bank verified by Stripe’s webhook gets its bank name and last 4 from the payment method', async () => {
    const created = await call(f, invoicesApi.bankCreate, 'PERSONAL', { body: { account_holder_name: 'By webhook' } });
    const [bank] = await f.t.handle.db
      .select()
      .from(schema.bankAccounts)
      .where(eq(schema.bankAccounts.id, created.body.id));
    const si = {
      id: bank!.stripeSetupIntentId,
      object: 'setup_intent',
      status: 'succeeded',
      payment_method: 'pm_hook1',
    };
    expect((await deliver(f.t.app, fake.event('setup_intent.succeeded', si))).statusCode).toBe(200);
    const banks = await call(f, invoicesApi.banks, 'PERSONAL');
    expect(banks.body.results.find((b: any) => b.id === created.body.id)).toMatchObject({
      status: 'VERIFIED',
      bank_name: 'STRIPE TEST BANK',
      last4: '6789',
    });
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order } from '@cab/shared';
import { expect, test } from '@playwright/test';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../../apps/server/test/fake-stripe.ts';
import { DEMO_PASSWORD, DEMO_USERS, loginAs } from '../fixtures.ts';
import { addressesOf, auth, createBid, createLineItem, getJson, paymentOptions, tokenOf } from '../order-helpers.ts';

/**
 * Issue 17, a card payment in the browser through the local fake of Stripe: a customer pays the
 * deposit by card, the signed webhook marks it SUCCEEDED, an admin records the balance by check,
 * the invoice is PAID and the receipts are in the outbox.
 *
 * The configured web server has no Stripe keys, so this file starts a second server on its own
 * port (E2E_PORT + 100) and data directory, with STRIPE_* pointed at the fake. In the browser,
 * `loadStripe` uses `window.Stripe` when it is already defined: an init script defines a fake
 * one (elements, create, mount, confirmCardPayment) whose confirmation is done here, in Node: the
 * fake marks the PaymentIntent succeeded and the webhook, signed with the SDK's
 * generateTestHeaderString, is delivered to the server as Stripe would.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3555) + 100;
const BASE = `http://127.0.0.1:${PORT}`;

test.use({ baseURL: BASE });
test.describe.configure({ timeout: 120_000 });

let fake: FakeStripe;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeStripe();
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-e2e-card-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      // Not 'test': this server seeds the demo orders too (their invoices carry the demo charges).
      APP_ENV: 'staging',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100',
      ORDER_WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr?.on('data', (c) => {
    stderr = (stderr + String(c)).slice(-4000);
  });
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error(`the card server exited: ${stderr}`);
        return fetch(`${BASE}/api/core/config/`)
          .then((r) => r.status)
          .catch(() => 0);
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The fake Stripe.js: what the pay page calls (Elements with a CardElement, confirmCardPayment). */
function fakeStripeJs() {
  const w = window as unknown as Record<string, unknown>;
  const element = {
    mount(node: HTMLElement | string) {
      const el = typeof node === 'string' ? document.querySelector(node) : node;
      if (el) el.innerHTML = '<input data-testid="fake-card-number" placeholder="4242 4242 4242 4242" />';
    },
    unmount() {},
    destroy() {},
    on() {
      return element;
    },
    off() {
      return element;
    },
    once() {
      return element;
    },
    update() {},
    focus() {},
    blur() {},
    clear() {},
  };
  const confirm = async (secret: string) =>
    (w.__fakeStripeConfirm as (s: string) => Promise<unknown>)(secret) as Promise<{
      paymentIntent?: { id: string; status: string };
      error?: { message: string };
    }>;
  const stripe = () => ({
    elements: () => ({ create: () => element, getElement: () => element, update() {}, fetchUpdates: async () => ({}) }),
    createToken: async () => ({ error: { message: 'not faked' } }),
    createPaymentMethod: async () => ({ error: { message: 'not faked' } }),
    confirmCardPayment: confirm,
    confirmPayment: (o: { clientSecret: string }) => confirm(o.clientSecret),
    confirmUsBankAccountPayment: confirm,
    _registerWrapper() {},
    registerAppInfo() {},
  });
  (stripe as unknown as { version: number }).version = 3;
  w.Stripe = stripe;
}

async function approvedDepositOrder(request: import('@playwright/test').APIRequestContext): Promise<Order> {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const customer = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '250.00');
  const bid = await createBid(request, customer, `Card e2e ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]);
  const option = (await paymentOptions(request, customer, bid.id)).find((o) => o.name === '50 % deposit');
  expect(option, 'the demo "50 % deposit" option').toBeDefined();
  const billing = (await addressesOf(request, customer, bid.customer)).find((a) => a.kind === 'BILLING');
  const submitted = await request.post(`/api/orders/${bid.id}/submit/`, {
    headers: auth(customer),
    multipart: {
      completion_preference: 'ALL_AT_ONCE',
      job_priority: 'NORMAL',
      shipping_method: 'PICKUP',
      billing_address: String(billing?.id),
      customer_payment_option: String(option!.id),
      payment_method: 'CARD',
      password: DEMO_PASSWORD,
      terms_of_use: 'true',
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  return (await approved.json()) as Order;
}

test('a customer pays the deposit by card, an admin records the balance by check: PAID, receipts in the outbox', async ({
  page,
}) => {
  const order = await approvedDepositOrder(page.request);
  const invoiceId = order.invoice!.id;
  const webhooks: number[] = [];
  await page.exposeFunction('__fakeStripeConfirm', async (secret: string) => {
    // What Stripe does once the browser confirmed: the intent succeeds, the signed event is sent.
    const id = secret.split('_secret')[0]!;
    const pi = fake.setIntentStatus(id, 'succeeded');
    const { payload, signature } = fake.event('payment_intent.succeeded', pi);
    const delivered = await fetch(`${BASE}/api/payments/stripe/webhook/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    webhooks.push(delivered.status);
    return { paymentIntent: { id, status: 'succeeded' } };
  });
  await page.addInitScript(fakeStripeJs);

  await loginAs(page, 'PERSONAL');
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'DUE');
  await page.getByTestId('milestones-table').getByTestId('milestone-1').getByTestId('pay-milestone').click();
  await expect(page.getByTestId('card-element').getByTestId('fake-card-number')).toBeVisible();
  await page.getByTestId('fake-card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-success')).toBeVisible();
  expect(webhooks).toEqual([200]);
  // The server created the PaymentIntent at the fake, once, with an idempotency key.
  const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  expect(created).toHaveLength(1);
  expect(created[0]!.idempotencyKey).toBeTruthy();

  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByTestId('payments-table').getByTestId('payment-status')).toHaveAttribute(
    'data-status',
    'SUCCEEDED',
  );
  await expect(page.getByTestId('invoice-status')).not.toHaveAttribute('data-status', 'PAID');

  // The admin records the balance by check.
  await page.getByTestId('logout-button').click();
  await loginAs(page, 'ADMIN');
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByTestId('record-payment')).toHaveCount(1);
  await page.getByTestId('record-payment').click();
  const dialog = page.getByTestId('record-payment-dialog');
  await dialog.getByLabel('Reference').fill('CHK 5001');
  await page.getByTestId('record-payment-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');

  // Both receipts are in the outbox, to the customer, for the order: one by card, one by check.
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  await expect
    .poll(async () => {
      const outbox = await getJson<{ results: { to: string; body: string; template_name: string | null }[] }>(
        page.request,
        admin,
        '/api/email/outbox/?page_size=100',
      );
      return outbox.results
        .filter(
          (m) => m.template_name === 'payment_receipt' && m.to === DEMO_USERS.PERSONAL && m.body.includes(order.name),
        )
        .map((m) => (m.body.includes(' by Card ') ? 'card' : m.body.includes(' by Check ') ? 'check' : m.body))
        .sort();
    })
    .toEqual(['card', 'check']);
  await page.goto('/settings/email/templates');
  await page.getByTestId('tab-outbox').click();
  await expect(page.getByText(/Receipt for your payment of/).first()).toBeVisible();
});

test('the invoice page lists the overdue interest and storage fees the daily job posted', async ({ page }) => {
  // The demo seed posts the last days' charges through the daily job's body (decision 0035).
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  const list = await getJson<{ results: { id: number }[] }>(
    page.request,
    admin,
    '/api/invoices/?status=DUE,OVERDUE,PARTIAL,PAID&page_size=100',
  );
  let charged: { id: number; charges: { kind: string; amount: string }[] } | undefined;
  for (const row of list.results) {
    const detail = await getJson<{ id: number; charges: { kind: string; amount: string }[] }>(
      page.request,
      admin,
      `/api/invoices/${row.id}/`,
    );
    if (detail.charges.length > 0) {
      charged = detail;
      break;
    }
  }
  expect(charged, 'a demo invoice with charges').toBeDefined();
  await loginAs(page, 'ADMIN');
  await page.goto(`/invoices/${charged!.id}`);
  const table = page.getByTestId('charges-table');
  await expect(table.getByTestId('charge-kind')).toHaveCount(charged!.charges.length);
  await expect(table.getByTestId('charge-kind').first()).toHaveText(
    charged!.charges[0]!.kind === 'INTEREST' ? 'Overdue interest' : 'Storage fee',
  );
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order } from '@cab/shared';
import { expect as baseExpect, test } from '@playwright/test';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  startFakeStripe,
} from '../../apps/server/test/fake-stripe.ts';
import { DEMO_PASSWORD, DEMO_USERS, loginAs } from '../fixtures.ts';
import { addressesOf, auth, createBid, getJson, orderPeople, paymentOptions, tokenOf } from '../order-helpers.ts';
import { serveStripeStandin } from '../stripe-standin.ts';

/**
 * Card and bank payments in the browser through Stripe.js (issues 17 and 27): a customer pays the
 * deposit by card, or connects a bank account, verifies it and pays by ACH; the signed webhooks
 * mark the payments; the milestone reads Paid on the invoice.
 *
 * The configured web server has no Stripe keys, so this file starts a second server on its own
 * port (E2E_PORT + 100) and data directory, with STRIPE_* pointed at the local fake. In the browser
 * nothing is faked in the page: a stand-in of Stripe.js is served at https://js.stripe.com and
 * Stripe's API at https://api.stripe.com by request routing (e2e/stripe-standin.ts), so the app's
 * own Content-Security-Policy decides, as in use, whether the script, its frames and its calls run.
 */

// Two servers on one machine (the configured one and this file's): pages may take longer to answer.
const expect = baseExpect.configure({ timeout: 30_000 });

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3555) + 100;
const BASE = `http://127.0.0.1:${PORT}`;

test.use({ baseURL: BASE });
// Whole payment paths through two servers on a shared machine.
test.describe.configure({ timeout: 300_000 });

let fake: FakeStripe;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A fresh server with the demo data: minutes on a busy machine.
  test.setTimeout(420_000);
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
      { timeout: 400_000, intervals: [500] },
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

async function approvedDepositOrder(request: import('@playwright/test').APIRequestContext): Promise<Order> {
  const { admin, customer, item } = await orderPeople(request, '250.00');
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

/** The invoice's milestone `seq` as a person reads it: its status chip. */
const milestoneStatus = (page: import('@playwright/test').Page, seq: number) =>
  page.getByTestId('milestones-table').getByTestId(`milestone-${seq}`).getByTestId('milestone-status').first();

test('a customer pays the deposit by card in the Payment Element, an admin records the balance by check: PAID, receipts in the outbox', async ({
  page,
}) => {
  const order = await approvedDepositOrder(page.request);
  const invoiceId = order.invoice!.id;
  const stripe = await serveStripeStandin(page, { fake, server: BASE });

  await loginAs(page, 'PERSONAL', `/invoices/${invoiceId}`);
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'DUE');
  await page.getByTestId('milestones-table').getByTestId('milestone-1').getByTestId('pay-milestone').click();
  // The card is typed into Stripe's frame (js.stripe.com), which the page's policy must admit.
  await expect(page.getByTestId('card-element')).toHaveAttribute('data-ready', 'true');
  const card = page.getByTestId('card-element').frameLocator('iframe[title="Secure payment input frame"]');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiration date').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-success')).toHaveText('Thank you: your payment was received.');
  expect(stripe.webhooks).toEqual([{ type: 'payment_intent.succeeded', status: 200 }]);
  // Stripe.js came from its own address and confirmed at Stripe's API with the card; the server
  // created the PaymentIntent at the fake, once, with an idempotency key, and never saw the card.
  expect(stripe.requests.some((r) => /^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/.test(r.url))).toBe(true);
  const confirmed = stripe.requests.filter((r) => r.url.startsWith('https://api.stripe.com/v1/payment_intents/'));
  expect(confirmed.map((r) => r.form['payment_method_data[card][number]'])).toEqual(['4242424242424242']);
  const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  expect(created).toHaveLength(1);
  expect(created[0]!.idempotencyKey).toBeTruthy();
  expect(JSON.stringify(fake.requests)).not.toContain('4242424242424242');

  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByTestId('payments-table').getByTestId('payment-status')).toHaveAttribute(
    'data-status',
    'SUCCEEDED',
  );
  await expect(milestoneStatus(page, 1)).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('invoice-status')).not.toHaveAttribute('data-status', 'PAID');

  // The admin records the balance by check.
  await page.getByTestId('logout-button').click();
  await loginAs(page, 'ADMIN', `/invoices/${invoiceId}`);
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

/** Types a card into the Payment Element's frame on `page`. */
async function typeCard(page: import('@playwright/test').Page, number: string) {
  await expect(page.getByTestId('card-element')).toHaveAttribute('data-ready', 'true');
  const card = page.getByTestId('card-element').frameLocator('iframe[title="Secure payment input frame"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
}

test('a declined card, corrected on the same page and paid again: a new attempt goes through, the declined intent is cancelled at Stripe', async ({
  page,
}) => {
  const order = await approvedDepositOrder(page.request);
  const stripe = await serveStripeStandin(page, { fake, server: BASE });
  await loginAs(page, 'PERSONAL', `/invoices/${order.invoice!.id}`);
  await page.getByTestId('milestones-table').getByTestId('milestone-1').getByTestId('pay-milestone').click();
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('pay-error')).toHaveText('Your card was declined.');
  const declined = stripe.requests.find((r) => /\/v1\/payment_intents\/[^/]+\/confirm$/.test(r.url))!;
  const declinedIntent = declined.url.match(/payment_intents\/([^/]+)\/confirm/)![1]!;

  await typeCard(page, '4242 4242 4242 4242');
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-success')).toHaveText('Thank you: your payment was received.');
  const paidIntent = new URL(page.url()).searchParams.get('payment_intent');
  expect(paidIntent).not.toBe(declinedIntent);
  expect(fake.intents.get(declinedIntent)?.status).toBe('canceled');
  // Each confirm went to a real intent (never payment_intents/null).
  expect(stripe.requests.filter((r) => r.url.includes('/payment_intents/null/'))).toHaveLength(0);
});

test('two tabs pay the same milestone: the tab that lost the race reads the intent and says it is already paid', async ({
  page,
}) => {
  const order = await approvedDepositOrder(page.request);
  // Tab A's confirmation is held at Stripe until tab B has paid the same intent.
  let reached!: () => void;
  const confirmReached = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await serveStripeStandin(page, {
    fake,
    server: BASE,
    beforeConfirm: () => {
      reached();
      return released;
    },
  });
  await loginAs(page, 'PERSONAL', `/invoices/${order.invoice!.id}`);
  await page.getByTestId('milestones-table').getByTestId('milestone-1').getByTestId('pay-milestone').click();
  await expect(page).toHaveURL(/\/invoices\/milestone\/\d+\/pay$/);
  const payUrl = page.url();
  const tabB = await page.context().newPage();
  await serveStripeStandin(tabB, { fake, server: BASE });
  await tabB.goto(payUrl);

  await typeCard(page, '4242 4242 4242 4242');
  await page.getByTestId('pay-submit').click();
  await confirmReached;
  await typeCard(tabB, '4242 4242 4242 4242');
  await tabB.getByTestId('pay-submit').click();
  await expect(tabB.getByTestId('payment-success')).toHaveText('Thank you: your payment was received.');
  release();
  await expect(page.getByTestId('pay-already-paid')).toHaveText(
    'This milestone is already paid: the payment went through in another window. Nothing more was charged.',
  );
  await expect(page.getByTestId('pay-error')).toHaveCount(0);
  await tabB.close();
});

test('money columns stay in view: the invoice list’s Status at 1440 px, a receipt’s amount at 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'ADMIN', '/invoices');
  const chip = page.getByTestId('invoice-row-status').first();
  await expect(chip).toBeVisible();
  const box = (await chip.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1440);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/payment/receipts');
  const amount = page.getByTestId('receipt-amount-cell').first();
  await expect(amount).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const at = (await amount.boundingBox())!;
  expect(at.x + at.width).toBeLessThanOrEqual(390);
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
  await loginAs(page, 'ADMIN', `/invoices/${charged!.id}`);
  const table = page.getByTestId('charges-table');
  await expect(table.getByTestId('charge-kind')).toHaveCount(charged!.charges.length);
  await expect(table.getByTestId('charge-kind').first()).toHaveText(
    charged!.charges[0]!.kind === 'INTEREST' ? 'Overdue interest' : 'Storage fee',
  );
});

test('a customer connects a bank account in Stripe’s window, verifies the micro-deposits and pays by ACH: the milestone is Paid once the bank settles', async ({
  page,
}) => {
  const order = await approvedDepositOrder(page.request);
  const invoiceId = order.invoice!.id;
  const stripe = await serveStripeStandin(page, { fake, server: BASE });
  const holder = `Pat Personal ${Date.now()}`;

  await loginAs(page, 'PERSONAL', '/settings/banks');
  await page.getByTestId('add-bank').click();
  const dialog = page.getByTestId('add-bank-dialog');
  await dialog.getByLabel('Account holder name').fill(holder);
  await dialog.getByRole('button', { name: 'Connect the account' }).click();
  // Stripe's own window (a frame of js.stripe.com) takes the account numbers; our dialog is gone.
  await expect(dialog).toBeHidden();
  const bankFrame = page.frameLocator('iframe[title="Connect a bank account"]');
  await bankFrame.getByLabel('Routing number').fill('110000000');
  await bankFrame.getByLabel('Account number').fill('000123456789');
  await bankFrame.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Bank account added')).toBeVisible();
  const row = page.getByTestId('banks-table').locator('[data-testid^="bank-"]').filter({ hasText: holder });
  await expect(row.getByTestId('bank-status')).toHaveAttribute('data-status', 'PENDING_VERIFICATION');
  // The account number went to Stripe, never to our server.
  const setup = stripe.requests.filter((r) => /\/v1\/setup_intents\/[^/]+\/confirm$/.test(r.url));
  expect(setup.map((r) => r.form['payment_method_data[us_bank_account][account_number]'])).toEqual(['000123456789']);
  expect(JSON.stringify(fake.requests)).not.toContain('000123456789');

  await row.getByTestId('verify-bank').click();
  const verify = page.getByTestId('verify-bank-dialog');
  await verify.getByLabel('First deposit').fill('0.32');
  await verify.getByLabel('Second deposit').fill('0.45');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify).toBeHidden();
  await expect(row.getByTestId('bank-status')).toHaveAttribute('data-status', 'VERIFIED');

  await page.goto(`/invoices/${invoiceId}`);
  await page.getByTestId('milestones-table').getByTestId('milestone-1').getByTestId('pay-milestone').click();
  await page.getByTestId('pay-bank-tab').click();
  await page.getByRole('combobox', { name: 'Bank account' }).click();
  await page.getByRole('option', { name: new RegExp(holder) }).click();
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-success')).toHaveText(
    'Your payment is processing; the invoice shows it once the bank confirms it.',
  );
  const intent = new URL(page.url()).searchParams.get('payment_intent')!;
  expect(fake.intents.get(intent)?.payment_method_types).toEqual(['us_bank_account']);

  await page.getByRole('link', { name: 'Back to the invoice' }).click();
  await expect(page.getByTestId('payments-table').getByTestId('payment-status')).toHaveAttribute(
    'data-status',
    'PROCESSING',
  );
  await expect(milestoneStatus(page, 1)).not.toHaveAttribute('data-status', 'PAID');
  // Days later the bank settles: Stripe's signed event, then the invoice as the customer opens it.
  expect(await stripe.settle(intent, 'succeeded', 'payment_intent.succeeded')).toBe(200);
  await page.reload();
  await expect(milestoneStatus(page, 1)).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('payments-table').getByTestId('payment-status')).toHaveAttribute(
    'data-status',
    'SUCCEEDED',
  );
});

test('when Stripe.js cannot be loaded, the pay page says so instead of a dead Pay button', async ({ page }) => {
  const order = await approvedDepositOrder(page.request);
  await page.route('https://js.stripe.com/**', (route) => route.abort('blockedbyclient'));
  await loginAs(page, 'PERSONAL', `/invoices/${order.invoice!.id}`);
  await page.getByTestId('milestones-table').getByTestId('milestone-1').getByTestId('pay-milestone').click();
  await expect(page.getByTestId('stripe-load-failed')).toHaveText(
    'The payment form could not be loaded from Stripe. Reload the page to try again, or contact us to pay by check or wire.',
  );
  await expect(page.getByTestId('pay-submit')).toHaveCount(0);
});

test.describe('without Stripe', () => {
  // The configured web server, which has no Stripe keys.
  test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3555)}` });

  test('Bank Accounts says up front that bank payments are not configured, and offers no form that can only fail', async ({
    page,
  }) => {
    await loginAs(page, 'PERSONAL', '/settings/banks');
    await expect(page.getByTestId('stripe-not-configured')).toHaveText(
      'Card and bank payments are not configured, so bank accounts cannot be added or verified. Contact us to pay by check or wire.',
    );
    await expect(page.getByTestId('banks-table')).toBeVisible();
    await expect(page.getByTestId('add-bank')).toHaveCount(0);
    await expect(page.getByTestId('verify-bank')).toHaveCount(0);
  });
});

import { readFileSync } from 'node:fs';
import { INVOICE_WEB_TEXT, type Order, PAYOUTS_TEXT, type Payment } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 34 in the browser: a bookkeeper finds payments by reference and received dates on the
 * Receipts page (the search kept in the URL) and downloads them; the checks show as one bank
 * deposit a day on the Payouts screen; the aging shows unapplied credit.
 */

async function approvedOrder(page: Page): Promise<Order> {
  const request = page.request;
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const customer = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '123.45');
  const bid = await createBid(request, customer, `Search e2e ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 3 }]);
  const order = await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${order.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  return (await approved.json()) as Order;
}

async function check(page: Page, order: Order, reference: string, receivedOn: string, amount: string) {
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  const invoice = await (
    await page.request.get(`/api/invoices/${order.invoice!.id}/`, { headers: auth(admin) })
  ).json();
  const res = await page.request.post(`/api/invoices/milestones/${invoice.milestones[0].id}/pay/`, {
    headers: auth(admin),
    data: { method: 'CHECK', amount, reference, received_on: receivedOn },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).payment as Payment;
}

test('a bookkeeper finds payments by reference and date, downloads them, and sees the checks as deposits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const order = await approvedOrder(page);
  const tag = String(Date.now()).slice(-6);
  const early = await check(page, order, `CHK E${tag}`, '2026-01-05', '1.00');
  const late = await check(page, order, `CHK L${tag}`, '2026-01-20', '2.00');

  await loginAs(page, 'ADMIN', '/payment/receipts');
  await page.getByTestId('receipt-reference').fill(tag);
  await page.getByTestId('receipt-reference').press('Enter');
  await expect(page.getByTestId(`receipt-${early.id}`)).toBeVisible();
  await expect(page.getByTestId(`receipt-${late.id}`)).toBeVisible();
  await page.getByTestId('receipt-dates-from').fill('2026-01-10');
  await expect(page.getByTestId(`receipt-${early.id}`)).toBeHidden();
  await expect(page.getByTestId(`receipt-${late.id}`)).toContainText(`CHK L${tag}`);
  await expect(page).toHaveURL(/date_after=2026-01-10/);
  await expect(page).toHaveURL(new RegExp(`reference=${tag}`));

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments-csv').click()]);
  expect(file.suggestedFilename()).toBe('payments.csv');
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toContain(`CHK L${tag}`);
  expect(text).not.toContain(`CHK E${tag}`);

  // The same day's checks are one deposit on the Payouts screen.
  await page.goto('/finance/payouts?date_after=2026-01-20&date_before=2026-01-20');
  await expect(page.getByTestId('payouts')).toContainText(PAYOUTS_TEXT.notConfigured);
  const deposit = page.getByTestId('deposit-2026-01-20');
  await expect(deposit).toContainText(`CHK L${tag}`);
  await expect(deposit).not.toContainText(`CHK E${tag}`);
});

test('a customer finds its payment on the Receipts page with its receipt', async ({ page }) => {
  const order = await approvedOrder(page);
  const paid = await check(page, order, `CHK C${Date.now()}`, '2026-02-02', '1.00');
  await loginAs(page, 'PERSONAL', '/payment/receipts');
  const row = page.getByTestId(`receipt-${paid.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: INVOICE_WEB_TEXT.receipt })).toBeVisible();
});

import { readFileSync } from 'node:fs';
import { INVOICE_WEB_TEXT, type InvoiceDetail, type Order, PAYOUTS_TEXT } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS, downloadFrom, loginAs } from '../fixtures.ts';
import { approvedOrder, getJson, payByCheck, tokenOf } from '../order-helpers.ts';

/**
 * Issue 34 in the browser: a bookkeeper downloads the payments a search on the Receipts page found
 * (books-month.spec.ts types that search); the checks show as one bank deposit a day on the
 * Payouts screen; the aging shows unapplied credit.
 */

/** A check on the order's first milestone. */
async function check(page: Page, order: Order, reference: string, received_on: string, amount: string) {
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  const invoice = await getJson<InvoiceDetail>(page.request, admin, `/api/invoices/${order.invoice!.id}/`);
  return payByCheck(page.request, invoice.milestones[0]!.id, { reference, amount, received_on });
}

test('a bookkeeper downloads the payments found and sees the checks as deposits', async ({ page }) => {
  test.setTimeout(90_000);
  const order = await approvedOrder(page.request, DEMO_USERS.PERSONAL, 'Search e2e');
  const tag = String(Date.now()).slice(-6);
  const early = await check(page, order, `CHK E${tag}`, '2026-01-05', '1.00');
  const late = await check(page, order, `CHK L${tag}`, '2026-01-20', '2.00');

  // Found by reference and received date (books-month.spec.ts types the search): the search kept in the URL.
  await loginAs(page, 'ADMIN', `/payment/receipts?reference=${tag}&date_after=2026-01-10`);
  await expect(page.getByTestId(`receipt-${late.id}`)).toContainText(`CHK L${tag}`);
  await expect(page.getByTestId(`receipt-${early.id}`)).toBeHidden();

  const file = await downloadFrom(page, page.getByTestId('payments-csv'));
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
  const order = await approvedOrder(page.request, DEMO_USERS.PERSONAL, 'Search e2e');
  const paid = await check(page, order, `CHK C${Date.now()}`, '2026-02-02', '1.00');
  await loginAs(page, 'PERSONAL', '/payment/receipts');
  const row = page.getByTestId(`receipt-${paid.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: INVOICE_WEB_TEXT.receipt })).toBeVisible();
});

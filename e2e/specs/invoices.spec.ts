import { addDays, INVOICE_WEB_TEXT, type InvoiceDetail, type Order, type Payment, todayIn } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { chooseOption, DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/** Issue 17 in the browser: an admin records checks until an invoice is PAID; credit given and reversed. */

async function submittedOrder(page: Page, owner: string): Promise<Order> {
  const request = page.request;
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const customer = await tokenOf(request, owner);
  const item = await createLineItem(request, admin, '123.45');
  const bid = await createBid(request, customer, `Invoice e2e ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 3 }]);
  return submitByApi(request, customer, bid);
}

async function approve(page: Page, order: Order): Promise<Order> {
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  const approved = await page.request.post(`/api/orders/${order.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const answer = (await approved.json()) as Order;
  expect(answer.invoice).not.toBeNull();
  return answer;
}

const approvedOrder = async (page: Page, owner: string) => approve(page, await submittedOrder(page, owner));

test('an admin records a payment by check and the invoice becomes PAID', async ({ page }) => {
  // Three pages and a dialog per milestone: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const order = await approvedOrder(page, DEMO_USERS.PERSONAL);
  await loginAs(page, 'ADMIN', `/invoices/${order.invoice!.id}`);
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'DUE');
  await expect(page.getByTestId('invoice-total')).toContainText(order.invoice!.total_price.split('.')[0]!.slice(0, 1));

  // Every open milestone paid by check (one for a full payment option, two for a deposit).
  const recordButtons = page.getByTestId('record-payment');
  let n = 0;
  while ((await recordButtons.count()) > 0) {
    await recordButtons.first().click();
    const dialog = page.getByTestId('record-payment-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reference').fill(`CHK ${1000 + n}`);
    await page.getByTestId('record-payment-submit').click();
    await expect(dialog).toBeHidden();
    n++;
    await expect(page.getByTestId('payments-table').getByTestId('payment-status')).toHaveCount(n);
  }
  expect(n).toBeGreaterThan(0);
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');

  // The order page links its invoice, now PAID.
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId('order-invoice-status')).toHaveAttribute('data-status', 'PAID');

  // The receipts list shows the checks.
  await page.goto('/payment/receipts');
  await expect(page.getByTestId('receipts-table')).toContainText(order.invoice!.number);
});

test('an admin refunds part of a bounced check: the refund is listed, the balance and the receipts show it', async ({
  page,
}) => {
  // Four pages and two dialogs: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const order = await approvedOrder(page, DEMO_USERS.PERSONAL);
  await loginAs(page, 'ADMIN', `/invoices/${order.invoice!.id}`);
  await page.getByTestId('record-payment').first().click();
  await page.getByTestId('record-payment-dialog').getByLabel('Reference').fill('CHK 77');
  await page.getByTestId('record-payment-submit').click();
  await expect(page.getByTestId('payments-table').getByTestId('payment-status')).toHaveCount(1);
  const balanceAfterCheck = await page.getByTestId('invoice-balance').textContent();

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByTestId('refund-dialog');
  await expect(dialog).toBeVisible();
  // The reason is required.
  await dialog.getByLabel('Amount').fill('25.00');
  await page.getByTestId('refund-submit').click();
  await expect(dialog).toContainText('Enter the reason for the refund');
  await dialog.getByLabel('Reason').fill('Check bounced in part');
  // A bounced check is owed again, not a concession.
  await dialog.getByLabel(INVOICE_WEB_TEXT.refundReopen).check();
  await page.getByTestId('refund-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-refunds')).toContainText('$25.00: Check bounced in part (Succeeded)');
  await expect(page.getByTestId('invoice-balance')).not.toHaveText(balanceAfterCheck!);

  await page.goto('/payment/receipts');
  await expect(page.getByTestId('receipts-table')).toContainText('$25.00');
});

test('invoices are numbered in the order they were issued, and receipts list the newest received first', async ({
  page,
}) => {
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  const first = await submittedOrder(page, DEMO_USERS.PERSONAL);
  const second = await submittedOrder(page, DEMO_USERS.PERSONAL);
  // The later order is approved first: its invoice is issued first and takes the lower number.
  const issuedFirst = await approve(page, second);
  const issuedSecond = await approve(page, first);
  const numberOf = (o: Order) => Number(o.invoice!.number.replace(/\D/g, ''));
  expect(numberOf(issuedFirst)).toBeLessThan(numberOf(issuedSecond));

  // A check received yesterday recorded after one received today: the list puts today's first.
  const pay = async (order: Order, receivedOn: string, reference: string) => {
    const invoice = await getJson<InvoiceDetail>(page.request, admin, `/api/invoices/${order.invoice!.id}/`);
    const answer = await page.request.post(`/api/invoices/milestones/${invoice.milestones[0]!.id}/pay/`, {
      headers: auth(admin),
      data: { method: 'CHECK', amount: '10.00', reference, received_on: receivedOn },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { payment: Payment }).payment;
  };
  const today = todayIn();
  const receivedToday = await pay(issuedFirst, today, 'CHK today');
  const receivedYesterday = await pay(issuedSecond, addDays(today, -1), 'CHK yesterday');

  await loginAs(page, 'ADMIN', '/payment/receipts');
  const rows = page.getByTestId('receipts-table').locator('tbody tr');
  await expect(page.getByTestId(`receipt-${receivedYesterday.id}`)).toBeVisible();
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')));
  expect(ids.indexOf(`receipt-${receivedToday.id}`)).toBeGreaterThanOrEqual(0);
  expect(ids.indexOf(`receipt-${receivedToday.id}`)).toBeLessThan(ids.indexOf(`receipt-${receivedYesterday.id}`));
});

async function applyCredit(page: Page, invoiceId: number, notes: string, amount: string) {
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByTestId('record-payment').first().click();
  const dialog = page.getByTestId('record-payment-dialog');
  await chooseOption(page, dialog.getByTestId('payment-method').getByRole('combobox'), 'Credit memo');
  const memo = dialog.getByTestId('payment-credit-memo').getByRole('combobox');
  await memo.click();
  await page.getByRole('option', { name: new RegExp(notes) }).click();
  await dialog.getByTestId('payment-amount').locator('input').fill(amount);
  await page.getByTestId('record-payment-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-credited')).toHaveText(`$${amount}`);
}

test('an admin credits a company, splits the credit over two invoices, then reverses it', async ({ page }) => {
  // Many dialogs and saves in one path: past the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const manager = await tokenOf(page.request, DEMO_USERS.BUSINESS_MANAGER);
  const me = await getJson<{ company: { id: number } | null }>(page.request, manager, '/api/users/me/');
  const companyId = me.company!.id;
  const one = await approvedOrder(page, DEMO_USERS.BUSINESS_MANAGER);
  const two = await approvedOrder(page, DEMO_USERS.BUSINESS_MANAGER);
  await loginAs(page, 'ADMIN', `/settings/users/company/${companyId}/invoices`);
  await expect(page.getByTestId('invoices-table').getByTestId('invoice-link').first()).toBeVisible();

  const notes = `Damaged door ${Date.now()}`;
  await page.getByTestId('give-credit').click();
  await page.getByTestId('credit-amount').locator('input').fill('25.00');
  await page.getByTestId('credit-notes').locator('textarea').first().fill(notes);
  await page.getByTestId('give-credit-submit').click();
  const row = page.getByTestId('credits-table').locator('tr', { hasText: notes });
  await expect(row.getByTestId('credit-status')).toHaveAttribute('data-status', 'ACTIVE');

  await applyCredit(page, one.invoice!.id, notes, '10.00');
  await applyCredit(page, two.invoice!.id, notes, '15.00');

  await page.goto(`/settings/users/company/${companyId}/invoices`);
  await expect(row).toContainText('$25.00');
  await row.getByTestId('reverse-credit').click();
  await page.getByTestId('reverse-notes').locator('textarea').first().fill('Given in error');
  await page.getByTestId('reverse-credit-submit').click();
  await expect(row.getByTestId('credit-status')).toHaveAttribute('data-status', 'REVERSED');
  await expect(row).toContainText('Given in error');

  // What it paid is back on the invoices' balances.
  await page.goto(`/invoices/${one.invoice!.id}`);
  await expect(page.getByTestId('invoice-credited')).toHaveText('$0.00');
  await expect(page.getByTestId('invoice-balance')).toHaveText(
    `$${one.invoice!.total_price.replace(/\B(?=(\d{3})+(?!\d))/, ',')}`,
  );
});

test('a customer paying by card sees that card payments are not configured', async ({ page }) => {
  const order = await approvedOrder(page, DEMO_USERS.PERSONAL);
  await loginAs(page, 'PERSONAL', `/invoices/${order.invoice!.id}`);
  await page.getByTestId('pay-milestone').first().click();
  await expect(page.getByTestId('stripe-not-configured')).toContainText('not configured');
});

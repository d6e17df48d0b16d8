import { readFile } from 'node:fs/promises';
import {
  ERROR_TITLES,
  FINANCE_REPORTS_TEXT,
  INVOICE_CODES,
  INVOICE_TEXT,
  INVOICE_WEB_TEXT,
  type InvoiceDetail,
  MSG,
  type Order,
} from '@cab/shared';
import { type APIRequestContext, expect as baseExpect, type Locator, test } from '@playwright/test';
import { chooseOption, DEMO_USERS, downloadFrom, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 27 "Screens" (the finance walk's m1, m2, m4-m7, p1-p4, p7), each as a person meets it:
 * what they type or click, and what they wait to see. Each test first makes its own approved order
 * through the API, so it is given more time than the default on a loaded machine.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function approvedOrder(request: APIRequestContext, owner: string, name: string): Promise<Order> {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const customer = await tokenOf(request, owner);
  const item = await createLineItem(request, admin, '1234.50');
  const bid = await createBid(request, customer, name, [{ _id: 'a', line_item: item, qty: 3 }]);
  await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const order = (await approved.json()) as Order;
  expect(order.invoice).not.toBeNull();
  return order;
}

async function personal(request: APIRequestContext) {
  const token = await tokenOf(request, DEMO_USERS.PERSONAL);
  const me = await getJson<{ id: number; first_name: string; last_name: string }>(request, token, '/api/users/me/');
  return { id: me.id, name: `${me.first_name} ${me.last_name}` };
}

/** The element lies wholly inside the page's width: not cut, not behind a sideways scroll. */
async function expectWithinWidth(locator: Locator, width: number) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('m1: the Order filter takes a name, and a Customer filter narrows the list', async ({ page, request }) => {
  const stamp = Date.now();
  const mine = await approvedOrder(request, DEMO_USERS.PERSONAL, `Delgado kitchen run${stamp}`);
  const company = await approvedOrder(request, DEMO_USERS.BUSINESS_MANAGER, `Acme pantry run${stamp}`);
  const paula = await personal(request);
  await loginAs(page, 'ADMIN', '/invoices');
  const table = page.getByTestId('invoices-table');
  await expect(table.getByTestId('invoice-link').first()).toBeVisible();

  await page.getByTestId('invoice-order-filter').fill(`delgado kitchen RUN${stamp}`);
  await expect(table.getByTestId(`invoice-${mine.invoice!.id}`)).toBeVisible();
  await expect(table.getByTestId('invoice-link')).toHaveCount(1);
  await expect(page.getByTestId('table-error')).toHaveCount(0);

  // The order's number still works.
  await page.getByTestId('invoice-order-filter').fill(String(company.id));
  await expect(table.getByTestId(`invoice-${company.invoice!.id}`)).toBeVisible();
  await expect(table.getByTestId('invoice-link')).toHaveCount(1);

  // Both orders by a word of their names, then one customer's.
  await page.getByTestId('invoice-order-filter').fill(`run${stamp}`);
  await expect(table.getByTestId('invoice-link')).toHaveCount(2);
  await chooseOption(page, page.getByTestId('invoice-customer-filter').getByRole('combobox'), paula.name);
  await expect(table.getByTestId('invoice-link')).toHaveCount(1);
  await expect(table.getByTestId(`invoice-${mine.invoice!.id}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`customer=${paula.id}`));
});

test('m2: a bound discount of 0 % is refused with SPEC 5’s words; an empty one is Required', async ({
  page,
  request,
}) => {
  const paula = await personal(request);
  await loginAs(page, 'ADMIN', '/finance/discounts/bound');
  await page.getByTestId('add-bound-discount').click();
  const dialog = page.getByTestId('bound-discount-dialog');
  await dialog.getByLabel('Customer').selectOption({ label: paula.name });
  await dialog.getByRole('textbox', { name: 'Percentage' }).fill('0');
  await page.getByTestId('bound-discount-dialog-save').click();
  await expect(dialog.getByText(MSG.percentageGreaterThanZero)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Percentage' }).fill('');
  await page.getByTestId('bound-discount-dialog-save').click();
  await expect(dialog.getByText(MSG.required, { exact: true })).toBeVisible();
  await expect(dialog.getByText(MSG.decimal)).toHaveCount(0);
});

test.describe('m4: on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the invoice list and the milestones show balance and status, not only Pay', async ({ page, request }) => {
    const order = await approvedOrder(request, DEMO_USERS.PERSONAL, `Phone bath ${Date.now()}`);
    await loginAs(page, 'PERSONAL', '/invoices');
    const row = page.getByTestId(`invoice-${order.invoice!.id}`);
    await expectWithinWidth(row.getByTestId('invoice-row-balance'), 390);
    await expect(row.getByTestId('invoice-row-balance')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expectWithinWidth(row.getByTestId('invoice-row-status'), 390);

    await row.getByTestId('invoice-link').click();
    const milestone = page.getByTestId('milestone-1');
    await milestone.scrollIntoViewIfNeeded();
    await expectWithinWidth(milestone.getByTestId('milestone-balance'), 390);
    await expectWithinWidth(milestone.getByTestId('milestone-status'), 390);
    await expectWithinWidth(milestone.getByTestId('pay-milestone'), 390);
  });
});

test('m5: a cancelled or failed card attempt is shown muted and named, not Pending', async ({ page, request }) => {
  const order = await approvedOrder(request, DEMO_USERS.PERSONAL, `Abandoned card ${Date.now()}`);
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const invoice = await getJson<InvoiceDetail>(request, admin, `/api/invoices/${order.invoice!.id}/`);
  const milestone = invoice.milestones[0]!;
  const paid = await request.post(`/api/invoices/milestones/${milestone.id}/pay/`, {
    headers: auth(admin),
    data: { method: 'CHECK', amount: milestone.balance, reference: 'CHK 77' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  // No Stripe here: the two abandoned card attempts are added to the invoice as the server answers it.
  await page.route(`**/api/invoices/${order.invoice!.id}/`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as InvoiceDetail;
    const check = body.payments[0]!;
    body.payments = [
      ...body.payments,
      { ...check, id: 900001, method: 'CARD', status: 'CANCELED', reference: '' },
      { ...check, id: 900002, method: 'CARD', status: 'FAILED', reference: '' },
    ];
    await route.fulfill({ response, json: body });
  });
  await loginAs(page, 'PERSONAL', `/invoices/${order.invoice!.id}`);
  const statuses = page.getByTestId('payments-table').getByTestId('payment-status');
  await expect(statuses).toHaveCount(3);
  await expect(statuses.filter({ hasText: INVOICE_WEB_TEXT.statusLabels.PENDING! })).toHaveCount(0);
  const canceled = page.getByTestId('payments-table').locator('[data-status="CANCELED"]');
  await expect(canceled).toHaveText(INVOICE_WEB_TEXT.statusLabels.CANCELED!);
  await expect(canceled).toHaveAttribute('data-muted', 'true');
  const failed = page.getByTestId('payments-table').locator('[data-status="FAILED"]');
  await expect(failed).toHaveText(INVOICE_WEB_TEXT.statusLabels.FAILED!);
  await expect(failed).toHaveAttribute('data-muted', 'true');
  await expect(page.getByTestId('payments-table').locator('[data-status="SUCCEEDED"]')).not.toHaveAttribute(
    'data-muted',
  );
});

test('m6 and p3: credit titled with the customer; applying a memo pre-fills what it holds', async ({
  page,
  request,
}) => {
  const order = await approvedOrder(request, DEMO_USERS.PERSONAL, `Credit prefill ${Date.now()}`);
  const paula = await personal(request);
  await loginAs(page, 'ADMIN', `/settings/users/${paula.id}/invoices`);
  await page.getByTestId('give-credit').click();
  const give = page.getByTestId('give-credit-dialog');
  await expect(give.getByRole('heading', { name: INVOICE_WEB_TEXT.giveCreditTitle(paula.name) })).toBeVisible();
  const notes = `Prefill ${Date.now()}`;
  await give.getByTestId('credit-amount').locator('input').fill('25.00');
  await give.getByTestId('credit-notes').locator('textarea').first().fill(notes);
  await page.getByTestId('give-credit-submit').click();
  await expect(page.getByTestId('credits-table').locator('tr', { hasText: notes })).toBeVisible();

  await page.goto(`/invoices/${order.invoice!.id}`);
  await page.getByTestId('record-payment').first().click();
  const dialog = page.getByTestId('record-payment-dialog');
  const amount = dialog.getByTestId('payment-amount').locator('input');
  const balance = await amount.inputValue();
  expect(Number(balance)).toBeGreaterThan(25);
  await chooseOption(page, dialog.getByTestId('payment-method').getByRole('combobox'), 'Credit memo');
  await dialog.getByTestId('payment-credit-memo').getByRole('combobox').click();
  await page.getByRole('option', { name: new RegExp(notes) }).click();
  await expect(amount).toHaveValue('25.00');
  // Back to a check: the balance again.
  await chooseOption(page, dialog.getByTestId('payment-method').getByRole('combobox'), 'Check');
  await expect(amount).toHaveValue(balance);
});

test('m7: the revenue chart’s axis reads whole, in compact dollars', async ({ page, request }) => {
  await approvedOrder(request, DEMO_USERS.PERSONAL, `Revenue axis ${Date.now()}`);
  await loginAs(page, 'ADMIN', '/finance/reports/revenue');
  const ticks = page.getByTestId('revenue-chart').locator('.MuiChartsAxis-left .MuiChartsAxis-tickLabel');
  await expect(ticks.filter({ hasText: /K/ }).first()).toBeVisible();
  const labels = await ticks.allTextContents();
  expect(labels.length).toBeGreaterThan(2);
  for (const label of labels) expect(label).toMatch(/^-?\$\d+(\.\d)?[KMB]?$/);
  // From and To are date fields, not page-wide bars.
  for (const name of ['date_after', 'date_before']) {
    const box = await page.getByTestId(`revenue-${name}`).boundingBox();
    expect(box!.width).toBeLessThan(300);
  }
});

test('p1: money in the rule lists is en-US dollars', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const name = `Big order fee ${Date.now()}`;
  const created = await request.post('/api/finance/surcharges/', {
    headers: auth(admin),
    data: { name, amount: '50000', applies_below: '1234.5' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await loginAs(page, 'ADMIN', '/finance/payments/surcharges');
  await page.getByTestId('filter-surcharge-name').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$50,000.00');
  await expect(row).toContainText('$1,234.50');
  await expect(row).not.toContainText('50000.00');
});

test('p2: a refusal under a field is said once, in dollars; a popup has a human title', async ({ page, request }) => {
  const order = await approvedOrder(request, DEMO_USERS.PERSONAL, `Refusals ${Date.now()}`);
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const invoice = await getJson<InvoiceDetail>(request, admin, `/api/invoices/${order.invoice!.id}/`);
  const milestone = invoice.milestones[0]!;
  await loginAs(page, 'ADMIN', `/invoices/${order.invoice!.id}`);
  await page.getByTestId('record-payment').first().click();
  const dialog = page.getByTestId('record-payment-dialog');
  await dialog.getByTestId('payment-amount').locator('input').fill('99999');
  await page.getByTestId('record-payment-submit').click();
  const tooLarge = INVOICE_TEXT.amountTooLarge(milestone.balance);
  expect(tooLarge).toContain('$');
  await expect(dialog.getByText(tooLarge)).toBeVisible();
  await expect(page.getByTestId('error-dialog')).toHaveCount(0);
  await expect(page.getByText(tooLarge)).toHaveCount(1);

  // Meanwhile someone else records the whole balance: the dialog's payment is refused in a popup.
  const paid = await request.post(`/api/invoices/milestones/${milestone.id}/pay/`, {
    headers: auth(admin),
    data: { method: 'CHECK', amount: milestone.balance, reference: 'CHK 5' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await dialog.getByTestId('payment-amount').locator('input').fill('10.00');
  await page.getByTestId('record-payment-submit').click();
  const popup = page.getByTestId('error-dialog');
  await expect(popup.getByRole('heading', { name: ERROR_TITLES[INVOICE_CODES.milestoneClosed]! })).toBeVisible();
  await expect(popup).toContainText(INVOICE_TEXT.milestoneClosed);
  await expect(popup).not.toContainText(INVOICE_CODES.milestoneClosed);
});

test('p4: the aging report is "As of" a day, in a date-sized field, and its CSV names the day', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/finance/reports/aging');
  const asOf = page.getByLabel(FINANCE_REPORTS_TEXT.asOf);
  await expect(asOf).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveCount(0);
  expect((await asOf.boundingBox())!.width).toBeLessThan(300);
  await asOf.fill('2026-10-15');
  await expect(page).toHaveURL(/as_of=2026-10-15/);
  const download = await downloadFrom(page, page.getByTestId('aging-csv'));
  expect(download.suggestedFilename()).toBe('aging_report_2026-10-15.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split(/\r?\n/)[0]).toMatch(/^as_of,/);
});

test('p7: grace days of -3 must be 0 or more; an empty credit amount is Required', async ({ page, request }) => {
  const paula = await personal(request);
  await loginAs(page, 'ADMIN', `/settings/users/${paula.id}`);
  const interest = page.getByTestId('overdue-interest');
  await interest.getByTestId('interest-grace').locator('input').fill('-3');
  await page.getByTestId('overdue-interest-save').click();
  await expect(interest.getByText(MSG.mustBeNonNegative)).toBeVisible();
  await expect(interest.getByText(MSG.wholeNumber)).toHaveCount(0);

  await page.goto(`/settings/users/${paula.id}/invoices`);
  await page.getByTestId('give-credit').click();
  await page.getByTestId('give-credit-submit').click();
  const give = page.getByTestId('give-credit-dialog');
  await expect(give.getByText(MSG.required, { exact: true })).toBeVisible();
  await expect(give.getByText(MSG.decimal)).toHaveCount(0);
});

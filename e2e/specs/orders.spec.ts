import {
  cents,
  divRound,
  formatMoney,
  formatWireMoney,
  ORDER_DETAIL_TEXT,
  ORDER_STATUS_LABELS,
  ORDER_TEXT,
  type Order,
  parseMoney,
  ORDERS_WEB_TEXT as T,
} from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, loginAs } from '../fixtures.ts';
import {
  auth,
  createBid,
  createLineItem,
  orderPeople,
  paymentOptions,
  submitByApi,
  tokenOf,
} from '../order-helpers.ts';

/**
 * Orders (issue 9, browser part): the shop's list and an order's custom discount and approval; who
 * sees whose order; a customer's submit; a catalogue price change that waits for Recalculate.
 * Orders are made through the API so each test starts from its own order.
 */

const priceValue = (page: Page, row: string) => page.getByTestId(`price-${row}-value`);
const statusChip = (page: Page) => page.getByTestId('order-page').getByTestId('order-status').first();

test('an admin filters the shop list, applies a 10% custom discount to an ORDERED order and approves it', async ({
  page,
  request,
}) => {
  // Several people, API set-up and a server that prices each change: three times the usual time.
  test.slow();
  const { admin, customer, item } = await orderPeople(request, '180.00');
  const name = `Approve me ${Date.now()}`;
  const bid = await createBid(request, customer, name, [{ _id: 'a', line_item: item, qty: 2 }]);
  await paymentOptions(request, customer, bid.id);
  const ordered = await submitByApi(request, customer, bid);
  expect(ordered.status).toBe('ORDERED');

  await loginAs(page, 'ADMIN', '/orders/manage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Orders');
  const table = page.getByTestId('orders-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();

  // Only ORDERED: untick the other two default statuses.
  await page.getByRole('combobox', { name: T.filterStatus }).click();
  await page.getByTestId('status-option-VERIFIED').click();
  await page.getByTestId('status-option-IN_PROGRESS').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=ORDERED(&|$)/);
  await expect(table.getByTestId('order-status').first()).toHaveText(ORDER_STATUS_LABELS.ORDERED);
  await expect(table.locator('[data-status]:not([data-status="ORDERED"])')).toHaveCount(0);

  const search = page.getByTestId('order-name-filter');
  await search.fill(name);
  await search.press('Enter');
  const row = table.getByTestId(`order-row-${ordered.id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Paula Price');
  await expect(row).toContainText(formatWireMoney(ordered.total_price));
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/orders/${ordered.id}$`));
  await expect(page.getByTestId('order-title')).toContainText(name);
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.ORDERED);
  await expect(priceValue(page, 'total')).toHaveText(formatWireMoney(ordered.total_price));

  // A wrong entry is refused in the browser with SPEC 5's message.
  const discount = page.getByTestId('custom-discount-input');
  await discount.fill('ten');
  await page.getByTestId('custom-discount-apply').click();
  await expect(page.getByText('Please provide a valid amount / percentage')).toBeVisible();

  await discount.fill('10%');
  await page.getByTestId('custom-discount-apply').click();
  const base = parseMoney(ordered.total_after_customer_discount) ?? 0;
  const tenPercent = divRound(base * 10, 100);
  await expect(priceValue(page, 'order-discount')).toHaveText(`-${formatMoney(cents(tenPercent))}`);
  await expect(priceValue(page, 'total')).not.toHaveText(formatWireMoney(ordered.total_price));
  const discounted = (await (
    await request.get(`/api/orders/${ordered.id}/`, { headers: auth(admin) })
  ).json()) as Order;
  expect(discounted.custom_discount_percentage).toBe('10.00');
  await expect(priceValue(page, 'total')).toHaveText(formatWireMoney(discounted.total_price));

  await page.getByTestId('action-approve').click();
  // Approve asks first (issue 15).
  await page.getByTestId('confirm-dialog').getByRole('button', { name: ORDER_DETAIL_TEXT.approveConfirm }).click();
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.VERIFIED);
  await expect(page.getByTestId('action-approve')).toHaveCount(0);

  // The timeline records both, newest first.
  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('timeline-entry').first()).toBeVisible();
});

test("a business manager sees the employee's order; a personal customer gets the 404 page for it", async ({
  page,
  request,
}) => {
  // Several people, API set-up and a server that prices each change: three times the usual time.
  test.slow();
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const employee = await tokenOf(request, DEMO_USERS.BUSINESS_EMPLOYEE);
  const item = await createLineItem(request, admin, '50.00');
  const name = `Employee bid ${Date.now()}`;
  const bid = await createBid(request, employee, name, [{ _id: 'a', line_item: item, qty: 1 }]);

  await loginAs(page, 'BUSINESS_MANAGER', '/orders/all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Orders');
  // A bid is not in the default statuses: tick Bid.
  await page.getByRole('combobox', { name: T.filterStatus }).click();
  await page.getByTestId('status-option-BID').click();
  await page.keyboard.press('Escape');
  const search = page.getByTestId('order-name-filter');
  await search.fill(name);
  await search.press('Enter');
  const row = page.getByTestId(`order-row-${bid.id}`);
  await expect(row).toContainText('Acme Kitchens');
  await expect(row).toContainText('Eli Employee');
  await row.click();
  await expect(page.getByTestId('order-title')).toContainText(name);

  await page.getByTestId('logout-button').click();
  await loginAs(page, 'PERSONAL', '/orders/all');
  await page.getByRole('combobox', { name: T.filterStatus }).click();
  await page.getByTestId('status-option-BID').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('order-name-filter').fill(name);
  await page.getByTestId('order-name-filter').press('Enter');
  await expect(page.getByTestId('orders-table').getByTestId('table-empty')).toHaveText(T.noOrders);
  await page.goto(`/orders/${bid.id}`);
  await expect(page).toHaveURL(/\/404$/);
});

test('a customer submits a bid through the submit form; a wrong password is refused on its field', async ({
  page,
  request,
}) => {
  // Several people, API set-up and a server that prices each change: three times the usual time.
  test.slow();
  const { customer, item } = await orderPeople(request, '75.00');
  const name = `Submit me ${Date.now()}`;
  const bid = await createBid(request, customer, name, [{ _id: 'a', line_item: item, qty: 3 }]);
  await paymentOptions(request, customer, bid.id);

  await loginAs(page, 'PERSONAL', `/orders/${bid.id}`);
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.BID);
  await page.getByTestId('action-submit').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${bid.id}/submit$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.submitTitle(name));
  await expect(page.getByTestId('terms-text')).not.toBeEmpty();

  await page.getByRole('combobox', { name: T.shippingMethod }).click();
  await page.getByRole('option', { name: T.shippingLabels.DELIVERY }).click();
  await expect(page.getByRole('combobox', { name: T.shippingAddress })).toBeVisible();
  await page.getByLabel(T.deliveryContactName).fill('Paula Price');
  await page.getByRole('combobox', { name: T.paymentOption }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('payment-option-details')).toBeVisible();
  await page.getByRole('combobox', { name: T.paymentMethod }).click();
  await page.getByRole('option', { name: T.paymentLabels.CHECK }).click();

  // Without the terms the form says so and sends nothing.
  await page.getByLabel(T.password).fill('not-my-password');
  await page.getByTestId('submit-order').click();
  await expect(page.getByText(ORDER_TEXT.termsRequired)).toBeVisible();
  await page.getByLabel(T.acceptTerms).check();
  await page.getByTestId('submit-order').click();
  await expect(page.getByText(ORDER_TEXT.passwordWrong)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${bid.id}/submit$`));

  await page.getByLabel(T.password).fill(DEMO_PASSWORD);
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${bid.id}$`));
  await expect(page.getByText(ORDER_TEXT.orderSubmitted)).toBeVisible();
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.ORDERED);
  await expect(page.getByTestId('action-submit')).toHaveCount(0);
});

test('a catalogue price change leaves an ordered price alone until the admin clicks Recalculate', async ({
  page,
  request,
}) => {
  // Several people, API set-up and a server that prices each change: three times the usual time.
  test.slow();
  const { admin, customer, item } = await orderPeople(request, '100.00');
  const bid = await createBid(request, customer, `Reprice me ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]);
  await paymentOptions(request, customer, bid.id);
  const ordered = await submitByApi(request, customer, bid);

  const patched = await request.patch(`/api/catalog/items/${item}/`, {
    headers: auth(admin),
    data: { price: '150.00' },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  await loginAs(page, 'ADMIN', `/orders/${ordered.id}`);
  const line = page.getByTestId('line-1');
  await expect(line.locator('[data-col="price"]')).toHaveText('$100.00');
  await expect(line.locator('[data-col="total_price"]')).toHaveText('$200.00');
  await expect(priceValue(page, 'subtotal')).toHaveText('$200.00');
  await expect(priceValue(page, 'total')).toHaveText(formatWireMoney(ordered.total_price));

  // Why it costs that: the frozen breakdown.
  await line.getByTestId('line-breakdown').click();
  await expect(page.getByTestId('breakdown-total')).toHaveText('$200.00');
  await page.getByTestId('breakdown-dialog').getByRole('button', { name: T.close }).click();

  await page.getByTestId('action-recalculate').click();
  const dialog = page.getByTestId('recalculate-dialog');
  await expect(dialog.getByTestId('recalculate-line-1')).toContainText('$100.00');
  await expect(dialog.getByTestId('recalculate-line-1')).toContainText('$150.00');
  await expect(dialog.getByTestId('recalculate-line-1')).toContainText('$300.00');
  await dialog.getByRole('button', { name: T.close }).click();
  await expect(line.locator('[data-col="price"]')).toHaveText('$150.00');
  await expect(priceValue(page, 'subtotal')).toHaveText('$300.00');
  await expect(priceValue(page, 'total')).not.toHaveText(formatWireMoney(ordered.total_price));
});

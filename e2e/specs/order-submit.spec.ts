import { ORDER_DETAIL_TEXT as D, formatWireMoney, ORDER_TEXT, parseMoney, ORDERS_WEB_TEXT as T } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from '../fixtures.ts';
import { addressesOf, createBid, orderPeople, paymentOptions, quote } from '../order-helpers.ts';

/**
 * Issue 15, what a new user met on the submit page: no total (choosing Card silently added a 3 %
 * fee), no way back, and the choices made at submit shown on no page afterwards.
 */

test('the submit page shows the total of the chosen payment method before the customer confirms, and the order page shows the choices', async ({
  page,
  request,
}) => {
  // API set-up and a server that prices each choice: three times the usual time.
  test.slow();
  const { customer, item } = await orderPeople(request, '240.00');
  const name = `Submit total ${Date.now()}`;
  const bid = await createBid(request, customer, name, [{ _id: 'a', line_item: item, qty: 3 }]);
  const [option] = await paymentOptions(request, customer, bid.id);
  const addresses = await addressesOf(request, customer, bid.customer);
  const shipping = addresses.find((a) => a.kind === 'SHIPPING' && a) as (typeof addresses)[number];
  const billing = addresses.find((a) => a.kind === 'BILLING') as (typeof addresses)[number];
  expect(option && shipping && billing, 'demo payment option and addresses').toBeTruthy();

  await loginAs(page, 'PERSONAL', `/orders/${bid.id}`);
  await page.getByTestId('action-submit').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${bid.id}/submit$`));

  // A way back to the order, and in again.
  await page.getByRole('link', { name: D.backToOrder }).first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/${bid.id}$`));
  await page.getByTestId('action-submit').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.submitTitle(name));
  await expect(page.getByText(D.quoteHint)).toBeVisible();

  await page.getByRole('combobox', { name: T.completionPreference }).click();
  await page.getByRole('option', { name: T.completionLabels.AS_READY }).click();
  await page.getByRole('combobox', { name: T.jobPriority }).click();
  await page.getByRole('option', { name: T.priorityLabels.RUSH }).click();
  await page.getByRole('combobox', { name: T.shippingMethod }).click();
  await page.getByRole('option', { name: T.shippingLabels.DELIVERY }).click();
  await page.getByRole('combobox', { name: T.shippingAddress }).click();
  await page.getByRole('option').filter({ hasText: shipping.line1 }).first().click();
  await page.getByLabel(T.deliveryContactName).fill('Paula Price');
  await page.getByLabel(T.deliveryContactPhone).fill('555-0100');
  await page.getByLabel(T.deliveryNotes).fill('Gate code 1234');
  await page.getByRole('combobox', { name: T.paymentOption }).click();
  await page.getByRole('option', { name: option?.name }).first().click();

  const choice = {
    customer_payment_option: String(option?.id),
    shipping_method: 'DELIVERY',
    shipping_address: String(shipping.id),
  };
  const value = (row: string) => page.getByTestId(`quote-${row}-value`);

  await page.getByRole('combobox', { name: T.paymentMethod }).click();
  await page.getByRole('option', { name: T.paymentLabels.CHECK }).click();
  const byCheck = await quote(request, customer, bid.id, { ...choice, payment_method: 'CHECK' });
  await expect(value('total')).toHaveText(formatWireMoney(byCheck.total_price));
  await expect(value('sales-tax')).toHaveText(formatWireMoney(byCheck.sales_tax_amount));

  // Card carries the demo's 3 % processing fee: shown before the customer confirms.
  await page.getByRole('combobox', { name: T.paymentMethod }).click();
  await page.getByRole('option', { name: T.paymentLabels.CARD }).click();
  const byCard = await quote(request, customer, bid.id, { ...choice, payment_method: 'CARD' });
  expect(parseMoney(byCard.surcharge)).toBeGreaterThan(parseMoney(byCheck.surcharge) ?? 0);
  await expect(value('surcharge')).toHaveText(formatWireMoney(byCard.surcharge));
  await expect(value('total')).toHaveText(formatWireMoney(byCard.total_price));
  await expect(value('total')).not.toHaveText(formatWireMoney(byCheck.total_price));

  await page.getByLabel(T.acceptTerms).check();
  await page.getByLabel(T.password).fill(DEMO_PASSWORD);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/orders/${bid.id}/submit/`));
  await page.getByTestId('submit-order').click();
  // The total shown is the one the submit commits to.
  const body = (await sent).postData() ?? '';
  expect(body).toMatch(new RegExp(`name="expected_total"\\r\\n\\r\\n${byCard.total_price.replace('.', '\\.')}\\r\\n`));

  await expect(page).toHaveURL(new RegExp(`/orders/${bid.id}$`));
  await expect(page.getByText(ORDER_TEXT.orderSubmitted)).toBeVisible();
  await expect(page.getByTestId('price-total-value')).toHaveText(formatWireMoney(byCard.total_price));

  // What was chosen at submit, on the order's page.
  await expect(page.getByTestId('order-shipping-method')).toContainText(T.shippingLabels.DELIVERY as string);
  await expect(page.getByTestId('order-billing-address')).toContainText(billing.line1);
  await expect(page.getByTestId('order-shipping-address')).toContainText(shipping.line1);
  await expect(page.getByTestId('order-delivery-contact')).toContainText('Paula Price, 555-0100');
  await expect(page.getByTestId('order-delivery-notes')).toContainText('Gate code 1234');
  await expect(page.getByTestId('order-priority')).toContainText(T.priorityLabels.RUSH as string);
  await expect(page.getByTestId('order-completion')).toContainText(T.completionLabels.AS_READY as string);
  await expect(page.getByTestId('order-payment-option')).toContainText(option?.name ?? '');
  await expect(page.getByTestId('order-payment-method')).toContainText(T.paymentLabels.CARD as string);
});

import { ORDER_DETAIL_TEXT as D, formatWireMoney, ORDER_STATUS_LABELS, type Order } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';
import { auth, createBid, orderPeople, submitByApi, type tokenOf } from '../order-helpers.ts';

/**
 * Issue 15 "one order, one version": every change the order page makes is sent with the version
 * on screen. When someone else changed the order between the page's load and the click, the
 * server answers 409 order_changed_concurrently; the page says so, shows the fresh order, and
 * keeps what the person typed for a second try.
 */

const statusChip = (page: Page) => page.getByTestId('order-page').getByTestId('order-status').first();

async function orderedOrder(request: Parameters<typeof tokenOf>[0]) {
  const { admin, customer, item } = await orderPeople(request, '500.00');
  const bid = await createBid(request, customer, `Version ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]);
  return { admin, ordered: await submitByApi(request, customer, bid) };
}

/** Someone else's change through the API: a custom discount of `amount` (the version moves on). */
async function discountByApi(request: Parameters<typeof tokenOf>[0], admin: string, id: number, amount: string) {
  const response = await request.patch(`/api/orders/${id}/update_custom_discount/`, {
    headers: auth(admin),
    data: { custom_discount_amount: amount },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

test('a price change on a stale order answers 409: the page says so, shows the fresh order and keeps what was typed', async ({
  page,
  request,
}) => {
  test.slow();
  const { admin, ordered } = await orderedOrder(request);
  await loginAs(page, 'ADMIN', `/orders/${ordered.id}`);
  await expect(page.getByTestId('price-total-value')).toHaveText(formatWireMoney(ordered.total_price));

  // Someone else sets a discount after the page was loaded.
  const theirs = await discountByApi(request, admin, ordered.id, '-30');
  expect(theirs.version).toBeGreaterThan(ordered.version);

  const answered = page.waitForResponse(
    (r) => r.url().includes(`/api/orders/${ordered.id}/update_custom_discount/`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('custom-discount-input').fill('-50');
  await page.getByTestId('custom-discount-apply').click();
  const refused = await answered;
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('order_changed_concurrently');
  expect(refused.request().postDataJSON()).toMatchObject({ version: ordered.version });

  // The page says so and shows their change; what was typed is still there.
  await expect(page.getByText(D.changedMeanwhile)).toBeVisible();
  await expect(page.getByTestId('price-order-discount-value')).toHaveText('-$30.00');
  await expect(page.getByTestId('price-total-value')).toHaveText(formatWireMoney(theirs.total_price));
  await expect(page.getByTestId('custom-discount-input')).toHaveValue('-50');

  // A second try is made on the fresh order and goes through.
  const again = page.waitForResponse(
    (r) => r.url().includes(`/api/orders/${ordered.id}/update_custom_discount/`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('custom-discount-apply').click();
  expect((await again).status()).toBe(200);
  await expect(page.getByTestId('price-order-discount-value')).toHaveText('-$50.00');
});

test('approve on a stale order answers 409: the order stays ordered, the page says so and shows the fresh order', async ({
  page,
  request,
}) => {
  test.slow();
  const { admin, ordered } = await orderedOrder(request);
  await loginAs(page, 'ADMIN', `/orders/${ordered.id}`);
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.ORDERED);
  await expect(page.getByTestId('price-total-value')).toHaveText(formatWireMoney(ordered.total_price));

  const theirs = await discountByApi(request, admin, ordered.id, '-20');

  await page.getByTestId('action-approve').click();
  const confirm = page.getByTestId('confirm-dialog');
  const answered = page.waitForResponse((r) => r.url().includes(`/api/orders/${ordered.id}/approve/`));
  await confirm.getByRole('button', { name: D.approveConfirm }).click();
  const refused = await answered;
  expect(refused.status()).toBe(409);
  expect(refused.request().postDataJSON()).toMatchObject({ version: ordered.version });

  await expect(page.getByText(D.changedMeanwhile)).toBeVisible();
  await expect(page.getByTestId('price-total-value')).toHaveText(formatWireMoney(theirs.total_price));
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.ORDERED);

  // Approved on a second look.
  await page.getByTestId('action-approve').click();
  await confirm.getByRole('button', { name: D.approveConfirm }).click();
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.VERIFIED);
});

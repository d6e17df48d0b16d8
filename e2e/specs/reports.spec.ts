import { type Order, PRODUCTION_TEXT, REPORTS_WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';
import { auth, createBid, orderPeople, submitByApi } from '../order-helpers.ts';

/** Issue 29: the production logs and reports narrow to a from-to range of days. */

test('a from-to range narrows Completed Orders (a shipped order stays on it) and the completion log', async ({
  page,
  request,
}) => {
  // Five API steps before the page (create, submit, approve, start, complete, ship): more than 30 s on a busy machine.
  test.slow();
  // An order completed by hand today, then shipped: still a completed order of today.
  const { admin, customer, item } = await orderPeople(request, '100.00');
  const bid = await createBid(request, customer, `Range job ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]);
  const order = await submitByApi(request, customer, bid);
  let last: Order = order;
  for (const action of ['approve', 'start_production', 'complete', 'ship']) {
    const res = await request.post(`/api/orders/${order.id}/${action}/`, { headers: auth(admin), data: {} });
    expect(res.status(), `${action}: ${await res.text()}`).toBe(200);
    last = (await res.json()) as Order;
  }
  expect(last.status).toBe('SHIPPED');

  await loginAs(page, 'STAFF', '/orders/completed');
  const row = page.getByTestId(`report-row-${order.id}`);
  await expect(row).toBeVisible();
  await page.getByTestId('report-range-from').fill('2000-01-01');
  await page.getByTestId('report-range-to').fill('2000-01-31');
  await expect(page.getByText(REPORTS_WEB_TEXT.noRows)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByTestId('report-range-to').fill('2999-12-31');
  await expect(row).toBeVisible();

  // The log: today's rows by default, none in January 2000; the period then says the dates were chosen.
  await page.goto('/orders/completion-log');
  const log = page.getByTestId('completion-log');
  await expect(log.getByText(`#${order.id} ${order.name}`).first()).toBeVisible();
  await page.getByTestId('log-range-from').fill('2000-01-01');
  await page.getByTestId('log-range-to').fill('2000-01-31');
  await expect(page.getByText(PRODUCTION_TEXT.noLogRows)).toBeVisible();
  await expect(page.getByTestId('range-filter')).toContainText(REPORTS_WEB_TEXT.rangeCustom);
  // A reversed pair is said on the field, not sent (no error popup).
  await page.getByTestId('log-range-from').fill('2000-02-01');
  await expect(page.getByText(REPORTS_WEB_TEXT.rangeReversed)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

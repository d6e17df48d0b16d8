import { DASHBOARD_TEXT, type Dashboard, PAGE_SIZE, WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/** The admin dashboard's Recent activity is the shop's activity, not client-error telemetry. */
test("an admin's Recent activity does not list client errors", async ({ page, request }) => {
  // A script error reported by some browser: stored as telemetry.
  const logged = await request.post('/api/core/log/error/', { data: { type: 'script', error: 'e2e boom' } });
  expect(logged.ok()).toBe(true);

  await loginAs(page, 'ADMIN', '/');
  const recent = page.getByTestId('dashboard-recent');
  await expect(recent).toContainText(WEB_TEXT.recentActivity);
  // The shop's events (orders moved, remakes, payments: issue 35), not sign-ins (the card shows once loaded).
  await expect(recent).not.toContainText('Signed in');
  await expect(recent).not.toContainText('Client');
  await expect(recent).not.toContainText('script');
});

/**
 * Issue 29, a foreman's morning: STAFF opens the dashboard, sees the floor's figures (each the
 * total of its list) and this week's chart, and follows Orders in production to that list.
 */
test('a foreman sees the floor on the dashboard and follows Orders in production to its list', async ({ page }) => {
  // An order put in production first (made, submitted, approved and started through the API).
  test.setTimeout(120_000);
  const request = page.request;
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const item = await createLineItem(request, admin, '99.00');
  const name = `Foreman e2e ${Date.now()}`;
  const bid = await createBid(request, personal, name, [{ _id: 'a', line_item: item, qty: 3 }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const inProductionTotal = async () =>
    (
      await getJson<{ total: number }>(
        request,
        staff,
        '/api/orders/?status=IN_PROGRESS,PARTIALLY_COMPLETED&page_size=1',
      )
    ).total;
  const before = await inProductionTotal();
  const started = await request.post(`/api/orders/${bid.id}/start_production/`, { headers: auth(staff), data: {} });
  expect(started.status(), await started.text()).toBe(200);
  // A list's total is kept up to a second (kit/list.ts): the previous test's dashboard may have
  // counted just before this start.
  await expect.poll(inProductionTotal).toBe(before + 1);

  const dashboard = await getJson<Dashboard>(request, staff, '/api/core/dashboard/');
  const keys = dashboard.cards.map((c) => c.key);
  expect(keys).toEqual([
    'orders_in_production',
    'orders_late',
    'orders_due_this_week',
    'cabinets_completed_today',
    'cabinets_shipped_today',
    'remakes_open',
    'planned_today_cabinets',
    'capacity_per_day',
  ]);
  const inProduction = before + 1;
  expect(dashboard.cards.find((c) => c.key === 'orders_in_production')!.value).toBe(inProduction);
  const late = await getJson<{ total: number }>(request, staff, '/api/orders/late_report/?page_size=1');
  expect(dashboard.cards.find((c) => c.key === 'orders_late')!.value).toBe(late.total);

  await loginAs(page, 'STAFF', '/');
  for (const key of keys) await expect(page.getByTestId(`dashboard-card-${key}`)).toBeVisible();
  await expect(page.getByTestId('dashboard-card-role')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-card-orders_in_production').getByTestId('dashboard-card-value')).toHaveText(
    String(inProduction),
  );
  await expect(page.getByTestId('dashboard-week-chart')).toContainText(DASHBOARD_TEXT.weekChartTitle);
  // Issue 35: the late card names its latest-due orders, each a link to its order.
  const lateItems = dashboard.cards.find((c) => c.key === 'orders_late')!.items ?? [];
  if (lateItems.length > 0) {
    const named = page.getByTestId('dashboard-card-items-orders_late');
    await expect(named.getByRole('link')).toHaveCount(lateItems.length);
    await expect(named).toContainText(lateItems[0]!.name);
  }
  // Shipped today opens the completion log of today's SHIPPED rows.
  await page.getByRole('link', { name: new RegExp(`^${DASHBOARD_TEXT.cabinetsShippedToday}`) }).click();
  await expect(page).toHaveURL(/\/orders\/completion-log\?event=SHIPPED/);
  await expect(page.getByTestId('event-filter')).toContainText('Shipped');
  await page.goBack();

  await page.getByRole('link', { name: new RegExp(`^${DASHBOARD_TEXT.ordersInProduction}`) }).click();
  await expect(page).toHaveURL(/\/orders\/manage\?status=IN_PROGRESS(,|%2C)PARTIALLY_COMPLETED/);
  const table = page.getByTestId('orders-table');
  await expect(table).toContainText(name);
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(inProduction, PAGE_SIZE.orders));
});

import { DASHBOARD_TEXT, type Dashboard, PAGE_SIZE, WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { getJson, tokenOf } from '../order-helpers.ts';

/** The admin dashboard's Recent activity is the shop's activity, not client-error telemetry. */
test("an admin's Recent activity does not list client errors", async ({ page, request }) => {
  // A script error reported by some browser: stored as telemetry.
  const logged = await request.post('/api/core/log/error/', { data: { type: 'script', error: 'e2e boom' } });
  expect(logged.ok()).toBe(true);

  await loginAs(page, 'ADMIN');
  await page.goto('/');
  const recent = page.getByTestId('dashboard-recent');
  await expect(recent).toContainText(WEB_TEXT.recentActivity);
  await expect(recent).toContainText('Signed in');
  await expect(recent).not.toContainText('Client');
  await expect(recent).not.toContainText('script');
});

/**
 * Issue 29, a foreman's morning: STAFF opens the dashboard, sees the floor's figures (each the
 * total of its list) and this week's chart, and follows the late orders' card to the late report.
 */
test('a foreman sees the floor on the dashboard and follows Late orders to its list', async ({ page }) => {
  const staff = await tokenOf(page.request, DEMO_USERS.STAFF);
  const dashboard = await getJson<Dashboard>(page.request, staff, '/api/core/dashboard/');
  const keys = dashboard.cards.map((c) => c.key);
  expect(keys).toEqual([
    'orders_in_production',
    'orders_late',
    'cabinets_completed_today',
    'cabinets_shipped_today',
    'remakes_open',
    'planned_today_cabinets',
    'capacity_per_day',
  ]);
  const late = await getJson<{ total: number }>(page.request, staff, '/api/orders/late_report/?page_size=1');
  expect(dashboard.cards.find((c) => c.key === 'orders_late')!.value).toBe(late.total);

  await loginAs(page, 'STAFF');
  await page.goto('/');
  for (const key of keys) await expect(page.getByTestId(`dashboard-card-${key}`)).toBeVisible();
  await expect(page.getByTestId('dashboard-card-role')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-card-orders_late').getByTestId('dashboard-card-value')).toHaveText(
    String(late.total),
  );
  await expect(page.getByTestId('dashboard-week-chart')).toContainText(DASHBOARD_TEXT.weekChartTitle);

  await page.getByRole('link', { name: new RegExp(`^${DASHBOARD_TEXT.ordersLate}`) }).click();
  await expect(page).toHaveURL(/\/orders\/late$/);
  const table = page.getByTestId('report-late');
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(late.total, PAGE_SIZE.accounts));
});

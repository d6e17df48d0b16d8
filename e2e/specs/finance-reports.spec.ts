import { readFile } from 'node:fs/promises';
import { FINANCE_REPORTS_TEXT as T } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from './../fixtures.ts';
import { auth, tokenOf } from './../order-helpers.ts';

/** The finance reports (decision 0034): an admin reads the aging and the revenue chart. */

test('an admin opens the aging report, searches a demo party and downloads the CSV', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const res = await request.get('/api/finance/reports/aging/', { headers: auth(admin) });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  expect(body.total).toBeGreaterThan(0);
  const party = body.results[0].party as { type: string; id: number; name: string };

  await loginAs(page, 'ADMIN');
  await page.goto('/finance/reports/aging');
  const table = page.getByTestId('aging-report');
  await expect(table.getByTestId(`aging-row-${party.type}-${party.id}`)).toBeVisible();
  await expect(page.getByTestId('aging-totals')).toContainText(T.totals);

  await page.getByTestId('aging-search').fill(party.name);
  await expect(table.getByTestId(`aging-row-${party.type}-${party.id}`)).toContainText(party.name);
  await expect(table.locator('tbody tr[data-testid^="aging-row-"]')).toHaveCount(
    body.results.filter((r: { party: { name: string } }) =>
      r.party.name.toLowerCase().includes(party.name.toLowerCase()),
    ).length,
  );

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('aging-csv').click()]);
  expect(download.suggestedFilename()).toBe('aging_report.csv');
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  expect(header).toBe('party_type,party_id,party_name,current,days_1_30,days_31_60,days_61_90,days_90_plus,total');
  expect(lines.some((l) => l.startsWith(`${party.type},${party.id},`))).toBe(true);

  // A start date before anything was invoiced: nothing open.
  await page.getByTestId('aging-as-of').fill('2000-01-01');
  await expect(table).toContainText(T.noRows);
});

test('the revenue report shows invoiced and collected as a chart', async ({ page }) => {
  await loginAs(page, 'ADMIN');
  await page.goto('/finance/reports/revenue');
  const chart = page.getByTestId('revenue-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart).toContainText(T.invoiced);
  await expect(chart).toContainText(T.collected);
  await expect(page.getByTestId('revenue-totals')).toContainText(T.invoiced);
  await page.getByTestId('revenue-interval-week').click();
  await expect(page).toHaveURL(/interval=week/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('revenue-csv').click()]);
  expect(download.suggestedFilename()).toBe('revenue_report.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split(/\r?\n/)[0]).toBe('period_start,invoiced,collected');
});

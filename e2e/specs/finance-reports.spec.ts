import { readFile } from 'node:fs/promises';
import { FINANCE_REPORTS_TEXT as T } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, downloadFrom, loginAs } from './../fixtures.ts';
import { auth, createBid, createLineItem, submitByApi, tokenOf } from './../order-helpers.ts';

/** The finance reports (decision 0034): an admin reads the aging and the revenue chart. */

test('an admin opens the aging report, searches a demo party and downloads the CSV', async ({ page, request }) => {
  // The demo personal customer's order approved: its invoice is open.
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '120.00');
  const bid = await createBid(request, personal, `Aging ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);
  const customer = (await approved.json()).customer as number;

  const res = await request.get('/api/finance/reports/aging/?page_size=100', { headers: auth(admin) });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  const row = body.results.find(
    (r: { party: { type: string; id: number } }) => r.party.type === 'customer' && r.party.id === customer,
  );
  expect(row).toBeTruthy();
  const party = row.party as { type: string; id: number; name: string };

  await loginAs(page, 'ADMIN', '/finance/reports/aging');
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

  const download = await downloadFrom(page, page.getByTestId('aging-csv'));
  // The file and every line name the as-of day (today's, as the report answered it).
  expect(download.suggestedFilename()).toBe(`aging_report_${body.as_of}.csv`);
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  expect(header).toBe(
    'as_of,party_type,party_id,party_name,current,days_1_30,days_31_60,days_61_90,days_90_plus,total,unapplied_credit',
  );
  expect(lines.some((l) => l.startsWith(`${body.as_of},${party.type},${party.id},`))).toBe(true);
  // The last line is the totals (issue 34), as the screen's totals row.
  expect(lines.at(-1)).toContain(`${body.as_of},TOTAL,,${T.totals},`);
  await expect(page.getByTestId('aging-totals-credit')).toContainText(T.unappliedCredit);

  // A start date before anything was invoiced: nothing open.
  await page.getByTestId('aging-as-of').fill('2000-01-01');
  await expect(table).toContainText(T.noRows);
});

test('the revenue report shows invoiced and collected as a chart', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/finance/reports/revenue');
  const chart = page.getByTestId('revenue-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart).toContainText(T.invoiced);
  await expect(chart).toContainText(T.collected);
  await expect(page.getByTestId('revenue-totals')).toContainText(T.invoiced);
  await page.getByTestId('revenue-interval-week').click();
  await expect(page).toHaveURL(/interval=week/);
  const download = await downloadFrom(page, page.getByTestId('revenue-csv'));
  expect(download.suggestedFilename()).toBe('revenue_report.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split(/\r?\n/)[0]).toBe('period_start,invoiced,collected');
});

test('the sales tax report lists tax by state and rate with a total, and downloads it as CSV', async ({
  page,
  request,
}) => {
  // An order approved today: its invoice is in this month's report (the default range).
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '80.00');
  const bid = await createBid(request, personal, `Sales tax ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 1 }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);

  await loginAs(page, 'ADMIN', '/finance/reports/sales-tax');
  const table = page.getByTestId('sales-tax-table');
  await expect(table.getByTestId('sales-tax-row').first()).toContainText('%');
  await expect(page.getByTestId('sales-tax-total')).toContainText(T.total);
  const download = await downloadFrom(page, page.getByTestId('sales-tax-csv'));
  expect(download.suggestedFilename()).toMatch(/^sales_tax_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe('state,rate,taxable,tax,credit_notes_tax');
  expect(lines.at(-1)).toMatch(/^Total,,-?\d+\.\d{2},-?\d+\.\d{2},-?\d+\.\d{2}$/);

  // A range before anything was invoiced: nothing to file.
  await page.getByTestId('sales-tax-date_after').fill('2000-01-01');
  await page.getByTestId('sales-tax-date_before').fill('2000-01-31');
  await expect(table).toContainText(T.noSalesTax);
});

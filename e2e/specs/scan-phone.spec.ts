import type { Order } from '@cab/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 29 "Phone": at 390 px the scan sessions list, a session's scans and an order's sessions
 * show each row compactly, its status and counts (a scan's result) on screen. Before, rows were
 * about 150 px tall with the status and counts off to the right. (The invoice list and an
 * invoice's milestones at 390 px: finance-screens.spec.ts.)
 */

const PHONE = { width: 390, height: 844 };
/** A row of two or three short lines; the old seven-column row wrapped to about 150 px. */
const MAX_ROW_HEIGHT = 100;

test.use({ viewport: PHONE });

/** An approved order of the personal customer, a production session that scanned a cabinet and an unknown code. */
async function scannedSession(page: Page): Promise<{ order: Order; session: number }> {
  const request = page.request;
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const customer = await tokenOf(request, DEMO_USERS.PERSONAL);
  // A code and a name of the length a shop's have (a row's height follows its text).
  const categories = await getJson<{ results: { id: number }[] }>(request, admin, '/api/catalog/category/?page_size=1');
  const code = `PH${Date.now() % 100_000}`;
  const created = await request.post('/api/catalog/items/', {
    headers: auth(admin),
    data: {
      manufacturer_code: code,
      export_name_1: code,
      price: '80.00',
      category: categories.results[0]?.id,
      base_category: 'ACCESSORY',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = ((await created.json()) as { id: number }).id;
  const bid = await createBid(request, customer, `Lee kitchen ${code}`, [{ _id: 'a', line_item: item, qty: 2 }]);
  const submitted = await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${submitted.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const order = (await approved.json()) as Order;
  const opened = await request.post('/api/scan/sessions/', {
    headers: auth(staff),
    data: { type: 'PRODUCTION', station: 'Phone bench' },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const session = ((await opened.json()) as { id: number }).id;
  for (const code of [`${order.id}-01-1`, `${order.id}-09-9`]) {
    const scanned = await request.post(`/api/scan/sessions/${session}/scan/`, { headers: auth(staff), data: { code } });
    expect(scanned.status(), await scanned.text()).toBe(200);
  }
  return { order, session };
}

/** The element lies wholly inside the phone's width (no sideways scroll needed to read it). */
async function expectOnScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'a visible element has a box').not.toBeNull();
  expect(box!.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge on screen').toBeLessThanOrEqual(PHONE.width);
}

async function expectCompact(row: Locator): Promise<void> {
  const box = await row.boundingBox();
  expect(box!.height, 'row height in px').toBeLessThanOrEqual(MAX_ROW_HEIGHT);
  expect(box!.x + box!.width, 'the row fits the phone').toBeLessThanOrEqual(PHONE.width);
}

test('on a 390 px phone the scan lists show each row with its status and counts on screen', async ({ page }) => {
  const { order, session } = await scannedSession(page);
  await loginAs(page, 'STAFF');

  // /scan: the session's state and counts beside what it is.
  await page.goto('/scan');
  const row = page.getByTestId(`session-row-${session}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('session-state')).toHaveText('Open');
  await expect(row.getByTestId('session-counts')).toHaveText('1 OK · 1 unknown');
  await expectOnScreen(row.getByTestId('session-state'));
  await expectOnScreen(row.getByTestId('session-counts'));
  await expectCompact(row);

  // The session page: each scan's result, and the order's status, on screen.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/scan/session/${session}$`));
  const scans = page.getByTestId('session-scans').locator('tbody tr');
  await expect(scans).toHaveCount(2);
  for (const scan of await scans.all()) {
    await expectOnScreen(scan.getByTestId('scan-row-result'));
    await expectCompact(scan);
  }
  const ok = scans.filter({ has: page.locator('[data-result="OK"]') });
  await expect(ok).toContainText(`${order.id}-01-1`);
  await expect(ok).toContainText(`${order.name} (Partially Completed)`);
  // The remake button moved under the result and stays reachable.
  await expectOnScreen(ok.getByTestId('scan-row-request-remake'));
  await expectOnScreen(page.getByTestId('session-counts'));

  // The order's sessions list, the same compact rows.
  await page.goto(`/orders/${order.id}/scan_sessions`);
  const orderRow = page.getByTestId('order-sessions').locator('tbody tr').first();
  await expect(orderRow.getByTestId('session-counts')).toHaveText('1 OK · 1 unknown');
  await expectOnScreen(orderRow.getByTestId('session-state'));
  await expectOnScreen(orderRow.getByTestId('session-counts'));
  await expectCompact(orderRow);
});

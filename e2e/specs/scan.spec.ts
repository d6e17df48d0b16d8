import { ORDER_STATUS_LABELS, type Order, type ScanSessionDetail, PRODUCTION_TEXT as T } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { chooseOption, loginAs } from '../fixtures.ts';
import { auth, createBid, getJson, orderPeople, submitByApi } from '../order-helpers.ts';

/**
 * Issue 18: the shop floor scans an order through production and shipping with a USB scanner
 * (keyboard wedge: the code typed into the page, then Enter).
 */

interface CabinetList {
  results: { barcode: string }[];
}

/** A VERIFIED order of the personal customer with two lines (2 + 1 units): three cabinets. */
async function verifiedOrder(request: import('@playwright/test').APIRequestContext) {
  const { admin, customer, item } = await orderPeople(request, '100.00');
  const bid = await createBid(request, customer, `Scan job ${Date.now()}`, [
    { _id: 'a', line_item: item, qty: 2 },
    { _id: 'b', line_item: item, qty: 1 },
  ]);
  const ordered = await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${ordered.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const order = (await approved.json()) as Order;
  const cabinets = await getJson<CabinetList>(request, admin, `/api/orders/${order.id}/cabinets/`);
  return { order, barcodes: cabinets.results.map((c) => c.barcode), admin };
}

async function openSession(page: Page, type: 'Production' | 'Shipping') {
  await page.goto('/scan');
  await page.getByTestId('new-session').click();
  await expect(page).toHaveURL(/\/scan\/new$/);
  await chooseOption(page, page.getByRole('combobox', { name: T.type }), type);
  await page.getByLabel(T.station).fill('Bench 3');
  await page.getByTestId('open-session').click();
  await expect(page).toHaveURL(/\/scan\/session\/\d+\/scan$/);
  await expect(page.getByTestId('scan-input')).toBeFocused();
}

/** What a wedge scanner does: the characters, then Enter, into whatever has the focus. */
async function wedge(page: Page, code: string, expected: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-result', expected);
  await expect(result).toContainText(code);
}

test('staff scan every cabinet of an order complete, then a shipping session ships it', async ({ page, request }) => {
  const { order, barcodes, admin } = await verifiedOrder(request);
  expect(barcodes).toEqual([`${order.id}-01-1`, `${order.id}-01-2`, `${order.id}-02-1`]);
  await loginAs(page, 'STAFF');

  await openSession(page, 'Production');
  await wedge(page, barcodes[0] as string, 'OK');
  await expect(page.getByTestId('scan-order-status')).toHaveAttribute('data-status', 'PARTIALLY_COMPLETED');
  await wedge(page, barcodes[0] as string, 'DUPLICATE');
  await wedge(page, `${order.id}-09-9`, 'UNKNOWN');
  await wedge(page, barcodes[1] as string, 'OK');
  await wedge(page, barcodes[2] as string, 'OK');
  await expect(page.getByTestId('scan-order-status')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(page.getByTestId('scan-progress')).toHaveText(T.orderProgress(order.id, { total: 3, done: 3 }, false));
  await expect(page.getByTestId('session-counts')).toContainText('3 OK · 1 duplicate · 1 unknown');

  const completed = await getJson<Order>(request, admin, `/api/orders/${order.id}/`);
  expect(completed.status).toBe('COMPLETED');
  expect(completed.cabinets).toEqual({ total: 3, completed: 3, shipped: 0 });

  await openSession(page, 'Shipping');
  await wedge(page, barcodes[0] as string, 'OK');
  await expect(page.getByTestId('scan-progress')).toHaveText(T.orderProgress(order.id, { total: 3, done: 1 }, true));
  for (const code of barcodes.slice(1)) await wedge(page, code, 'OK');
  await expect(page.getByTestId('scan-order-status')).toHaveAttribute('data-status', 'SHIPPED');
  await expect(page.getByTestId('scan-order-status')).toContainText(ORDER_STATUS_LABELS.SHIPPED);

  // The order's scan sessions show both sessions and every cabinet shipped.
  await page.goto(`/orders/${order.id}/scan_sessions`);
  await expect(page.getByTestId('cabinet-counts')).toHaveText(T.cabinetCounts({ total: 3, completed: 3, shipped: 3 }));
  await expect(page.getByTestId('order-sessions').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('order-cabinets').getByTestId('cabinet-status')).toHaveCount(3);

  // Today's completed cabinets list the three once each (completed, not shipped); the log has both.
  await page.goto('/orders/completed-cabinets');
  const completedList = page.getByTestId('completion-log-completed');
  for (const code of barcodes) {
    const row = completedList.locator('tbody tr', { hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(T.logEvents.COMPLETED);
  }
  await expect(completedList.locator('tbody tr', { hasText: T.logEvents.SHIPPED })).toHaveCount(0);
  await completedList.locator('tbody tr', { hasText: barcodes[0] as string }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/scan_sessions$`));
  await page.goto('/orders/completion-log');
  const log = page.getByTestId('completion-log');
  await expect(log.locator('tbody tr', { hasText: barcodes[2] as string })).toHaveCount(2);
});

/** How far the scanning device's clock is behind the server's in the offline test (the server takes up to a week). */
const BEHIND_MS = 60_000;

test('a scan made while offline waits in the browser, with a tone, and is sent with its own time when the network returns', async ({
  page,
  context,
  request,
}) => {
  const { order, barcodes, admin } = await verifiedOrder(request);
  // The tones the page plays: each oscillator's frequency when it starts (beep.ts: QUEUED is 880 Hz).
  await page.addInitScript(() => {
    const played: number[] = [];
    (window as unknown as { playedTones: number[] }).playedTones = played;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      played.push(this.frequency.value);
      return start.apply(this, args);
    };
  });
  // The device's clock is behind the server's, so the scan's own time is well before its arrival.
  await page.clock.install({ time: Date.now() - BEHIND_MS });
  await loginAs(page, 'STAFF');
  await openSession(page, 'Production');
  const session = Number(/\/scan\/session\/(\d+)\/scan$/.exec(page.url())?.[1]);
  await context.setOffline(true);
  const scannedAt = Date.now() - BEHIND_MS;
  await page.keyboard.type(barcodes[0] as string);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-result', 'QUEUED');
  await expect(page.getByTestId('scan-waiting')).toContainText(T.waiting(1));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { playedTones: number[] }).playedTones))
    .toEqual([880]);
  // Offline long enough that the scan has waited (queue.ts then sends its time): the page's clock
  // is moved on rather than waited for.
  await page.clock.runFor(7000);
  const online = Date.now();
  await context.setOffline(false);
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-result', 'OK');
  await expect(page.getByTestId('scan-waiting')).toHaveCount(0);
  await expect(page.getByTestId('scan-order-status')).toHaveAttribute('data-status', 'PARTIALLY_COMPLETED');
  await expect(page.getByTestId('scan-order-status')).toContainText(ORDER_STATUS_LABELS.PARTIALLY_COMPLETED);
  await expect(page.getByTestId('scan-progress')).toHaveText(T.orderProgress(order.id, { total: 3, done: 1 }, false));
  expect(order.status).toBe('VERIFIED');
  // Recorded when it was scanned, not when it arrived.
  const detail = await getJson<ScanSessionDetail>(request, admin, `/api/scan/sessions/${session}/`);
  const at = Date.parse(detail.scans[0]!.at);
  expect(Math.abs(at - scannedAt)).toBeLessThan(2000);
  expect(online - at).toBeGreaterThan(5000);
  expect(detail.scans[0]!.cabinet?.completed_at).toBe(detail.scans[0]!.at);

  // A shipping scan of the unfinished order: its own colour (not the duplicate's orange) and why.
  await openSession(page, 'Shipping');
  await wedge(page, barcodes[0] as string, 'WRONG_STATE');
  const wrong = page.getByTestId('scan-result');
  await expect(page.getByTestId('scan-wrong-state-why')).toHaveText(T.wrongStateWhy.shipping(order.id));
  await expect(wrong).toHaveCSS('background-color', 'rgb(106, 27, 154)');
  await openSession(page, 'Production');
  await wedge(page, barcodes[0] as string, 'DUPLICATE');
  await expect(page.getByTestId('scan-result')).not.toHaveCSS('background-color', 'rgb(106, 27, 154)');
});

test('customers are told scanning is for the shop', async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/scan');
  await expect(page.getByTestId('scan-customers')).toHaveText(T.customersCannotScan);
});

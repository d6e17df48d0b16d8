import {
  DASHBOARD_TEXT,
  FLOOR_TEXT,
  LABEL_TEXT,
  type Order,
  PRODUCTION_TEXT,
  REPORTS_WEB_TEXT,
  WEB_TEXT,
} from '@cab/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeLine, graveAxeFindings } from '../axe.ts';
import { chooseOption, DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 29 "Done when": a foreman's morning. STAFF reads the dashboard's figures, puts the floor
 * board up, and sees a scan made in another browser reach it without a reload; then reprints one
 * torn label from the order's cabinets, and the planner refuses a move over a day's capacity.
 */

const PRINTER = 'DYMO LabelWriter 450 Turbo';

/** An order of the personal customer, approved (its cabinets made); started when asked. */
async function approvedOrder(request: APIRequestContext, name: string, qty: number, start: boolean) {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '50.00');
  const bid = await createBid(request, personal, name, [{ _id: 'a', line_item: item, qty }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  if (start) {
    const started = await request.post(`/api/orders/${bid.id}/start_production/`, { headers: auth(staff), data: {} });
    expect(started.status(), await started.text()).toBe(200);
  }
  return { order: (await approved.json()) as Order, admin };
}

/**
 * The DYMO web service of this computer, answered inside the browser (no port taken, so runs side
 * by side do not share a printer): the first port is the service, the others answer nothing.
 */
async function fakeDymo(page: Page): Promise<string[]> {
  const printed: string[] = [];
  const headers = { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' };
  await page.route(/^https:\/\/127\.0\.0\.1:\d+\/DYMO\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.port !== '41951') return route.abort();
    if (url.pathname.endsWith('/StatusConnected')) return route.fulfill({ headers, body: 'true' });
    if (url.pathname.endsWith('/GetPrinters')) {
      return route.fulfill({
        headers: { ...headers, 'Content-Type': 'text/xml' },
        body: `<Printers><LabelWriterPrinter><Name>${PRINTER}</Name><ModelName>${PRINTER}</ModelName><IsConnected>True</IsConnected></LabelWriterPrinter></Printers>`,
      });
    }
    if (url.pathname.endsWith('/PrintLabel')) {
      printed.push(new URLSearchParams(route.request().postData() ?? '').get('labelXml') ?? '');
      return route.fulfill({ headers, body: 'true' });
    }
    return route.fulfill({ status: 404, headers, body: '' });
  });
  return printed;
}

/** Drags with the mouse in small steps, as a person does (dnd-kit's pointer sensor needs movement). */
async function drag(page: Page, from: ReturnType<Page['getByTestId']>, to: ReturnType<Page['getByTestId']>) {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(40, b.height / 2), { steps: 15 });
  await page.mouse.up();
}

test("a foreman's morning: dashboard, the floor board following another browser's scan, one label reprinted, a move over capacity refused", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Morning ${Date.now()}`;
  const { order, admin } = await approvedOrder(request, name, 3, true);
  const barcodes = [1, 2, 3].map((unit) => `${order.id}-01-${unit}`);

  // The dashboard: the floor's figures, each a card with its number.
  await loginAs(page, 'STAFF', '/');
  const inProduction = page.getByTestId('dashboard-card-orders_in_production');
  await expect(inProduction).toContainText(DASHBOARD_TEXT.ordersInProduction);
  await expect(inProduction.getByTestId('dashboard-card-value')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('dashboard-card-capacity_per_day').getByTestId('dashboard-card-value')).toHaveText(
    /^\d+$/,
  );

  // The floor board, from the menu: live, with the order and its progress.
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  await page.getByRole('link', { name: FLOOR_TEXT.title }).click();
  await expect(page).toHaveURL(/\/floor$/);
  const board = page.getByTestId('floor-board');
  await expect(board.getByRole('heading', { name: FLOOR_TEXT.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('floor-live')).toHaveText(FLOOR_TEXT.live);
  // Last scans holds the day's scans from the first load (issue 35), or says it waits for one.
  await expect(page.getByTestId('floor-scans')).toContainText(FLOOR_TEXT.lastScans);
  await expect(page.getByTestId('floor-today')).toContainText(FLOOR_TEXT.today);
  expect((await graveAxeFindings(page)).map(axeLine)).toEqual([]);

  // Another browser: a second foreman scans the order's first cabinet on /scan.
  const other = await browser.newContext();
  try {
    const scanner = await other.newPage();
    await loginAs(scanner, 'STAFF', '/scan');
    await scanner.getByTestId('new-session').click();
    await chooseOption(scanner, scanner.getByRole('combobox', { name: PRODUCTION_TEXT.type }), 'Production');
    await scanner.getByTestId('open-session').click();
    await expect(scanner.getByTestId('scan-input')).toBeFocused();
    await scanner.keyboard.type(barcodes[0]!, { delay: 5 });
    await scanner.keyboard.press('Enter');
    await expect(scanner.getByTestId('scan-result')).toHaveAttribute('data-result', 'OK');
  } finally {
    await other.close();
  }

  // The board shows it without a reload: the scan on top, in words, and the order's bar moved on.
  const scan = page.getByTestId('floor-scan').first();
  await expect(scan).toHaveAttribute('data-barcode', barcodes[0]!);
  await expect(scan).toHaveAttribute('data-result', 'OK');
  await expect(scan).toContainText(`#${order.id} ${name}`);
  await expect(scan).toContainText(PRODUCTION_TEXT.scanResult.OK);
  await expect(
    page
      .getByTestId(`floor-order-${order.id}`)
      .getByRole('progressbar', { name: `#${order.id} ${name}: ${REPORTS_WEB_TEXT.progress(1, 3)}` }),
  ).toBeVisible();

  // One torn label reprinted from the order's cabinets, to the DYMO printer: that label only.
  const printed = await fakeDymo(page);
  await page.goto(`/orders/${order.id}/scan_sessions`);
  await page
    .getByTestId('order-cabinets')
    .getByRole('row')
    .filter({ hasText: barcodes[1]! })
    .getByTestId('reprint-label')
    .click();
  const dialog = page.getByTestId('print-labels-dialog');
  await expect(dialog.getByText(LABEL_TEXT.reprintTitle(barcodes[1]!))).toBeVisible();
  await expect(dialog.getByTestId('labels-count')).toHaveText(LABEL_TEXT.labelCount(1));
  await expect(dialog.getByTestId('labels-printer').locator('select')).toHaveValue(PRINTER);
  await dialog.getByTestId('print-labels-submit').click();
  await expect(page.getByText(LABEL_TEXT.printed(1))).toBeVisible();
  expect(printed).toHaveLength(1);
  expect(printed[0]).toContain(`<Text>${barcodes[1]}</Text>`);
  const prints = await getJson<{ results: { barcodes: string[] }[] }>(
    request,
    admin,
    `/api/orders/${order.id}/label_prints/`,
  );
  expect(prints.results.map((p) => p.barcodes)).toEqual([[barcodes[1]]]);

  // The planner: a job bigger than any day, dropped on a working day, is refused over capacity.
  const big = await approvedOrder(request, `Big morning ${Date.now()}`, 45, false);
  await page.goto('/planner/orders/manage');
  const card = page.getByTestId('plan-unplanned').getByTestId(`plan-order-${big.order.id}`);
  await expect(card).toBeVisible();
  await page.getByTestId('planner-next').click();
  const target = page.locator('[data-testid^="plan-day-"][data-closed="false"]').nth(1);
  await expect(target).toBeVisible();
  const day = (await target.getAttribute('data-testid'))!.slice('plan-day-'.length);
  await drag(page, card, target);
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(REPORTS_WEB_TEXT.overCapacityTitle);
  await expect(confirm.getByRole('button', { name: REPORTS_WEB_TEXT.planAnyway })).toBeVisible();
  // The foreman keeps the day as it is: the order stays unplanned.
  await confirm.getByRole('button', { name: WEB_TEXT.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('plan-unplanned').getByTestId(`plan-order-${big.order.id}`)).toBeVisible();
  await expect(target.getByTestId(`plan-order-${big.order.id}`)).toHaveCount(0);
  const planner = await getJson<{ results: { order: { id: number }; planned_date: string | null }[] }>(
    request,
    admin,
    `/api/planner/orders/?date_after=${day}&date_before=${day}`,
  );
  expect(planner.results.find((r) => r.order.id === big.order.id)?.planned_date ?? null).toBeNull();
});

test('the floor board says when its stream is down and comes back by itself', async ({ page, context }) => {
  await loginAs(page, 'STAFF', '/floor');
  const live = page.getByTestId('floor-live');
  await expect(live).toHaveText(FLOOR_TEXT.live);
  // The network goes: the board says it is reconnecting, and keeps what it showed.
  await context.setOffline(true);
  await expect(live).toHaveText(FLOOR_TEXT.reconnecting);
  await expect(page.getByTestId('floor-today')).toBeVisible();
  // It returns: the board is live again without anyone touching it.
  await context.setOffline(false);
  await expect(live).toHaveText(FLOOR_TEXT.live, { timeout: 30_000 });
});

test('a customer asking for the floor board gets the not-found page, as on every shop page', async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/floor');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('floor-board')).toHaveCount(0);
});

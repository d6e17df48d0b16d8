import { FLOOR_TEXT, PRODUCTION_TEXT } from '@cab/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeLine, graveAxeFindings } from '../axe.ts';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { expectBoardFits, TV_SIZES } from '../floor-helpers.ts';
import { auth, createBid, createLineItem, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 35 "A TV board": /floor?tv=1 fits one screen from 1280×720 to 3840×2160 with no
 * scrolling and no way out, every panel inside the screen; Last scans holds the day's scans from
 * the first load; an unknown scan flashes on the board.
 */

/** A code scanned by the shop through the API (another device), in a session of its own. */
async function scanByApi(request: APIRequestContext, code: string) {
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const session = await request.post('/api/scan/sessions/', { headers: auth(staff), data: { type: 'PRODUCTION' } });
  expect(session.status(), await session.text()).toBe(201);
  const { id } = (await session.json()) as { id: number };
  const scanned = await request.post(`/api/scan/sessions/${id}/scan/`, { headers: auth(staff), data: { code } });
  expect(scanned.status(), await scanned.text()).toBe(200);
}

/** More orders in production and scans than any screen holds: the lists must fit and count the rest. */
test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '40.00');
  for (let i = 1; i <= 14; i++) {
    const bid = await createBid(request, personal, `TV order ${i} with a long name for the board`, [
      { _id: 'a', line_item: item, qty: 2 },
    ]);
    await submitByApi(request, personal, bid);
    const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin), data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    const started = await request.post(`/api/orders/${bid.id}/start_production/`, { headers: auth(staff), data: {} });
    expect(started.status(), await started.text()).toBe(200);
  }
  for (let i = 1; i <= 30; i++) await scanByApi(request, `TV-FILL-${i}`);
});

async function openTv(page: Page) {
  await loginAs(page, 'STAFF', '/floor?tv=1');
  await expect(page.getByTestId('floor-live')).toHaveText(FLOOR_TEXT.live);
  // What a person waits for: every panel with its content.
  for (const id of ['floor-today', 'floor-completed', 'floor-remakes', 'floor-in-production', 'floor-late']) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await expect(page.getByTestId('floor-today-load')).toBeVisible();
  await expect(page.getByTestId('floor-in-production').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('floor-scan').first()).toBeVisible();
}

for (const size of TV_SIZES) {
  test(`the TV board fits ${size.width}×${size.height}: every panel inside the screen, nothing scrolls`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openTv(page);
    // No navigation chrome: no app bar, no way back, no kiosk link.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('link', { name: FLOOR_TEXT.back })).toHaveCount(0);
    await expect(page.getByTestId('floor-tv-link')).toHaveCount(0);

    await expectBoardFits(page, size);
    // The type grows with the screen: a row at 4K is larger than at 720p, by the screen's ratio.
    const rowSize = await page
      .getByTestId('floor-in-production')
      .locator('li')
      .first()
      .evaluate((li) => Number.parseFloat(getComputedStyle(li).fontSize));
    expect(rowSize).toBeCloseTo((1.45 / 100) * size.width, 0);
    // The orders in production are more than the screen holds: the rest are counted.
    await expect(page.getByTestId('floor-in-production-more')).toContainText('and ');
  });
}

test('the TV board shows the day’s scans on load, and flashes an unknown scan', async ({ page, request }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const before = `TV-LOAD-${Date.now()}`;
  await scanByApi(request, before);
  await openTv(page);
  // Made before the board opened: listed from the day's log, not waiting for the next scan.
  const loaded = page.getByTestId('floor-scan').first();
  await expect(loaded).toHaveAttribute('data-barcode', before);
  await expect(loaded).toHaveAttribute('data-result', 'UNKNOWN');
  await expect(page.getByTestId('floor-scans')).not.toContainText(FLOOR_TEXT.noScans);

  const during = `TV-LIVE-${Date.now()}`;
  await scanByApi(request, during);
  const flash = page.getByTestId('floor-flash');
  await expect(flash).toHaveAttribute('data-barcode', during);
  await expect(flash).toHaveAttribute('data-result', 'UNKNOWN');
  await expect(flash).toContainText(PRODUCTION_TEXT.scanResult.UNKNOWN);
  await expect(page.getByTestId('floor-scan').first()).toHaveAttribute('data-barcode', during);
  // It goes by itself.
  await expect(flash).toHaveCount(0);
});

test('the board links to its kiosk view, which has no way out', async ({ page }) => {
  await loginAs(page, 'STAFF', '/floor');
  await expect(page.getByTestId('floor-live')).toHaveText(FLOOR_TEXT.live);
  await page.getByTestId('floor-tv-link').click();
  await expect(page).toHaveURL(/\/floor\?tv=1$/);
  await expect(page.getByTestId('floor-board')).toHaveAttribute('data-tv', 'true');
  await expect(page.getByTestId('floor-remakes')).toBeVisible();
  await expect(page.getByRole('link', { name: FLOOR_TEXT.back })).toHaveCount(0);
  expect((await graveAxeFindings(page)).map(axeLine)).toEqual([]);
});

test('a list longer than its panel turns its pages by itself, and stays on the first with reduced motion', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.clock.install();
  await openTv(page);
  const more = page.getByTestId('floor-in-production-more');
  await expect(more).toHaveAttribute('data-page', '1');
  await expect(more).toContainText(FLOOR_TEXT.page(1, 2).split(' ')[0]!);
  const first = await page.getByTestId('floor-in-production').locator('li:visible').first().textContent();
  await page.clock.fastForward(8_100);
  await expect(more).toHaveAttribute('data-page', '2');
  await expect(page.getByTestId('floor-in-production').locator('li:visible').first()).not.toHaveText(first!);
  // Last scans never pages: the newest stays on top.
  await expect(page.getByTestId('floor-scan').first()).toHaveAttribute('data-barcode', /^TV-/);
  const newest = await page.getByTestId('floor-scan').first().getAttribute('data-barcode');
  await page.clock.fastForward(8_100);
  await expect(page.getByTestId('floor-scan').first()).toHaveAttribute('data-barcode', newest!);
  await page.screenshot({ path: test.info().outputPath('tv-720p-page-2.png') });

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(more).toHaveAttribute('data-page', '1');
  await page.clock.fastForward(20_000);
  await expect(more).toHaveAttribute('data-page', '1');
});

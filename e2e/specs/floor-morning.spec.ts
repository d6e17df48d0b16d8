import { readFileSync } from 'node:fs';
import { FLOOR_TEXT, type Order, PRODUCTION_TEXT, STATION_TEXT, WORK_LIST_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { DEMO_USERS, downloadFrom, loginAs } from '../fixtures.ts';
import { expectBoardFits, TV_SIZES } from '../floor-helpers.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 35 "Done when": a foreman's morning on the floor. The TV board goes up and fits the
 * screen at 720p, 1080p and 4K; a scanner opens a session at a station kept in Settings and scans;
 * the station's queue shows it; the scan was a mistake and is undone, and the board marks it (live,
 * and after a reload); the day's work list is printed from the planner (the PDF's text read).
 */
test("a foreman's morning: the TV board at three sizes, a station's queue, a scan undone, the work list printed", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const request = page.request;
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const customer = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '90.00');
  const bid = await createBid(request, customer, `Morning kitchen ${Date.now() % 100_000}`, [
    { _id: 'a', line_item: item, qty: 2 },
  ]);
  const submitted = await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${submitted.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const order = (await approved.json()) as Order;
  const barcode = `${order.id}-01-1`;

  // The shop keeps its stations in Settings (an ADMIN's list); this one builds.
  const station = `Bench ${Date.now() % 100_000}`;
  const settings = await getJson<{ stations: { id: number; name: string; scan_types: string[] }[] }>(
    request,
    admin,
    '/api/core/settings/',
  );
  const kept = await request.patch('/api/core/settings/', {
    headers: auth(admin),
    data: { stations: [...settings.stations, { name: station, scan_types: ['PRODUCTION'] }] },
  });
  expect(kept.status(), await kept.text()).toBe(200);

  // The TV board goes up: every panel inside the screen at 720p, 1080p and 4K.
  await loginAs(page, 'STAFF');
  const tv = await page.context().newPage();
  await tv.goto('/floor?tv=1');
  await expect(tv.getByTestId('floor-live')).toHaveText(FLOOR_TEXT.live);
  for (const size of TV_SIZES) {
    await tv.setViewportSize(size);
    await expect(tv.getByTestId('floor-today')).toBeVisible();
    await expect(tv.getByTestId('floor-remakes')).toBeVisible();
    await expectBoardFits(tv, size);
  }
  await tv.setViewportSize(TV_SIZES[1]);

  // A scanner opens a session: the station is picked from those kept, not typed.
  await page.goto('/scan/new');
  const stationField = page.getByRole('combobox', { name: PRODUCTION_TEXT.station });
  await stationField.click();
  await page.getByRole('option', { name: station, exact: true }).click();
  await expect(stationField).toHaveValue(station);
  await page.getByTestId('open-session').click();
  await expect(page.getByTestId('scan-input')).toBeFocused();
  const session = Number(/\/scan\/session\/(\d+)\/scan/.exec(page.url())![1]);
  const opened = await getJson<{ station: string | null }>(request, staff, `/api/scan/sessions/${session}/`);
  expect(opened.station).toBe(station);
  await page.keyboard.type(barcode, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-result', 'OK');

  // The board hears it.
  const line = tv.getByTestId('floor-scan').filter({ has: tv.getByText(barcode, { exact: true }) });
  await expect(line).toHaveAttribute('data-result', 'OK');
  await expect(line).toHaveAttribute('data-undone', 'false');

  // The station's queue: its open session and the scan made there.
  const queue = await page.context().newPage();
  await queue.goto(`/floor?station=${encodeURIComponent(station)}`);
  await expect(queue.getByTestId('station-queue').getByRole('heading', { name: `${station}: queue` })).toBeVisible();
  await expect(queue.getByTestId('station-session').filter({ hasText: `#${session}` })).toBeVisible();
  await expect(queue.getByTestId('station-scan').filter({ hasText: barcode })).toHaveAttribute('data-result', 'OK');

  // The scan was a mistake: undone from the scan screen, asked why; the order goes back.
  await page.getByTestId('scan-undo').first().click();
  await page.getByTestId('undo-reason').locator('textarea').first().fill('Scanned the wrong cabinet');
  await page.getByTestId('undo-submit').click();
  await expect(page.getByTestId('scan-undone')).toBeVisible();
  const after = await getJson<Order>(request, staff, `/api/orders/${order.id}/`);
  expect(after.status).toBe('IN_PROGRESS');
  // The board marks it without a reload, and still after one (the day's log says so).
  await expect(line).toHaveAttribute('data-undone', 'true');
  await expect(line.getByTestId('floor-scan-undone')).toHaveText(STATION_TEXT.undone);
  await tv.reload();
  await expect(line).toHaveAttribute('data-undone', 'true');
  // The queue too.
  await expect(queue.getByTestId('station-scan').filter({ hasText: STATION_TEXT.undone })).toBeVisible();

  // The order planned on a coming working day; that day's work list printed from the planner.
  let day = '';
  for (let n = 1; n <= 10 && !day; n++) {
    const candidate = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const planned = await request.patch(`/api/planner/orders/${order.id}/`, {
      headers: auth(staff),
      data: { planned_date: candidate, force: true },
    });
    if (planned.status() === 200) day = candidate;
  }
  expect(day).not.toBe('');
  // The planner opens on this week's Monday with four weeks: a day at most ten days on is among them.
  await page.goto('/planner/orders/manage');
  const column = page.getByTestId(`plan-day-${day}`);
  await expect(column.getByTestId(`plan-order-${order.id}`)).toBeVisible();
  const download = await downloadFrom(page, column.getByTestId('print-work-list'));
  expect(download.suggestedFilename()).toBe(`work_list_${day}.pdf`);
  const text = pdfText(readFileSync((await download.path())!));
  expect(text).toContain(WORK_LIST_TEXT.title(day));
  expect(text).toContain(`#${order.id} ${order.name}`);
  expect(text).toContain(WORK_LIST_TEXT.toBuild(2, 2));
  expect(text).toContain(barcode);
});

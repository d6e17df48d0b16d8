import type { Order } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 35: a station's queue on the floor, a mistaken scan undone from its session's page, and
 * the day's work list printed (the PDF's text read).
 */
test('a station queue, an undo and the printed work list', async ({ page }) => {
  const request = page.request;
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const customer = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '90.00');
  const bid = await createBid(request, customer, `Station kitchen ${Date.now() % 100_000}`, [
    { _id: 'a', line_item: item, qty: 2 },
  ]);
  const submitted = await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${submitted.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const order = (await approved.json()) as Order;

  const station = `Bench ${Date.now() % 100_000}`;
  const opened = await request.post('/api/scan/sessions/', {
    headers: auth(staff),
    data: { type: 'PRODUCTION', station },
  });
  const session = ((await opened.json()) as { id: number }).id;
  const scanned = await request.post(`/api/scan/sessions/${session}/scan/`, {
    headers: auth(staff),
    data: { code: `${order.id}-01-1` },
  });
  expect(((await scanned.json()) as { result: string }).result).toBe('OK');

  // The station's queue: its open session and the scan made there.
  await loginAs(page, 'STAFF');
  await page.goto(`/floor?station=${encodeURIComponent(station)}`);
  await expect(page.getByTestId('station-queue').getByRole('heading', { name: `${station}: queue` })).toBeVisible();
  await expect(page.getByTestId('station-session').filter({ hasText: `#${session}` })).toBeVisible();
  await expect(page.getByTestId('station-scan').filter({ hasText: `${order.id}-01-1` })).toHaveAttribute(
    'data-result',
    'OK',
  );

  // Undo it from the session's page: asked why, then marked undone; the order goes back.
  await page.goto(`/scan/session/${session}`);
  await page.getByTestId('scan-undo').click();
  await page.getByTestId('undo-reason').locator('textarea').first().fill('Scanned the wrong cabinet');
  await page.getByTestId('undo-submit').click();
  await expect(page.getByTestId('scan-undone')).toBeVisible();
  const after = await request.get(`/api/orders/${order.id}/`, { headers: auth(staff) });
  expect(((await after.json()) as Order).status).toBe('IN_PROGRESS');
  // The queue shows the scan as undone.
  await page.goto(`/floor?station=${encodeURIComponent(station)}`);
  await expect(page.getByTestId('station-scan').filter({ hasText: 'Undone' })).toBeVisible();

  // The work list of a working day the order is planned on, printed.
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
  const pdf = await request.get(`/api/planner/days/${day}/work_list/?format=pdf`, { headers: auth(staff) });
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  expect(text).toContain(`Work list ${day}`);
  expect(text).toContain(`#${order.id} ${order.name}`);
  expect(text).toContain('2 of 2 cabinets to build');
});

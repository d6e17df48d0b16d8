import { ORDERS_WEB_TEXT, type Order, REMAKE_TEXT, PRODUCTION_TEXT as T } from '@cab/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chooseOption, DEMO_USERS, loginAs, logout } from '../fixtures.ts';
import { auth, createBid, getJson, orderPeople, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 18, production joined to labels and remakes: a remake is started from the scan screen
 * (and from the session page), the session's labels are printed from its page, and the approved
 * remake order of an uncharged remake costs $0.00.
 */

/** A VERIFIED order of the personal customer with one line of two units: two cabinets. */
async function verifiedOrder(request: APIRequestContext) {
  const { admin, customer, item } = await orderPeople(request, '100.00');
  const bid = await createBid(request, customer, `Remake scan job ${Date.now()}`, [
    { _id: 'a', line_item: item, qty: 2 },
  ]);
  const ordered = await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${ordered.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  return { order: (await approved.json()) as Order, admin };
}

async function scan(page: Page, code: string, expected: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-result', expected);
  await expect(page.getByTestId('scan-result')).toContainText(code);
}

async function fillRemake(page: Page, barcode: string, notes: string) {
  const dialog = page.getByTestId('request-remake-dialog');
  // The scanned cabinet is chosen already.
  await expect(dialog.getByRole('button', { name: barcode })).toBeVisible();
  await dialog.getByTestId('remake-reason').locator('select').selectOption('Production defect');
  await dialog.getByTestId('remake-source').locator('select').selectOption('SHOP');
  await dialog.getByTestId('remake-notes').locator('textarea').first().fill(notes);
  await dialog.getByTestId('request-remake-submit').click();
  await expect(page.getByText(REMAKE_TEXT.requested)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('staff request a remake of a scanned cabinet from the scan screen; an admin approves it at $0.00', async ({
  page,
  request,
}) => {
  const { order, admin } = await verifiedOrder(request);
  const [first, second] = [`${order.id}-01-1`, `${order.id}-01-2`];
  await loginAs(page, 'STAFF', '/scan/new');
  await chooseOption(page, page.getByRole('combobox', { name: T.type }), 'Production');
  await page.getByTestId('open-session').click();
  await expect(page).toHaveURL(/\/scan\/session\/\d+\/scan$/);
  const sessionId = Number(/session\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByTestId('scan-input')).toBeFocused();

  // An unknown code offers no remake; a scanned cabinet does.
  await scan(page, `${order.id}-09-9`, 'UNKNOWN');
  await expect(page.getByTestId('scan-request-remake')).toHaveCount(0);
  await scan(page, first, 'OK');
  await page.getByTestId('scan-request-remake').click();
  await fillRemake(page, first, 'Scratched at the bench');
  // Back to scanning: the wedge scanner types into the scan field again.
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await scan(page, first, 'DUPLICATE');
  await expect(page.getByTestId('scan-request-remake')).toBeVisible();

  // The session page: each known cabinet's row offers a remake; the labels print as a PDF here
  // (no DYMO service), recorded as this session's print.
  await page.goto(`/scan/session/${sessionId}`);
  await scanRowsHaveRemake(page, 2);
  await page.getByTestId('session-print-labels').click();
  const dialog = page.getByTestId('print-labels-dialog');
  await expect(dialog.getByTestId('labels-no-service')).toBeVisible();
  const recorded = page.waitForResponse(
    (r) => r.url().endsWith('/api/orders/print_session/') && r.request().method() === 'POST',
  );
  const download = page.waitForEvent('download');
  await dialog.getByTestId('print-labels-submit').click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  const answer = await recorded;
  expect(answer.status()).toBeLessThan(300);
  expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({ session: sessionId });
  await page.keyboard.press('Escape');

  // A second cabinet, asked from its row on the session page after a scan.
  await page.goto(`/scan/session/${sessionId}/scan`);
  await expect(page.getByTestId('scan-input')).toBeFocused();
  await scan(page, second, 'OK');
  await page.goto(`/scan/session/${sessionId}`);
  const row = page.getByTestId('session-scans').getByRole('row').filter({ hasText: second });
  await row.getByTestId('scan-row-request-remake').click();
  await fillRemake(page, second, 'Wrong hinge side');

  await logout(page);
  await loginAs(page, 'ADMIN', '/orders/remakes');
  const open = page.getByRole('row').filter({ hasText: 'Scratched at the bench' });
  await expect(open.getByTestId('remake-status')).toHaveAttribute('data-status', 'OPEN');
  await open.getByTestId('approve-remake').click();
  await page.getByTestId('approve-remake-submit').click();
  await expect(page.getByText(/Remake approved: order \d+ created/)).toBeVisible();
  await expect(open).toHaveCount(0);

  const remakes = await getJson<{ results: { notes: string; remake_order: { id: number } | null }[] }>(
    request,
    admin,
    `/api/orders/${order.id}/remake/`,
  );
  const approved = remakes.results.find((r) => r.notes === 'Scratched at the bench');
  expect(approved?.remake_order).not.toBeNull();
  // Not charged: no surcharge and no tax either, exactly $0.00.
  const made = await getJson<Order>(request, admin, `/api/orders/${approved?.remake_order?.id}/`);
  expect(made.status).toBe('VERIFIED');
  expect(made.total_price).toBe('0.00');
});

test('a remake order and its source link to each other; the remake is due and ships as its source', async ({
  page,
  request,
}) => {
  const { order, admin } = await verifiedOrder(request);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const asked = await request.post(`/api/orders/${order.id}/remake/`, {
    headers: auth(staff),
    data: { items: [{ barcode: `${order.id}-01-2` }], reason: 'Production defect', source: 'SHOP', notes: 'Chipped' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const remakeId = ((await asked.json()) as { id: number }).id;
  const approved = await request.patch(`/api/orders/remake/${remakeId}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const made = ((await approved.json()) as { remake_order: { id: number; name: string } }).remake_order;

  // The foreman opens the source order and follows its remake to the remake order, then back.
  await loginAs(page, 'ADMIN', `/orders/${order.id}`);
  await page
    .getByTestId('order-remakes')
    .getByRole('link', { name: REMAKE_TEXT.remakeOrderLink(made.id, made.name) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/${made.id}$`));
  await expect(page.getByTestId('order-title')).toContainText(made.name);
  await expect(page.getByTestId('order-due')).toBeVisible();
  await expect(page.getByTestId('order-shipping-method')).toContainText(ORDERS_WEB_TEXT.shippingLabels.PICKUP!);
  await page
    .getByTestId('order-remake-of')
    .getByRole('link', { name: REMAKE_TEXT.remakeOfLink(order.id, order.name, remakeId) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByTestId('order-title')).toContainText(order.name);
});

async function scanRowsHaveRemake(page: Page, n: number) {
  await expect(page.getByTestId('session-scans').getByTestId('scan-row-request-remake')).toHaveCount(n);
}

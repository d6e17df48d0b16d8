import {
  cents,
  ORDER_DETAIL_TEXT as D,
  formatMoney,
  ORDER_STATUS_LABELS,
  type Order,
  parseMoney,
  ORDERS_WEB_TEXT as T,
} from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { loginAs, logout } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, orderPeople, submitByApi } from '../order-helpers.ts';

/**
 * Issue 15, what a new user met on an order's page: the lines table without hinge, finished side
 * or attachments under their cabinet; a print with the menus that cut the table; a timeline of
 * code names, versions and cents with the admin's internal notes shown to the customer; price
 * actions offered where they fail; an approve without a question.
 */

const statusChip = (page: Page) => page.getByTestId('order-page').getByTestId('order-status').first();
/** Letter portrait, 8.5 in less two 0.5 in margins, at 96 CSS px an inch. */
const LETTER_CONTENT_PX = 720;

test('the lines table shows hinge, finished side and attachments under their cabinet, and prints on Letter without the menus', async ({
  page,
  request,
}) => {
  test.slow();
  const { admin, customer, item: cabinet } = await orderPeople(request, '300.00');
  const other = await createLineItem(request, admin, '120.00');
  const panel = (
    await getJson<{ results: { id: number; manufacturer_code: string }[] }>(
      request,
      admin,
      '/api/catalog/attachments/?manufacturer_code=FEP-B',
    )
  ).results.find((a) => a.manufacturer_code === 'FEP-B');
  const side = (
    await getJson<{ results: { id: number; code: string }[] }>(
      request,
      admin,
      '/api/catalog/premiums/finished_side/?code=FS-LEFT',
    )
  ).results.find((p) => p.code === 'FS-LEFT');
  expect(panel && side, 'the demo FEP-B attachment and FS-LEFT finished side').toBeTruthy();

  // The attachment comes last in the saved order, yet belongs to the first cabinet.
  const bid = await createBid(request, customer, `Lines ${Date.now()}`, [
    { _id: 'c1', line_item: cabinet, qty: 1, hinge: 'Left', finished_side: side?.id },
    { _id: 'c2', line_item: other, qty: 2 },
    { _id: 'p1', line_item: panel?.id as number, qty: 1, is_attachment: true, parentId: 'c1' },
  ]);
  const ordered = await submitByApi(request, customer, bid);
  const line = (id: string) => ordered.groups[0]?.items.find((i) => i._id === id);
  const [first, second, attachment] = [line('c1'), line('c2'), line('p1')];

  await loginAs(page, 'PERSONAL', `/orders/${ordered.id}`);
  const table = page.getByTestId('order-group-0');
  await expect(table.getByRole('columnheader', { name: D.colHinge })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: D.colFinishedSide })).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-testid', `line-${first?.line_item_number}`);
  await expect(rows.nth(0).locator('[data-col="hinge"]')).toHaveText('Left');
  await expect(rows.nth(0).locator('[data-col="finished_side"]')).toHaveText('FS-LEFT');
  await expect(rows.nth(1)).toHaveAttribute('data-testid', `line-${attachment?.line_item_number}`);
  await expect(rows.nth(1)).toHaveAttribute('data-attachment-of', String(first?.line_item_number));
  await expect(rows.nth(1).locator('[data-col="manufacturer_code"]')).toContainText('FEP-B');
  await expect(rows.nth(2)).toHaveAttribute('data-testid', `line-${second?.line_item_number}`);

  // Printed for the shop floor: the page only, no menus or buttons.
  await expect(page.getByTestId('app-bar')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('app-bar')).toBeHidden();
  await expect(page.getByTestId('side-nav')).toBeHidden();
  await expect(page.getByTestId('order-actions')).toBeHidden();
  await expect(page.getByTestId('tab-timeline')).toBeHidden();
  await expect(page.getByTestId('line-breakdown').first()).toBeHidden();
  await expect(rows.nth(0).locator('[data-col="total_final_price"]')).toBeVisible();

  // On a Letter page the whole lines table fits the page's width.
  await page.setViewportSize({ width: LETTER_CONTENT_PX, height: 1000 });
  const widths = await table.locator('table').evaluate((t) => ({
    table: t.scrollWidth,
    right: t.getBoundingClientRect().right,
    page: document.documentElement.scrollWidth,
  }));
  expect(widths.table).toBeLessThanOrEqual(LETTER_CONTENT_PX);
  expect(widths.right).toBeLessThanOrEqual(LETTER_CONTENT_PX);
  expect(widths.page).toBeLessThanOrEqual(LETTER_CONTENT_PX);
});

test('price actions are offered only where allowed, approve asks first, and the timeline reads as a person writes', async ({
  page,
  request,
}) => {
  test.slow();
  const { admin, customer, item } = await orderPeople(request, '400.00');
  const ordered = await submitByApi(
    request,
    customer,
    await createBid(request, customer, `Timeline ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]),
  );
  const bid = await createBid(request, customer, `Still a bid ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 1 }]);

  // Staff may recalculate an ORDERED order, and set no discount.
  await loginAs(page, 'STAFF', `/orders/${ordered.id}`);
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.ORDERED);
  await expect(page.getByTestId('action-recalculate')).toBeVisible();
  await expect(page.getByTestId('custom-discount-input')).toHaveCount(0);
  await logout(page);

  await loginAs(page, 'ADMIN', `/orders/${ordered.id}`);
  // A discount larger than the order is refused in the form, and nothing is sent.
  const ceiling = formatMoney(cents(parseMoney(ordered.total_after_discount) ?? 0));
  await page.getByTestId('custom-discount-input').fill('-100000');
  await page.getByTestId('custom-discount-apply').click();
  await expect(page.getByText(D.customDiscountTooLarge(ceiling))).toBeVisible();
  const unchanged = await getJson<Order>(request, admin, `/api/orders/${ordered.id}/`);
  expect(unchanged.custom_discount_amount).toBeNull();

  await page.getByTestId('custom-discount-input').fill('-50');
  await page.getByLabel(T.customDiscountNotes).fill('Thin margin: ask before more');
  await page.getByTestId('custom-discount-apply').click();
  await expect(page.getByTestId('price-order-discount-value')).toHaveText('-$50.00');

  // Approve asks first; "Not yet" leaves the order as it was.
  await page.getByTestId('action-approve').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText(D.approveTitle)).toBeVisible();
  await confirm.getByRole('button', { name: D.notYet }).click();
  await expect(confirm).toBeHidden();
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.ORDERED);
  await page.getByTestId('action-approve').click();
  await confirm.getByRole('button', { name: D.approveConfirm }).click();
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.VERIFIED);

  // The timeline in words: who did what, money as money, no code names or versions.
  await page.getByTestId('tab-timeline').click();
  const timeline = page.getByTestId('timeline-panel');
  await expect(timeline.getByText('Custom discount set to $50.00')).toBeVisible();
  await expect(timeline.getByText('Submitted by Paula Price')).toBeVisible();
  await expect(timeline.getByText(/^Approved by /)).toBeVisible();
  await expect(timeline.getByText('Discount notes: Thin margin: ask before more')).toBeVisible();
  const words = (await timeline.innerText()).toLowerCase();
  expect(words).not.toMatch(/update_custom_discount|version|\b\d{5,}\b| - → /);
  await logout(page);

  // Staff may not reprice a VERIFIED order: no Recalculate to fail.
  await loginAs(page, 'STAFF', `/orders/${ordered.id}`);
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.VERIFIED);
  await expect(page.getByTestId('order-actions')).toBeVisible();
  await expect(page.getByTestId('action-recalculate')).toHaveCount(0);
  await logout(page);

  // The customer: no code field after submit, no internal notes; a code field on a bid.
  await loginAs(page, 'PERSONAL', `/orders/${ordered.id}`);
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.VERIFIED);
  await expect(page.getByTestId('discount-code-input')).toHaveCount(0);
  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('timeline-panel').getByText('Custom discount set to $50.00')).toBeVisible();
  await expect(page.getByTestId('timeline-panel')).not.toContainText('Thin margin');
  const events = await request.get(`/api/orders/${ordered.id}/timeline/`, { headers: auth(customer) });
  expect(await events.text()).not.toContain('Thin margin');
  await page.goto(`/orders/${bid.id}`);
  await expect(statusChip(page)).toHaveText(ORDER_STATUS_LABELS.BID);
  await expect(page.getByTestId('discount-code-input')).toBeVisible();
});

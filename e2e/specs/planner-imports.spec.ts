import {
  ORDER_STATUS_LABELS,
  ORDER_TIMELINE_TEXT,
  type PlannerAnswer,
  plannerDayLoad,
  REPORTS_WEB_TEXT,
  TRANSFER_TEXT,
  TRANSFER_WEB_TEXT,
  todayIn,
} from '@cab/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from './../fixtures.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from './../order-helpers.ts';

/** The planner (decision 0031) and the 2020 imports (decision 0030), as the shop uses them. */

/** Drags with the mouse in small steps, as a person does (dnd-kit's pointer sensor needs movement). */
async function drag(page: Page, from: Locator, to: Locator) {
  // As a person does: the card brought into view first (the unplanned list scrolls on its own).
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

test('the planner moves an order to another day', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '100.00');
  const bid = await createBid(request, personal, `Planner ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 3 }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);

  await loginAs(page, 'STAFF', '/planner/orders/manage');
  const card = page.getByTestId('plan-unplanned').getByTestId(`plan-order-${bid.id}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(REPORTS_WEB_TEXT.cabinets(3));
  // Its status in words and its progress, a bar with a name.
  await expect(card.getByTestId('plan-status')).toHaveText(ORDER_STATUS_LABELS.VERIFIED);
  await expect(card.getByRole('progressbar', { name: REPORTS_WEB_TEXT.progress(0, 3) })).toBeVisible();

  // The first two working days of next week (the grid starts on this week's Monday).
  await page.getByTestId('planner-next').click();
  const open = page.locator('[data-testid^="plan-day-"][data-closed="false"]');
  await expect(open.first()).toBeVisible();
  const first = open.nth(0);
  const second = open.nth(1);
  const firstDay = (await first.getAttribute('data-testid'))!.slice('plan-day-'.length);
  const secondDay = (await second.getAttribute('data-testid'))!.slice('plan-day-'.length);

  // Other specs may have planned that day already (a work list printed for tomorrow): once its
  // orders are shown, its load grows by 3.
  const already = await getJson<{ results: { order: { id: number }; planned_date: string | null }[] }>(
    request,
    admin,
    `/api/planner/orders/?date_after=${firstDay}&date_before=${firstDay}`,
  );
  for (const r of already.results.filter((row) => row.planned_date === firstDay)) {
    await expect(first.getByTestId(`plan-order-${r.order.id}`)).toBeVisible();
  }
  const loadBefore = Number.parseInt((await first.getByTestId('plan-load').textContent()) ?? '', 10);
  await drag(page, page.getByTestId(`plan-order-${bid.id}`), first);
  await expect(first.getByTestId(`plan-order-${bid.id}`)).toBeVisible();
  await expect(first.getByTestId('plan-load')).toContainText(`${loadBefore + 3} /`);

  await drag(page, page.getByTestId(`plan-order-${bid.id}`), second);
  await expect(second.getByTestId(`plan-order-${bid.id}`)).toBeVisible();
  await expect(first.getByTestId(`plan-order-${bid.id}`)).toHaveCount(0);

  const planner = await getJson<{ results: { order: { id: number }; planned_date: string | null }[] }>(
    request,
    admin,
    `/api/planner/orders/?date_after=${firstDay}&date_before=${secondDay}`,
  );
  expect(planner.results.find((r) => r.order.id === bid.id)?.planned_date).toBe(secondDay);

  // A weekend is closed: nothing can be dropped there.
  await expect(page.locator('[data-testid^="plan-day-"][data-closed="true"]').first()).toContainText(
    REPORTS_WEB_TEXT.closed,
  );
});

/** The day as the planner's columns and its confirm name it. */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

test('a move over capacity is refused, then made after the confirm', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '10.00');
  // More cabinets than a day holds: any working day goes over.
  const bid = await createBid(request, personal, `Big job ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 45 }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);

  await loginAs(page, 'STAFF', '/planner/orders/manage');
  await expect(page.getByTestId('plan-unplanned').getByTestId(`plan-order-${bid.id}`)).toBeVisible();
  await page.getByTestId('planner-next').click();
  const target = page.locator('[data-testid^="plan-day-"][data-closed="false"]').nth(2);
  await expect(target).toBeVisible();
  const day = (await target.getAttribute('data-testid'))!.slice('plan-day-'.length);
  const before = await getJson<PlannerAnswer>(
    request,
    admin,
    `/api/planner/orders/?date_after=${day}&date_before=${day}`,
  );
  const load =
    plannerDayLoad(
      before.results.filter((r) => r.planned_date === day),
      day,
      todayIn(),
    ) + 45;
  const capacity = before.capacity_per_day;
  expect(load).toBeGreaterThan(capacity);

  await drag(page, page.getByTestId(`plan-order-${bid.id}`), target);
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(REPORTS_WEB_TEXT.overCapacityConfirm(dayLabel(day), load, capacity));
  // Refused: still not planned.
  const refused = await getJson<PlannerAnswer>(
    request,
    admin,
    `/api/planner/orders/?date_after=${day}&date_before=${day}`,
  );
  expect(refused.results.find((r) => r.order.id === bid.id)?.planned_date ?? null).toBeNull();

  await confirm.getByRole('button', { name: REPORTS_WEB_TEXT.planAnyway }).click();
  await expect(confirm).toBeHidden();
  await expect(target.getByTestId(`plan-order-${bid.id}`)).toBeVisible();
  await expect(target.getByTestId('plan-load')).toContainText(
    `${REPORTS_WEB_TEXT.capacity(load, capacity)} · ${REPORTS_WEB_TEXT.overCapacity}`,
  );
  const after = await getJson<PlannerAnswer>(
    request,
    admin,
    `/api/planner/orders/?date_after=${day}&date_before=${day}`,
  );
  expect(after.results.find((r) => r.order.id === bid.id)?.planned_date).toBe(day);
});

test('a 2020 upload previews, then imports', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const id = await createLineItem(request, admin, '50.00');
  const { manufacturer_code: code } = await getJson<{ manufacturer_code: string }>(
    request,
    admin,
    `/api/catalog/items/${id}/`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Project Name="E2E">
  <Design Name="Catalogue">
    <Item Number="1">
      <UserCode>${code}</UserCode>
      <VarWidth>31.5</VarWidth>
      <VarHeight>30</VarHeight>
      <Hinge>Left</Hinge>
    </Item>
    <Item Number="2">
      <UserCode>NOT-A-CODE-E2E</UserCode>
    </Item>
  </Design>
</Project>
`;
  await loginAs(page, 'ADMIN', '/catalog/2020/upload');
  await page.getByTestId('xml-file-input').setInputFiles({
    name: 'catalogue.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(xml),
  });
  await page.getByTestId('upload-2020-preview').click();
  await expect(page.getByTestId('upload-2020-preview-result')).toBeVisible();
  await expect(page.getByTestId('upload-2020-changes')).toContainText('31.5');
  const unknown = page.getByTestId('import-unknown-row');
  await expect(unknown).toHaveCount(1);
  await expect(unknown).toContainText('NOT-A-CODE-E2E');
  await expect(unknown).toContainText(TRANSFER_TEXT.unknownCode);
  await expect(unknown.locator('td').first()).toHaveText('10'); // its line in the file
  // Nothing written by the preview.
  expect((await getJson<{ width: number | null }>(request, admin, `/api/catalog/items/${id}/`)).width).not.toBe(31.5);

  await page.getByTestId('upload-2020-apply').click();
  await expect(page.getByTestId('upload-2020-result')).toBeVisible();
  const item = await getJson<{ width: number; height: number; hinge: string }>(
    request,
    admin,
    `/api/catalog/items/${id}/`,
  );
  expect([item.width, item.height, item.hinge]).toEqual([31.5, 30, 'Left']);
});

test('a customer imports a 2020 design as a bid from the order list', async ({ page }) => {
  const sample = Buffer.from(SAMPLE_2020);
  await loginAs(page, 'PERSONAL', '/orders/all');
  await page.getByTestId('import-order').click();
  const dialog = page.getByTestId('import-order-dialog');
  // No name typed: the bid takes the file's Project Name (issue 29).
  await dialog.getByTestId('xml-file-input').setInputFiles({
    name: 'design-2020.xml',
    mimeType: 'application/xml',
    buffer: sample,
  });
  await dialog.getByTestId('import-order-preview').click();
  await expect(dialog.getByTestId('import-preview')).toBeVisible();
  await expect(dialog.getByTestId('import-preview-name')).toHaveText(TRANSFER_WEB_TEXT.previewName('Smith residence'));
  await expect(dialog.getByTestId('import-unknown-row')).toContainText('XYZ-NOT-IN-CATALOGUE');

  // Imported: the dialog stays on the line that was dropped, with its line, room and why.
  await dialog.getByTestId('import-order-submit').click();
  await expect(dialog.getByTestId('import-result')).toBeVisible();
  const dropped = dialog.getByTestId('import-unknown-row');
  await expect(dropped).toHaveCount(1);
  await expect(dropped.locator('td')).toHaveText([
    String(DROPPED_LINE),
    'XYZ-NOT-IN-CATALOGUE',
    'Kitchen',
    TRANSFER_TEXT.unknownCode,
  ]);
  await dialog.getByTestId('import-open-bid').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-title')).toContainText('Smith residence');

  // Kept on the bid: its timeline names the dropped line.
  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('timeline-panel')).toContainText(
    ORDER_TIMELINE_TEXT.importDropped(DROPPED_LINE, 'XYZ-NOT-IN-CATALOGUE', 'Kitchen', TRANSFER_TEXT.unknownCode),
  );
});

/** The <Item> line of the unknown code in SAMPLE_2020 (its line in the file, counted from 1). */
const DROPPED_LINE = 25;

/** The shared 2020 sample (design-2020.xml), its comment left out. */
const SAMPLE_2020 = `<Project Name="Smith residence" Designer="J. Alvarez" Date="2026-10-02">
  <Design Name="Kitchen">
    <Catalog Name="Demo cabinets" Version="2026.2"/>
    <Item Number="1">
      <UserCode>B30</UserCode>
      <Description>Base cabinet 30"</Description>
      <Quantity>2</Quantity>
      <VarWidth>30</VarWidth>
      <VarHeight>34.5</VarHeight>
      <VarDepth>24</VarDepth>
      <Hinge>Left</Hinge>
      <Item Number="1.1">
        <UserCode>FEP-B</UserCode>
        <Quantity>1</Quantity>
      </Item>
    </Item>
    <Item Number="2">
      <UserCode>W3030</UserCode>
      <Quantity>3</Quantity>
      <VarWidth>30</VarWidth>
      <VarHeight>30</VarHeight>
      <VarDepth>12</VarDepth>
      <Hinge>Right</Hinge>
    </Item>
    <Item Number="3">
      <UserCode>XYZ-NOT-IN-CATALOGUE</UserCode>
      <Quantity>1</Quantity>
    </Item>
  </Design>
  <Design Name="Pantry">
    <Catalog Name="Demo cabinets" Version="2026.2"/>
    <Item Number="1">
      <UserCode>U1884</UserCode>
      <Quantity>1</Quantity>
      <Hinge>None</Hinge>
    </Item>
  </Design>
</Project>
`;

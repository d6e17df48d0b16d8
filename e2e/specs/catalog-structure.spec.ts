import { deflateSync } from 'node:zlib';
import { MSG, STRUCTURE_TEXT } from '@cab/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/**
 * The catalogue structure screens (issue 8 "Missing screens"): categories, subcategories and
 * product groups, made and changed where an admin looks (Public Catalog, Line Items), and
 * read-only for a customer.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).toUpperCase()}`;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG, so the upload is a real image. */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Types into a dialog's autocomplete and picks the option named `name`. */
async function pick(dialog: Locator, label: string, name: string) {
  const page = dialog.page();
  const box = dialog.getByRole('combobox', { name: label });
  await expect(async () => {
    await box.fill(name);
    await page.getByRole('option', { name, exact: true }).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function saved(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('an admin builds a category, a subcategory and a product group, changes them and deletes them', async ({
  page,
}) => {
  // One person's whole path through three screens: longer than the default test time.
  test.setTimeout(120_000);
  const first = unique('E2E Cat A');
  const second = unique('E2E Cat B');
  const sub = unique('E2E Sub');
  const renamed = `${sub} renamed`;
  const group = unique('E2E Group');
  await loginAs(page, 'ADMIN');

  // A second category from the Categories screen (reached from the Public Catalog).
  await page.goto('/catalog/public');
  await page.getByRole('link', { name: STRUCTURE_TEXT.manageCategories, exact: true }).click();
  await expect(h1(page)).toHaveText('Categories');
  await page.getByRole('button', { name: STRUCTURE_TEXT.addCategory }).click();
  let dialog = page.getByTestId('category-dialog');
  // A name in use is refused on the field (SPEC 8 save failure wording).
  await dialog.getByLabel('Name').fill('Base Cabinets');
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await expect(dialog.getByText(MSG.nameTaken)).toBeVisible();
  await saved(page, MSG.premiumSaveFieldErrors(STRUCTURE_TEXT.categoryName));
  await dialog.getByLabel('Name').fill(second);
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await saved(page, MSG.premiumCreated(second));
  await page.getByTestId('filter-category-name').fill(second);
  await expect(page.getByTestId('category-list').getByRole('row', { name: new RegExp(second) })).toContainText(
    'Line Item',
  );

  // The first category from the Public Catalog: the admin lands on it.
  await page.goto('/catalog/public');
  await page.getByRole('button', { name: STRUCTURE_TEXT.addCategory }).click();
  dialog = page.getByTestId('category-dialog');
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await expect(dialog.getByText(MSG.required)).toBeVisible();
  await dialog.getByLabel('Name').fill(first);
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await saved(page, MSG.premiumCreated(first));
  await expect(page).toHaveURL(/\/catalog\/public\/category\/\d+$/);
  await expect(h1(page)).toHaveText(first);

  // A subcategory in it.
  await page.getByRole('button', { name: STRUCTURE_TEXT.addSubcategory }).click();
  dialog = page.getByTestId('subcategory-dialog');
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue(first);
  await dialog.getByLabel('Name').fill(sub);
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await saved(page, MSG.premiumCreated(sub));
  const card = page.getByTestId('public-subcategories').getByRole('link', { name: new RegExp(sub) });
  await expect(card).toContainText('0 product groups');
  await card.click();
  await expect(h1(page)).toHaveText(sub);

  // A product group in that subcategory, with notes and an image, in one request.
  await page.getByRole('button', { name: STRUCTURE_TEXT.addProductGroup }).click();
  dialog = page.getByTestId('product-group-dialog');
  await expect(dialog.getByRole('button', { name: sub })).toBeVisible();
  await dialog.getByLabel('Name').fill(group);
  await dialog.getByLabel('Note', { exact: true }).fill('Two doors, one shelf.');
  await dialog.getByLabel('Shelf note').fill('Adjustable');
  await dialog
    .getByTestId('group-image-input')
    .setInputFiles([{ name: 'front.png', mimeType: 'image/png', buffer: makePng(40, 30) }]);
  await expect(dialog.getByTestId('chosen-images')).toHaveText(STRUCTURE_TEXT.chosenImages(1));
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await saved(page, MSG.premiumCreated(group));
  const groupCard = page.getByTestId('public-groups').locator('[data-testid^="group-"]').filter({ hasText: group });
  await expect(groupCard).toContainText('Two doors, one shelf.');
  await expect(groupCard).toContainText('Adjustable');
  await expect(groupCard).toContainText('1 image');
  expect(
    await groupCard
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBeGreaterThan(0);

  // Its images open in the gallery.
  await groupCard.getByRole('button', { name: `Images ${group}` }).click();
  const gallery = page.getByTestId('group-images-dialog');
  await expect(gallery.locator('[data-testid^="image-card-"]')).toHaveCount(1);
  await gallery.getByRole('button', { name: 'Close' }).click();

  // Edit the group: its subcategory shows by name, a second note is added.
  await groupCard.getByRole('button', { name: `Edit ${group}` }).click();
  dialog = page.getByTestId('product-group-dialog');
  await expect(dialog.getByRole('button', { name: sub })).toBeVisible();
  await dialog.getByLabel('Secondary note').fill('Soft-close hinges.');
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.save }).click();
  await saved(page, MSG.premiumUpdated(group));
  await expect(groupCard).toContainText('Soft-close hinges.');

  // Rename the subcategory and move it to the second category.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  dialog = page.getByTestId('subcategory-dialog');
  await dialog.getByLabel('Name').fill(renamed);
  await pick(dialog, 'Category', second);
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.save }).click();
  await saved(page, MSG.premiumUpdated(renamed));
  await expect(h1(page)).toHaveText(renamed);
  const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
  await expect(crumbs.getByRole('link', { name: second })).toBeVisible();

  // Remove the group from it: the group stays.
  await groupCard.getByRole('button', { name: `${STRUCTURE_TEXT.removeFromSubcategory} ${group}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: STRUCTURE_TEXT.removeYes }).click();
  await saved(page, STRUCTURE_TEXT.removed(group, renamed));
  await expect(page.getByTestId('public-empty')).toBeVisible();

  // The group is in the Product Groups list (reached from Line Items), in no subcategory: delete it.
  await page.goto('/catalog/items');
  await page.getByRole('link', { name: STRUCTURE_TEXT.manageProductGroups }).click();
  await expect(h1(page)).toHaveText('Product Groups');
  await page.getByTestId('filter-group-name').fill(group);
  const row = page.getByTestId('product-group-list').getByRole('row', { name: new RegExp(group) });
  await expect(row).toContainText(STRUCTURE_TEXT.noSubcategory);
  await expect(row).toContainText('1 image');
  await row.getByRole('button', { name: `Delete ${group}` }).click();
  await page.getByRole('button', { name: MSG.deleteYes }).click();
  await saved(page, MSG.deleted(group));
  await expect(row).toHaveCount(0);

  // Delete the subcategory (back to its category), then that category (back to the catalogue).
  await page.goto('/catalog/public');
  await page
    .getByTestId('public-categories')
    .getByRole('link', { name: new RegExp(second) })
    .click();
  await page
    .getByTestId('public-subcategories')
    .getByRole('link', { name: new RegExp(renamed) })
    .click();
  await expect(h1(page)).toHaveText(renamed);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: MSG.deleteYes }).click();
  await saved(page, MSG.deleted(renamed));
  await expect(h1(page)).toHaveText(second);
  await expect(page.getByTestId('public-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: MSG.deleteYes }).click();
  await saved(page, MSG.deleted(second));
  await expect(page).toHaveURL(/\/catalog\/public$/);

  // The first category, empty, still shows to the admin; delete it from the Categories screen.
  const categories = page.getByTestId('public-categories');
  await expect(categories.getByRole('link', { name: new RegExp(first) })).toContainText('0 subcategories');
  await expect(categories.getByRole('link', { name: new RegExp(second) })).toHaveCount(0);
  await page.goto('/catalog/categories');
  await page.getByTestId('filter-category-name').fill(first);
  await page.getByRole('button', { name: `Delete ${first}` }).click();
  await page.getByRole('button', { name: MSG.deleteYes }).click();
  await saved(page, MSG.deleted(first));
  await expect(page.getByRole('row', { name: new RegExp(first) })).toHaveCount(0);
  expect(page.url()).not.toContain('/404');
});

test('an admin orders the groups of a subcategory and finds it again after its category is deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const category = unique('E2E Cat C');
  const sub = unique('E2E Sub C');
  await loginAs(page, 'ADMIN', '/catalog/public');
  await page.getByRole('button', { name: STRUCTURE_TEXT.addCategory }).click();
  let dialog = page.getByTestId('category-dialog');
  await dialog.getByLabel('Name').fill(category);
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await expect(h1(page)).toHaveText(category);
  await page.getByRole('button', { name: STRUCTURE_TEXT.addSubcategory }).click();
  dialog = page.getByTestId('subcategory-dialog');
  await dialog.getByLabel('Name').fill(sub);
  await dialog.getByRole('button', { name: STRUCTURE_TEXT.create }).click();
  await page
    .getByTestId('public-subcategories')
    .getByRole('link', { name: new RegExp(sub) })
    .click();
  await expect(h1(page)).toHaveText(sub);

  // Two existing groups, added at the end in turn (SPEC 7 add_group).
  for (const name of ['Sink Bases', 'Drawer Bases']) {
    await page.getByRole('button', { name: STRUCTURE_TEXT.addExistingGroup }).click();
    dialog = page.getByTestId('add-group-dialog');
    await pick(dialog, 'Product group', name);
    await dialog.getByRole('button', { name: STRUCTURE_TEXT.add, exact: true }).click();
    await saved(page, STRUCTURE_TEXT.added(name, sub));
  }
  const headings = page.getByTestId('public-groups').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText(['Sink Bases', 'Drawer Bases']);

  // Move the second one up (SPEC 7 move_group); the order is the server's after a reload.
  await page.getByRole('button', { name: `${STRUCTURE_TEXT.moveUp} Drawer Bases` }).click();
  await saved(page, STRUCTURE_TEXT.orderSaved);
  await expect(headings).toHaveText(['Drawer Bases', 'Sink Bases']);
  await page.reload();
  await expect(headings).toHaveText(['Drawer Bases', 'Sink Bases']);
  const subPath = new URL(page.url()).pathname;

  // Deleting the category keeps the subcategory: the admin finds it on the Public Catalog.
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: category }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: MSG.deleteYes }).click();
  await saved(page, MSG.deleted(category));
  const unassigned = page.getByTestId('unassigned-subcategories');
  await expect(unassigned).toContainText(STRUCTURE_TEXT.unassignedSubcategories);
  await unassigned.getByRole('link', { name: new RegExp(sub) }).click();
  await expect(page).toHaveURL(new RegExp(`${subPath}$`));

  // Deleting the subcategory keeps its groups.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: MSG.deleteYes }).click();
  await saved(page, MSG.deleted(sub));
  await expect(page).toHaveURL(/\/catalog\/public$/);
  await expect(page.getByTestId('unassigned-subcategories')).toHaveCount(0);
  await page.goto('/catalog/groups?name=Drawer%20Bases');
  await expect(page.getByTestId('product-group-list').getByRole('row', { name: /Drawer Bases/ })).toContainText('Base');
});

test('a customer browses the catalogue with no write actions', async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/catalog/public');
  const categories = page.getByTestId('public-categories');
  await expect(categories.getByRole('link', { name: /Base Cabinets/ })).toBeVisible();
  await expect(page.getByRole('button', { name: STRUCTURE_TEXT.addCategory })).toHaveCount(0);
  await expect(page.getByRole('link', { name: STRUCTURE_TEXT.manageCategories, exact: true })).toHaveCount(0);

  await categories.getByRole('link', { name: /Base Cabinets/ }).click();
  await expect(h1(page)).toHaveText('Base Cabinets');
  await expect(page.getByRole('button', { name: STRUCTURE_TEXT.addSubcategory })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

  await page.getByTestId('public-subcategories').getByRole('link', { name: /Base/ }).first().click();
  const groups = page.getByTestId('public-groups');
  await expect(groups.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: STRUCTURE_TEXT.addProductGroup })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(groups.locator('[data-testid^="group-actions-"]')).toHaveCount(0);

  // The structure screens are the admin's.
  for (const path of ['/catalog/groups', '/catalog/categories']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
  }
});

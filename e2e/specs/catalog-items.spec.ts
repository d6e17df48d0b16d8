import { DEBOUNCE_MS, MSG, NOTIFY_MS } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { chooseOption, loginAs } from '../fixtures.ts';

/** Line Items and Attachments lists, CSV import and bulk update (SPEC 2, 4, 5, 8), as an admin. */

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

function rows(page: Page) {
  return page.locator('tbody tr[data-testid^="row-"]');
}

async function pickOption(page: Page, combobox: string, option: string) {
  await chooseOption(page, page.getByRole('dialog').getByRole('combobox', { name: combobox, exact: true }), option);
}

test.describe('line items and attachments', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'ADMIN');
  });

  test('the manufacturer code filter is focused, the export-name filter narrows the list', async ({ page }) => {
    await page.goto('/catalog/items');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Line Items');
    await expect(page.getByTestId('filter-code')).toBeFocused();
    await expect(page.getByTestId('row-B09')).toBeVisible();
    // 50 a page.
    await expect(page.getByTestId('page-size')).toHaveValue('50');

    await page.getByTestId('filter-export-name').click();
    await page.getByRole('option', { name: 'Without' }).click();
    await expect(page.getByTestId('row-B09')).toHaveCount(0);
    await expect(page.getByTestId('row-CM8')).toBeVisible();
    await page.getByTestId('filter-export-name').click();
    await page.getByRole('option', { name: 'With', exact: true }).click();
    await expect(page.getByTestId('row-CM8')).toHaveCount(0);
    await expect(page.getByTestId('row-B09')).toBeVisible();
  });

  test('the delayed filter focus does not take the cursor from a form opened before it', async ({ page }) => {
    // The page's clock moves only when the test moves it, in steps far below the focus delay, so
    // the form opens "before the delay" exactly, not by winning a race.
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1000);
    await page.goto('/catalog/attachments');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(async () => {
      await page.clock.runFor(50);
      await expect(heading).toHaveText('Attachments', { timeout: 250 });
    }).toPass();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const code = page.getByTestId('item-form-dialog').getByLabel('Manufacturer Code');
    await code.click();
    await page.clock.runFor(DEBOUNCE_MS.focus + 100);
    await page.keyboard.type('AT1');
    await expect(code).toHaveValue('AT1');
    await expect(code).toBeFocused();
    await expect(page.getByTestId('filter-code')).toHaveValue('');
  });

  test('a manufacturer code opens its product group; attachment rows are not clickable', async ({ page }) => {
    await page.goto('/catalog/items');
    await page.getByTestId('filter-code').fill('B24');
    // B24 and DB24.
    await expect(rows(page)).toHaveCount(2);
    await page.getByTestId('preview-B24').click();
    const preview = page.getByTestId('group-preview');
    await expect(preview).toContainText('Base 2 Doors');
    await expect(preview.getByTestId('group-notes')).toContainText('Two doors');
    await expect(preview.locator('[data-testid^="image-card-"]')).toHaveCount(2);
    const print = preview.getByTestId('group-print');
    await expect(print).toHaveAttribute('href', /^\/template\/catalog\/group\/\d+\/\?print=true$/);
    await expect(print).toHaveAttribute('target', '_blank');
    // Anyone may view an image in full.
    await preview.locator('[data-testid^="image-card-"] button').first().click();
    await expect(page.getByTestId('image-viewer-img')).toBeVisible();
    await page.keyboard.press('Escape');
    await preview.getByRole('button', { name: 'Close' }).last().click();

    await page.getByTestId('filter-code').fill('CM8');
    await expect(page.getByTestId('row-CM8')).toBeVisible();
    await expect(page.getByTestId('preview-CM8')).toHaveCount(0);
    await expect(page.getByTestId('row-CM8').getByRole('button', { name: 'CM8', exact: true })).toHaveCount(0);
  });

  test('bulk update sets the flags of the selected items and clears the selection', async ({ page }) => {
    await page.goto('/catalog/items');
    await page.getByTestId('column-menu-button').click();
    await page.getByTestId('column-toggle-flags').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-code').fill('DB');
    await expect(rows(page)).toHaveCount(4);
    await expect(page.getByTestId('update-selected')).toHaveCount(0);

    await page.getByTestId('row-DB15').getByRole('checkbox').check();
    await page.getByTestId('row-DB18').getByRole('checkbox').check();
    await expect(page.getByTestId('update-selected')).toHaveText('Update Selected (2)');
    await page.getByTestId('update-selected').click();
    const dialog = page.getByTestId('bulk-update-dialog');
    // Every choice starts at NO CHANGE.
    await expect(dialog.getByRole('radio', { name: 'NO CHANGE' })).toHaveCount(3);
    for (const radio of await dialog.getByRole('radio', { name: 'NO CHANGE' }).all()) await expect(radio).toBeChecked();
    await dialog.getByTestId('bulk-manual_work_required').getByRole('radio', { name: 'YES' }).check();
    await dialog.getByTestId('bulk-is_corner_cabinet').getByRole('radio', { name: 'YES' }).check();
    await dialog.getByTestId('bulk-submit').click();
    await expect(page.getByText(MSG.bulkUpdated(2))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('update-selected')).toHaveCount(0);
    await expect(page.getByTestId('row-DB15').getByRole('checkbox')).not.toBeChecked();
    await expect(page.getByTestId('row-DB15')).toContainText('Manual work required');
    await expect(page.getByTestId('row-DB15')).toContainText('Corner cabinet');
    await expect(page.getByTestId('row-DB21')).not.toContainText('Manual work required');

    // FALSE clears one flag, NO CHANGE keeps the other.
    await page.getByTestId('row-DB15').getByRole('checkbox').check();
    await page.getByTestId('update-selected').click();
    await dialog.getByTestId('bulk-manual_work_required').getByRole('radio', { name: 'FALSE' }).check();
    await dialog.getByTestId('bulk-submit').click();
    await expect(page.getByText(MSG.bulkUpdated(1))).toBeVisible();
    await expect(page.getByTestId('row-DB15')).not.toContainText('Manual work required');
    await expect(page.getByTestId('row-DB15')).toContainText('Corner cabinet');
  });

  test('CSV import with one bad row reports it by line number', async ({ page }) => {
    // The page's clock runs as usual; the test moves it past the message's time instead of waiting.
    await page.clock.install();
    const good = unique('CSV');
    const csv = [
      'manufacturer_code,price,description,category,base_category,export_name_1',
      `${good},110.00,Imported by e2e,Base Cabinets,BASE,${good}`,
      `${good}X,abc,Bad price,Base Cabinets,BASE,${good}X`,
    ].join('\n');
    await page.goto('/catalog/items');
    await page.getByRole('button', { name: 'Import csv' }).click();
    const dialog = page.getByTestId('csv-import-dialog');
    await expect(dialog).toContainText('manufacturer_code, price, description');
    await dialog
      .getByTestId('csv-file-input')
      .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByTestId('csv-file-name')).toHaveText('items.csv');
    await dialog.getByTestId('csv-import-submit').click();
    const message = MSG.csvImported(1, 1);
    expect(message).toBe('Successfully imported/updated 1 items, failed to import/update 1 items');
    const snackbar = page.locator('#notistack-snackbar');
    await expect(snackbar).toHaveText(message);
    await expect(dialog.getByTestId('csv-result')).toHaveText(message);
    const errors = dialog.getByTestId('csv-errors');
    await expect(errors.locator('tbody tr')).toHaveCount(1);
    await expect(errors.locator('tbody tr').first()).toContainText('3');
    await expect(errors.locator('tbody tr').first()).toContainText(MSG.decimal);
    // Line items keep the message for 10 s (SPEC 8): still there past the short time.
    await page.clock.runFor(NOTIFY_MS.short + 1000);
    await expect(snackbar).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('filter-code').fill(good);
    await expect(page.getByTestId(`row-${good}`)).toBeVisible();
    await expect(page.getByTestId(`row-${good}X`)).toHaveCount(0);

    // A file that cannot be read.
    await page.getByRole('button', { name: 'Import csv' }).click();
    await dialog
      .getByTestId('csv-file-input')
      .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n"unterminated\n') });
    await dialog.getByTestId('csv-import-submit').click();
    await expect(dialog.getByTestId('csv-parse-error')).toContainText(MSG.csvParseFailed);
    await expect(page.getByText(MSG.csvParseFailed).first()).toBeVisible();
  });

  test('an admin adds, edits and deletes a line item', async ({ page }) => {
    // Three dialogs, five saves and a delete: past the default 30 s on a loaded 2-core machine.
    test.setTimeout(60_000);
    const code = unique('LI');
    await page.goto('/catalog/items');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByTestId('item-form-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // Manufacturer code, price, category and export name 1 are required.
    await expect(dialog.getByText(MSG.required)).toHaveCount(4);
    await dialog.getByLabel('Manufacturer Code').fill(code);
    await dialog.getByLabel('Price').fill('12.x');
    await dialog.getByLabel('Description').fill('Added by e2e');
    await pickOption(page, 'Category', 'Base Cabinets');
    await dialog.getByLabel('Export Name 1').fill(code);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(MSG.decimal)).toBeVisible();
    await dialog.getByLabel('Price').fill('199.99');
    await dialog.getByLabel('Width').fill('30');
    await dialog.getByLabel('Base doors').fill('2');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(MSG.itemAdded)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByTestId('filter-code').fill(code);
    const row = page.getByTestId(`row-${code}`);
    await expect(row).toContainText('$199.99');
    await page.getByTestId(`edit-${code}`).click();
    await expect(dialog.getByLabel('Manufacturer Code')).toHaveValue(code);
    await dialog.getByLabel('Price').fill('205');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MSG.itemUpdated)).toBeVisible();
    await expect(row).toContainText('$205.00');

    // A code already used is reported on its field.
    await page.getByTestId(`edit-${code}`).click();
    await dialog.getByLabel('Manufacturer Code').fill('B09');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MSG.itemSaveFieldErrors)).toBeVisible();
    await expect(dialog.getByText(MSG.codeTaken)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByTestId(`delete-${code}`).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(MSG.deleteConfirm(code));
    await confirm.getByRole('button', { name: MSG.deleteYes }).click();
    await expect(page.getByText(MSG.deleted(code))).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('an admin adds, edits and deletes an attachment', async ({ page }) => {
    const code = unique('AT');
    await page.goto('/catalog/attachments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Attachments');
    await expect(page.getByRole('button', { name: 'Import csv' })).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByTestId('item-form-dialog');
    await dialog.getByLabel('Manufacturer Code').fill(code);
    await dialog.getByLabel('Price').fill('42');
    await pickOption(page, 'Category', 'Attachments');
    // Export name 1 is not required for attachments.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(MSG.itemAdded)).toBeVisible();

    await page.getByTestId('filter-code').fill(code);
    const row = page.getByTestId(`row-${code}`);
    await expect(row).toContainText('$42.00');
    await page.getByTestId(`edit-${code}`).click();
    await dialog.getByLabel('Description').fill('Edited attachment');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MSG.itemUpdated)).toBeVisible();
    await expect(row).toContainText('Edited attachment');

    await page.getByTestId(`delete-${code}`).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: MSG.deleteYes }).click();
    await expect(page.getByText(MSG.deleted(code))).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

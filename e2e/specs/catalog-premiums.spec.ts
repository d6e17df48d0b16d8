import { readFile } from 'node:fs/promises';
import { MSG, PREMIUM_CSV_COLUMNS, WEB_TEXT } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { chooseOption, downloadFrom, loginAs } from '../fixtures.ts';

/** Premium list pages and the premium form dialog (SPEC 2, 4, 5, 8), as an admin. */

interface KindCase {
  kind: string;
  name: string;
  path: string;
  tab?: string;
  category: string;
  canAdd: boolean;
}

const KINDS: KindCase[] = [
  {
    kind: 'wood_species',
    name: 'Wood Species',
    path: '/catalog/premiums/wood_species',
    category: 'Hardwood',
    canAdd: true,
  },
  { kind: 'door_style', name: 'Door Style', path: '/catalog/premiums/door_styles', category: 'Doors', canAdd: true },
  {
    kind: 'drawer_style',
    name: 'Drawer Style',
    path: '/catalog/premiums/door_styles',
    tab: 'tab-drawer-styles',
    category: 'Drawers',
    canAdd: true,
  },
  {
    kind: 'finish_option',
    name: 'Finish Option',
    path: '/catalog/premiums/finish_options',
    category: 'Stain',
    canAdd: true,
  },
  {
    kind: 'finished_side',
    name: 'Finished Side',
    path: '/catalog/premiums/finished_sides',
    category: 'Finished Sides',
    canAdd: false,
  },
];

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}`;

async function openKind(page: Page, c: KindCase) {
  await page.goto(c.path);
  if (c.tab) await page.getByTestId(c.tab).click();
  await expect(page.getByTestId(`premium-list-${c.kind}`)).toBeVisible();
}

async function filterByCode(page: Page, code: string) {
  await page.getByTestId('filter-code').fill(code);
}

async function pickCategory(page: Page, name: string) {
  const dialog = page.getByTestId('premium-form-dialog');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Categories' }), name);
  await expect(dialog.getByRole('button', { name })).toBeVisible();
}

test.describe('premium pages', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'ADMIN');
  });

  for (const c of KINDS) {
    test(`${c.name}: ${c.canAdd ? 'create, edit and delete' : 'edit (no add or delete)'}`, async ({ page }) => {
      // Create, edit, a refused save and a delete: past the default 30 s on a loaded 2-core machine.
      test.setTimeout(60_000);
      await openKind(page, c);
      const list = page.getByTestId(`premium-list-${c.kind}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        c.kind === 'drawer_style'
          ? 'Drawer Styles'
          : c.kind === 'door_style'
            ? 'Door Styles'
            : `${c.name}${c.kind === 'wood_species' ? '' : 's'}`,
      );

      if (!c.canAdd) {
        await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Import csv' })).toHaveCount(0);
        await expect(list.locator('[data-testid^="delete-"]')).toHaveCount(0);
        // Edit the first finished side: code, description and export name are read-only.
        await list.getByTestId('edit-FS-LEFT').click();
        const dialog = page.getByTestId('premium-form-dialog');
        await expect(dialog.getByLabel('Code')).toBeDisabled();
        await expect(dialog.getByLabel('Description')).toBeDisabled();
        await expect(dialog.getByLabel('Export Name')).toBeDisabled();
        await dialog.getByLabel('Price').fill('27.50');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText(MSG.premiumUpdated(c.name))).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(list.getByTestId('row-FS-LEFT')).toContainText('$27.50');
        return;
      }

      await expect(page.getByRole('button', { name: 'Import csv' })).toHaveCount(c.kind === 'drawer_style' ? 0 : 1);

      // Create
      const code = unique(c.kind === 'wood_species' ? 'WS' : c.kind.slice(0, 2).toUpperCase());
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByTestId('premium-form-dialog');
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`New ${c.name}`);
      // Fields shown per type (SPEC 2).
      await expect(dialog.getByRole('combobox', { name: 'Finish Options' })).toHaveCount(
        c.kind === 'wood_species' ? 1 : 0,
      );
      await expect(dialog.getByRole('combobox', { name: 'Wood Species' })).toHaveCount(c.kind === 'door_style' ? 1 : 0);
      await expect(dialog.getByLabel('Outside Edge')).toHaveCount(c.kind === 'door_style' ? 1 : 0);
      await expect(dialog.getByLabel('Export Category')).toHaveCount(c.kind === 'finish_option' ? 1 : 0);

      // Client validation: Code, Categories and Export Name are required.
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText(MSG.required)).toHaveCount(3);

      await dialog.getByLabel('Code').fill(code);
      await dialog.getByLabel('Description').fill('Made by e2e');
      await pickCategory(page, c.category);
      await dialog.getByLabel('Export Name').fill(code.toLowerCase());
      if (c.kind === 'door_style') await dialog.getByLabel('Outside Edge').fill('Square');
      if (c.kind === 'finish_option') {
        await dialog.getByLabel('Export Category').click();
        await page.getByRole('option', { name: 'Method 4' }).click();
      }
      // A percentage clears the price and back (SPEC 4).
      await dialog.getByLabel('Price').fill('12.5');
      await dialog.getByLabel('Percentage').fill('7');
      await expect(dialog.getByLabel('Price')).toHaveValue('');
      await dialog.getByLabel('Price').fill('12.5');
      await expect(dialog.getByLabel('Percentage')).toHaveValue('');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText(MSG.premiumCreated(c.name))).toBeVisible();
      await expect(dialog).toBeHidden();

      await filterByCode(page, code);
      const row = list.getByTestId(`row-${code}`);
      await expect(row).toBeVisible();
      await expect(row).toContainText('$12.50');
      await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(1);

      // Edit
      await list.getByTestId(`edit-${code}`).click();
      await expect(dialog.getByLabel('Code')).toHaveValue(code);
      await dialog.getByLabel('Description').fill('Edited by e2e');
      await dialog.getByLabel('Percentage').fill('15');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(MSG.premiumUpdated(c.name))).toBeVisible();
      await expect(row).toContainText('Edited by e2e');
      await expect(row).toContainText('15.00 %');
      await expect(row).not.toContainText('$12.50');

      // Delete
      await list.getByTestId(`delete-${code}`).click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText(MSG.deleteConfirm(code));
      await expect(confirm).toContainText(MSG.deleteIrreversible);
      await confirm.getByRole('button', { name: MSG.deleteYes }).click();
      await expect(page.getByText(MSG.deleted(code))).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  }

  test('server field errors land on their fields', async ({ page }) => {
    await page.goto('/catalog/premiums/wood_species');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByTestId('premium-form-dialog');
    await dialog.getByLabel('Code').fill('MAPLE');
    await pickCategory(page, 'Hardwood');
    await dialog.getByLabel('Export Name').fill('maple2');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(MSG.premiumSaveFieldErrors('Wood Species'))).toBeVisible();
    await expect(dialog.getByText(MSG.codeTaken)).toBeVisible();
    await expect(dialog.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    // Special characters are refused before the call.
    await dialog.getByLabel('Code').fill('BAD!');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(MSG.alphanumeric)).toBeVisible();
  });

  test('a new group is created from the form and its index saved from the list', async ({ page }) => {
    await page.goto('/catalog/premiums/finish_options');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByTestId('premium-form-dialog');
    const code = unique('FO');
    const group = unique('Group');
    await dialog.getByLabel('Code').fill(code);
    await pickCategory(page, 'Paint');
    await dialog.getByLabel('Export Name').fill(code.toLowerCase());
    await dialog.getByTestId('add-group-button').click();
    const groupDialog = page.getByTestId('premium-group-dialog');
    await expect(groupDialog.getByRole('heading', { level: 2 })).toHaveText('New Group/Header');
    await groupDialog.getByLabel('Name').fill(group);
    await groupDialog.getByLabel('Index').fill('9');
    await groupDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(groupDialog).toBeHidden();
    await expect(dialog.getByLabel('Header/Group')).toContainText(group);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(MSG.premiumCreated('Finish Option'))).toBeVisible();

    await page.getByTestId('filter-code').fill(code);
    const list = page.getByTestId('premium-list-finish_option');
    const header = list.locator('[data-testid^="group-row-"]').filter({ hasText: group });
    await expect(header).toBeVisible();
    const input = header.locator('input[type="number"]');
    await expect(input).toHaveValue('9');
    await input.fill('3');
    await header.getByRole('button', { name: /Save group index/ }).click();
    await expect(page.getByText(`${group} index saved`)).toBeVisible();
    await page.reload();
    await page.getByTestId('filter-code').fill(code);
    await expect(
      page.locator('[data-testid^="group-row-"]').filter({ hasText: group }).locator('input[type="number"]'),
    ).toHaveValue('3');
  });

  test('filter, column menu and items per page', async ({ page }) => {
    // The page's clock runs as usual; the test moves it past a delay instead of waiting.
    await page.clock.install();
    await page.goto('/catalog/premiums/door_styles');
    const list = page.getByTestId('premium-list-door_style');
    await expect(list.getByTestId('row-SHAKER')).toBeVisible();
    await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(6);

    // Filter is applied 1 s after typing: not yet after 300 ms.
    await page.getByTestId('filter-code').fill('SHAKER');
    await page.clock.runFor(300);
    await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(6);
    await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(2);
    await page.getByTestId('filter-code').fill('');
    await page.getByTestId('filter-description').fill('flat');
    await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(2);
    await expect(list.getByTestId('row-SLAB')).toBeVisible();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(6);

    // Optional columns.
    await expect(list.locator('thead')).toContainText('Outside Edge');
    await page.getByTestId('column-menu-button').click();
    await page.getByTestId('column-toggle-outside_edge').click();
    await page.getByTestId('column-toggle-route_pattern').click();
    await page.keyboard.press('Escape');
    await expect(list.locator('thead')).not.toContainText('Outside Edge');
    await expect(list.locator('thead')).toContainText('Route Pattern');

    // Items per page: 2 a page after 1 s; 250 or more warns and is not fetched.
    await page.getByTestId('page-size').fill('2');
    await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(2);
    await expect(page.getByTestId('pager-range')).toHaveText('1–2 of 6');
    await page.getByRole('button', { name: 'Go to page 3' }).click();
    await expect(page.getByTestId('pager-range')).toHaveText('5–6 of 6');
    await page.getByTestId('page-size').fill('300');
    await expect(page.getByTestId('page-size-warning')).toHaveText(MSG.pageSizeWarning);
    await page.clock.runFor(1500);
    await expect(list.locator('tbody tr[data-testid^="row-"]')).toHaveCount(2);
  });

  test('Export csv downloads the list in the import columns', async ({ page }) => {
    await page.goto('/catalog/premiums/wood_species');
    const download = await downloadFrom(page, page.getByTestId('export-csv'));
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header).toBe(PREMIUM_CSV_COLUMNS.wood_species.join(','));
    expect(lines.some((line) => line.startsWith('MAPLE,'))).toBe(true);
  });

  test('Export csv is busy while the file comes, and a download that breaks off is said', async ({ page }) => {
    await page.goto('/catalog/premiums/wood_species');
    const button = page.getByTestId('export-csv');
    // Hold the first answer until the busy button has been seen; break the second off.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    await page.route(
      (url) => url.pathname.endsWith('/export_csv/'),
      async (route) => {
        calls += 1;
        if (calls === 1) {
          await held;
          await route.continue();
        } else await route.abort('connectionreset');
      },
    );
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    const download = page.waitForEvent('download');
    release();
    await download;
    await expect(button).toBeEnabled();

    await button.click();
    await expect(page.getByText(WEB_TEXT.serverUnreachable)).toBeVisible();
    await expect(button).toBeEnabled();
  });
});

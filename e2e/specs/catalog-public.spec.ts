import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** The public catalogue (SPEC 2): categories -> subcategories -> product groups, for any signed-in role. */

test('a customer browses the public catalogue down to a product group image', async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/catalog/public');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public Catalog');
  await expect(page.getByRole('link', { name: 'Printable catalog' })).toHaveAttribute('target', '_blank');
  const categories = page.getByTestId('public-categories');
  await expect(categories.getByRole('heading', { level: 2 })).toContainText([
    'Base Cabinets',
    'Wall Cabinets',
    'Tall Cabinets',
    'Accessories',
  ]);

  await categories.getByRole('link', { name: /Base Cabinets/ }).click();
  await expect(page).toHaveURL(/\/catalog\/public\/category\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base Cabinets');
  const subcategories = page.getByTestId('public-subcategories');
  await expect(subcategories.getByRole('link', { name: /Base/ })).toContainText('4 product groups');
  // Covers are the product groups' pictures.
  await expect(subcategories.locator('img').first()).toHaveJSProperty('complete', true);

  await subcategories.getByRole('link', { name: /Base/ }).click();
  await expect(page).toHaveURL(/\/catalog\/public\/subcategory\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base');
  const groups = page.getByTestId('public-groups');
  await expect(groups.getByRole('heading', { level: 2 })).toHaveText([
    'Base 1 Door',
    'Base 2 Doors',
    'Sink Bases',
    'Drawer Bases',
  ]);
  const group = groups.locator('[data-testid^="group-"]').filter({ hasText: 'Base 2 Doors' });
  await expect(group).toContainText('Two doors over one or two drawers.');
  await expect(group).toContainText('2 images');
  expect(
    await group
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  // Full size, with the next image.
  await group.getByRole('button', { name: /View full size/ }).click();
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer).toContainText('1 / 2');
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(viewer).toContainText('2 / 2');
  await page.keyboard.press('Escape');

  // Breadcrumbs lead back up.
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Base Cabinets' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base Cabinets');
  await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Public Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog\/public$/);
});

for (const role of ['STAFF', 'BUSINESS_EMPLOYEE'] as const) {
  test(`${role} may open the public catalogue`, async ({ page }) => {
    await loginAs(page, role, '/catalog/public');
    await expect(page.getByTestId('public-categories')).toBeVisible();
    await expect(page).toHaveURL(/\/catalog\/public$/);
  });
}

test('a customer cannot open the internal catalogue screens', async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/catalog/items');
  await expect(page).toHaveURL(/\/404$/);
});

import { CATALOG_TEXT } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/**
 * The public catalogue's pages when their records cannot be loaded: the failure is said, with a
 * retry, never the empty state ("no categories yet"), which would tell the reader there are none.
 */

const SUBCATEGORIES = '/api/catalog/public/subcategory/';

/** Answers the matching API calls with a 500 while `failing()` is true; the rest reach the server. */
async function failWhile(page: Page, matches: (url: URL) => boolean, failing: () => boolean) {
  await page.route(matches, (route) =>
    failing()
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":"internal_error","message":"boom"}',
        })
      : route.continue(),
  );
}

/** The API client's 'Internal Error' popup comes first; the reader closes it and sees the page. */
async function closeErrorPopup(page: Page) {
  const popup = page.getByTestId('error-dialog');
  await expect(popup).toBeVisible();
  await popup.getByRole('button').click();
  await expect(popup).toHaveCount(0);
}

test('the catalogue whose categories fail to load says so, not "no categories", and recovers on retry', async ({
  page,
}) => {
  await loginAs(page, 'ADMIN');
  let fail = true;
  await failWhile(
    page,
    (url) => url.pathname === SUBCATEGORIES,
    () => fail,
  );
  await page.goto('/catalog/public');
  await closeErrorPopup(page);
  const error = page.getByTestId('public-error');
  await expect(error).toContainText(CATALOG_TEXT.listLoadFailed);
  await expect(page.getByText(CATALOG_TEXT.noCategories)).toHaveCount(0);

  fail = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('public-categories').getByRole('link', { name: /Base Cabinets/ })).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(page.getByText(CATALOG_TEXT.noCategories)).toHaveCount(0);
});

test('a category whose subcategories fail to load says so, not "no subcategories"', async ({ page }) => {
  await loginAs(page, 'PERSONAL');
  let fail = false;
  await failWhile(
    page,
    (url) => url.pathname === SUBCATEGORIES && url.searchParams.has('category'),
    () => fail,
  );
  await page.goto('/catalog/public');
  const base = page.getByTestId('public-categories').getByRole('link', { name: /Base Cabinets/ });
  await expect(base).toBeVisible();

  fail = true;
  await base.click();
  // The popup hides the page from assistive technology (and role queries) until it is closed.
  await closeErrorPopup(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base Cabinets');
  const error = page.getByTestId('public-error');
  await expect(error).toContainText(CATALOG_TEXT.listLoadFailed);
  await expect(page.getByText(CATALOG_TEXT.noSubcategories)).toHaveCount(0);

  fail = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('public-subcategories').getByRole('link', { name: /Base/ })).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('a subcategory whose product groups fail to load says so, not "no product groups"', async ({ page }) => {
  await loginAs(page, 'PERSONAL');
  let fail = false;
  await failWhile(
    page,
    (url) => /^\/api\/catalog\/public\/subcategory\/\d+\/$/.test(url.pathname),
    () => fail,
  );
  await page.goto('/catalog/public');
  await page
    .getByTestId('public-categories')
    .getByRole('link', { name: /Base Cabinets/ })
    .click();
  const sub = page.getByTestId('public-subcategories').getByRole('link', { name: /Base/ });
  await expect(sub).toBeVisible();

  fail = true;
  await sub.click();
  await expect(page).toHaveURL(/\/catalog\/public\/subcategory\/\d+$/);
  await closeErrorPopup(page);
  const error = page.getByTestId('public-error');
  await expect(error).toContainText(CATALOG_TEXT.listLoadFailed);
  await expect(page.getByText(CATALOG_TEXT.noGroups)).toHaveCount(0);

  fail = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('public-groups').getByRole('heading', { name: 'Base 2 Doors' })).toBeVisible();
  await expect(error).toHaveCount(0);
});

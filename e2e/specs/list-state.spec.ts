import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** The list kit: a list's page lives in the address, so a reload and back/forward show the same page. */

test('a catalogue list keeps its page through a reload, and back returns to the page before', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/catalog/premiums/door_styles');
  const list = page.getByTestId('premium-list-door_style');
  const rows = list.locator('tbody tr[data-testid^="row-"]');
  await expect(rows.first()).toBeVisible();

  await page.getByTestId('page-size').fill('2');
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]door\.page_size=2(&|$)/);
  const firstPage = await rows.allTextContents();
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/[?&]door\.page=2(&|$)/);
  const range = page.getByTestId('pager-range');
  await expect(range).toHaveText(/^3–4 of \d+$/);
  // The previous page stays shown until the next one arrives.
  await expect(rows).not.toHaveText(firstPage);
  await expect(rows).toHaveCount(2);
  const secondPage = await rows.allTextContents();

  await page.reload();
  await expect(range).toHaveText(/^3–4 of \d+$/);
  await expect(page.getByTestId('page-size')).toHaveValue('2');
  await expect(rows).toHaveText(secondPage);

  await page.goBack();
  await expect(range).toHaveText(/^1–2 of \d+$/);
  await expect(rows).toHaveText(firstPage);
});

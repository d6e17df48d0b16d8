import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** Issue 8 "What a new user met": each defect a first-time user ran into, as they would see it. */

test('the Door Styles table fits a 1440x900 screen with its Actions column in view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'ADMIN');
  await page.goto('/catalog/premiums/door_styles');
  const list = page.getByTestId('premium-list-door_style');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  const actions = list.getByRole('columnheader', { name: 'Actions' });
  await expect(actions).toBeInViewport({ ratio: 1 });
  // Nothing scrolls sideways: neither the page nor the table.
  const overflow = await list.evaluate((card) => {
    const container = card.querySelector('.MuiTableContainer-root') as HTMLElement;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: container.scrollWidth - container.clientWidth,
    };
  });
  expect(overflow).toEqual({ page: 0, table: 0 });
});

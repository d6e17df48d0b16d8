import { isNavGroup, navFor, ROLES } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

test.describe('navigation per role', () => {
  for (const role of ROLES) {
    test(`${role} sees exactly its navigation`, async ({ page }) => {
      await loginAs(page, role);
      const nav = page.getByTestId('side-nav');
      await expect(nav).toBeVisible();

      const expected = navFor(role);
      const expectedGroups = expected.filter(isNavGroup).map((g) => g.group);
      const expectedLinks = expected.flatMap((e) => (isNavGroup(e) ? e.children.map((c) => c.to) : [e.to]));

      // Group headers, in order.
      const groupHeaders = nav.locator('[data-testid^="nav-group-"]');
      await expect(groupHeaders).toHaveCount(expectedGroups.length);
      const groups = await groupHeaders.evaluateAll((els) =>
        els.map((el) => el.getAttribute('data-testid')?.replace(/^nav-group-/, '')),
      );
      expect(groups).toEqual(expectedGroups);

      // Unfold every group, then read the visible link targets.
      // As a person does: click a closed group, and click again if it did not stay open (the click
      // can cross the shell unfolding the current page's group; CI once saw the group stay shut).
      for (const group of expectedGroups) {
        const header = nav.getByTestId(`nav-group-${group}`);
        await expect(async () => {
          if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
          await expect(header).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
        }).toPass({ timeout: 15_000 });
      }
      const links = nav.locator('[data-testid^="nav-link-"]');
      await expect(links).toHaveCount(expectedLinks.length);
      for (const link of await links.all()) await expect(link).toBeVisible();
      const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
      expect(hrefs).toEqual(expectedLinks);

      // Server-hosted pages open in a new tab.
      for (const entry of expected.flatMap((e) => (isNavGroup(e) ? e.children : [e])).filter((l) => l.external)) {
        await expect(nav.getByTestId(`nav-link-${entry.to}`)).toHaveAttribute('target', '_blank');
      }
    });
  }

  test('the active page is highlighted and its group unfolded', async ({ page }) => {
    await loginAs(page, 'ADMIN', '/settings/global');
    const nav = page.getByTestId('side-nav');
    await expect(nav.getByTestId('nav-group-Settings')).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByTestId('nav-link-/settings/global')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Global Settings' })).toBeVisible();
  });

  test('a nav link opens its page in the shell', async ({ page }) => {
    await loginAs(page, 'PERSONAL');
    const nav = page.getByTestId('side-nav');
    await nav.getByTestId('nav-group-Settings').click();
    await nav.getByTestId('nav-link-/settings/password').click();
    await expect(page).toHaveURL(/\/settings\/password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Password' })).toBeVisible();
    await nav.getByTestId('nav-link-/orders/all').click();
    await expect(page).toHaveURL(/\/orders\/all$/);
    await expect(page.getByRole('heading', { level: 1, name: 'View Orders' })).toBeVisible();
  });

  test('/orders sends staff to Manage Orders and customers to View Orders', async ({ page }) => {
    await loginAs(page, 'STAFF', '/orders');
    await expect(page).toHaveURL(/\/orders\/manage$/);
    await page.getByTestId('logout-button').click();
    await loginAs(page, 'BUSINESS_EMPLOYEE', '/orders');
    await expect(page).toHaveURL(/\/orders\/all$/);
  });

  test('the planner has its own shell with a way back to orders', async ({ page }) => {
    await loginAs(page, 'STAFF', '/planner/orders/manage');
    await expect(page.getByTestId('app-bar')).toContainText('Planner');
    await expect(page.getByTestId('side-nav')).toHaveCount(0);
    await page.getByTestId('planner-back').click();
    await expect(page).toHaveURL(/\/orders\/manage$/);
    await expect(page.getByTestId('side-nav')).toBeVisible();
  });
});

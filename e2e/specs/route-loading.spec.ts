import { WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** Issue 8 "Serving": each page's code loads with its route, under a progress bar. */

test('/login loads no signed-in shell and no other page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: WEB_TEXT.signInButton })).toBeVisible();
  expect(scripts.some((s) => /\/LoginPage-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/(DefaultLayout|DashboardPage|PagedDataTable|PremiumListView)-/.test(s))).toEqual([]);
  // Nor the data layer, the session guard or the pages table (decision 0066).
  expect(scripts.filter((s) => /\/(query|queryClient|SessionGuard|pages)-[\w-]+\.js$/.test(s))).toEqual([]);
});

test('a page whose code is on its way shows the progress bar, then the page', async ({ page }) => {
  await loginAs(page, 'ADMIN');
  // Hold the Global Settings page's code until the bar has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/GlobalSettingsPage-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const nav = page.getByTestId('side-nav');
  await nav.getByTestId('nav-group-Settings').click();
  await nav.getByTestId('nav-link-/settings/global').click();
  const bar = page.getByTestId('route-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('role', 'progressbar');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Global Settings' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

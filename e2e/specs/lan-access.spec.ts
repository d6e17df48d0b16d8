import { networkInterfaces } from 'node:os';
import { WEB_TEXT } from '@cab/shared';
import { expect, type Response, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../fixtures.ts';

/**
 * Issue 8 "Serving": a shop opens the app from another desk by the server's LAN address over
 * plain HTTP. Such a page is not a secure context, so nothing may be upgraded to https and the
 * app may not rely on secure-context-only browser features.
 */
function lanAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return '127.0.0.2'; // still not "localhost" to the browser
}

test('the app opened by a LAN address over plain HTTP renders and signs in', async ({ page }) => {
  const origin = `http://${lanAddress()}:${process.env.E2E_PORT ?? 3555}`;
  const httpsRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().startsWith('https:')) httpsRequests.push(req.url());
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));

  const response = await page.goto(`${origin}/login`);
  expect(response?.headers()['content-security-policy'] ?? '').not.toContain('upgrade-insecure-requests');
  expect(response?.headers()['strict-transport-security']).toBeUndefined();
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

  await page.getByLabel(WEB_TEXT.emailLabel, { exact: true }).fill(DEMO_USERS.ADMIN);
  await page.getByLabel(WEB_TEXT.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: WEB_TEXT.signInButton }).click();
  await expect(page.getByTestId('app-bar')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(origin);
  expect(httpsRequests).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('the built app is served precompressed, hashed assets cached for a year, the page revalidated', async ({
  page,
}) => {
  const scripts: Response[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/') && res.url().endsWith('.js')) scripts.push(res);
  });
  const response = await page.goto('/login');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByLabel(WEB_TEXT.emailLabel, { exact: true })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  let compressed = 0;
  for (const script of scripts) {
    expect(script.headers()['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    // The build writes a .br and a .gz beside every script of 1 KB or more (smaller ones gain nothing).
    if ((await script.body()).length < 1024) continue;
    expect(script.headers()['content-encoding'], script.url()).toMatch(/^(br|gzip)$/);
    compressed++;
  }
  expect(compressed).toBeGreaterThan(0);
});

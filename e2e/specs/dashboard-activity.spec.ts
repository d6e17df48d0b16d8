import { WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** The admin dashboard's Recent activity is the shop's activity, not client-error telemetry. */
test("an admin's Recent activity does not list client errors", async ({ page, request }) => {
  // A script error reported by some browser: stored as telemetry.
  const logged = await request.post('/api/core/log/error/', { data: { type: 'script', error: 'e2e boom' } });
  expect(logged.ok()).toBe(true);

  await loginAs(page, 'ADMIN');
  await page.goto('/');
  const recent = page.getByTestId('dashboard-recent');
  await expect(recent).toContainText(WEB_TEXT.recentActivity);
  await expect(recent).toContainText('Signed in');
  await expect(recent).not.toContainText('Client');
  await expect(recent).not.toContainText('script');
});

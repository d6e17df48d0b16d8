import { ACCOUNTS_TEXT, MSG, ROLE_LABELS } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** More of issue 8 "What a new user met", as a person sees it (see new-user.spec.ts). */

test('the invitation e-mail of a personal customer names no empty company ("for .")', async ({ page }) => {
  const email = `personal-${Date.now()}@e2e.test`;
  await loginAs(page, 'ADMIN', '/settings/users/all');
  await page.getByTestId('invite-button').click();
  const dialog = page.getByTestId('invite-dialog');
  await dialog.getByLabel(ACCOUNTS_TEXT.email, { exact: false }).fill(email);
  await dialog.getByLabel(ACCOUNTS_TEXT.firstName).fill('Pat');
  await dialog.getByLabel(ACCOUNTS_TEXT.lastName).fill('Pine');
  await dialog.getByRole('combobox', { name: ACCOUNTS_TEXT.role }).click();
  await page.getByRole('option', { name: ROLE_LABELS.PERSONAL, exact: true }).click();
  // A personal customer belongs to no company: the dialog asks for none.
  await expect(dialog.getByLabel(ACCOUNTS_TEXT.newCompanyName)).toHaveCount(0);
  await dialog.getByRole('button', { name: ACCOUNTS_TEXT.invite }).click();
  await expect(page.getByText(MSG.invitationSent(email))).toBeVisible();

  await page.goto('/settings/email/templates?tab=outbox');
  await page
    .getByTestId('outbox-table')
    .getByRole('row', { name: new RegExp(email) })
    .click();
  const body = page.getByTestId('outbox-body');
  await expect(body).toContainText('Hello Pat,');
  await expect(body).toContainText(/invited you to [^\n]+\./);
  await expect(body).not.toContainText('for .');
  await expect(body).not.toContainText(/ for\s*\./);
});

test('an unknown product group page is the HTML "page not found" page, with a favicon that loads', async ({ page }) => {
  // The catalogue pages open in a new tab and need no sign-in.
  const response = await page.goto('/template/catalog/group/999999/');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MSG.errorPageNotFound);
  await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
  await expect(page.getByRole('link', { name: MSG.homePage })).toBeVisible();
  // Not the API's JSON error shown as text.
  await expect(page.locator('body')).not.toContainText('"code"');
  await expect(page.locator('body')).not.toContainText(MSG.notFound);

  const icon = page.locator('head link[rel~="icon"]');
  await expect(icon).toHaveCount(1);
  const href = await icon.evaluate((link: HTMLLinkElement) => link.href);
  const served = await page.request.get(href);
  expect(served.status(), href).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
});

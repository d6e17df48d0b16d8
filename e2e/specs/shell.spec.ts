import { MSG, WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { ERROR_MAIN } from '../../apps/web/src/app/palette.ts';
import { DEMO_USERS, loginAs, submitLogin } from '../fixtures.ts';

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test('the app bar uses the error colour in a test environment', async ({ page }) => {
  await loginAs(page, 'ADMIN');
  const appBar = page.getByTestId('app-bar');
  await expect(appBar).toHaveAttribute('data-test-environment', 'true');
  await expect(appBar).toHaveCSS('background-color', hexToRgb(ERROR_MAIN));
  await expect(page.getByTestId('test-env-badge')).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, DEMO_USERS.ADMIN, 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText(MSG.invalidCredentials);
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form checks its fields before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: WEB_TEXT.signInButton }).click();
  await expect(page.getByText(MSG.required).first()).toBeVisible();
  await page.getByLabel(WEB_TEXT.emailLabel, { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: WEB_TEXT.signInButton }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
});

test('the shell greets the user and shows the dashboard', async ({ page }) => {
  await loginAs(page, 'BUSINESS_MANAGER');
  await expect(page.getByTestId('greeting')).toHaveText(/^Hello, \S+/);
  await expect(page.getByTestId('user-avatar')).toHaveText(/^[A-Z]{1,2}$/);
  await expect(page.getByTestId('copyright')).toHaveText(WEB_TEXT.copyright(new Date().getFullYear()));
  await expect(page.getByTestId('dashboard-cards').locator('[data-testid^="dashboard-card-"]').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-recent')).toBeVisible();
});

test('changing the password with a wrong current password shows the error on the field', async ({ page }) => {
  await loginAs(page, 'STAFF', '/settings/password');
  await page.getByLabel(WEB_TEXT.currentPasswordLabel, { exact: true }).fill('wrong-current-password');
  await page.getByLabel(WEB_TEXT.newPasswordLabel, { exact: true }).fill('Another1234!');
  await page.getByLabel(WEB_TEXT.confirmPasswordLabel, { exact: true }).fill('Another1234!');
  await page.getByRole('button', { name: WEB_TEXT.updatePasswordButton }).click();
  await expect(page.getByText(MSG.wrongCurrentPassword)).toBeVisible();
  await expect(page.getByTestId('error-dialog')).toHaveCount(0);
});

test('the system check page shows the environment and role', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/test');
  await expect(page.getByTestId('check-env')).toHaveText('test');
  await expect(page.getByTestId('check-role')).toHaveText('Admin');
});

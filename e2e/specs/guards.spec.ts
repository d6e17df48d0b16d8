import { MSG, PASSWORD_RESET_ROUTE, WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, loginAs, logout, RESET_USER, submitLogin, TOKEN_KEY } from '../fixtures.ts';

test('a role that may not open a route is sent to /404', async ({ page }) => {
  await loginAs(page, 'STAFF', '/settings/global');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText(MSG.errorPageNotFound)).toBeVisible();
  await page.getByRole('link', { name: MSG.homePage }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('logout returns to /login and protected pages then ask to sign in', async ({ page }) => {
  await loginAs(page, 'PERSONAL');
  await expect(page.getByTestId('greeting')).toContainText('Hello,');
  await logout(page);
  await page.goto('/settings/password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
});

test('a signed-out visitor is sent to /login and back to the page first wanted', async ({ page }) => {
  await page.goto('/settings/password');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, DEMO_USERS.BUSINESS_MANAGER);
  await expect(page).toHaveURL(/\/settings\/password$/);
  // Signed in, /login goes home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('an account that must reset its password is held on the change-password page until it does', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, RESET_USER);
  await expect(page).toHaveURL(new RegExp(`${PASSWORD_RESET_ROUTE}$`));
  for (const path of ['/', '/orders/all', '/settings/password', '/settings/banks']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${PASSWORD_RESET_ROUTE}$`));
  }
  await expect(page.getByTestId('password-reset-required')).toBeVisible();

  // The form validates before it calls the server.
  await page.getByLabel(WEB_TEXT.newPasswordLabel, { exact: true }).fill('NewDemo1234!');
  await page.getByLabel(WEB_TEXT.confirmPasswordLabel, { exact: true }).fill('Different1234!');
  await page.getByRole('button', { name: WEB_TEXT.setPasswordButton }).click();
  await expect(page.getByText(MSG.passwordsDoNotMatch)).toBeVisible();

  await page.getByLabel(WEB_TEXT.confirmPasswordLabel, { exact: true }).fill('NewDemo1234!');
  await page.getByRole('button', { name: WEB_TEXT.setPasswordButton }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard-cards')).toBeVisible();
  await page.goto('/orders/all');
  await expect(page).toHaveURL(/\/orders\/all$/);

  // The new password works, the old one no longer does.
  await logout(page);
  await submitLogin(page, RESET_USER, DEMO_PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText(MSG.invalidCredentials);
  await submitLogin(page, RESET_USER, 'NewDemo1234!');
  await expect(page).toHaveURL(/\/$/);
});

test('an API 401 drops the session and goes to /login', async ({ page }) => {
  await loginAs(page, 'BUSINESS_EMPLOYEE');
  await page.evaluate((key) => localStorage.setItem(key, 'not-a-valid-token'), TOKEN_KEY);
  await page.goto('/settings/password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

  // A token revoked on the server behaves the same.
  await submitLogin(page, DEMO_USERS.BUSINESS_EMPLOYEE);
  await expect(page).toHaveURL(/\/settings\/password$/);
  const status = await page.evaluate(async (key) => {
    const response = await fetch('/api/users/logout/', {
      method: 'POST',
      headers: { Authorization: `Token ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    return response.status;
  }, TOKEN_KEY);
  expect(status).toBeLessThan(300);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown route shows that the page could not be found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
  await loginAs(page, 'ADMIN', '/orders/1/no-such-tab');
  await expect(page.getByText(MSG.pageNotFound)).toBeVisible();
  await expect(page.getByTestId('app-bar')).toBeVisible();
});

import { MSG, SETTINGS_TEXT, WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { createCustomer, logout, newestMailTo, submitLogin } from '../fixtures.ts';

/** A forgotten password, end to end: the e-mailed single-use link (SPEC 2 /reset-password). */

const OLD_PASSWORD = 'OldPass123!';
const NEW_PASSWORD = 'NewPass456!';

test('a user who forgot the password gets a link, sets a new password, and the link works once', async ({
  page,
  request,
}) => {
  // A user of its own: the demo accounts keep their password for the other tests.
  const email = `forgot${Date.now()}@e2e.test`;
  await createCustomer(request, { email, first_name: 'Fern', last_name: 'Forgot' }, OLD_PASSWORD);

  await page.goto('/login');
  await page.getByRole('link', { name: WEB_TEXT.forgotPassword }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SETTINGS_TEXT.forgotTitle);

  // The e-mail is checked on its field before anything is sent.
  const emailField = page.getByLabel(WEB_TEXT.emailLabel, { exact: true });
  await emailField.fill('not-an-email');
  await page.getByRole('button', { name: SETTINGS_TEXT.sendResetLink }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
  await emailField.fill(email.toUpperCase());
  await page.getByRole('button', { name: SETTINGS_TEXT.sendResetLink }).click();
  await expect(page.getByTestId('reset-sent')).toHaveText(MSG.passwordResetSent);

  // The link in the e-mail (its path: the server's public URL may differ from the test's).
  const mail = await newestMailTo(request, email, 'password_reset');
  const match = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.body);
  expect(match, `a reset link in ${mail.body}`).not.toBeNull();
  const link = (match as RegExpExecArray)[0];

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SETTINGS_TEXT.resetTitle);
  await page.getByLabel(WEB_TEXT.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(WEB_TEXT.confirmPasswordLabel, { exact: true }).fill('Different789!');
  await page.getByRole('button', { name: SETTINGS_TEXT.resetButton }).click();
  await expect(page.getByText(MSG.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel(WEB_TEXT.confirmPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: SETTINGS_TEXT.resetButton }).click();
  await expect(page.getByTestId('reset-done')).toHaveText(MSG.passwordResetDone);
  await page.getByRole('link', { name: SETTINGS_TEXT.goToSignIn }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await submitLogin(page, email, OLD_PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText(MSG.invalidCredentials);
  await submitLogin(page, email, NEW_PASSWORD);
  await expect(page.getByTestId('app-bar')).toBeVisible();
  await logout(page);

  // The link was single use: opening it again says so and offers a new one.
  await page.goto(link);
  await page.getByLabel(WEB_TEXT.newPasswordLabel, { exact: true }).fill('Another123!');
  await page.getByLabel(WEB_TEXT.confirmPasswordLabel, { exact: true }).fill('Another123!');
  await page.getByRole('button', { name: SETTINGS_TEXT.resetButton }).click();
  await expect(page.getByTestId('reset-link-error')).toHaveText(MSG.resetLinkInvalid);
  await page.getByRole('button', { name: SETTINGS_TEXT.askNewLink }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SETTINGS_TEXT.forgotTitle);

  // And the password is still the new one.
  await submitLogin(page, email, NEW_PASSWORD);
  await expect(page.getByTestId('app-bar')).toBeVisible();
});

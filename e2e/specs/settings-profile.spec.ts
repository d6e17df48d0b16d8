import { MSG, SETTINGS_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** The signed-in user's own profile (SPEC 2 /settings/profile). */

test('a personal customer edits the profile; it persists after a reload', async ({ page }) => {
  const phone = `555-${String(Date.now()).slice(-4)}`;
  await loginAs(page, 'PERSONAL', '/settings/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  const firstName = page.getByLabel(SETTINGS_TEXT.firstName);
  const original = await firstName.inputValue();
  // A customer cannot change the e-mail or the tax exemption; there is no company card.
  await expect(page.getByTestId('profile-email').locator('input')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('profile-email').locator('input')).toHaveValue('personal@demo.test');
  await expect(page.getByTestId('profile-tax-exempt').locator('input')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('company-profile')).toHaveCount(0);

  // Required and phone rules show on their fields.
  await firstName.fill('');
  await page.getByLabel(SETTINGS_TEXT.phone).fill('call me');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText(MSG.required)).toBeVisible();
  await expect(page.getByText(MSG.phoneInvalid)).toBeVisible();

  await firstName.fill(`${original}x`);
  await page.getByLabel(SETTINGS_TEXT.phone).fill(phone);
  await page.getByTestId('profile-save').click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();

  await page.reload();
  await expect(firstName).toHaveValue(`${original}x`);
  await expect(page.getByLabel(SETTINGS_TEXT.phone)).toHaveValue(phone);

  // Put the name back for the other tests.
  await firstName.fill(original);
  await page.getByTestId('profile-save').click();
  await expect(page.getByText(MSG.profileUpdated).first()).toBeVisible();
  await page.reload();
  await expect(firstName).toHaveValue(original);

  await page.getByTestId('change-password-link').click();
  await expect(page).toHaveURL(/\/settings\/password$/);
});

test('a business employee reads the company profile; the manager edits it', async ({ page }) => {
  await loginAs(page, 'BUSINESS_EMPLOYEE', '/settings/profile');
  const company = page.getByTestId('company-profile');
  await expect(company.getByTestId('company-profile-readonly')).toBeVisible();
  await expect(company.getByTestId('company-name').locator('input')).toHaveValue('Acme Kitchens');
  await expect(company.getByRole('button', { name: SETTINGS_TEXT.save })).toHaveCount(0);

  const website = `https://acme-${Date.now()}.example`;
  await page.getByTestId('logout-button').click();
  await loginAs(page, 'BUSINESS_MANAGER', '/settings/profile');
  const form = page.getByTestId('company-profile-form');
  const companyEmail = form.getByLabel(SETTINGS_TEXT.companyEmail);
  const originalEmail = await companyEmail.inputValue();
  await companyEmail.fill('not-an-email');
  await page.getByTestId('company-save').click();
  await expect(form.getByText(MSG.emailInvalid)).toBeVisible();
  await companyEmail.fill(originalEmail);
  await form.getByLabel(SETTINGS_TEXT.website).fill(website);
  await page.getByTestId('company-save').click();
  await expect(page.getByText(SETTINGS_TEXT.companyUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('company-profile-form').getByLabel(SETTINGS_TEXT.website)).toHaveValue(website);
});

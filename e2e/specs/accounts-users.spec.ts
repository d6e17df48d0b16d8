import { ACCOUNTS_TEXT, MSG } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** /settings/users/all as an admin: tabs, server-side search, and the kept list state (SPEC 3). */

const search = (page: Page) => page.getByTestId('accounts-search');

test('the admin tabs search on the server, and the tab and search texts survive leaving the page', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/settings/users/all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Users');

  // Personal: the demo personal customers; a search narrows them.
  const personal = page.getByTestId('personal-table');
  await expect(personal.getByTestId('user-row-personal@demo.test')).toBeVisible();
  await expect(personal.getByTestId('user-row-reset@demo.test')).toBeVisible();
  // Business users are not personal accounts.
  await expect(personal.getByTestId('user-row-manager@demo.test')).toHaveCount(0);
  await search(page).fill('Paula');
  await expect(personal.getByTestId('user-row-reset@demo.test')).toHaveCount(0);
  await expect(personal.getByTestId('user-row-personal@demo.test')).toBeVisible();

  // Business: companies with their managers and user counts, linking to the company page.
  await page.getByTestId('tab-business').click();
  const companies = page.getByTestId('companies-table');
  await expect(search(page)).toHaveValue('');
  await search(page).fill('Acme');
  await search(page).press('Enter');
  const acme = companies.locator('tbody tr', { hasText: 'Acme Kitchens' });
  await expect(acme).toHaveCount(1);
  await search(page).fill('no-such-company-xyz');
  await expect(companies.getByTestId('table-empty')).toHaveText(ACCOUNTS_TEXT.noCompanies);
  await search(page).fill('Acme');
  await expect(acme).toHaveCount(1);

  // Staff: staff and admins only.
  await page.getByTestId('tab-staff').click();
  const staff = page.getByTestId('staff-table');
  await expect(staff.getByTestId('user-row-staff@demo.test')).toBeVisible();
  await expect(staff.getByTestId('user-row-admin@demo.test')).toBeVisible();
  await expect(staff.getByTestId('user-row-personal@demo.test')).toHaveCount(0);
  await page.getByTestId('tab-business').click();

  // Leave and come back: the Business tab is still selected with its search applied.
  await page.goto('/catalog/items');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Line Items');
  await page.goto('/settings/users/all');
  await expect(page.getByTestId('tab-business')).toHaveAttribute('aria-selected', 'true');
  await expect(search(page)).toHaveValue('Acme');
  await expect(acme).toHaveCount(1);
  await expect(companies.locator('tbody tr')).toHaveCount(1);

  // Each tab keeps its own text.
  await page.getByTestId('tab-personal').click();
  await expect(search(page)).toHaveValue('Paula');
  await expect(personal.getByTestId('user-row-reset@demo.test')).toHaveCount(0);

  // The company row opens the company page with its users.
  await page.getByTestId('tab-business').click();
  await acme.getByRole('link', { name: 'Acme Kitchens' }).click();
  await expect(page).toHaveURL(/\/settings\/users\/company\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Kitchens');
  await page.getByTestId('tab-users').click();
  await expect(page.getByTestId('user-row-manager@demo.test')).toContainText(ACCOUNTS_TEXT.manager);
  await expect(page.getByTestId('user-row-employee@demo.test')).toContainText(ACCOUNTS_TEXT.employee);
});

test('a business manager promotes, steps down, deactivates and activates a user of its company', async ({ page }) => {
  const email = `helper${Date.now()}@e2e.test`;
  await loginAs(page, 'BUSINESS_MANAGER', '/settings/users/all');
  await expect(page.getByTestId('user-row-manager@demo.test')).toBeVisible();

  // A fresh employee, so the demo accounts stay as they are.
  await page.getByTestId('invite-button').click();
  const dialog = page.getByTestId('invite-dialog');
  await dialog.getByLabel(ACCOUNTS_TEXT.email).fill(email);
  await dialog.getByLabel(ACCOUNTS_TEXT.firstName).fill('Hal');
  await dialog.getByLabel(ACCOUNTS_TEXT.lastName).fill('Helper');
  await dialog.getByRole('button', { name: ACCOUNTS_TEXT.invite }).click();
  await expect(page.getByText(MSG.invitationSent(email))).toBeVisible();
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row).toContainText(ACCOUNTS_TEXT.employee);

  const confirm = page.getByTestId('confirm-dialog');
  await row.getByRole('button', { name: `${ACCOUNTS_TEXT.makeManager} Hal Helper` }).click();
  await confirm.getByRole('button', { name: ACCOUNTS_TEXT.confirmYes }).click();
  await expect(row).toContainText(ACCOUNTS_TEXT.manager);

  await row.getByRole('button', { name: `${ACCOUNTS_TEXT.stepDown} Hal Helper` }).click();
  await confirm.getByRole('button', { name: ACCOUNTS_TEXT.confirmYes }).click();
  await expect(row).toContainText(ACCOUNTS_TEXT.employee);

  await row.getByRole('button', { name: `${ACCOUNTS_TEXT.deactivate} Hal Helper` }).click();
  await expect(confirm).toContainText(ACCOUNTS_TEXT.deactivateText);
  await confirm.getByRole('button', { name: ACCOUNTS_TEXT.confirmYes }).click();
  await expect(row).toContainText(ACCOUNTS_TEXT.inactive);
  await row.getByRole('button', { name: `${ACCOUNTS_TEXT.activate} Hal Helper` }).click();
  await confirm.getByRole('button', { name: ACCOUNTS_TEXT.confirmYes }).click();
  await expect(row).not.toContainText(ACCOUNTS_TEXT.inactive);

  // The manager's own row offers no deactivation.
  await expect(page.getByTestId('user-row-manager@demo.test').getByRole('button', { name: /^Deactivate/ })).toHaveCount(
    0,
  );
});

test('an admin adds a personal customer and a staff member, then edits the customer profile', async ({ page }) => {
  const stamp = Date.now();
  const customer = `customer${stamp}@e2e.test`;
  const staffEmail = `staff${stamp}@e2e.test`;
  await loginAs(page, 'ADMIN', '/settings/users/all');
  await page.getByTestId('tab-personal').click();
  await page.getByTestId('add-customer-button').click();
  const add = page.getByTestId('add-customer-dialog');
  await add.getByLabel(ACCOUNTS_TEXT.email).fill(customer);
  await add.getByLabel(ACCOUNTS_TEXT.firstName).fill('Cora');
  await add.getByLabel(ACCOUNTS_TEXT.lastName).fill('Cherry');
  await add.getByRole('button', { name: ACCOUNTS_TEXT.create }).click();
  await expect(page.getByText(MSG.userCreated(customer))).toBeVisible();
  await search(page).fill(customer);
  const row = page.getByTestId(`user-row-${customer}`);
  await expect(row.getByTestId('pending-invitation')).toBeVisible();

  // The user page: details, the pending badge and the profile form.
  await row.getByRole('link', { name: 'Cora Cherry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cora Cherry');
  await expect(page.getByTestId('pending-invitation')).toBeVisible();
  const form = page.getByTestId('profile-form');
  await form.getByLabel(ACCOUNTS_TEXT.phone).fill('not a phone!');
  await form.getByRole('button', { name: ACCOUNTS_TEXT.save }).click();
  await expect(form.getByText(MSG.phoneInvalid)).toBeVisible();
  await form.getByLabel(ACCOUNTS_TEXT.phone).fill('(555) 010-2030');
  await form.getByRole('button', { name: ACCOUNTS_TEXT.save }).click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-form').getByLabel(ACCOUNTS_TEXT.phone)).toHaveValue('(555) 010-2030');

  // Staff: Add staff invites a staff account.
  await page.goto('/settings/users/staff');
  await page.getByTestId('add-staff-button').click();
  const staff = page.getByTestId('staff-dialog');
  await staff.getByLabel(ACCOUNTS_TEXT.email).fill(staffEmail);
  await staff.getByLabel(ACCOUNTS_TEXT.firstName).fill('Stan');
  await staff.getByLabel(ACCOUNTS_TEXT.lastName).fill('Sawyer');
  await staff.getByRole('button', { name: ACCOUNTS_TEXT.create }).click();
  await expect(page.getByText(MSG.userCreated(staffEmail))).toBeVisible();
  await expect(page.getByTestId(`user-row-${staffEmail}`)).toContainText('Staff');
});

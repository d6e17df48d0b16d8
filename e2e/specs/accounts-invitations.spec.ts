import { ACCOUNTS_TEXT, MSG, ROLE_LABELS, WEB_TEXT } from '@cab/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { invitationPathFor, loginAs } from '../fixtures.ts';

/** Invitations end to end (SPEC 2 Invitation route, SPEC 4 "An invitation can be accepted"). */

const PASSWORD = 'Welcome123!';

/** Fills the invite dialog's person fields. */
async function fillPerson(page: Page, email: string, first: string, last: string) {
  const dialog = page.getByTestId('invite-dialog');
  await dialog.getByLabel(ACCOUNTS_TEXT.email, { exact: false }).fill(email);
  await dialog.getByLabel(ACCOUNTS_TEXT.firstName).fill(first);
  await dialog.getByLabel(ACCOUNTS_TEXT.lastName).fill(last);
}

/** Opens an invitation link in a fresh browser (nobody signed in), sets the password, lands signed in. */
async function acceptInvitation(browser: Browser, link: string, expected: { name: string; company: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  const info = page.getByTestId('invitation-info');
  await expect(info).toContainText(expected.name);
  await expect(info).toContainText(expected.company);
  await page.getByLabel(WEB_TEXT.newPasswordLabel, { exact: true }).fill(PASSWORD);
  await page.getByLabel(WEB_TEXT.confirmPasswordLabel, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: ACCOUNTS_TEXT.acceptInvitationButton }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('app-bar')).toBeVisible();
  await expect(page.getByText(MSG.invitationAccepted)).toBeVisible();
  return { context, page };
}

test('an admin invites a manager for a new company, who invites an employee; each link works once', async ({
  page,
  browser,
  request,
}) => {
  // Three people's whole paths in one test: more time than one screen's test, never a fixed wait.
  test.slow();
  const stamp = Date.now();
  const managerEmail = `manager${stamp}@e2e.test`;
  const employeeEmail = `employee${stamp}@e2e.test`;
  const companyName = `Oak Works ${stamp}`;

  // The admin invites a business manager and names the new company.
  await loginAs(page, 'ADMIN', '/settings/users/all');
  await page.getByTestId('invite-button').click();
  const dialog = page.getByTestId('invite-dialog');
  await fillPerson(page, managerEmail, 'Mona', 'Maple');
  await dialog.getByRole('combobox', { name: ACCOUNTS_TEXT.role }).click();
  await page.getByRole('option', { name: ROLE_LABELS.BUSINESS_MANAGER, exact: true }).click();
  // Without a company the server's field error shows on the form.
  await dialog.getByRole('button', { name: ACCOUNTS_TEXT.invite }).click();
  await expect(dialog.getByText(MSG.companyNameRequired)).toBeVisible();
  await dialog.getByLabel(ACCOUNTS_TEXT.newCompanyName).fill(companyName);
  await dialog.getByRole('button', { name: ACCOUNTS_TEXT.invite }).click();
  await expect(page.getByText(MSG.invitationSent(managerEmail))).toBeVisible();
  await expect(dialog).toBeHidden();

  // The manager opens the e-mailed link in its own browser, sets a password and is signed in.
  const managerLink = await invitationPathFor(request, managerEmail);
  const manager = await acceptInvitation(browser, managerLink, { name: 'Mona Maple', company: companyName });

  // The manager sees its company's users and invites an employee.
  await manager.page.goto('/settings/users/all');
  await expect(manager.page.getByRole('heading', { level: 1 })).toHaveText('All Users');
  await expect(manager.page.getByText(companyName).first()).toBeVisible();
  await expect(manager.page.getByTestId(`user-row-${managerEmail}`)).toContainText(ACCOUNTS_TEXT.manager);
  await manager.page.getByTestId('invite-button').click();
  await fillPerson(manager.page, employeeEmail, 'Eddie', 'Elm');
  await manager.page.getByTestId('invite-dialog').getByRole('button', { name: ACCOUNTS_TEXT.invite }).click();
  await expect(manager.page.getByText(MSG.invitationSent(employeeEmail))).toBeVisible();
  const employeeRow = manager.page.getByTestId(`user-row-${employeeEmail}`);
  await expect(employeeRow).toContainText(ACCOUNTS_TEXT.employee);
  await expect(employeeRow.getByTestId('pending-invitation')).toBeVisible();

  // The employee accepts and is signed in; the dashboard names the company.
  const employeeLink = await invitationPathFor(request, employeeEmail);
  const employee = await acceptInvitation(browser, employeeLink, { name: 'Eddie Elm', company: companyName });
  await expect(employee.page.getByRole('main')).toContainText(companyName);
  await expect(employee.page.getByTestId('app-bar')).toContainText('Eddie');

  // The manager's list no longer shows the invitation as pending.
  await manager.page.reload();
  await expect(manager.page.getByTestId(`user-row-${employeeEmail}`)).toBeVisible();
  await expect(manager.page.getByTestId(`user-row-${employeeEmail}`).getByTestId('pending-invitation')).toHaveCount(0);

  // A used link shows the server's message and the way to sign in, no form.
  await employee.page.goto(employeeLink);
  await expect(employee.page.getByTestId('invitation-error')).toHaveText(MSG.invitationUsed);
  await expect(employee.page.getByLabel(WEB_TEXT.newPasswordLabel, { exact: true })).toHaveCount(0);
  await employee.page.getByTestId('go-to-login').click();
  // Still signed in from the invitation: /login sends a signed-in user home.
  await expect(employee.page).toHaveURL(/\/$/);

  await manager.context.close();
  await employee.context.close();
});

test('an unknown invitation link says so and offers the sign-in page', async ({ page }) => {
  await page.goto('/invitation/00000000-0000-4000-8000-000000000000/accept');
  await expect(page.getByTestId('invitation-error')).toHaveText(MSG.invitationInvalid);
  await expect(page.getByLabel(WEB_TEXT.newPasswordLabel, { exact: true })).toHaveCount(0);
  await page.getByTestId('go-to-login').click();
  await expect(page).toHaveURL(/\/login$/);
});

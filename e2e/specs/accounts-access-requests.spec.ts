import { ACCOUNTS_TEXT, MSG, WEB_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs, newestMailTo } from '../fixtures.ts';

/** SPEC 4 "Access requests can be sent and rejected": the public form on /login and the admin list. */

test('a visitor requests business access; an admin rejects it with a reason and the visitor is e-mailed', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const email = `visitor${stamp}@e2e.test`;
  const company = `Birch Builders ${stamp}`;
  const reason = `We only serve trade accounts (${stamp}).`;

  await page.goto('/login');
  await page.getByRole('button', { name: WEB_TEXT.requestAccess }).click();
  const form = page.getByTestId('access-request-dialog');
  await form.getByRole('radio', { name: ACCOUNTS_TEXT.businessAccount }).check();
  // A business request needs the company name; the e-mail must be valid.
  await form.getByLabel(ACCOUNTS_TEXT.email).fill('not-an-email');
  await form.getByRole('button', { name: ACCOUNTS_TEXT.sendRequest }).click();
  await expect(form.getByText(MSG.emailInvalid)).toBeVisible();
  await expect(form.getByText(MSG.required).first()).toBeVisible();

  await form.getByLabel(ACCOUNTS_TEXT.companyName).fill(company);
  await form.getByLabel(ACCOUNTS_TEXT.firstName).fill('Vera');
  await form.getByLabel(ACCOUNTS_TEXT.lastName).fill('Visitor');
  await form.getByLabel(ACCOUNTS_TEXT.email).fill(email);
  await form.getByLabel(ACCOUNTS_TEXT.requestMessage).fill('We build kitchens.');
  await form.getByRole('button', { name: ACCOUNTS_TEXT.sendRequest }).click();
  await expect(form.getByTestId('access-request-sent')).toHaveText(MSG.accessRequestSent);
  await form.getByRole('button', { name: ACCOUNTS_TEXT.backToSignIn }).click();
  await expect(form).toBeHidden();

  // The admin finds it among the pending requests and rejects it with a reason.
  await loginAs(page, 'ADMIN', '/settings/users/requests');
  const row = page.getByTestId(`request-row-${email}`);
  await expect(row).toContainText(company);
  await expect(row.getByTestId('request-status')).toHaveText(ACCOUNTS_TEXT.statusLabels.PENDING);
  await row.getByTestId('reject-request').click();
  const dialog = page.getByTestId('reject-dialog');
  await dialog.getByLabel(ACCOUNTS_TEXT.reasonOptional).fill(reason);
  await dialog.getByRole('button', { name: ACCOUNTS_TEXT.reject }).click();
  await expect(page.getByText(MSG.accessRequestRejected)).toBeVisible();
  // No longer pending.
  await expect(row).toHaveCount(0);

  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: ACCOUNTS_TEXT.statusLabels.REJECTED }).click();
  await expect(row.getByTestId('request-status')).toHaveText(ACCOUNTS_TEXT.statusLabels.REJECTED);
  await expect(row.getByTestId('request-reason')).toHaveText(reason);
  await expect(row.getByTestId('reject-request')).toHaveCount(0);

  // The visitor was told by e-mail, with the reason.
  const mail = await newestMailTo(request, email, 'access_request_rejected');
  expect(mail.body).toContain(reason);
});

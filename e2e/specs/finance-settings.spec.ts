import { coreApi, MSG, SETTINGS_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, loginAs, tokenOf } from '../fixtures.ts';
import { auth } from '../order-helpers.ts';

/**
 * Finance settings (issue 34): the shop's payment terms for interest and fees, the monthly
 * statement run and the journal's account names, which had no screen (API only).
 */

test('an admin sets the payment terms, the monthly statements and an account name, and sees them after a reload', async ({
  page,
  request,
}) => {
  // Two saves and a reload on a loaded 2-core machine.
  test.setTimeout(120_000);
  await loginAs(page, 'ADMIN', '/finance/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance Settings');
  const terms = page.getByLabel(SETTINGS_TEXT.paymentTermsDays);
  const monthly = page.getByLabel(SETTINGS_TEXT.statementMonthly);
  const receivables = page.getByLabel(SETTINGS_TEXT.bookAccountLabels.receivables);
  const before = { terms: await terms.inputValue(), receivables: await receivables.inputValue() };
  const wasMonthly = await monthly.isChecked();

  // Wrong values are refused on their fields before anything is sent.
  await terms.fill('400');
  await receivables.fill('');
  await page.getByTestId('finance-settings-save').click();
  await expect(page.getByText(MSG.termsDaysRange)).toBeVisible();
  await expect(page.getByText(MSG.required)).toBeVisible();

  const newTerms = before.terms === '45' ? '44' : '45';
  await terms.fill(newTerms);
  await receivables.fill('1200 Accounts Receivable');
  await monthly.click();
  await page.getByTestId('finance-settings-save').click();
  await expect(page.getByText(MSG.settingsUpdated)).toBeVisible();

  await page.reload();
  await expect(terms).toHaveValue(newTerms);
  await expect(receivables).toHaveValue('1200 Accounts Receivable');
  await expect(monthly).toBeChecked({ checked: !wasMonthly });
  const token = await tokenOf(request, DEMO_USERS.ADMIN);
  const saved = await (await request.get(coreApi.getSettings.path, { headers: auth(token) })).json();
  expect(saved).toMatchObject({
    payment_terms_days: Number(newTerms),
    statement_monthly: !wasMonthly,
    books_accounts: { receivables: '1200 Accounts Receivable' },
  });

  // Put the shop's settings back for the other specs (the journal's account names).
  const restored = await request.patch(coreApi.patchSettings.path, {
    headers: auth(token),
    data: {
      payment_terms_days: Number(before.terms),
      statement_monthly: wasMonthly,
      books_accounts: { receivables: before.receivables },
    },
  });
  expect(restored.status()).toBe(200);
});

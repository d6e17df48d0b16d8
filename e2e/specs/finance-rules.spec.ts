import { FINANCE_TEXT, MSG } from '@cab/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_USERS, loginAs, newestMailTo } from '../fixtures.ts';

/**
 * The finance rule screens (issue 17): an admin makes a payment option with two milestones (a
 * split that does not add up to 100 says so), a code discount, and a payment rule for the new
 * option; each shows in its list.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).toUpperCase()}`;

const input = (dialog: Locator, testId: string) => dialog.getByTestId(testId).locator('input');

async function pickOption(page: Page, combobox: Locator, name: string) {
  await combobox.click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('an admin keeps payment options, code discounts and payment rules', async ({ page }) => {
  // Many dialogs and saves in one path: past the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  await loginAs(page, 'ADMIN');

  // A payment option with two milestones.
  const optionName = unique('Deposit split');
  await page.goto('/finance/payments/options');
  await expect(page.getByRole('heading', { name: 'Payment Options' })).toBeVisible();
  await page.getByTestId('add-payment-option').click();
  const dialog = page.getByTestId('payment-option-dialog');
  await input(dialog, 'option-name').fill(optionName);
  await input(dialog, 'milestone-0-label').fill('Deposit');
  await input(dialog, 'milestone-0-percentage').fill('40');
  await dialog.getByTestId('add-milestone').click();
  await input(dialog, 'milestone-1-label').fill('Balance');
  await input(dialog, 'milestone-1-percentage').fill('50');
  await expect(dialog.getByTestId('milestones-total')).toHaveText('Shares add up to 90.00 %');
  await dialog.getByTestId('payment-option-dialog-save').click();
  // A wrong split: the message, and nothing saved.
  await expect(dialog.getByTestId('milestones-error')).toHaveText(FINANCE_TEXT.milestonesTotal);
  await input(dialog, 'milestone-1-percentage').fill('60');
  await expect(dialog.getByTestId('milestones-total')).toHaveText('Shares add up to 100.00 %');
  await dialog.getByTestId('payment-option-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MSG.premiumCreated(optionName))).toBeVisible();
  const optionRow = page.getByRole('row').filter({ hasText: optionName });
  await expect(optionRow).toContainText('40.00 % On approval · 60.00 % Before pickup');

  // A code discount.
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/finance/discounts/code');
  await page.getByTestId('add-discount-code').click();
  const codeDialog = page.getByTestId('discount-code-dialog');
  await input(codeDialog, 'code-code').fill(code.toLowerCase());
  await input(codeDialog, 'code-percentage').fill('12.5');
  await input(codeDialog, 'code-amount').fill('5');
  await codeDialog.getByTestId('discount-code-dialog-save').click();
  await expect(codeDialog.getByText(FINANCE_TEXT.notBoth)).toBeVisible();
  await input(codeDialog, 'code-amount').fill('');
  await codeDialog.getByTestId('discount-code-dialog-save').click();
  await expect(codeDialog).toBeHidden();
  const codeRow = page.getByRole('row').filter({ hasText: code });
  await expect(codeRow).toContainText('12.50 %');

  // A payment rule for the new option: it is in the list.
  await page.goto('/finance/payments/rules');
  await page.getByTestId('add-payment-rule').click();
  const ruleDialog = page.getByTestId('payment-rule-dialog');
  await pickOption(page, ruleDialog.getByRole('combobox', { name: /Payment option/ }), optionName);
  await pickOption(page, ruleDialog.getByRole('combobox', { name: /Account type/ }), 'Business');
  await ruleDialog.getByLabel('Minimum total').fill('2500');
  await ruleDialog.getByTestId('payment-rule-dialog-save').click();
  await expect(ruleDialog).toBeHidden();
  const ruleRow = page.getByRole('row').filter({ hasText: optionName });
  await expect(ruleRow).toContainText('Business');
  await expect(ruleRow).toContainText('$2,500.00');
});

test("an admin sends a company's payment reminder and sets its storage fees", async ({ page, request }) => {
  await loginAs(page, 'ADMIN', '/settings/users/all');
  await page.getByTestId('tab-business').click();
  await page.getByRole('link', { name: 'Acme Kitchens' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Kitchens');

  const panel = page.getByTestId('account-finance');
  await panel.getByTestId('send-payment-reminder').click();
  await expect(page.getByText(/e-mails? queued$/)).toBeVisible();
  const mail = await newestMailTo(request, DEMO_USERS.BUSINESS_MANAGER, 'payment_reminder');
  expect(mail.subject).toContain('Payment reminder');

  const fees = panel.getByTestId('storage-fees');
  await fees.getByTestId('storage-daily').locator('input').fill('-3');
  await fees.getByTestId('storage-fees-save').click();
  await expect(fees.getByText(FINANCE_TEXT.mustNotBeNegative)).toBeVisible();
  await fees.getByTestId('storage-daily').locator('input').fill('17.5');
  await fees.getByTestId('storage-free').locator('input').fill('4');
  await fees.getByTestId('storage-fees-save').click();
  await expect(page.getByText(FINANCE_TEXT.settingsSaved)).toBeVisible();
  // Stored: the page shows it again after a reload.
  await page.reload();
  await expect(page.getByTestId('storage-daily').locator('input')).toHaveValue('17.50');
  await expect(page.getByTestId('storage-free').locator('input')).toHaveValue('4');
});

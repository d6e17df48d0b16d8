import { MSG, SETTINGS_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** Global settings (SPEC 2 /settings/global): lead time, remake reasons, sales tax by state. */

test('an admin edits the lead time, a remake reason and a tax rate, and sees them after a reload', async ({ page }) => {
  const reason = `Water damage ${Date.now()}`;
  await loginAs(page, 'ADMIN');
  await page.goto('/settings/global');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Global Settings');
  const leadTime = page.getByLabel(SETTINGS_TEXT.leadTime);
  const previousLeadTime = await leadTime.inputValue();
  const newLeadTime = previousLeadTime === '21' ? '22' : '21';
  const newJersey = page.getByLabel(SETTINGS_TEXT.taxRateLabel('New Jersey'));
  const texas = page.getByLabel(SETTINGS_TEXT.taxRateLabel('Texas'));

  // Wrong values are refused on their fields before anything is sent.
  await leadTime.fill('400');
  await newJersey.fill('101');
  await texas.fill('6.25001');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(MSG.leadTimeRange)).toBeVisible();
  await expect(page.getByTestId('tax-row-NJ').getByText(MSG.taxRateRange)).toBeVisible();
  await expect(page.getByTestId('tax-row-TX').getByText(MSG.taxRateRange)).toBeVisible();

  await leadTime.fill(newLeadTime);
  await newJersey.fill('6.625');
  await texas.fill('');
  const reasons = page.getByTestId('remake-reasons');
  await page.getByTestId('add-reason').click();
  await reasons.getByRole('textbox').last().fill(reason);
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(MSG.settingsUpdated)).toBeVisible();

  await page.reload();
  await expect(leadTime).toHaveValue(newLeadTime);
  await expect(newJersey).toHaveValue('6.625');
  await expect(texas).toHaveValue('');
  await expect(reasons.getByRole('textbox').last()).toHaveValue(reason);

  // The filter shows only the states with a rate.
  await page.getByLabel(SETTINGS_TEXT.onlyWithRate).check();
  await expect(page.getByTestId('tax-row-NJ')).toBeVisible();
  await expect(page.getByTestId('tax-row-TX')).toHaveCount(0);

  // Removing the reason and the rate is saved too.
  await reasons
    .getByRole('button', { name: SETTINGS_TEXT.removeReason(await reasons.getByRole('textbox').count()) })
    .click();
  await newJersey.fill('');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(MSG.settingsUpdated).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('remake-reasons')).not.toContainText(reason);
  await expect(newJersey).toHaveValue('');
});

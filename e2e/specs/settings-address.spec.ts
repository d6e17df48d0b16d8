import { MSG, SETTINGS_TEXT } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** A personal customer's own addresses (SPEC 2 /settings/address, SPEC 5 postal codes). */

function dialog(page: Page) {
  return page.getByTestId('address-dialog');
}

test('a personal customer adds, fixes, edits and deletes a shipping address', async ({ page }) => {
  const street = `12 Test Street ${Date.now()}`;
  await loginAs(page, 'PERSONAL', '/settings/address');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Addresses');
  const shipping = page.getByTestId('addresses-shipping');
  // The seeded default shipping address.
  await expect(shipping).toContainText('350 5th Ave');

  await page.getByTestId('add-address').click();
  const form = dialog(page);
  await expect(form.getByLabel(SETTINGS_TEXT.kind)).toHaveValue('SHIPPING');
  await form.getByLabel(SETTINGS_TEXT.line1).fill(street);
  await form.getByLabel(SETTINGS_TEXT.state).selectOption('IL');
  await form.getByLabel(SETTINGS_TEXT.city).fill('Springfield');
  const postalCode = form.getByLabel(SETTINGS_TEXT.postalCode);

  // Not a postal code: the shared schema says so on the field, nothing is sent.
  await postalCode.fill('123');
  await page.getByTestId('address-save').click();
  await expect(form.getByText(MSG.postalCode)).toBeVisible();
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true');

  // A real postal code of another state: the server's field error shows on the field.
  await postalCode.fill('10001');
  await page.getByTestId('address-save').click();
  await expect(form.getByText(MSG.postalCodeNotInState('Illinois'))).toBeVisible();
  // What the user chose is not overwritten by the postal-code lookup.
  await expect(form.getByLabel(SETTINGS_TEXT.state)).toHaveValue('IL');

  await postalCode.fill('62701');
  await page.getByTestId('address-save').click();
  await expect(page.getByText(MSG.addressSaved)).toBeVisible();
  await expect(form).toBeHidden();
  const card = shipping.locator('[data-testid^="address-"]', { hasText: street });
  await expect(card).toContainText('Springfield, IL 62701');
  await expect(page.getByTestId('addresses-billing')).not.toContainText(street);

  // Edit: a second line, and it becomes the default.
  await card.getByRole('button', { name: SETTINGS_TEXT.edit }).click();
  await expect(form.getByLabel(SETTINGS_TEXT.line1)).toHaveValue(street);
  await form.getByLabel(SETTINGS_TEXT.line2).fill('Suite 7');
  await form.getByLabel(SETTINGS_TEXT.isDefault).check();
  await page.getByTestId('address-save').click();
  await expect(form).toBeHidden();
  await expect(card).toContainText('Suite 7');
  await expect(card.getByTestId('default-chip')).toBeVisible();

  // Still there after a reload.
  await page.reload();
  await expect(card).toContainText('Suite 7');

  // One default per kind: making the seeded address the default again takes it from the new one.
  const seeded = shipping.locator('[data-testid^="address-"]', { hasText: '350 5th Ave' });
  await expect(seeded.getByTestId('default-chip')).toHaveCount(0);
  await seeded.getByRole('button', { name: SETTINGS_TEXT.edit }).click();
  await form.getByLabel(SETTINGS_TEXT.isDefault).check();
  await page.getByTestId('address-save').click();
  await expect(form).toBeHidden();
  await expect(seeded.getByTestId('default-chip')).toBeVisible();
  await expect(card.getByTestId('default-chip')).toHaveCount(0);

  // Delete, after confirming.
  await card.getByRole('button', { name: SETTINGS_TEXT.delete }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(SETTINGS_TEXT.deleteAddressConfirm);
  await confirm.getByRole('button', { name: MSG.deleteYes }).click();
  await expect(page.getByText(MSG.addressDeleted)).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(shipping).toContainText('350 5th Ave');
  await expect(shipping).not.toContainText(street);
});

test('a complete postal code fills in the city and state', async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/settings/address');
  await page.getByTestId('add-address').click();
  const form = dialog(page);
  await form.getByLabel(SETTINGS_TEXT.postalCode).fill('60606');
  await expect(form.getByLabel(SETTINGS_TEXT.state)).toHaveValue('IL');
  await expect(form.getByLabel(SETTINGS_TEXT.city)).toHaveValue(/chicago/i);
  await form.getByRole('button', { name: SETTINGS_TEXT.cancel }).click();
  await expect(form).toBeHidden();
});

import { MSG, SETTINGS_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, orderPeople, paymentOptions, quote, tokenOf } from '../order-helpers.ts';

/**
 * Global settings (SPEC 2 /settings/global): lead time, the shop's state, the seller, remake reasons, sales
 * tax by state.
 */

test('an admin edits the lead time, a remake reason and a tax rate, and sees them after a reload', async ({ page }) => {
  const reason = `Water damage ${Date.now()}`;
  await loginAs(page, 'ADMIN', '/settings/global');
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

test("an admin sets the shop's state, sees it after a reload, and a PICKUP quote is taxed at that state's rate", async ({
  page,
  request,
}) => {
  const { admin, customer, item } = await orderPeople(request, '100.00');
  const bid = await createBid(request, customer, `Shop state ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 1 }]);
  const [option] = await paymentOptions(request, customer, bid.id);
  const pickup = { customer_payment_option: String(option?.id), shipping_method: 'PICKUP', payment_method: 'CHECK' };

  await loginAs(page, 'ADMIN', '/settings/global');
  const shopState = page.getByLabel(SETTINGS_TEXT.shopState, { exact: true });
  const previous = await shopState.inputValue();
  // The demo rates: California 7.25 %, Washington 6.5 % (the other test leaves both alone).
  const [code, name] = previous === 'CA' ? ['WA', 'Washington'] : ['CA', 'California'];
  const rate = await page.getByLabel(SETTINGS_TEXT.taxRateLabel(name)).inputValue();
  expect(Number(rate), `a demo sales tax rate for ${name}`).toBeGreaterThan(0);

  await shopState.selectOption(code);
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(MSG.settingsUpdated)).toBeVisible();
  await page.reload();
  await expect(shopState).toHaveValue(code);
  const taxed = await quote(request, customer, bid.id, pickup);
  expect(Number(taxed.sales_tax_in_percentage)).toBe(Number(rate));
  // The total before tax at the state's rate, rounded once to the cent.
  const beforeTax = Math.round(Number(taxed.total_before_tax) * 100);
  expect(beforeTax).toBeGreaterThan(0);
  expect(Math.round(Number(taxed.sales_tax_amount) * 100)).toBe(Math.round((beforeTax * Number(rate)) / 100));

  // The empty choice: no shop state, so a pickup is taxed where the seller's address is (decision
  // 0048): the demo seller is in Illinois.
  await shopState.selectOption('');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(MSG.settingsUpdated).first()).toBeVisible();
  await page.reload();
  await expect(shopState).toHaveValue('');
  const sellerRate = await page.getByLabel(SETTINGS_TEXT.taxRateLabel('Illinois')).inputValue();
  expect(Number((await quote(request, customer, bid.id, pickup)).sales_tax_in_percentage)).toBe(Number(sellerRate));

  // Put the demo's shop state back for the other specs.
  const restored = await request.patch('/api/core/settings/', { headers: auth(admin), data: { shop_state: previous } });
  expect(restored.ok(), await restored.text()).toBe(true);
});

test('an admin sets the seller printed on invoices and receipts and sees it after a reload', async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const before = await (await request.get('/api/core/settings/', { headers: auth(admin) })).json();
  await loginAs(page, 'ADMIN', '/settings/global');
  const name = page.getByLabel(SETTINGS_TEXT.sellerName);
  const address = page.getByLabel(SETTINGS_TEXT.sellerAddress);
  const phone = page.getByLabel(SETTINGS_TEXT.sellerPhone);
  const payee = page.getByLabel(SETTINGS_TEXT.remitCheckPayee);
  const wire = page.getByLabel(SETTINGS_TEXT.remitWireDetails);
  await expect(name).toHaveValue(before.seller_name);

  // Too long a name is refused on its field before anything is sent.
  await name.fill('x'.repeat(201));
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(MSG.textTooLong(200))).toBeVisible();

  const seller = `Maple Works ${Date.now()}`;
  await name.fill(seller);
  await address.fill('9 Quarry Lane\nMadison, WI 53703');
  await phone.fill('(608) 555-0123');
  // How to pay, printed on every invoice (issue 34).
  await payee.fill('Maple Works LLC\nPO Box 12, Madison, WI 53701');
  await wire.fill('Badger Bank\nRouting 075000022\nAccount 99887766');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(MSG.settingsUpdated)).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue(seller);
  await expect(address).toHaveValue('9 Quarry Lane\nMadison, WI 53703');
  await expect(phone).toHaveValue('(608) 555-0123');
  await expect(payee).toHaveValue('Maple Works LLC\nPO Box 12, Madison, WI 53701');
  await expect(wire).toHaveValue('Badger Bank\nRouting 075000022\nAccount 99887766');

  // Put the demo's seller back for the other specs.
  const { seller_name, seller_address, seller_phone, remit_check_payee, remit_wire_details } = before;
  const restored = await request.patch('/api/core/settings/', {
    headers: auth(admin),
    data: { seller_name, seller_address, seller_phone, remit_check_payee, remit_wire_details },
  });
  expect(restored.ok(), await restored.text()).toBe(true);
});

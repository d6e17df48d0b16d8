import { CATALOG_TEXT, MSG, SERVER_PAGES, SETTINGS_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, loginAs } from '../fixtures.ts';

/** Issue 8 "What a new user met": each defect a first-time user ran into, as they would see it. */

test('the Door Styles table fits a 1440x900 screen with its Actions column in view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'ADMIN', '/catalog/premiums/door_styles');
  const list = page.getByTestId('premium-list-door_style');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  const actions = list.getByRole('columnheader', { name: 'Actions' });
  await expect(actions).toBeInViewport({ ratio: 1 });
  // Nothing scrolls sideways: neither the page nor the table.
  const overflow = await list.evaluate((card) => {
    const container = card.querySelector('.MuiTableContainer-root') as HTMLElement;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: container.scrollWidth - container.clientWidth,
    };
  });
  expect(overflow).toEqual({ page: 0, table: 0 });
});

test('bulk update with every field at NO CHANGE cannot be sent', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/catalog/items');
  await page.getByTestId('filter-code').fill('DB15');
  await page.getByTestId('row-DB15').getByRole('checkbox').check();
  await page.getByTestId('update-selected').click();
  const dialog = page.getByTestId('bulk-update-dialog');
  await expect(dialog.getByRole('radio', { name: 'NO CHANGE' })).toHaveCount(3);
  await expect(dialog.getByTestId('bulk-submit')).toBeDisabled();
  // One real change enables it; going back to NO CHANGE disables it again.
  await dialog.getByTestId('bulk-is_corner_cabinet').getByRole('radio', { name: 'YES' }).check();
  await expect(dialog.getByTestId('bulk-submit')).toBeEnabled();
  await dialog.getByTestId('bulk-is_corner_cabinet').getByRole('radio', { name: 'NO CHANGE' }).check();
  await expect(dialog.getByTestId('bulk-submit')).toBeDisabled();
});

test('a malformed id in the address shows the 404 page and never reaches the API', async ({ page }) => {
  await loginAs(page, 'ADMIN');
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/catalog/')) apiCalls.push(req.url());
  });
  for (const path of [
    '/catalog/public/subcategory/abc',
    '/catalog/public/category/1e3',
    '/settings/users/99999999999',
  ]) {
    await page.goto(path);
    await expect(page.getByText(MSG.errorPageNotFound)).toBeVisible();
  }
  expect(apiCalls.filter((url) => /NaN|abc|1e3/.test(url))).toEqual([]);
});

test('a malformed invitation link says the link is not valid, like an unknown one', async ({ page }) => {
  for (const link of ['/invitation/not-a-uuid/accept', '/invitation/00000000-0000-4000-8000-000000000000/accept']) {
    await page.goto(link);
    await expect(page.getByTestId('invitation-error')).toHaveText(MSG.invitationInvalid);
    await expect(page.getByText(MSG.validationFailed)).toHaveCount(0);
  }
});

test("an unknown postal code is said on the address form's postal code field as it is typed", async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/settings/address');
  await page.getByTestId('add-address').click();
  const form = page.getByTestId('address-dialog');
  const postalCode = form.getByLabel(SETTINGS_TEXT.postalCode);
  await postalCode.fill('00000');
  await expect(form.getByText(SETTINGS_TEXT.postalCodeNotFound)).toBeVisible();
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
  // Moving on to the next field keeps the message; a known code clears it and fills the city.
  await form.getByLabel(SETTINGS_TEXT.line1).click();
  await expect(form.getByText(SETTINGS_TEXT.postalCodeNotFound)).toBeVisible();
  await postalCode.fill('62701');
  await expect(form.getByLabel(SETTINGS_TEXT.city)).toHaveValue('Springfield');
  await expect(form.getByText(SETTINGS_TEXT.postalCodeNotFound)).toHaveCount(0);
  await expect(postalCode).not.toHaveAttribute('aria-invalid', 'true');
});

test('a list that fails to load says so, with a retry, instead of "No records found"', async ({ page }) => {
  await loginAs(page, 'ADMIN');
  let fail = true;
  await page.route(
    (url) => url.pathname === '/api/catalog/premiums/door_style/',
    (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"code":"internal_error","message":"boom"}',
          })
        : route.continue(),
  );
  await page.goto('/catalog/premiums/door_styles');
  await expect(page.getByTestId('error-dialog')).toBeVisible();
  await page.getByTestId('error-dialog').getByRole('button').click();
  const list = page.getByTestId('premium-list-door_style');
  await expect(list.getByTestId('table-error')).toContainText(CATALOG_TEXT.listLoadFailed);
  await expect(list.getByText(CATALOG_TEXT.noRows)).toHaveCount(0);
  fail = false;
  await list.getByTestId('table-error').getByRole('button', { name: 'Try again' }).click();
  await expect(list.getByTestId('row-SHAKER')).toBeVisible();
  await expect(list.getByTestId('table-error')).toHaveCount(0);
});

test('Escape in an autocomplete closes its list only: the form dialog and what was typed stay', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/catalog/premiums/door_styles');
  await page.getByRole('button', { name: CATALOG_TEXT.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: CATALOG_TEXT.code }).fill('ESC-TEST');
  const categories = dialog.getByRole('combobox', { name: CATALOG_TEXT.categories });
  await categories.click();
  await categories.pressSequentially('Doo');
  await expect(page.getByRole('option', { name: 'Doors' })).toBeVisible();
  await categories.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: CATALOG_TEXT.code })).toHaveValue('ESC-TEST');
  // With the list closed, Escape in the field still leaves the dialog open.
  await categories.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: CATALOG_TEXT.code })).toHaveValue('ESC-TEST');
});

test('the catalogue pages have a favicon that is served', async ({ page }) => {
  await loginAs(page, 'ADMIN', SERVER_PAGES.catalog);
  // The page's declared icon, else the one every browser asks for.
  const icon = await page.evaluate(
    () =>
      document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? new URL('/favicon.ico', location.href).href,
  );
  const response = await page.request.get(icon);
  expect(response.status(), icon).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\//);
});

test('the outbox shows the links in a mail body as links that open safely', async ({ page, request }) => {
  const email = `links-${Date.now()}@example.test`;
  const token = await request
    .post('/api/users/token/', { data: { email: DEMO_USERS.ADMIN, password: DEMO_PASSWORD } })
    .then(async (r) => ((await r.json()) as { token: string }).token);
  const registered = await request.post('/api/accounts/register/', {
    headers: { Authorization: `Token ${token}` },
    data: { email, first_name: 'Link', last_name: 'Reader' },
  });
  expect(registered.status()).toBe(201);

  await loginAs(page, 'ADMIN', '/settings/email/templates?tab=outbox');
  await page
    .getByTestId('outbox-table')
    .getByRole('row', { name: new RegExp(email) })
    .click();
  const link = page.getByTestId('outbox-body').getByRole('link', { name: /\/invitation\/[0-9a-f-]{36}\/accept/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^https?:\/\/[^ ]+\/invitation\/[0-9a-f-]{36}\/accept$/);
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
});

test('detail pages highlight the nav link of the list they belong to', async ({ page, request }) => {
  // A customer's page: an admin's own id is no customer, so its page would answer 404.
  const token = await request
    .post('/api/users/token/', { data: { email: DEMO_USERS.PERSONAL, password: DEMO_PASSWORD } })
    .then(async (r) => ((await r.json()) as { token: string }).token);
  const customer = await request
    .get('/api/users/me/', { headers: { Authorization: `Token ${token}` } })
    .then(async (r) => (await r.json()) as { id: number });
  await loginAs(page, 'ADMIN');
  const nav = page.getByTestId('side-nav');
  const cases: [string, string, string][] = [
    [`/settings/users/${customer.id}`, '/settings/users/all', 'Manage Accounts'],
    ['/catalog/groups', '/catalog/public', 'Catalog (Internal)'],
  ];
  for (const [path, link, group] of cases) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(nav.getByTestId(`nav-group-${group}`)).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByTestId(`nav-link-${link}`)).toHaveAttribute('aria-current', 'page');
  }
});

import { coreApi, MSG, WEB_TEXT } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** SPEC 8: how the web app reacts to API errors (answers faked on the dashboard call). */
const DASHBOARD = `**${coreApi.dashboard.path}`;

async function failDashboard(page: Page, status: number, body: object): Promise<void> {
  await page.route(DASHBOARD, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

async function goToDashboard(page: Page): Promise<void> {
  await loginAs(page, 'ADMIN');
  // loginAs already landed on the dashboard before the fake answer was installed: reload it.
  await page.reload();
}

test('a 403 with a code shows a popup with its title and message, closed with OK', async ({ page }) => {
  const warnings: unknown[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith(coreApi.logWarn.path)) warnings.push(req.postDataJSON());
  });
  await failDashboard(page, 403, { code: 'permission_denied', message: 'Not for you.', extra: { title: 'Denied' } });
  await goToDashboard(page);
  const dialog = page.getByTestId('error-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Denied' })).toBeVisible();
  await expect(dialog).toContainText('Not for you.');
  await dialog.getByRole('button', { name: WEB_TEXT.ok }).click();
  await expect(dialog).toHaveCount(0);
  // Every API error is logged through the warn endpoint first.
  expect(warnings).toContainEqual(expect.objectContaining({ type: 'api', code: 'permission_denied' }));
});

test('a popup with extra.timer closes by itself and has no button', async ({ page }) => {
  await failDashboard(page, 400, { code: 'slow_down', message: 'Wait a moment.', extra: { timer: 1500 } });
  await goToDashboard(page);
  const dialog = page.getByTestId('error-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'slow_down' })).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveCount(0);
  await expect(dialog).toHaveCount(0, { timeout: 5000 });
});

test('extra.skip_common_handling leaves the error to the page (no popup)', async ({ page }) => {
  await failDashboard(page, 400, {
    code: 'quiet',
    message: 'Handled by the page.',
    extra: { skip_common_handling: true },
  });
  await goToDashboard(page);
  await expect(page.getByText(WEB_TEXT.dashboardUnavailable)).toBeVisible();
  await expect(page.getByTestId('error-dialog')).toHaveCount(0);
});

test('a 500 shows Internal Error with the transaction id from the warn log', async ({ page }) => {
  await failDashboard(page, 500, { code: 'internal_error', message: 'boom' });
  await goToDashboard(page);
  const dialog = page.getByTestId('error-dialog');
  await expect(dialog.getByRole('heading', { name: MSG.internalErrorTitle })).toBeVisible();
  await expect(dialog).toContainText(MSG.internalErrorBody);
  await expect(dialog.getByTestId('error-dialog-transaction')).toHaveText(/\S{6,}/);
});

test('a 404 from the API goes to /404', async ({ page }) => {
  await failDashboard(page, 404, { code: 'not_found', message: MSG.notFound });
  await goToDashboard(page);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText(MSG.errorPageNotFound)).toBeVisible();
});

test('a page whose code cannot be loaded reloads once, then shows the error page', async ({ page }) => {
  await loginAs(page, 'ADMIN');
  await page.route('**/assets/SystemCheckPage-*.js', (route) => route.abort());
  let documentLoads = 0;
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documentLoads += 1;
  });
  await page.goto('/test');
  await expect(page.getByText(MSG.errorPageGeneric)).toBeVisible();
  expect(documentLoads).toBe(2);
});

test('an uncaught script error is reported to the server', async ({ page }) => {
  await loginAs(page, 'STAFF');
  const report = page.waitForRequest((req) => req.url().endsWith(coreApi.logError.path));
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e uncaught error');
    });
  });
  const body = (await report).postDataJSON() as { type: string; error: string; path: string };
  expect(body.type).toBe('error');
  expect(body.error).toContain('e2e uncaught error');
  expect(body.path).toBe('/');
});

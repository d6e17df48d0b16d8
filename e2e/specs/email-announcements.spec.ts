import { ANNOUNCEMENT_AUDIENCE_LABELS, EMAIL_TEXT, emailApi, MSG } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS, loginAs, logout } from '../fixtures.ts';

/** Announcements: sent by an admin to business customers, shown in the app to that audience only. */

const waitForCurrentAnnouncements = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith(emailApi.currentAnnouncements.path) && r.ok());

// Several sign-ins and pages in one story: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

test('an admin sends an announcement to business customers; only they see it in the app', async ({ page }) => {
  // Four sign-ins in one test: more time than one screen's test, never a fixed wait.
  test.slow();
  const title = `Holiday hours ${Date.now().toString(36)}`;
  await loginAs(page, 'ADMIN', '/settings/email/announcement');

  // Nothing filled: the form says what is missing and sends nothing.
  await page.getByTestId('announcement-send').click();
  await expect(page.getByText(MSG.required).first()).toBeVisible();

  await page.getByTestId('announcement-title').fill(title);
  await page.getByTestId('announcement-message').fill('The shop is closed on January 1.');
  await page.getByTestId('announcement-audience').click();
  await page.getByRole('option', { name: ANNOUNCEMENT_AUDIENCE_LABELS.BUSINESS, exact: true }).click();

  // An expiry in the past is refused by the server on its field.
  await page.getByTestId('announcement-expires').fill('2020-01-01T10:00');
  await page.getByTestId('announcement-preview').click();
  await expect(page.getByText(MSG.expiryInPast)).toHaveCount(0); // preview does not judge the expiry
  await page.getByTestId('announcement-send').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: EMAIL_TEXT.sendButton }).click();
  await expect(page.getByText(MSG.expiryInPast)).toBeVisible();

  await page.getByTestId('announcement-expires').fill('2099-12-31T10:00');
  await page.getByTestId('announcement-preview').click();
  const preview = page.getByTestId('announcement-preview-card');
  // The demo business has a manager and an employee; other specs may have added business users.
  await expect(preview.getByTestId('recipient-count')).toBeVisible();
  const count = Number(/\d+/.exec((await preview.getByTestId('recipient-count').textContent()) ?? '')?.[0]);
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('The shop is closed on January 1.');

  await page.getByTestId('announcement-send').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(EMAIL_TEXT.confirmSendText(count));
  await confirm.getByRole('button', { name: EMAIL_TEXT.sendButton }).click();
  await expect(page.getByText(MSG.announcementSent(count))).toBeVisible();
  const row = page.getByTestId('announcements-table').getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(EMAIL_TEXT.active);
  await expect(row).toContainText(ANNOUNCEMENT_AUDIENCE_LABELS.BUSINESS);

  // The outbox tab lists one e-mail per recipient; one opens to its full text.
  await page.goto('/settings/email/templates');
  await page.getByTestId('tab-outbox').click();
  const outbox = page.getByTestId('outbox-table');
  for (const to of [DEMO_USERS.BUSINESS_MANAGER, DEMO_USERS.BUSINESS_EMPLOYEE]) {
    await expect(outbox.getByRole('row', { name: new RegExp(`${to}.*${title}`) })).toBeVisible();
  }
  await expect(outbox.getByRole('row', { name: new RegExp(`${DEMO_USERS.PERSONAL}.*${title}`) })).toHaveCount(0);
  await outbox.getByRole('row', { name: new RegExp(`${DEMO_USERS.BUSINESS_MANAGER}.*${title}`) }).click();
  const message = page.getByTestId('outbox-message');
  await expect(message).toContainText(title);
  await expect(message.getByTestId('outbox-body')).toHaveText(/^Hello .+,\n\nThe shop is closed on January 1\.$/);
  await message.getByRole('button', { name: EMAIL_TEXT.close }).click();
  await page.getByTestId('outbox-status').click();
  await page.getByRole('option', { name: EMAIL_TEXT.outboxStatus.SENT, exact: true }).click();
  await expect(outbox.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  await logout(page);

  // A business manager sees it above the page and can dismiss it for good.
  await loginAs(page, 'BUSINESS_MANAGER');
  const banner = page.getByTestId('current-announcements').getByRole('alert').filter({ hasText: title });
  await expect(banner).toContainText('The shop is closed on January 1.');
  await banner.getByRole('button', { name: EMAIL_TEXT.dismiss }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('app-bar')).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await logout(page);

  // A personal customer does not (once the app has its current announcements: the live events
  // stream keeps the network busy, so 'networkidle' never comes).
  const announcementsRead = waitForCurrentAnnouncements(page);
  await loginAs(page, 'PERSONAL');
  await expect(page.getByTestId('side-nav')).toBeVisible();
  await announcementsRead;
  await expect(page.getByText(title)).toHaveCount(0);
  await logout(page);

  // Expired, it is gone for its audience too.
  await loginAs(page, 'ADMIN', '/settings/email/announcement');
  const sent = page.getByTestId('announcements-table').getByRole('row', { name: new RegExp(title) });
  await sent.getByRole('button', { name: EMAIL_TEXT.expireNow }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: EMAIL_TEXT.expireNow }).click();
  await expect(sent).toContainText(EMAIL_TEXT.expired);
  await logout(page);
  const employeeRead = waitForCurrentAnnouncements(page);
  await loginAs(page, 'BUSINESS_EMPLOYEE');
  await employeeRead;
  await expect(page.getByText(title)).toHaveCount(0);
});

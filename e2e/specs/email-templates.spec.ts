import { EMAIL_TEMPLATES, EMAIL_TEXT, MSG } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** The e-mail template editor: live preview with sample data, refused templates, save and reset. */

const TEMPLATE = EMAIL_TEMPLATES.find((t) => t.name === 'pickup_reminder')!;
const EDIT_PATH = `/settings/email/templates/edit/${TEMPLATE.name}`;

// Several sign-ins and pages in one story: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 60_000 });

test('an admin edits a template with a live preview; a broken one is refused; a valid one persists', async ({
  page,
}) => {
  await loginAs(page, 'ADMIN', '/settings/email/templates');
  const row = page.getByTestId(`template-${TEMPLATE.name}`);
  await expect(row).toContainText(TEMPLATE.label);
  await page.getByTestId(`edit-${TEMPLATE.name}`).click();
  await expect(page).toHaveURL(EDIT_PATH);

  const subject = page.getByTestId('template-subject');
  const body = page.getByTestId('template-body');
  await expect(subject).toHaveValue(TEMPLATE.subject);
  // The preview renders the saved text with the sample data.
  await expect(page.getByTestId('preview-subject')).toHaveText('Order Smith kitchen is ready for pickup');

  // Typing a placeholder updates the preview with the sample value.
  await body.fill('Hi {{ user.full_name }}, waiting ');
  await page.getByTestId('placeholders').getByText('{{ waiting_days }}', { exact: true }).click();
  await expect(body).toHaveValue('Hi {{ user.full_name }}, waiting {{ waiting_days }}');
  await expect(page.getByTestId('preview-body')).toHaveText('Hi Paula Price, waiting 6');

  // An unknown placeholder: the preview shows the server's reason under the field, and save is refused.
  await body.fill('Hi {{ nope.x }}');
  await expect(page.getByTestId('preview-error')).toBeVisible();
  await expect(page.getByTestId('template-body-error')).toContainText(MSG.templateDoesNotRender);
  await expect(page.getByTestId('template-body-error')).toContainText('nope');
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('template-body-error')).toContainText(MSG.templateDoesNotRender);
  await page.reload();
  await expect(body).toHaveValue(TEMPLATE.body);

  // A valid change saves and is there after a reload.
  await subject.fill('Ready now: {{ order.name }}');
  await expect(page.getByTestId('preview-subject')).toHaveText('Ready now: Smith kitchen');
  await expect(page.getByTestId('preview-error')).toHaveCount(0);
  await page.getByTestId('template-save').click();
  await expect(page.getByText(EMAIL_TEXT.templateSaved)).toBeVisible();
  await page.reload();
  await expect(subject).toHaveValue('Ready now: {{ order.name }}');

  // Reset to default fills the default text; saving keeps it.
  await page.getByTestId('template-reset').click();
  await expect(subject).toHaveValue(TEMPLATE.subject);
  await expect(body).toHaveValue(TEMPLATE.body);
  await page.getByTestId('template-save').click();
  await expect(page.getByText(EMAIL_TEXT.templateSaved)).toBeVisible();
  await page.reload();
  await expect(subject).toHaveValue(TEMPLATE.subject);
});

test('an unknown template name shows the 404 page', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/settings/email/templates/edit/no_such_template');
  await expect(page).toHaveURL(/\/404$/);
});

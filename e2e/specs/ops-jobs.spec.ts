import { OPS_TEXT } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/**
 * The admin's background jobs page (issue 36): each job the servers run, its schedule, last run,
 * next due, failures; "Run now" shows its progress, then the run's result.
 */

const PRUNE = 'events:prune';

test('an admin opens Background Jobs from the Settings menu and runs a job now, seeing it run and its result', async ({
  page,
}) => {
  await loginAs(page, 'ADMIN');
  const nav = page.getByTestId('side-nav');
  await nav.getByTestId('nav-group-Settings').click();
  await nav.getByTestId('nav-link-/settings/jobs').click();
  await expect(page).toHaveURL(/\/settings\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Background Jobs' })).toBeVisible();

  const table = page.getByTestId('jobs-table');
  for (const header of [OPS_TEXT.job, OPS_TEXT.schedule, OPS_TEXT.lastRun, OPS_TEXT.nextDue, OPS_TEXT.failures]) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = page.getByTestId(`job-${PRUNE}`);
  await expect(row).toContainText(OPS_TEXT.everyMinutes(60));
  await expect(page.getByTestId('job-finance:daily-charges')).toContainText(OPS_TEXT.daily);
  await row.getByRole('button', { name: OPS_TEXT.runNow }).click();
  // The result names the job once its run has ended; the button is back for another run.
  await expect(page.getByTestId('job-result')).toHaveText(OPS_TEXT.ranOk(PRUNE));
  await expect(row.getByRole('button', { name: OPS_TEXT.runNow })).toBeEnabled();
  await expect(row).toContainText(OPS_TEXT.jobStatus.SCHEDULED);
  await expect(row).not.toContainText(OPS_TEXT.never);
});

test('a customer opening the jobs page is sent to /404', async ({ page }) => {
  await loginAs(page, 'PERSONAL', '/settings/jobs');
  await expect(page).toHaveURL(/\/404$/);
});

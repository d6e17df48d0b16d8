import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type InvoiceDetail, type InvoiceRow, type Paged, todayIn } from '@cab/shared';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, getJson, tokenOf } from '../order-helpers.ts';

/**
 * Every page foots (issue 34): a demo invoice carrying overdue interest and storage fees shows
 * them as their own figure, so Total + interest and fees − paid − credited = Balance reads true
 * on screen, on the invoice and on each milestone row. The configured server has no demo orders
 * (APP_ENV=test), so this file runs its own server with the demo (APP_ENV=staging: the demo's
 * charges are posted by its seed) on E2E_PORT + 200 and its own data directory.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const ROOT = path.resolve(import.meta.dirname, '../..');
const DEMO_PORT = Number(process.env.E2E_PORT ?? 3555) + 200;
const DEMO_BASE = `http://127.0.0.1:${DEMO_PORT}`;

test.use({ baseURL: DEMO_BASE });
test.describe.configure({ timeout: 300_000 });

let demo: ChildProcess;
let demoDir: string;

test.beforeAll(async () => {
  // The demo is made on the first start: minutes on a busy machine.
  test.setTimeout(420_000);
  demoDir = mkdtempSync(path.join(tmpdir(), 'cab-e2e-foots-'));
  demo = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(DEMO_PORT), DATA_DIR: demoDir, APP_ENV: 'staging', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const up = () =>
    fetch(`${DEMO_BASE}/api/core/config/`).then(
      (r) => r.ok,
      () => false,
    );
  await expect.poll(up, { timeout: 400_000, intervals: [1_000] }).toBe(true);
});

test.afterAll(async () => {
  if (demo?.exitCode === null) {
    const gone = new Promise((resolve) => demo.once('exit', resolve));
    demo.kill('SIGTERM');
    await gone;
  }
  if (demoDir) rmSync(demoDir, { recursive: true, force: true });
});

/** "$5,644.55" (or "-$1.00") as cents. */
const signedCents = (text: string) => Number(text.replace(/[^0-9]/g, '')) * (/^\s*[-−]/.test(text) ? -1 : 1);
const centsOf = async (figure: Locator) => signedCents(await figure.innerText());

test('the invoice page and its milestone rows foot with interest and fees, a check received today shows its day', async ({
  page,
}) => {
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  const list = await getJson<Paged<InvoiceRow>>(
    page.request,
    admin,
    '/api/invoices/?status=DUE,OVERDUE,PARTIAL,PAID&page_size=100',
  );
  const charged = list.results.find((r) => r.interest_fees !== '0.00' && r.balance !== '0.00');
  expect(charged, 'a demo invoice with interest or fees').toBeDefined();
  const invoice = await getJson<InvoiceDetail>(page.request, admin, `/api/invoices/${charged!.id}/`);

  await loginAs(page, 'ADMIN', `/invoices/${invoice.id}`);
  const before = await invoiceFigures(page);
  expect(before.interestFees).toBeGreaterThan(0);
  expect(before.total + before.interestFees - before.paid - before.credited).toBe(before.balance);

  // Each milestone row: amount + interest and fees − paid − credited = balance.
  const table = page.getByTestId('milestones-table');
  for (const m of invoice.milestones) {
    const row = table.getByTestId(`milestone-${m.seq}`);
    const cells = row.getByRole('cell');
    await expect(row.getByTestId('milestone-balance')).toBeVisible();
    const texts = await cells.allInnerTexts();
    // Columns: milestone, share, amount, interest and fees, paid, credited, balance, ...
    const [amount, fees, mPaid, mCredited, mBalance] = texts.slice(2, 7).map(signedCents) as [
      number,
      number,
      number,
      number,
      number,
    ];
    expect(amount + fees - mPaid - mCredited, `milestone ${m.seq}`).toBe(mBalance);
  }

  // A check received today: listed with its day, not a time of day (it read "12:00 PM"), and the
  // page still foots with it paid.
  const open = invoice.milestones.find((m) => m.balance !== '0.00' && m.status !== 'VOID');
  expect(open, 'an open milestone').toBeDefined();
  const reference = `CHK foots ${Date.now()}`;
  const today = todayIn();
  const paid = await page.request.post(`/api/invoices/milestones/${open!.id}/pay/`, {
    headers: auth(admin),
    data: { method: 'CHECK', amount: '1.00', reference, received_on: today },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await page.reload();
  const row = page.getByTestId('payments-table').locator('tr', { hasText: reference });
  const asDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  await expect(row.getByRole('cell').first()).toHaveText(asDay.format(new Date(`${today}T00:00:00Z`)));
  const after = await invoiceFigures(page);
  expect(after.paid).toBe(before.paid + 100);
  expect(after.total + after.interestFees - after.paid - after.credited).toBe(after.balance);
});

/** The invoice page's figures, in cents, once its balance shows. */
async function invoiceFigures(page: Page) {
  const figure = (name: string) => page.getByTestId(`invoice-${name}`);
  await expect(figure('balance')).toHaveText(/\$/);
  const [total, interestFees, paid, credited, balance] = (await Promise.all(
    ['total', 'interest-fees', 'paid', 'credited', 'balance'].map((name) => centsOf(figure(name))),
  )) as [number, number, number, number, number];
  return { total, interestFees, paid, credited, balance };
}

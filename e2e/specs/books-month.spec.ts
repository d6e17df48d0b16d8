import { readFile } from 'node:fs/promises';
import { BOOKS_TEXT as B, EXPORT_COLUMNS } from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { DEMO_USERS, loginAs } from './../fixtures.ts';
import { auth, createBid, createLineItem, submitByApi, tokenOf } from './../order-helpers.ts';

/**
 * A bookkeeper's month (issue 34, decision 0046): a customer and an admin read a statement of
 * account and its PDF, the admin e-mails it, and downloads the journal (which balances) and the
 * QuickBooks and Xero files (with their import headers).
 */

/** A download's saved text, after clicking what starts it. */
async function downloaded(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = (await file.path())!;
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** A CSV of the exports (no quoted line breaks in these): header and rows by column. */
function csvRows(text: string) {
  const split = (line: string) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted && ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    return cells;
  };
  const [header, ...lines] = text.trim().split('\r\n');
  const columns = split(header!);
  return {
    columns,
    rows: lines.map((l) => Object.fromEntries(split(l).map((v, i) => [columns[i], v])) as Record<string, string>),
  };
}

const cents = (s: string) => (s === '' ? 0 : Math.round(Number(s) * 100));

test('a statement as customer and admin, and the exports for the books', async ({ page, request }) => {
  // An approved order of the demo personal customer, its first milestone paid by check.
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const item = await createLineItem(request, admin, '240.00');
  const bid = await createBid(request, personal, `Month ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 1 }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);
  const order = await approved.json();
  const invoice = await (await request.get(`/api/invoices/${order.invoice.id}/`, { headers: auth(admin) })).json();
  const reference = `CHK-${Date.now() % 100_000_000}`;
  const paid = await request.post(`/api/invoices/milestones/${invoice.milestones[0].id}/pay/`, {
    headers: auth(admin),
    data: { method: 'CHECK', amount: '10.00', reference },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The customer: Invoices > Statement, the check on it, the PDF says the same.
  await loginAs(page, 'PERSONAL', '/invoices');
  await page.getByTestId('open-statement').click();
  await expect(page).toHaveURL(/\/invoices\/statement/);
  const line = page.getByTestId('statement-line').filter({ hasText: reference });
  await expect(line).toContainText(B.kinds.PAYMENT);
  await expect(line).toContainText('-$10.00');
  await expect(page.getByTestId('statement-closing')).toContainText(B.closingBalance);
  const closing = (await page.getByTestId('statement-closing').locator('td').last().textContent())!.trim();
  const pdf = await downloaded(page, 'statement-pdf');
  expect(pdf.name).toMatch(/^statement_customer_\d+_.*\.pdf$/);
  const text = pdfText(pdf.bytes);
  expect(text).toContain(B.statementOfAccount);
  expect(text).toContain(reference);
  expect(text).toContain(closing);

  // The admin: the customer's account page, its finance panel's Statement; e-mail it.
  const adminPage = await page.context().newPage();
  await loginAs(adminPage, 'ADMIN', `/settings/users/${order.customer}`);
  await adminPage.getByTestId('open-statement').click();
  await expect(adminPage).toHaveURL(new RegExp(`/invoices/statement\\?customer=${order.customer}`));
  await expect(adminPage.getByTestId('statement-line').filter({ hasText: reference })).toBeVisible();
  await expect(adminPage.getByTestId('statement-closing')).toContainText(closing);
  const adminPdf = pdfText((await downloaded(adminPage, 'statement-pdf')).bytes);
  expect(adminPdf).toContain(reference);
  await adminPage.getByTestId('statement-email').click();
  await expect(adminPage.getByText(B.emailed(DEMO_USERS.PERSONAL))).toBeVisible();

  // Finance > Exports: the journal balances per entry and in total; the importers' headers.
  await adminPage.goto('/finance/exports');
  const journal = csvRows((await downloaded(adminPage, 'export-journal')).bytes.toString('utf8'));
  expect(journal.columns).toEqual([...EXPORT_COLUMNS.journal]);
  const byEntry = new Map<string, number>();
  for (const r of journal.rows)
    byEntry.set(r.entry!, (byEntry.get(r.entry!) ?? 0) + cents(r.debit!) - cents(r.credit!));
  expect(journal.rows.length).toBeGreaterThan(0);
  expect([...byEntry.entries()].filter(([, v]) => v !== 0)).toEqual([]);
  expect(journal.rows.some((r) => r.reference === reference && r.account === 'Undeposited Funds')).toBe(true);
  for (const kind of ['quickbooksInvoices', 'quickbooksPayments', 'xeroInvoices', 'xeroPayments'] as const) {
    const file = await downloaded(adminPage, `export-${kind}`);
    expect(file.name).toMatch(new RegExp(`^${B.exports[kind].file}_\\d{4}-\\d\\d-\\d\\d_\\d{4}-\\d\\d-\\d\\d\\.csv$`));
    expect(csvRows(file.bytes.toString('utf8')).columns).toEqual([...EXPORT_COLUMNS[kind]]);
  }
  const qb = csvRows((await downloaded(adminPage, 'export-quickbooksInvoices')).bytes.toString('utf8'));
  expect(qb.rows.some((r) => r.InvoiceNo === invoice.number)).toBe(true);
});

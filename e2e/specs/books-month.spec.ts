import { readFile } from 'node:fs/promises';
import {
  addDays,
  BOOKS_TEXT as B,
  EXPORT_COLUMNS,
  INVOICE_PDF_TEXT,
  INVOICE_WEB_TEXT,
  type InvoiceDetail,
  todayIn,
} from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { DEMO_USERS, downloadFrom, loginAs } from './../fixtures.ts';
import { approvedOrder, getJson, payByCheck, tokenOf } from './../order-helpers.ts';

/**
 * A bookkeeper's month (issue 34, decision 0046), in the order it is done: a concession refund
 * through the refund dialog (a credit note: the invoice stays paid), the statement of account as
 * the customer and as the admin (the PDF's text too, the credit note on it), the admin e-mails it,
 * downloads the journal (balanced per entry and in total) and the QuickBooks and Xero files (their
 * import headers), and finds the month's checks by reference and received date on the Receipts page.
 */

/** A download's saved text, after clicking what starts it. */
async function downloaded(page: Page, testId: string) {
  const file = await downloadFrom(page, page.getByTestId(testId));
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

test("a bookkeeper's month: a concession refund, the statement, the exports, the receipts found", async ({
  page,
  browser,
}) => {
  // Four sign-ins, two dialogs, seven downloads and six pages on a loaded 2-core machine.
  test.setTimeout(180_000);
  const today = todayIn();
  const tag = String(Date.now()).slice(-6);
  // An order of the demo personal customer, paid by checks: a dollar received 40 days ago (before
  // this month's statement), then every milestone's balance today.
  const order = await approvedOrder(page.request, DEMO_USERS.PERSONAL, 'Month');
  const admin = await tokenOf(page.request, DEMO_USERS.ADMIN);
  const invoice = await getJson<InvoiceDetail>(page.request, admin, `/api/invoices/${order.invoice!.id}/`);
  const early = await payByCheck(page.request, invoice.milestones[0]!.id, {
    reference: `CHK E${tag}`,
    amount: '1.00',
    received_on: addDays(today, -40),
  });
  const late = [];
  for (const m of invoice.milestones) {
    late.push(await payByCheck(page.request, m.id, { reference: `CHK L${tag}-${m.id}`, received_on: today }));
  }
  const reference = late[0]!.reference;

  // A concession through the refund dialog: a credit note unless told otherwise; the invoice stays paid.
  await loginAs(page, 'ADMIN', `/invoices/${invoice.id}`);
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'PAID');
  const paidToday = page.getByTestId('payments-table').getByRole('row').filter({ hasText: reference });
  await paidToday.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByTestId('refund-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(INVOICE_WEB_TEXT.refundKind);
  await expect(dialog.getByLabel(INVOICE_WEB_TEXT.refundCreditNote)).toBeChecked();
  await dialog.getByLabel('Amount').fill('100.00');
  // Short: the PDF wraps a long description.
  const reason = `Dent ${tag}`;
  await dialog.getByLabel('Reason').fill(reason);
  await page.getByTestId('refund-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-refunds')).toContainText(
    `$100.00: ${reason} (Succeeded) · ${INVOICE_WEB_TEXT.creditNoteTag}`,
  );
  await expect(page.getByTestId('invoice-status')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  // Its papers: the refunded check keeps its receipt, and the refund has a receipt of its own.
  await expect(paidToday.getByTestId(`payment-receipt-${late[0]!.id}`)).toBeVisible();
  const refundPaper = paidToday.getByRole('button', { name: INVOICE_WEB_TEXT.refundReceipt('$100.00') });
  const refundFile = await downloadFrom(page, refundPaper);
  const refundText = pdfText(await readFile((await refundFile.path())!));
  expect(refundText).toContain(INVOICE_PDF_TEXT.refundReceiptTitle('RF-'));
  expect(refundText).toContain(reason);

  // The customer sees a paid invoice (no Pay), then Invoices > Statement: the check and the credit
  // note on it, and the PDF says the same.
  // Its own browser context: the two sign-ins must not share one storage.
  const customer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const customerPage = await customer.newPage();
  await loginAs(customerPage, 'PERSONAL', `/invoices/${invoice.id}`);
  await expect(customerPage.getByTestId('invoice-status')).toHaveAttribute('data-status', 'PAID');
  await expect(customerPage.getByTestId('invoice-refunds')).toContainText(reason);
  await expect(customerPage.getByTestId('pay-milestone')).toHaveCount(0);
  await customerPage.goto('/invoices');
  await customerPage.getByTestId('open-statement').click();
  await expect(customerPage).toHaveURL(/\/invoices\/statement/);
  const line = customerPage.getByTestId('statement-line').filter({ hasText: reference });
  await expect(line).toContainText(B.kinds.PAYMENT);
  // The refund paid the money out; its credit note took it off the invoice again.
  const refundLines = customerPage.getByTestId('statement-line').filter({ hasText: reason });
  await expect(refundLines.filter({ hasText: B.kinds.REFUND })).toContainText('$100.00');
  await expect(refundLines.filter({ hasText: B.kinds.CREDIT_NOTE })).toContainText('-$100.00');
  await expect(customerPage.getByTestId('statement-closing')).toContainText(B.closingBalance);
  const closing = (await customerPage.getByTestId('statement-closing').locator('td').last().textContent())!.trim();
  const pdf = await downloaded(customerPage, 'statement-pdf');
  expect(pdf.name).toMatch(/^statement_customer_\d+_.*\.pdf$/);
  const text = pdfText(pdf.bytes);
  expect(text).toContain(B.statementOfAccount);
  expect(text).toContain(reference);
  expect(text).toContain(reason);
  expect(text).toContain(closing);
  await customer.close();

  // The admin: the customer's account page, its finance panel's Statement; e-mail it.
  await page.goto(`/settings/users/${order.customer}`);
  await page.getByTestId('open-statement').click();
  await expect(page).toHaveURL(new RegExp(`/invoices/statement\\?customer=${order.customer}`));
  await expect(page.getByTestId('statement-line').filter({ hasText: reference })).toBeVisible();
  await expect(
    page.getByTestId('statement-line').filter({ hasText: reason }).filter({ hasText: B.kinds.CREDIT_NOTE }),
  ).toContainText('-$100.00');
  await expect(page.getByTestId('statement-closing')).toContainText(closing);
  const adminPdf = pdfText((await downloaded(page, 'statement-pdf')).bytes);
  expect(adminPdf).toContain(reference);
  expect(adminPdf).toContain(reason);
  await page.getByTestId('statement-email').click();
  await expect(page.getByText(B.emailed(DEMO_USERS.PERSONAL))).toBeVisible();

  // Finance > Exports: the journal balances per entry and in total; the importers' headers.
  await page.goto('/finance/exports');
  const journal = csvRows((await downloaded(page, 'export-journal')).bytes.toString('utf8'));
  expect(journal.columns).toEqual([...EXPORT_COLUMNS.journal]);
  const byEntry = new Map<string, number>();
  let total = 0;
  for (const r of journal.rows) {
    const amount = cents(r.debit!) - cents(r.credit!);
    byEntry.set(r.entry!, (byEntry.get(r.entry!) ?? 0) + amount);
    total += amount;
  }
  expect(journal.rows.length).toBeGreaterThan(0);
  expect([...byEntry.entries()].filter(([, v]) => v !== 0)).toEqual([]);
  expect(total).toBe(0);
  expect(journal.rows.some((r) => r.reference === reference && r.account === 'Undeposited Funds')).toBe(true);
  for (const kind of ['quickbooksInvoices', 'quickbooksPayments', 'xeroInvoices', 'xeroPayments'] as const) {
    const file = await downloaded(page, `export-${kind}`);
    expect(file.name).toMatch(new RegExp(`^${B.exports[kind].file}_\\d{4}-\\d\\d-\\d\\d_\\d{4}-\\d\\d-\\d\\d\\.csv$`));
    const csv = csvRows(file.bytes.toString('utf8'));
    expect(csv.columns).toEqual([...EXPORT_COLUMNS[kind]]);
    if (kind === 'quickbooksInvoices') expect(csv.rows.some((r) => r.InvoiceNo === invoice.number)).toBe(true);
  }

  // Payment > Receipts: the checks found by reference, then by received date (the search kept in the URL).
  await page.goto('/payment/receipts');
  await page.getByTestId('receipt-reference').fill(tag);
  await page.getByTestId('receipt-reference').press('Enter');
  await expect(page.getByTestId(`receipt-${early.id}`)).toBeVisible();
  await expect(page.getByTestId(`receipt-${late[0]!.id}`)).toBeVisible();
  await page.getByTestId('receipt-dates-from').fill(today);
  await expect(page.getByTestId(`receipt-${early.id}`)).toBeHidden();
  await expect(page.getByTestId(`receipt-${late[0]!.id}`)).toContainText(reference);
  await expect(page).toHaveURL(new RegExp(`date_after=${today}`));
  await expect(page).toHaveURL(new RegExp(`reference=${tag}`));
});

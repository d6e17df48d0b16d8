import { schema } from '@cab/db';
import { booksApi, coreApi, EXPORT_COLUMNS, invoicesApi } from '@cab/shared';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/kit/context.ts';
import { monthlyStatementsJob } from '../src/modules/invoices/index.ts';
import { approvedOrder, call, depositOption } from './invoices-helpers.ts';
import { type Fixture, setupFixture, todayLocal } from './orders-lifecycle-helpers.ts';
import { pdfText } from './pdf-text.ts';

/** Closing the month (issue 34, decision 0046): statements of account and the bookkeeper's exports. */

const cents = (s: string) => {
  const m = /^(-?)(\d+)\.(\d\d)$/.exec(s);
  if (!m) throw new Error(`not money: ${s}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('statements and exports', () => {
  let f: Fixture;
  const today = todayLocal();
  const monthAgo = addDays(today, -30);
  let personalId: number;
  let companyId: number;
  let deposit: any;

  beforeAll(async () => {
    f = await setupFixture();
    personalId = f.userIds.PERSONAL;
    const option = await depositOption(f);
    const a = await approvedOrder(f, { owner: 'PERSONAL', option });
    const b = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', items: 2 });
    companyId = (await f.t.handle.db.select().from(schema.orders).where(eq(schema.orders.id, b.id)))[0]!.companyId!;
    deposit = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: a.invoice.id } })).body.milestones[0];
    // A check on the deposit, some credit given, part of it applied to the balance milestone.
    const paid = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: deposit.id },
      body: { method: 'CHECK', amount: '20.00', reference: 'CHK-1001', received_on: today },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const credit = await call(f, invoicesApi.customerCreditCreate, 'ADMIN', {
      params: { id: personalId },
      body: { amount: '30.00', notes: 'Damaged panel' },
    });
    expect(credit.status).toBe(201);
    const applied = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: deposit.id },
      body: { method: 'CREDIT', amount: '10.00', credit_memo: credit.body.id },
    });
    expect(applied.status).toBe(201);
    // A company wire.
    const companyMilestone = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: b.invoice.id } })).body
      .milestones[0];
    expect(
      (
        await call(f, invoicesApi.pay, 'ADMIN', {
          params: { id: companyMilestone.id },
          body: { method: 'WIRE', amount: '10.00', reference: 'W-77', received_on: today },
        })
      ).status,
    ).toBe(201);
  }, 120_000);
  afterAll(() => f.close());

  const statement = (who: keyof Fixture['tokens'], query: Record<string, string> = {}, id = personalId) =>
    call(f, booksApi.customerStatement, who, { params: { id }, query: { date_after: monthAgo, ...query } });

  it('lists the documents with a running balance that foots to the invoices less unapplied credit', async () => {
    const res = await statement('PERSONAL');
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.party).toMatchObject({ type: 'customer', id: personalId });
    expect(s.opening_balance).toBe('0.00');
    // The invoice, the check, the credit; the credit applied moves nothing the customer owes.
    expect(s.lines.map((l: any) => l.kind)).toEqual(['INVOICE', 'PAYMENT', 'CREDIT']);
    expect(s.lines[1]).toMatchObject({ amount: '-20.00', reference: 'CHK-1001' });
    expect(s.lines[2]).toMatchObject({ amount: '-30.00', description: 'Damaged panel' });
    let running = cents(s.opening_balance);
    for (const l of s.lines) {
      running += cents(l.amount);
      expect(cents(l.balance)).toBe(running);
    }
    expect(cents(s.closing_balance)).toBe(running);
    expect(s.credit_available).toBe('20.00');
    // Closing = what the invoices owe less the unapplied credit.
    const [owed] = (
      (await f.t.handle.db.execute(
        sql`select coalesce(sum(balance), 0)::int as b from invoices where customer_id = ${personalId} and company_id is null`,
      )) as unknown as { rows: unknown[] }
    ).rows as { b: number }[];
    expect(cents(s.closing_balance)).toBe(Number(owed!.b) - 2000);
    const aging = Object.values(s.aging as Record<string, string>).reduce((t, v) => t + cents(v), 0);
    expect(aging).toBe(Number(owed!.b));
  });

  it('carries what came before into the opening balance', async () => {
    const later = await statement('ADMIN', { date_after: addDays(today, 1), date_before: addDays(today, 2) });
    const whole = await statement('ADMIN');
    expect(later.body.lines).toEqual([]);
    expect(later.body.opening_balance).toBe(whole.body.closing_balance);
    expect(later.body.closing_balance).toBe(whole.body.closing_balance);
    const before = await statement('ADMIN', { date_after: addDays(today, -10), date_before: addDays(today, -1) });
    expect(before.body).toMatchObject({ opening_balance: '0.00', closing_balance: '0.00', lines: [] });
  });

  it('is read by the customer, its manager and the shop; 404 for others; a reversed range is 400', async () => {
    expect((await statement('STAFF')).status).toBe(200);
    expect((await statement('BUSINESS_MANAGER')).status).toBe(404);
    const company = (who: keyof Fixture['tokens']) =>
      call(f, booksApi.companyStatement, who, { params: { id: companyId }, query: {} });
    expect((await company('BUSINESS_MANAGER')).status).toBe(200);
    expect((await company('PERSONAL')).status).toBe(404);
    expect((await company('BUSINESS_EMPLOYEE')).status).toBe(404);
    const c = (await company('ADMIN')).body;
    expect(c.lines.map((l: any) => l.kind)).toEqual(['INVOICE', 'PAYMENT']);
    // The employee's own statement is reachable by the company's manager.
    const employee = await statement('BUSINESS_MANAGER', {}, f.userIds.BUSINESS_EMPLOYEE);
    expect(employee.status).toBe(200);
    const bad = await statement('ADMIN', { date_after: today, date_before: addDays(today, -1) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.date_after ?? bad.body.field_errors ?? bad.body).toBeTruthy();
  });

  it('prints as a PDF and e-mails through the outbox', async () => {
    const res = await f.t.app.inject({
      method: 'GET',
      url: `/api/accounts/customers/${personalId}/statement/?date_after=${monthAgo}&format=pdf`,
      headers: { authorization: `Token ${f.tokens.PERSONAL}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    const s = (await statement('PERSONAL')).body;
    expect(text).toContain('Statement of account');
    expect(text).toContain('Closing balance');
    expect(text).toContain(`$${s.closing_balance.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    expect(text).toContain('CHK-1001');
    expect(text).toContain('page 1 of 1');

    const mailed = await call(f, booksApi.customerStatementMail, 'ADMIN', { params: { id: personalId }, body: {} });
    expect(mailed.status).toBe(200);
    expect(mailed.body.sent_to).toEqual(['personal@demo.test']);
    const o = schema.emailOutbox;
    const mails = await f.t.handle.db.select().from(o).where(eq(o.templateName, 'statement'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('personal@demo.test');
    expect(mails[0]!.body).toContain('/invoices/statement?');
    // No body at all: the range's defaults (this month); the company's managers receive it.
    const company = await call(f, booksApi.companyStatementMail, 'BUSINESS_MANAGER', { params: { id: companyId } });
    expect(company.status).toBe(200);
    expect(company.body.sent_to).toEqual(['manager@demo.test']);
    expect(
      (await call(f, booksApi.customerStatementMail, 'BUSINESS_MANAGER', { params: { id: personalId } })).status,
    ).toBe(404);
  });

  it('the monthly run is off by default and, on, mails every party that owes on the 1st', async () => {
    const ctx = systemContext(f.t.app.deps, { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger);
    const o = schema.emailOutbox;
    const count = async () => (await f.t.handle.db.select().from(o).where(eq(o.templateName, 'statement'))).length;
    const before = await count();
    await monthlyStatementsJob(ctx, '2099-01-01');
    expect(await count()).toBe(before);
    await call(f, coreApi.patchSettings, 'ADMIN', { body: { statement_monthly: true } });
    await monthlyStatementsJob(ctx, '2099-01-02');
    expect(await count()).toBe(before);
    await monthlyStatementsJob(ctx, '2099-01-01');
    // The personal customer, and the company's manager.
    const sent = await f.t.handle.db.select().from(o).where(eq(o.templateName, 'statement'));
    expect(
      sent
        .slice(before)
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(['manager@demo.test', 'personal@demo.test']);
    await call(f, coreApi.patchSettings, 'ADMIN', { body: { statement_monthly: false } });
  });

  const csvOf = async (e: (typeof booksApi)[keyof typeof booksApi], query: Record<string, string> = {}) => {
    const res = await call(f, e, 'ADMIN', { query: { date_after: monthAgo, date_before: today, ...query } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    return {
      header: text.split('\r\n')[0]!.split(','),
      rows: parse(text, { columns: true }) as Record<string, string>[],
    };
  };

  it('the journal balances per entry and in total, and ties to the ledger', async () => {
    const { header, rows } = await csvOf(booksApi.journal);
    expect(header).toEqual([...EXPORT_COLUMNS.journal]);
    const byEntry = new Map<string, number>();
    let debit = 0;
    let credit = 0;
    const byAccount = new Map<string, number>();
    for (const r of rows) {
      const d = r.debit ? cents(r.debit) : 0;
      const c = r.credit ? cents(r.credit) : 0;
      expect(d === 0 || c === 0).toBe(true);
      byEntry.set(r.entry!, (byEntry.get(r.entry!) ?? 0) + d - c);
      byAccount.set(r.account!, (byAccount.get(r.account!) ?? 0) + d - c);
      debit += d;
      credit += c;
    }
    expect([...byEntry.values()].every((v) => v === 0)).toBe(true);
    expect(debit).toBe(credit);
    expect(debit).toBeGreaterThan(0);
    const [ledger] = (
      (await f.t.handle.db.execute(
        sql`select coalesce(sum(amount) filter (where milestone_id is not null), 0)::int as owed,
          coalesce(sum(amount) filter (where milestone_id is null), 0)::int as unapplied from ledger_entries`,
      )) as unknown as { rows: unknown[] }
    ).rows as { owed: number; unapplied: number }[];
    expect(byAccount.get('Accounts Receivable')).toBe(Number(ledger!.owed));
    expect(byAccount.get('Customer Deposits') ?? 0).toBe(Number(ledger!.unapplied));
    expect(byAccount.get('Undeposited Funds')).toBe(2_000 + 1_000);
    // Account names come from the settings.
    await call(f, coreApi.patchSettings, 'ADMIN', { body: { books_accounts: { receivables: '1200 AR' } } });
    const renamed = await csvOf(booksApi.journal);
    expect(renamed.rows.some((r) => r.account === '1200 AR')).toBe(true);
    expect(renamed.rows.some((r) => r.account === 'Sales')).toBe(true);
    await call(f, coreApi.patchSettings, 'ADMIN', { body: { books_accounts: { receivables: 'Accounts Receivable' } } });
  });

  it('QuickBooks and Xero files carry their import headers and foot to the invoices', async () => {
    const qbi = await csvOf(booksApi.quickbooksInvoices);
    expect(qbi.header).toEqual([...EXPORT_COLUMNS.quickbooksInvoices]);
    expect(qbi.header.slice(0, 4)).toEqual(['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate']);
    const invoices = await f.t.handle.db.select().from(schema.invoices);
    const total = invoices.reduce((t, i) => t + Number(i.total), 0);
    expect(qbi.rows.reduce((t, r) => t + cents(r.ItemAmount!), 0)).toBe(total);
    const xi = await csvOf(booksApi.xeroInvoices);
    expect(xi.header).toEqual([...EXPORT_COLUMNS.xeroInvoices]);
    expect(xi.rows.reduce((t, r) => t + cents(r.UnitAmount!), 0)).toBe(total);
    const qbp = await csvOf(booksApi.quickbooksPayments);
    expect(qbp.header).toEqual([...EXPORT_COLUMNS.quickbooksPayments]);
    expect(qbp.rows.map((r) => r.RefNumber).sort()).toEqual(['CHK-1001', 'W-77']);
    const xp = await csvOf(booksApi.xeroPayments);
    expect(xp.header).toEqual([...EXPORT_COLUMNS.xeroPayments]);
    expect(xp.rows.map((r) => r.Amount).sort()).toEqual(['10.00', '20.00']);
    // Nothing issued in a range before.
    const empty = await csvOf(booksApi.quickbooksInvoices, { date_after: '2020-01-01', date_before: '2020-01-31' });
    expect(empty.rows).toEqual([]);
  });

  it('shows a concession refund as the refund and its credit note; the journal pays the money out', async () => {
    // Folded into one document the two cancelled out: neither the statement nor the journal showed them.
    const order = await approvedOrder(f, { owner: 'PERSONAL' });
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body.milestones[0];
    const check = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m.id },
      body: { method: 'CHECK', reference: 'CHK-2002', received_on: today },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(201);
    const refund = await call(f, invoicesApi.refund, 'ADMIN', {
      params: { id: check.body.payment.id },
      body: { amount: '25.00', reason: 'Scratched door' },
    });
    expect(refund.body.refund.credit_note).toBe(true);
    const lines = (await statement('PERSONAL')).body.lines.filter((l: any) => l.description.includes('Scratched door'));
    expect(lines.map((l: any) => [l.kind, l.amount])).toEqual([
      ['REFUND', '25.00'],
      ['CREDIT_NOTE', '-25.00'],
    ]);
    const { rows } = await csvOf(booksApi.journal);
    const paidOut = rows.filter((r) => r.reference === `RF-${refund.body.refund.id}`);
    expect(paidOut.map((r) => [r.account, r.debit, r.credit])).toEqual([
      ['Accounts Receivable', '25.00', ''],
      ['Undeposited Funds', '', '25.00'],
    ]);
    const note = rows.filter((r) => r.reference === lines[1].reference);
    expect(note.find((r) => r.account === 'Accounts Receivable')?.credit).toBe('25.00');
  });

  it('a statement read again is kept, and a new entry or a moved due date shows at once (JSON and PDF)', async () => {
    // The answer is kept between reads (a long statement is read, then printed): never a stale one.
    const first = (await statement('PERSONAL')).body;
    expect((await statement('PERSONAL')).body).toEqual(first);
    const order = await approvedOrder(f, { owner: 'PERSONAL' });
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body.milestones[0];
    const cash = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m.id },
      body: { method: 'CASH', amount: '3.00', reference: 'CASH-3003', received_on: today },
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    const after = (await statement('PERSONAL')).body;
    expect(after.lines.length).toBeGreaterThan(first.lines.length);
    expect(after.lines.some((l: any) => l.reference === 'CASH-3003')).toBe(true);
    const pdf = await f.t.app.inject({
      method: 'GET',
      url: `/api/accounts/customers/${personalId}/statement/?date_after=${monthAgo}&format=pdf`,
      headers: { authorization: `Token ${f.tokens.PERSONAL}` },
    });
    expect(pdfText(pdf.rawPayload)).toContain('CASH-3003');
    // A due date moved 45 days back (as completion dates a milestone, with no entry): the aging follows.
    await f.t.handle.db
      .update(schema.invoiceMilestones)
      .set({ dueDate: addDays(today, -45) })
      .where(eq(schema.invoiceMilestones.id, m.id));
    const moved = (await statement('PERSONAL')).body;
    expect(cents(moved.aging.d31_60)).toBe(cents(after.aging.d31_60) + cents(m.amount) - 300);
    expect(moved.lines).toEqual(after.lines);
  });
});

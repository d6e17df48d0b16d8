import { schema } from '@cab/db';
import {
  type Cents,
  coreApi,
  financeReportsApi,
  formatWireMoney,
  invoicesApi,
  ordersApi,
  parseMoney,
  toWire,
} from '@cab/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, depositOption } from './invoices-helpers.ts';
import { type Fixture, makeOrder, setupFixture, submit, submitForm, todayLocal } from './orders-lifecycle-helpers.ts';
import { pdfText } from './pdf-text.ts';

/**
 * Issue 34, the papers that stay and finding payments: the payment search (reference, payer,
 * method, status, received dates, amount, CSV), receipts fixed at the moment of the payment and a
 * refund's own receipt, no receipt for money never received, an undone credit application, the
 * invoice PDF that foots (interest on its own line), terms, remittance and page numbers, and the
 * aging's unapplied credit and totals row.
 */

let f: Fixture;
let deposit: number;
const REMIT = {
  remit_check_payee: 'Birch & Oak Cabinetry LLC\n12 Mill Road, Springfield, IL 62701',
  remit_wire_details: 'Prairie State Bank\nRouting 071000013\nAccount 5550001234',
};
beforeAll(async () => {
  f = await setupFixture();
  deposit = await depositOption(f);
  const patched = await call(f, coreApi.patchSettings, 'ADMIN', { body: REMIT });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
});
afterAll(() => f.close());

const cents = (wire: string) => parseMoney(wire)!;
const money = (c: number) => formatWireMoney(toWire(c as Cents));
const receiptNo = (id: number) => `R-${String(id).padStart(6, '0')}`;

async function get(url: string, who: keyof Fixture['tokens'] = 'PERSONAL') {
  return f.t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${f.tokens[who]}` } });
}
async function paper(url: string, who: keyof Fixture['tokens'] = 'PERSONAL') {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

async function approvedInvoice(option?: number) {
  const order = await makeOrder(f);
  const form = submitForm(f, option ? { customer_payment_option: String(option) } : {});
  expect((await submit(f, f.tokens.PERSONAL, order.id, form)).status).toBe(200);
  const approved = await call(f, ordersApi.approve, 'ADMIN', { params: { id: order.id }, body: {} });
  expect(approved.status).toBe(200);
  return detail(approved.body.invoice.id);
}
const detail = async (id: number, who: keyof Fixture['tokens'] = 'ADMIN') =>
  (await call(f, invoicesApi.detail, who, { params: { id } })).body;
async function pay(milestone: number, body: Record<string, unknown>) {
  const res = await call(f, invoicesApi.pay, 'ADMIN', {
    params: { id: milestone },
    body: { method: 'CHECK', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payment;
}
async function refund(paymentId: number, amount: string, reason: string, extra: { credit_note?: boolean } = {}) {
  const res = await call(f, invoicesApi.refund, 'ADMIN', {
    params: { id: paymentId },
    body: { amount, reason, idempotency_key: `papers-${paymentId}-${amount}-${reason}`, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.refund;
}
const search = async (query: Record<string, string>, who: keyof Fixture['tokens'] = 'ADMIN') =>
  call(f, invoicesApi.payments, who, { query });
const ids = (res: { body: { results: { id: number }[] } }) => res.body.results.map((p) => p.id).sort((a, b) => a - b);

/** A card attempt the bank declined: written as the Stripe path leaves it. */
async function failedCardAttempt(inv: any) {
  const [row] = await f.t.handle.db
    .insert(schema.payments)
    .values({
      milestoneId: inv.milestones[0].id,
      invoiceId: inv.id,
      orderId: inv.order.id,
      customerId: inv.customer,
      companyId: inv.company,
      method: 'CARD',
      amount: cents(inv.milestones[0].amount) as Cents,
      status: 'FAILED',
      failureMessage: 'Your card was declined.',
    })
    .returning();
  return row!;
}

describe('the payment search', () => {
  it('finds payments by reference, payer, method, status, received dates and amount, and exports them as CSV', async () => {
    const inv = await approvedInvoice(deposit);
    const m = inv.milestones[0].id;
    const today = todayLocal();
    const a = await pay(m, { amount: '0.11', reference: 'CHK 80431', received_on: '2026-01-05' });
    const b = await pay(m, { amount: '0.22', reference: 'Wire FED-7781', method: 'WIRE', received_on: '2026-01-20' });
    const c = await pay(m, { amount: '0.33', reference: 'CHK 80432', received_on: today });
    const failed = await failedCardAttempt(inv);
    const mine = { order: String(inv.order.id) };

    expect(ids(await search({ ...mine, reference: 'chk 8043' }))).toEqual([a.id, c.id]);
    expect(ids(await search({ ...mine, reference: 'fed-77' }))).toEqual([b.id]);
    expect(ids(await search({ ...mine, method: 'WIRE' }))).toEqual([b.id]);
    expect(ids(await search({ ...mine, method: 'CHECK,WIRE' }))).toEqual([a.id, b.id, c.id]);
    expect(ids(await search({ ...mine, amount: '0.22' }))).toEqual([b.id]);
    expect(ids(await search({ ...mine, date_after: '2026-01-06' }))).toEqual([b.id, c.id]);
    expect(ids(await search({ ...mine, date_before: '2026-01-20' }))).toEqual([a.id, b.id]);
    expect(ids(await search({ ...mine, date_after: '2026-01-05', date_before: '2026-01-05' }))).toEqual([a.id]);
    // The payer: the person's name or e-mail, or the company's name.
    const payer = a.payer.split(' ')[0].toLowerCase();
    expect(ids(await search({ ...mine, payer }))).toEqual([a.id, b.id, c.id]);
    expect(ids(await search({ ...mine, payer: 'nobody-by-this-name' }))).toEqual([]);
    // A declined attempt is not a receipt: listed only when its status is asked for.
    expect(ids(await search(mine))).toEqual([a.id, b.id, c.id]);
    expect(ids(await search({ ...mine, status: 'FAILED' }))).toEqual([failed.id]);
    // A customer searches only its own; another customer finds nothing of these.
    expect(ids(await search({ ...mine, reference: '80431' }, 'PERSONAL'))).toEqual([a.id]);
    expect(ids(await search({ ...mine, reference: '80431' }, 'BUSINESS_MANAGER'))).toEqual([]);

    const csv = await get(`/api/payments/?order=${inv.order.id}&date_after=2026-01-01&format=csv`, 'ADMIN');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('payments.csv');
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.reference).sort()).toEqual(['CHK 80431', 'CHK 80432', 'Wire FED-7781']);
    expect(rows.find((r) => r.receipt === String(b.id))).toMatchObject({
      received_on: '2026-01-20',
      invoice: inv.number,
      method: 'WIRE',
      amount: '0.22',
      status: 'SUCCEEDED',
    });
  });

  it('answers 400 with field errors for a bad date, amount, method or status', async () => {
    for (const [field, value] of [
      ['date_after', '2026-13-01'],
      ['amount', 'ten'],
      ['method', 'BITCOIN'],
      ['status', 'LOST'],
    ]) {
      const res = await search({ [field!]: value! });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).join(), field).toContain(field);
    }
  });
});

describe('receipts that stay', () => {
  it('a receipt says what it said when the payment was made; a later refund gets its own receipt', async () => {
    const inv = await approvedInvoice(deposit);
    const m = inv.milestones[0];
    const p = await pay(m.id, { amount: '1.00', reference: 'CHK 1100' });
    const before = await paper(`/api/payments/${p.id}/receipt/`);
    const left = money(cents(m.amount) - 100);
    expect(before).toContain('Balance left on Deposit');
    expect(before).toContain(left);

    const r = await refund(p.id, '0.40', 'Returned a hinge');
    const after = await paper(`/api/payments/${p.id}/receipt/`);
    expect(after).toBe(before);
    expect(after).not.toContain(money(cents(m.amount) - 60));

    const slip = await paper(`/api/payments/refunds/${r.id}/receipt/`);
    expect(slip).toContain(`Refund receipt RF-${String(r.id).padStart(6, '0')}`);
    expect(slip).toContain(receiptNo(p.id));
    expect(slip).toContain('Returned a hinge');
    expect(slip).toContain('Amount refunded');
    expect(slip).toContain(formatWireMoney('0.40'));
    // Another customer's refund stays out of reach.
    expect((await get(`/api/payments/refunds/${r.id}/receipt/`, 'BUSINESS_MANAGER')).statusCode).toBe(404);
  });

  it('a failed attempt has no receipt and is not on the Receipts page', async () => {
    const inv = await approvedInvoice(deposit);
    const failed = await failedCardAttempt(inv);
    expect((await get(`/api/payments/${failed.id}/receipt/`)).statusCode).toBe(404);
    const listed = await search({ order: String(inv.order.id) }, 'PERSONAL');
    expect(listed.body.results.map((p: any) => p.id)).not.toContain(failed.id);
  });

  it('an undone credit application no longer shows SUCCEEDED on the invoice', async () => {
    const inv = await approvedInvoice(deposit);
    const memo = await call(f, invoicesApi.customerCreditCreate, 'ADMIN', {
      params: { id: inv.customer },
      body: { amount: '2.00', notes: 'Goodwill' },
    });
    expect(memo.status).toBe(201);
    const applied = await pay(inv.milestones[0].id, { method: 'CREDIT', credit_memo: memo.body.id, amount: '2.00' });
    expect((await detail(inv.id)).credits).toEqual([expect.objectContaining({ amount: '2.00', status: 'SUCCEEDED' })]);
    await refund(applied.id, '2.00', 'Applied to the wrong invoice');
    const after = await detail(inv.id);
    expect(after.credits).toEqual([expect.objectContaining({ amount: '0.00', status: 'REVERSED' })]);
    expect(after.milestones[0].credited).toBe('0.00');
  });
});

describe('the invoice PDF', () => {
  it('foots: total, interest on its own line, payments, refunds and the balance; terms, remittance, page numbers', async () => {
    const inv = await approvedInvoice();
    const m = inv.milestones[0];
    // A day's overdue interest as the daily job posts it.
    await f.t.handle.db.insert(schema.ledgerEntries).values({
      kind: 'INTEREST',
      amount: 112 as Cents,
      customerId: inv.customer,
      companyId: inv.company,
      orderId: inv.order.id,
      invoiceId: inv.id,
      milestoneId: m.id,
      notes: 'Overdue interest',
    });
    const total = cents(inv.total);
    const p = await pay(m.id, { amount: toWire((total + 112) as Cents), reference: 'CHK 2020' });
    // Money given back that is owed again (not a credit note, decision 0044): the balance reopens.
    await refund(p.id, '1.00', 'Paid by the wrong card', { credit_note: false });
    const now = await detail(inv.id);
    expect(now.balance).toBe('1.00');

    const text = await paper(`/api/invoices/${inv.id}/pdf/`);
    const lines = text.split('\n');
    const after = (label: string) => lines[lines.lastIndexOf(label) + 1];
    expect(after('Invoice total')).toBe(formatWireMoney(inv.total));
    expect(after('Interest')).toBe(money(112));
    expect(after('Total with interest and fees')).toBe(money(total + 112));
    expect(after('Payments')).toBe(`-${money(total + 112)}`);
    expect(after('Refunds')).toBe(money(100));
    expect(after('Balance due')).toBe(money(100));
    expect(text).not.toContain('Total paid');
    // Terms and the due date at the top, before the lines.
    expect(text).toMatch(/Terms: Full 100(\.00)? ?% due/);
    expect(text.indexOf('Due date:')).toBeLessThan(text.indexOf('Bill to'));
    // How to pay, from the settings.
    expect(text).toContain('How to pay');
    expect(text).toContain('By check, payable to');
    expect(text).toContain('Birch & Oak Cabinetry LLC');
    expect(text).toContain('By wire transfer');
    expect(text).toContain('Routing 071000013');
    expect(text).toContain(`Please write ${inv.number} on your payment.`);
    // Every page carries the invoice number and its page number.
    const pages = [...text.matchAll(new RegExp(`${inv.number} · Page (\\d+) of (\\d+)`, 'g'))];
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.map((x) => Number(x[1]))).toEqual(pages.map((_, i) => i + 1));
    expect(new Set(pages.map((x) => x[2]))).toEqual(new Set([String(pages.length)]));
  });
});

describe('the aging', () => {
  it('shows each party’s unapplied credit and a totals row, on screen and in the CSV', async () => {
    const memo = await call(f, invoicesApi.customerCreditCreate, 'ADMIN', {
      params: { id: f.userIds.BUSINESS_EMPLOYEE },
      body: { amount: '75.00', notes: 'Returned panels' },
    });
    expect(memo.status).toBe(201);
    const report = await call(f, financeReportsApi.aging, 'ADMIN', { query: { page_size: '100' } });
    expect(report.status).toBe(200);
    const row = report.body.results.find(
      (r: any) => r.party.type === 'customer' && r.party.id === f.userIds.BUSINESS_EMPLOYEE,
    );
    expect(row).toMatchObject({ unapplied_credit: '75.00' });
    const sum = report.body.results.reduce((t: number, r: any) => t + cents(r.unapplied_credit), 0);
    expect(report.body.totals.unapplied_credit).toBe(toWire(sum as Cents));

    const csv = await get('/api/finance/reports/aging/?format=csv', 'ADMIN');
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toContain('unapplied_credit');
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      party_type: 'TOTAL',
      total: report.body.totals.total,
      unapplied_credit: report.body.totals.unapplied_credit,
    });
    const owed = rows.slice(0, -1).reduce((t, r) => t + cents(r.total!), 0);
    expect(last.total).toBe(toWire(owed as Cents));
  });
});

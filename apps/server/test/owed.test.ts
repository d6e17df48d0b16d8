import { schema } from '@cab/db';
import {
  addDays,
  booksApi,
  type Cents,
  coreApi,
  type DashboardCard,
  financeApi,
  financeReportsApi,
  formatMoney,
  INVOICE_TEXT,
  invoicesApi,
  parseMoney,
  todayIn,
} from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemContext } from '../src/kit/context.ts';
import type { ChargeSettings } from '../src/modules/finance/index.ts';
import { postDailyCharges } from '../src/modules/invoices/index.ts';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { silent } from './helpers.ts';
import { approvedOrder, call, depositOption, paymentRows } from './invoices-helpers.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';

/**
 * Issue 34, what is owed, overdue and collected: overdue is what was due before the shop's today
 * (milestones, not whole invoices), money received counts as collected whether it paid a
 * milestone or became credit, received dates are bounded, and every invoice figure foots.
 */

let f: Fixture;
let fake: FakeStripe;
let companyId: number;
const today = todayIn();
const cents = (wire: string) => parseMoney(wire)!;
/** As the e-mails write a day: "Oct 31, 2026". */
const asDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

beforeAll(async () => {
  fake = await startFakeStripe();
  f = await setupFixture();
  f.t.app.deps.config.stripe = {
    publishableKey: 'pk_test_fake',
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: FAKE_WEBHOOK_SECRET,
    apiBase: fake.url,
  };
  const [manager] = await f.t.handle.db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, f.userIds.BUSINESS_MANAGER));
  companyId = manager!.companyId!;
}, 180_000);
afterAll(async () => {
  await f.close();
  await fake.close();
});

const detail = async (id: number) => (await call(f, invoicesApi.detail, 'ADMIN', { params: { id } })).body;
const setDue = (milestoneId: number, day: string | null) =>
  f.t.handle.db
    .update(schema.invoiceMilestones)
    .set({ dueDate: day })
    .where(eq(schema.invoiceMilestones.id, milestoneId));

describe('overdue is past due (the issue’s manager: some milestones past due, some not yet due)', () => {
  let pastDue: { amount: string; due: string };
  let nextDue: { amount: string; due: string };
  let invoiceId: number;

  beforeAll(async () => {
    const deposit = await depositOption(f);
    // One invoice of two milestones: the deposit 40 days past due, the balance due in 10 days.
    const order = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', option: deposit, items: 2 });
    invoiceId = order.invoice.id;
    const inv = await detail(invoiceId);
    const [first, second] = inv.milestones;
    pastDue = { amount: first.balance, due: addDays(today, -40) };
    nextDue = { amount: second.balance, due: addDays(today, 10) };
    await setDue(first.id, pastDue.due);
    await setDue(second.id, nextDue.due);
    // A second invoice not yet due at all.
    const later = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', option: deposit });
    const laterInv = await detail(later.invoice.id);
    for (const m of laterInv.milestones) await setDue(m.id, addDays(today, 30));
  });

  it('the dashboard’s balance_overdue is the past-due milestones, not the whole overdue invoice', async () => {
    const res = await call(f, coreApi.dashboard, 'BUSINESS_MANAGER');
    const cards = new Map<string, DashboardCard>(res.body.cards.map((c: DashboardCard) => [c.key, c]));
    expect(cards.get('balance_overdue')!.value).toBe(pastDue.amount);
    // Due: both invoices in full; overdue: the one milestone past due.
    expect(cents(cards.get('balance_due')!.value as string)).toBeGreaterThan(
      cents(pastDue.amount) + cents(nextDue.amount),
    );
  });

  it('the invoice list’s Overdue: the invoice is listed, its past-due figure is the dashboard’s and the aging’s', async () => {
    const res = await call(f, invoicesApi.list, 'BUSINESS_MANAGER', { query: { status: 'OVERDUE' } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.id)).toEqual([invoiceId]);
    const row = res.body.results[0];
    expect(row.overdue).toBe(pastDue.amount);
    expect(cents(row.balance)).toBe(cents(pastDue.amount) + cents(nextDue.amount));
    // Every open row says what of it is past due: zero for the invoice not yet due.
    const open = await call(f, invoicesApi.list, 'BUSINESS_MANAGER', {});
    expect(open.body.results.map((r: any) => r.overdue).sort()).toEqual(['0.00', pastDue.amount].sort());

    const aging = await call(f, financeReportsApi.aging, 'ADMIN', {});
    const mine = aging.body.results.find((r: any) => r.party.type === 'company' && r.party.id === companyId);
    expect(cents(mine.total) - cents(mine.current)).toBe(cents(pastDue.amount));
    expect(mine.days_31_60).toBe(pastDue.amount);
  });

  it('the reminder names the past-due amount with its oldest due date and, apart, what falls due next', async () => {
    const res = await call(f, financeApi.companyPaymentReminder, 'ADMIN', { params: { id: companyId } });
    expect(res.status).toBe(200);
    const [mail] = await f.t.handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.templateName, 'payment_reminder')));
    const past = formatMoney(cents(pastDue.amount));
    const next = formatMoney(cents(nextDue.amount));
    expect(mail!.subject).toBe(`Payment reminder: ${past} past due`);
    expect(mail!.body).toContain(`${past} is past due, the oldest since ${asDate(pastDue.due)}.`);
    expect(mail!.body).toContain(`${next} falls due next, on ${asDate(nextDue.due)}.`);
    expect(mail!.body).not.toContain(`is due on ${asDate(pastDue.due)}`);
  });
});

describe('received is collected', () => {
  const collectedToday = async () => {
    const res = await call(f, financeReportsApi.revenue, 'ADMIN', {
      query: { interval: 'day', date_after: today, date_before: today },
    });
    expect(res.status).toBe(200);
    return cents(res.body.totals.collected);
  };

  it('a card payment that became overpayment credit counts as collected the day it is received', async () => {
    const order = await approvedOrder(f);
    const m = (await detail(order.invoice.id)).milestones[0];
    const before = await collectedToday();
    const card = await call(f, invoicesApi.pay, 'PERSONAL', { params: { id: m.id }, body: { method: 'CARD' } });
    expect(card.status).toBe(201);
    const [row] = await paymentRows(f, m.id);
    // The customer confirms at Stripe just before the admin records a check: all the card's money is credit.
    fake.setIntentStatus(row!.stripePaymentIntentId!, 'succeeded');
    const check = await call(f, invoicesApi.pay, 'ADMIN', { params: { id: m.id }, body: { method: 'CHECK' } });
    expect(check.status).toBe(201);
    // Cancelled here with the check; Stripe's answer to the cancel (it succeeded) comes just after.
    const cardRow = async () => (await paymentRows(f, m.id)).find((p) => p.id === card.body.payment.id)!;
    await vi.waitFor(async () => expect((await cardRow()).status).toBe('SUCCEEDED'));
    const paid = await cardRow();
    const flagged = (await detail(order.invoice.id)).payments.find((p: any) => p.id === paid.id);
    expect(flagged.overpayment.amount).toBe(m.amount);
    // The check and the card both came in today.
    expect(await collectedToday()).toBe(before + 2 * cents(m.amount));
    // Spending the credit collects nothing more.
    const other = await approvedOrder(f);
    const om = (await detail(other.invoice.id)).milestones[0];
    const spend = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: om.id },
      body: { method: 'CREDIT', credit_memo: flagged.overpayment.credit_memo, amount: '1.00' },
    });
    expect(spend.status).toBe(201);
    expect(await collectedToday()).toBe(before + 2 * cents(m.amount));
  });
});

describe('received dates are bounded', () => {
  it('after today or more than 366 days back: 400 on received_on, nothing recorded; 366 days back is taken', async () => {
    const order = await approvedOrder(f);
    const m = (await detail(order.invoice.id)).milestones[0];
    const pay = (received_on: string) =>
      call(f, invoicesApi.pay, 'ADMIN', {
        params: { id: m.id },
        body: { method: 'CHECK', amount: '1.00', received_on },
      });
    const future = await pay(addDays(today, 1));
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('validation_error');
    expect(future.body.fields.received_on).toEqual([INVOICE_TEXT.receivedOnFuture]);
    const old = await pay(addDays(today, -367));
    expect(old.status).toBe(400);
    expect(old.body.fields.received_on).toEqual([INVOICE_TEXT.receivedOnTooOld(366)]);
    expect(await paymentRows(f, m.id)).toHaveLength(0);
    const oldest = await pay(addDays(today, -366));
    expect(oldest.status).toBe(201);
    expect(oldest.body.payment.received_on).toBe(addDays(today, -366));
    expect((await pay(today)).status).toBe(201);
  });
});

describe('every invoice foots', () => {
  it('total + interest and fees − paid − credited = balance, on the invoice, each milestone and the list row', async () => {
    const deposit = await depositOption(f);
    const order = await approvedOrder(f, { option: deposit });
    const inv = await detail(order.invoice.id);
    const [first, second] = inv.milestones;
    // Interest on the first milestone and a storage fee on the second, as the daily job posts them.
    const entry = (kind: 'INTEREST' | 'FEE', m: any, amount: number) => ({
      kind: kind as 'INTEREST' | 'FEE',
      amount: amount as Cents,
      customerId: f.userIds.PERSONAL,
      orderId: order.id,
      invoiceId: inv.id,
      milestoneId: m.id,
      notes: kind,
    });
    await f.t.handle.db
      .insert(schema.ledgerEntries)
      .values([entry('INTEREST', first, 1112), entry('FEE', second, 2500)]);
    const pay = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: first.id },
      body: { method: 'CASH', amount: '5.00' },
    });
    expect(pay.status).toBe(201);

    const after = await detail(inv.id);
    expect(after.interest_fees).toBe('36.12');
    const foots = (x: { interest_fees: string; paid: string; credited: string; balance: string }, total: string) =>
      expect(cents(total) + cents(x.interest_fees) - cents(x.paid) - cents(x.credited)).toBe(cents(x.balance));
    foots(after, after.total);
    expect(after.milestones.map((m: any) => m.interest_fees)).toEqual(['11.12', '25.00']);
    for (const m of after.milestones) foots(m, m.amount);
    const listed = (await call(f, invoicesApi.list, 'PERSONAL', {})).body.results.find((r: any) => r.id === inv.id);
    expect(listed.interest_fees).toBe('36.12');
    foots(listed, listed.total);
    const one = (await call(f, invoicesApi.milestone, 'PERSONAL', { params: { id: first.id } })).body;
    expect(one.interest_fees).toBe('11.12');

    // The customer's dashboard: its interest and fees are the list's, and its balance due foots with them.
    const open = (await call(f, invoicesApi.list, 'PERSONAL', { query: { page_size: '200' } })).body.results;
    const total = (key: string) => open.reduce((t: number, r: any) => t + cents(r[key]), 0);
    const res = await call(f, coreApi.dashboard, 'PERSONAL');
    const cards = new Map<string, DashboardCard>(res.body.cards.map((c: DashboardCard) => [c.key, c]));
    expect(cards.get('interest_fees')).toMatchObject({ kind: 'money', href: '/invoices?page=1' });
    expect(cents(cards.get('interest_fees')!.value as string)).toBe(total('interest_fees'));
    expect(total('interest_fees')).toBeGreaterThanOrEqual(3612);
    expect(cents(cards.get('balance_due')!.value as string)).toBe(
      total('total') + total('interest_fees') - total('paid') - total('credited'),
    );

    // The statement: interest and the fee each a line of their own, and it foots.
    const statement = (await call(f, booksApi.customerStatement, 'PERSONAL', { params: { id: f.userIds.PERSONAL } }))
      .body;
    const ofInvoice = statement.lines.filter((l: any) => l.reference === inv.number);
    expect(ofInvoice.filter((l: any) => l.kind === 'INTEREST').map((l: any) => l.amount)).toEqual(['11.12']);
    expect(ofInvoice.filter((l: any) => l.kind === 'FEE').map((l: any) => l.amount)).toEqual(['25.00']);
    let running: number = cents(statement.opening_balance);
    for (const l of statement.lines) {
      running += cents(l.amount);
      expect(cents(l.balance)).toBe(running);
    }
    expect(running).toBe(cents(statement.closing_balance));
  });
});

describe('fees placed', () => {
  it('no interest on storage fees unless the account’s setting says so (default off)', async () => {
    const setting = await call(f, financeApi.customerOverdueInterest, 'ADMIN', { params: { id: f.userIds.PERSONAL } });
    expect(setting.body.on_fees).toBe(false);
    const on = await call(f, financeApi.customerUpdateOverdueInterest, 'ADMIN', {
      params: { id: f.userIds.PERSONAL },
      body: { on_fees: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.on_fees).toBe(true);

    const order = await approvedOrder(f);
    const m = (await detail(order.invoice.id)).milestones[0];
    await setDue(m.id, addDays(today, -10));
    // A storage fee of 2,500.00 owed on the overdue milestone.
    await f.t.handle.db.insert(schema.ledgerEntries).values({
      kind: 'FEE',
      amount: 250_000 as Cents,
      customerId: f.userIds.PERSONAL,
      orderId: order.id,
      invoiceId: order.invoice.id,
      milestoneId: m.id,
      effectiveDate: addDays(today, -2),
      notes: 'storage',
    });
    const ctx = systemContext(f.t.app.deps, silent);
    const settings = (onFees: boolean): ChargeSettings[] => [
      {
        customerId: f.userIds.PERSONAL,
        companyId: null,
        interest: { enabled: true, monthly: 150 as ChargeSettings['interest']['monthly'], graceDays: 0, onFees },
        storage: { enabled: false, dailyAmount: 0 as ChargeSettings['storage']['dailyAmount'], freeDays: 0 },
      },
    ];
    // The day's interest of the invoice (on its charges milestone of the day, decision 0052).
    const interestOn = async (day: string) => {
      const rows = await f.t.handle.db
        .select()
        .from(schema.ledgerEntries)
        .where(and(eq(schema.ledgerEntries.invoiceId, order.invoice.id), eq(schema.ledgerEntries.effectiveDate, day)));
      return rows.find((e) => e.kind === 'INTEREST')!.amount;
    };
    /** 1.50 % a month: a day is 12/365 of it, half away from zero. */
    const daily = (base: number) => Math.round((base * 150 * 12) / (10_000 * 365));
    // The invoice's charge is effective today: the next days' runs.
    await postDailyCharges(ctx, addDays(today, 1), settings(false));
    expect(await interestOn(addDays(today, 1))).toBe(daily(cents(m.amount)));
    await postDailyCharges(ctx, addDays(today, 2), settings(true));
    expect(await interestOn(addDays(today, 2))).toBe(daily(cents(m.amount) + 250_000));
  });
});

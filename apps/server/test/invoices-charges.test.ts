import { schema } from '@cab/db';
import { financeApi, financeReportsApi, invoicesApi } from '@cab/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, type RequestContext, systemContext } from '../src/kit/context.ts';
import { catchUpDailyJob, type DailyJob, runDailyJob } from '../src/kit/jobs/daily.ts';
import { DAILY_CHARGES_JOB, dailyChargesBody, dailyChargesJob } from '../src/modules/finance/index.ts';
import { postDailyCharges } from '../src/modules/invoices/index.ts';
import { updateCustomDiscount } from '../src/modules/orders/index.ts';
import { silent } from './helpers.ts';
import { approvedOrder, call, depositOption, onDay } from './invoices-helpers.ts';
import { type Fixture, setOrder, setupFixture, todayLocal } from './orders-lifecycle-helpers.ts';

/**
 * The daily charges (decision 0035): overdue interest past the grace days and storage fees past
 * the free days, each an immutable ledger entry on the invoice's charges milestone of the day
 * (decision 0052), posted once per day even with two
 * runners on one database (and even if the body itself ran twice), with an audit event; the
 * balances and the invoice answer include them. A tick posts the days no server ran, each with
 * that day's amounts; a reprice carries the old version's charges to the new one.
 */

const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const cents = (wire: string) => Math.round(Number(wire) * 100);

let f: Fixture;
let serverA: RequestContext;
let serverB: RequestContext;
let job: DailyJob;
const today = todayLocal();
/** The personal order's deposit (due today) and the company order's last milestone. */
let personalOrder: number;
let personalInvoice: number;
let deposit: { id: number; amount: number };
let companyInvoice: number;
let companyLast: { id: number; amount: number };
let companyId: number;

beforeAll(async () => {
  f = await setupFixture();
  serverA = systemContext(f.t.app.deps, silent);
  serverB = systemContext(f.t.app.deps, silent);
  job = dailyChargesJob;
  const option = await depositOption(f);
  const personal = await approvedOrder(f, { owner: 'PERSONAL', option });
  personalOrder = personal.id;
  personalInvoice = personal.invoice.id;
  const pInv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: personalInvoice } })).body;
  deposit = { id: pInv.milestones[0].id, amount: cents(pInv.milestones[0].amount) };
  expect(pInv.milestones[0].due_date).toBe(today);

  const company = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', option });
  companyInvoice = company.invoice.id;
  companyId = (await f.t.handle.db.select().from(schema.orders).where(eq(schema.orders.id, company.id)))[0]!.companyId!;
  // Completed today, and not picked up.
  await setOrder(f, company.id, { status: 'COMPLETED', completedAt: new Date() });
  const cInv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: companyInvoice } })).body;
  const last = cInv.milestones.at(-1);
  companyLast = { id: last.id, amount: cents(last.amount) };
  // A second company order, shipped: no storage fee however long ago it was completed.
  const shipped = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', option });
  await setOrder(f, shipped.id, { status: 'SHIPPED', completedAt: new Date(Date.now() - 40 * 86_400_000) });

  const admin = f.tokens.ADMIN;
  const interest = await f.t.call(financeApi.customerUpdateOverdueInterest, {
    token: admin,
    params: { id: f.userIds.PERSONAL },
    body: { enabled: true, monthly_percentage: '1.50', grace_days: 5 },
  });
  expect(interest.status).toBe(200);
  const storage = await f.t.call(financeApi.companyUpdateStorageFees, {
    token: admin,
    params: { id: companyId },
    body: { enabled: true, daily_amount: '12.50', free_days: 3 },
  });
  expect(storage.status).toBe(200);
}, 120_000);
afterAll(() => f.close());

/** The invoice's INTEREST and FEE entries (on its charges milestones, decision 0052). */
const chargesOn = (invoiceId: number) =>
  f.t.handle.db
    .select()
    .from(schema.ledgerEntries)
    .where(and(eq(schema.ledgerEntries.invoiceId, invoiceId), inArray(schema.ledgerEntries.kind, ['INTEREST', 'FEE'])))
    .orderBy(schema.ledgerEntries.id);

/** A run of the daily job as the runner makes it on `today`: the catch-up, by job name. */
const runDailyJobs = async (ctx: RequestContext, today: string) => ({
  [DAILY_CHARGES_JOB]: await catchUpDailyJob(ctx, DAILY_CHARGES_JOB, job, today),
});

const runTwice = (day: string) =>
  Promise.all([runDailyJob(serverA, DAILY_CHARGES_JOB, job, day), runDailyJob(serverB, DAILY_CHARGES_JOB, job, day)]);

/** 1.50 % a month = 150 basis points; a day is 12/365 of a month's rate, half away from zero. */
const expectedInterest = (base: number) => {
  const exact = (base * 150 * 12) / (10_000 * 365);
  return Math.floor(exact) + (exact - Math.floor(exact) >= 0.5 ? 1 : 0);
};

describe('the daily charges', () => {
  it('posts nothing within the grace and free days', async () => {
    expect((await runTwice(plus(today, 3))).sort()).toEqual(['ran', 'skipped']);
    expect((await runTwice(plus(today, 5))).sort()).toEqual(['ran', 'skipped']);
    expect(await chargesOn(personalInvoice)).toHaveLength(0);
    // Day 4 is the first past 3 free days: the fee of day 5 (day 4 was not run) only.
    const fees = await chargesOn(companyInvoice);
    expect(fees.map((e) => [e.kind, e.amount, e.effectiveDate])).toEqual([['FEE', 1250, plus(today, 5)]]);
  });

  it('two runners on one database post each charge once for the day', async () => {
    const day = plus(today, 6);
    expect((await runTwice(day)).sort()).toEqual(['ran', 'skipped']);
    const interest = await chargesOn(personalInvoice);
    expect(interest.map((e) => [e.kind, e.amount, e.effectiveDate])).toEqual([
      ['INTEREST', expectedInterest(deposit.amount), day],
    ]);
    expect(interest[0]!.amount).toBeGreaterThan(0);
    expect(interest[0]!.customerId).toBe(f.userIds.PERSONAL);
    expect((await chargesOn(companyInvoice)).filter((e) => e.effectiveDate === day)).toHaveLength(1);
    // Later ticks the same day do nothing.
    expect((await runTwice(day)).sort()).toEqual(['skipped', 'skipped']);
  });

  it('the posting itself is idempotent per milestone and day (the body run twice posts once)', async () => {
    const day = plus(today, 6);
    const before = (await chargesOn(personalInvoice)).length + (await chargesOn(companyInvoice)).length;
    const settings = (await import('../src/modules/finance/charges/service.ts')).chargeSettings;
    await postDailyCharges(serverA, day, await settings(serverA, day));
    await postDailyCharges(serverB, day, await settings(serverB, day));
    expect((await chargesOn(personalInvoice)).length + (await chargesOn(companyInvoice)).length).toBe(before);
    // The next day posts one more of each; interest stays simple (not on the interest).
    const next = plus(today, 7);
    await runTwice(next);
    const interest = await chargesOn(personalInvoice);
    expect(interest.map((e) => e.amount)).toEqual([expectedInterest(deposit.amount), expectedInterest(deposit.amount)]);
    expect((await chargesOn(companyInvoice)).map((e) => e.effectiveDate)).toEqual([
      plus(today, 5),
      plus(today, 6),
      next,
    ]);
  });

  it('balances and the invoice answer include the charges; an audit event per account and day', async () => {
    const interest = 2 * expectedInterest(deposit.amount);
    const p = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: personalInvoice } })).body;
    // The interest is not on the overdue deposit: each day's on its charges milestone, due 30 days on.
    expect(cents(p.milestones[0].balance)).toBe(deposit.amount);
    expect(cents(p.balance)).toBe(cents(p.total) + interest);
    expect(p.charges.map((c: any) => [c.kind, cents(c.amount), c.date])).toEqual([
      ['INTEREST', interest / 2, plus(today, 6)],
      ['INTEREST', interest / 2, plus(today, 7)],
    ]);
    const held = p.charges.map((c: any) => p.milestones.find((m: any) => m.id === c.milestone));
    expect(held.map((m: any) => [m.due_date, cents(m.balance), m.status])).toEqual([
      [plus(today, 36), interest / 2, 'DUE'],
      [plus(today, 37), interest / 2, 'DUE'],
    ]);
    const c = (await call(f, invoicesApi.detail, 'BUSINESS_MANAGER', { params: { id: companyInvoice } })).body;
    expect(cents(c.milestones.find((m: any) => m.id === companyLast.id).balance)).toBe(companyLast.amount);
    expect(cents(c.balance)).toBe(cents(c.total) + 3 * 1250);
    expect(c.charges.map((x: any) => x.kind)).toEqual(['FEE', 'FEE', 'FEE']);
    // The list and the order answer read the same balance.
    const list = (await call(f, invoicesApi.list, 'PERSONAL', { query: { status: 'DUE,OVERDUE,PARTIAL' } })).body;
    expect(cents(list.results.find((r: any) => r.id === personalInvoice).balance)).toBe(cents(p.balance));
    const events = await f.t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entity, 'account_charges'), eq(schema.auditEvents.action, 'post')));
    // The demo seed posts the last days' charges too: count the days this test ran.
    const ids = events.filter((e) => (e.after as { day: string }).day > today).map((e) => e.entityId);
    expect(ids.filter((id) => id === `customer:${f.userIds.PERSONAL}`)).toHaveLength(2);
    expect(ids.filter((id) => id === `company:${companyId}`)).toHaveLength(3);
  });

  it('an entry cannot be changed or deleted', async () => {
    const [entry] = await chargesOn(personalInvoice);
    await expect(
      f.t.handle.db
        .update(schema.ledgerEntries)
        .set({ amount: 1 as never })
        .where(eq(schema.ledgerEntries.id, entry!.id)),
    ).rejects.toThrow();
  });
});

describe('days no server ran, and a reprice', () => {
  const ranDays = (ticks: Record<string, { day: string; result: string }[]>[]) =>
    ticks
      .flatMap((t) => t[DAILY_CHARGES_JOB] ?? [])
      .filter((r) => r.result === 'ran')
      .map((r) => r.day)
      .sort();
  const onDays = async (invoiceId: number, from: number, to: number) =>
    (await chargesOn(invoiceId))
      .filter((e) => e.effectiveDate >= plus(today, from) && e.effectiveDate <= plus(today, to))
      .map((e) => [e.effectiveDate, e.amount]);
  let paid: number;

  it('one tick posts each missed day once, with the amounts of that day; two ticks racing post once', async () => {
    // Days 8 and 9 no server ran. A payment received on day 9 lowers the interest from day 9 on.
    paid = Math.floor(deposit.amount / 2);
    const pay = await onDay(plus(today, 9), () =>
      call(f, invoicesApi.pay, 'ADMIN', {
        params: { id: deposit.id },
        body: { method: 'CHECK', amount: (paid / 100).toFixed(2), received_on: plus(today, 9) },
      }),
    );
    expect(pay.status).toBe(201);
    const ticks = await Promise.all([runDailyJobs(serverA, plus(today, 10)), runDailyJobs(serverB, plus(today, 10))]);
    expect(ranDays(ticks)).toEqual([plus(today, 8), plus(today, 9), plus(today, 10)]);
    const low = expectedInterest(deposit.amount - paid);
    expect(await onDays(personalInvoice, 8, 10)).toEqual([
      [plus(today, 8), expectedInterest(deposit.amount)],
      [plus(today, 9), low],
      [plus(today, 10), low],
    ]);
    expect(await onDays(companyInvoice, 8, 10)).toEqual([
      [plus(today, 8), 1250],
      [plus(today, 9), 1250],
      [plus(today, 10), 1250],
    ]);
    // The next tick that day finds nothing left to do.
    expect(ranDays([await runDailyJobs(serverB, plus(today, 10))])).toEqual([]);
  });

  it('a failed day is retried by the next tick, and the days after it wait for it', async () => {
    let failOn: string | null = plus(today, 12);
    dailyChargesBody.fill(async (ctx, day, settings) => {
      if (day === failOn) {
        failOn = null;
        throw new Error('ledger unavailable');
      }
      await postDailyCharges(ctx, day, settings);
    });
    try {
      const first = await runDailyJobs(serverA, plus(today, 13));
      expect(first[DAILY_CHARGES_JOB]).toEqual([
        { day: plus(today, 11), result: 'ran' },
        { day: plus(today, 12), result: 'failed' },
      ]);
      expect((await onDays(companyInvoice, 11, 13)).map(([d]) => d)).toEqual([plus(today, 11)]);
      expect(ranDays([await runDailyJobs(serverB, plus(today, 13))])).toEqual([plus(today, 12), plus(today, 13)]);
    } finally {
      dailyChargesBody.fill(postDailyCharges);
    }
    const low = expectedInterest(deposit.amount - paid);
    expect(await onDays(personalInvoice, 11, 13)).toEqual([
      [plus(today, 11), low],
      [plus(today, 12), low],
      [plus(today, 13), low],
    ]);
    expect((await onDays(companyInvoice, 11, 13)).map(([d]) => d)).toEqual([
      plus(today, 11),
      plus(today, 12),
      plus(today, 13),
    ]);
  });

  it('a reprice carries the interest to the new version: balances move, the sums and past reports stay', async () => {
    const db = f.t.handle.db;
    const orderSum = async () =>
      Number(
        (
          (await db.execute(
            sql`select coalesce(sum(amount), 0)::text as s from ledger_entries where order_id = ${personalOrder}`,
          )) as unknown as { rows: { s: string }[] }
        ).rows[0]!.s,
      );
    const aging = async (day: number) =>
      (await call(f, financeReportsApi.aging, 'ADMIN', { query: { as_of: plus(today, day), page_size: '100' } })).body;
    const interest = (await chargesOn(personalInvoice)).reduce((a, e) => a + e.amount, 0);
    const v1 = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: personalInvoice } })).body;
    expect(cents(v1.balance)).toBe(cents(v1.total) + interest - paid);
    const sumBefore = await orderSum();
    const agingBefore = await aging(14);
    const partyTotal = (report: any) =>
      cents(report.results.find((r: any) => r.party.type === 'customer' && r.party.id === f.userIds.PERSONAL).total);
    const on15Before = partyTotal(await aging(15));

    // An admin repriced the order on day 15 (the service as the endpoint runs it, on that day).
    const admin: Ctx = {
      ...serverA,
      actor: {
        id: f.userIds.ADMIN,
        email: 'admin',
        role: 'ADMIN',
        companyId: null,
        tokenId: 0,
        mustChangePassword: false,
      },
      at: new Date(`${plus(today, 15)}T12:00:00`),
    };
    const repriced = await updateCustomDiscount(admin, personalOrder, { custom_discount_amount: '2.00' });
    const v2 = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: repriced.invoice!.id } })).body;
    expect(v2.id).not.toBe(personalInvoice);
    const delta = cents(v2.total) - cents(v1.total);
    expect(delta).toBe(-200);
    // The new version owes its total and the interest, less what was paid; the old one nothing.
    expect(cents(v2.balance)).toBe(cents(v2.total) + interest - paid);
    expect(cents(v2.milestones[0].balance)).toBe(cents(v2.milestones[0].amount) - paid);
    // Each day's interest on the new version's charges milestone of the same due date.
    const dueOf = (v: any, id: number) => v.milestones.find((m: any) => m.id === id).due_date;
    expect(v2.charges.map((c: any) => [c.kind, dueOf(v2, c.milestone), c.date])).toEqual(
      v1.charges.map((c: any) => ['INTEREST', dueOf(v1, c.milestone), plus(today, 15)]),
    );
    expect(v2.charges.reduce((a: number, c: any) => a + cents(c.amount), 0)).toBe(interest);
    const old = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: personalInvoice } })).body;
    expect(old).toMatchObject({ status: 'VOID', balance: '0.00' });
    // The order's ledger changes by the new total only; a report of a day before the reissue does not change.
    expect((await orderSum()) - sumBefore).toBe(delta);
    expect(await aging(14)).toEqual(agingBefore);
    expect(partyTotal(await aging(15)) - on15Before).toBe(delta);

    // The old version gets no more interest; the carried interest is not charged interest (simple).
    await runDailyJobs(serverA, plus(today, 30));
    expect(await onDays(personalInvoice, 14, 30)).toEqual([]);
    const due = plus(today, 15 + 5 + 1);
    const base = cents(v2.milestones[0].amount) - paid;
    expect(await onDays(v2.id, 21, 21)).toEqual([[due, expectedInterest(base)]]);
  });
});

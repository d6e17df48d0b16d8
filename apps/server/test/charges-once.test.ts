import { type DbHandle, DEMO_PASSWORD, schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import {
  buildPath,
  type Cents,
  dayIn,
  type Endpoint,
  financeApi,
  financeReportsApi,
  formatMoney,
  INVOICE_TEXT,
  parseMoney,
  todayIn,
} from '@cab/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backgroundJobs } from '../src/jobs.ts';
import { type Ctx, systemContext } from '../src/kit/context.ts';
import { catchUpDailyJob, utcDay } from '../src/kit/jobs/daily.ts';
import { startJobRunner } from '../src/kit/jobs/runner.ts';
import { DAILY_CHARGES_JOB, dailyChargesJob, updateOverdueInterest } from '../src/modules/finance/charges/service.ts';
import { seed } from '../src/seed/index.ts';
import { silent, testConfig } from './helpers.ts';

/**
 * Charges once, with the day's settings (issue 27, decision 0039): the demo is made once, on an
 * empty database, and dated as it happened; a later start seeds nothing and posts nothing for a
 * past day, even after a setting changed; the daily job posts each day with the settings that
 * held that day; the payment reminder names the open balance and the oldest open due date.
 */

const DAY_MS = 86_400_000;
const plus = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

let handle: DbHandle;
let app: FastifyInstance;
let firstStart: { createdDemoUsers: number; createdDemoOrders: number };
const today = utcDay();
const yesterday = plus(today, -1);

/** What `npm start` does on the database (main.ts): the seed, the app, the job runner's first tick. */
async function start() {
  const config = testConfig({ appEnv: 'production' });
  const seeded = await seed(handle.db, { demo: true, demoFinance: true, demoOrders: true, config });
  const started = await buildApp({ db: handle.db, config, logger: false });
  await started.ready();
  const jobs = startJobRunner(systemContext(started.deps, silent), backgroundJobs());
  await jobs.tick();
  await jobs.stop();
  return { app: started, seeded };
}

/** A run of the daily job as the runner makes it on `today`: the catch-up, by job name. */
const runDailyJobs = async (ctx: Ctx | ReturnType<typeof systemContext>, today: string) => ({
  [DAILY_CHARGES_JOB]: await catchUpDailyJob(ctx, DAILY_CHARGES_JOB, dailyChargesJob, today),
});

async function call(endpoint: Endpoint, options: { token?: string; params?: object; query?: object; body?: object }) {
  const res = await app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, options.params as Record<string, number>),
    query: options.query as Record<string, string>,
    headers: options.token ? { authorization: `Token ${options.token}` } : {},
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function login(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/token/',
    payload: { email, password: DEMO_PASSWORD },
  });
  return res.json().token as string;
}

const aging = async (asOf: string) =>
  (
    await call(financeReportsApi.aging, {
      token: await login('admin@demo.test'),
      query: { as_of: asOf, page_size: '100' },
    })
  ).body;

const userId = async (email: string) =>
  (await handle.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]!;

beforeAll(async () => {
  handle = await createTestDb();
  const started = await start();
  app = started.app;
  firstStart = started.seeded;
}, 300_000);
afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('the demo, made once and dated as it happened', () => {
  it('the first start on an empty database makes the demo; its history is dated as it would have happened', async () => {
    expect(firstStart.createdDemoUsers).toBeGreaterThan(0);
    expect(firstStart.createdDemoOrders).toBeGreaterThan(0);
    const db = handle.db;
    // Each cancelled order's void is dated its cancel day: the reversals, the invoice, its milestones.
    const voids = await db
      .select({
        day: sql<string>`${schema.ledgerEntries.effectiveDate}::text`,
        cancelledAt: schema.orders.cancelledAt,
        supersededAt: schema.invoices.supersededAt,
      })
      .from(schema.ledgerEntries)
      .innerJoin(schema.invoices, eq(schema.invoices.id, schema.ledgerEntries.invoiceId))
      .innerJoin(schema.orders, eq(schema.orders.id, schema.invoices.orderId))
      .where(and(eq(schema.ledgerEntries.kind, 'REVERSAL'), eq(schema.orders.status, 'CANCELLED')));
    expect(voids.length).toBeGreaterThan(0);
    for (const v of voids) {
      expect(v.day).toBe(dayIn(v.cancelledAt!));
      expect(v.supersededAt?.getTime()).toBe(v.cancelledAt!.getTime());
    }
    // Every entry is effective the day it was recorded (replayed at its time), not the day the demo was made.
    const entries = await db.select().from(schema.ledgerEntries);
    const misdated = entries.filter((e) => e.effectiveDate !== dayIn(e.recordedAt));
    expect(misdated.map((e) => [e.kind, e.notes, e.effectiveDate, e.recordedAt.toISOString()])).toEqual([]);
    const revenue = await call(financeReportsApi.revenue, {
      token: await login('admin@demo.test'),
      query: { interval: 'day', date_after: todayIn(), date_before: todayIn() },
    });
    expect(Number(revenue.body.totals.invoiced)).toBeGreaterThanOrEqual(0);

    // Milestones that wait for completion are due from the order's completion, not from today.
    const dated = await db
      .select({
        due: schema.invoiceMilestones.due,
        days: schema.invoiceMilestones.days,
        dueDate: sql<string>`${schema.invoiceMilestones.dueDate}::text`,
        completedAt: schema.orders.completedAt,
      })
      .from(schema.invoiceMilestones)
      .innerJoin(schema.invoices, eq(schema.invoices.id, schema.invoiceMilestones.invoiceId))
      .innerJoin(schema.orders, eq(schema.orders.id, schema.invoices.orderId))
      .where(
        and(
          inArray(schema.invoiceMilestones.due, ['BEFORE_PICKUP', 'DAYS_AFTER_COMPLETION']),
          isNotNull(schema.orders.completedAt),
        ),
      );
    expect(dated.length).toBeGreaterThan(0);
    for (const m of dated) {
      const completedOn = dayIn(m.completedAt!);
      expect(m.dueDate).toBe(m.due === 'BEFORE_PICKUP' ? completedOn : plus(completedOn, m.days));
      expect(m.dueDate < todayIn()).toBe(true);
    }
  });

  it('a second start seeds nothing and moves no past day: a setting changed today leaves yesterday to the cent', async () => {
    const db = handle.db;
    const before = {
      entries: await db.select().from(schema.ledgerEntries).orderBy(schema.ledgerEntries.id),
      orders: (await db.select({ n: sql<number>`count(*)::int` }).from(schema.orders))[0]!.n,
      runs: await db.select().from(schema.jobRuns).orderBy(schema.jobRuns.id),
      yesterday: await aging(yesterday),
      today: await aging(today),
    };
    expect(before.entries.some((e) => e.kind === 'INTEREST' && e.effectiveDate === yesterday)).toBe(true);
    // Today an admin turns interest up for the personal customer and on for a business customer.
    const admin = await login('admin@demo.test');
    const personal = await userId('personal@demo.test');
    const employee = await userId('employee@demo.test');
    for (const id of [personal.id, employee.id]) {
      const res = await call(financeApi.customerUpdateOverdueInterest, {
        token: admin,
        params: { id },
        body: { enabled: true, monthly_percentage: '9.00', grace_days: 0 },
      });
      expect(res.status).toBe(200);
    }
    const company = (await call(financeApi.companyUpdateStorageFees, {
      token: admin,
      params: { id: employee.companyId! },
      body: { enabled: true, daily_amount: '99.00', free_days: 0 },
    }))!;
    expect(company.status).toBe(200);

    await app.close();
    const again = await start();
    app = again.app;
    expect(again.seeded).toEqual({ createdDemoUsers: 0, createdDemoOrders: 0 });
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(schema.orders))[0]!.n).toBe(before.orders);
    expect(await db.select().from(schema.ledgerEntries).orderBy(schema.ledgerEntries.id)).toEqual(before.entries);
    expect(await db.select().from(schema.jobRuns).orderBy(schema.jobRuns.id)).toEqual(before.runs);
    expect(await aging(yesterday)).toEqual(before.yesterday);
    expect(await aging(today)).toEqual(before.today);
  });

  it('the daily job posts each day with the settings that held that day, however late it runs', async () => {
    const db = handle.db;
    const personal = await userId('personal@demo.test');
    const admin = await userId('admin@demo.test');
    // The change made today (above) holds from tomorrow; another, made the day after tomorrow, from the day after.
    const ctx: Ctx = {
      ...systemContext(app.deps, silent),
      actor: {
        id: admin.id,
        email: admin.email,
        role: 'ADMIN',
        companyId: null,
        tokenId: 0,
        mustChangePassword: false,
      },
      at: new Date(`${plus(today, 2)}T12:00:00Z`),
    };
    await updateOverdueInterest(ctx, 'customer', personal.id, { monthly_percentage: '3.00' });
    // No server ran for four days: the tick of the fourth posts them, each with its own settings.
    const ticks = await runDailyJobs(systemContext(app.deps, silent), plus(today, 4));
    expect(ticks[DAILY_CHARGES_JOB]!.map((r) => [r.day, r.result])).toEqual(
      [1, 2, 3, 4].map((n) => [plus(today, n), 'ran']),
    );
    const interest = await db
      .select({ day: sql<string>`${schema.ledgerEntries.effectiveDate}::text`, notes: schema.ledgerEntries.notes })
      .from(schema.ledgerEntries)
      .where(
        and(
          eq(schema.ledgerEntries.kind, 'INTEREST'),
          eq(schema.ledgerEntries.customerId, personal.id),
          sql`${schema.ledgerEntries.companyId} is null`,
          sql`${schema.ledgerEntries.effectiveDate} >= ${today}::date`,
        ),
      );
    // The rate each note names ("Interest 1 % a month", the shared text), without the base and due date.
    const rateOf = (notes: string) => notes.split(' a month')[0];
    const rate = (monthly: string) => rateOf(INVOICE_TEXT.interestNote(monthly, '0.00', today));
    const ratesOn = (day: string) => [...new Set(interest.filter((e) => e.day === day).map((e) => rateOf(e.notes)))];
    // Today's charges were posted at the first start with the settings that held today.
    expect(ratesOn(today)).toEqual([rate('1.00')]);
    expect(ratesOn(plus(today, 1))).toEqual([rate('9.00')]);
    expect(ratesOn(plus(today, 2))).toEqual([rate('9.00')]);
    expect(ratesOn(plus(today, 3))).toEqual([rate('3.00')]);
    expect(ratesOn(plus(today, 4))).toEqual([rate('3.00')]);
  });
});

describe('the payment reminder', () => {
  const outboxTo = (email: string) =>
    handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.toAddress, email), eq(schema.emailOutbox.templateName, 'payment_reminder')));
  const asDate = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
  /** The oldest due date among the party's milestones past due and still owing, from the running figures. */
  const oldestPastDue = async (where: ReturnType<typeof sql>) => {
    const rows = (await handle.db.execute(
      sql`select min(m.due_date)::text as due from invoice_milestones m join invoices i on i.id = m.invoice_id
        where ${where} and m.voided_at is null and m.balance > 0 and m.due_date < ${todayIn()}::date`,
    )) as unknown as { rows: { due: string }[] };
    return rows.rows[0]!.due;
  };

  it('names what the aging report gives the party as past due, with its oldest past due date', async () => {
    const admin = await login('admin@demo.test');
    const report = await aging(todayIn());
    /** The party's past due: its aging row's total less what is current. */
    const pastDueOf = (type: string, id: number) => {
      const row = (report.results as { party: { type: string; id: number }; total: string; current: string }[]).find(
        (r) => r.party.type === type && r.party.id === id,
      )!;
      return formatMoney((parseMoney(row.total)! - parseMoney(row.current)!) as Cents);
    };

    const personal = await userId('personal@demo.test');
    expect(
      (await call(financeApi.customerPaymentReminder, { token: admin, params: { id: personal.id } })).body,
    ).toEqual({
      queued: 1,
    });
    const [mail] = await outboxTo(personal.email);
    const pastDue = pastDueOf('customer', personal.id);
    const due = asDate(await oldestPastDue(sql`i.customer_id = ${personal.id} and i.company_id is null`));
    expect(mail!.subject).toBe(`Payment reminder: ${pastDue} past due`);
    expect(mail!.body).toContain(`${pastDue} is past due, the oldest since ${due}.`);

    // A business customer's invoices are its company's: the company's figures, as the aging says them.
    const manager = await userId('manager@demo.test');
    const companyPastDue = pastDueOf('company', manager.companyId!);
    const companyDue = asDate(await oldestPastDue(sql`i.company_id = ${manager.companyId}`));
    await call(financeApi.companyPaymentReminder, { token: admin, params: { id: manager.companyId! } });
    await call(financeApi.customerPaymentReminder, { token: admin, params: { id: manager.id } });
    const managerMails = await outboxTo(manager.email);
    expect(managerMails).toHaveLength(2);
    for (const m of managerMails)
      expect(m.body).toContain(`${companyPastDue} is past due, the oldest since ${companyDue}.`);
  });
});

import { schema } from '@cab/db';
import { financeApi, financeReportsApi, invoicesApi } from '@cab/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../src/kit/context.ts';
import { catchUpDailyJob, runDailyJob } from '../src/kit/jobs/daily.ts';
import { DAILY_CHARGES_JOB, dailyChargesJob } from '../src/modules/finance/index.ts';
import { partyDues } from '../src/modules/invoices/index.ts';
import { booksOutOfBalance, call, onDay, uncollectedOrder } from './invoices-helpers.ts';
import { type Fixture, todayLocal } from './orders-lifecycle-helpers.ts';

/**
 * Fees placed (issue 34, decision 0052): a storage fee or interest is due the day charged plus
 * the terms (30 days), on the invoice's charges milestone of that day, not on an old milestone.
 * Before, a fee charged on a paid invoice whose balance was due 70 days ago was 61-90 days
 * overdue the day it was charged, made the invoice OVERDUE, and drew interest the next day.
 */

const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const cents = (wire: string) => Math.round(Number(wire) * 100);

let f: Fixture;
let server: RequestContext;
let invoiceId: number;
const today = todayLocal();
/** Settings hold from the day after they are made (decision 0039): the first day charged. */
const day = plus(today, 1);

beforeAll(async () => {
  // Completed 100 days ago, not picked up; its balance was due 70 days ago; all of it paid.
  ({ f, server, invoiceId } = await uncollectedOrder());
  await f.t.handle.db
    .update(schema.invoiceMilestones)
    .set({ dueDate: plus(today, -70) })
    .where(and(eq(schema.invoiceMilestones.invoiceId, invoiceId), eq(schema.invoiceMilestones.seq, 2)));
  const invoice = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: invoiceId } })).body;
  for (const m of invoice.milestones) {
    const paid = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m.id },
      body: { method: 'CHECK', amount: m.amount, received_on: today },
    });
    expect(paid.status).toBe(201);
  }
  const admin = f.tokens.ADMIN;
  const id = f.userIds.PERSONAL;
  const storage = await f.t.call(financeApi.customerUpdateStorageFees, {
    token: admin,
    params: { id },
    body: { enabled: true, daily_amount: '12.50', free_days: 3 },
  });
  expect(storage.status).toBe(200);
  // Interest on fees too, no grace: the fee would draw interest the day after it is past due.
  const interest = await f.t.call(financeApi.customerUpdateOverdueInterest, {
    token: admin,
    params: { id },
    body: { enabled: true, monthly_percentage: '1.50', grace_days: 0, on_fees: true },
  });
  expect(interest.status).toBe(200);
  expect(await runDailyJob(server, DAILY_CHARGES_JOB, dailyChargesJob, day)).toBe('ran');
}, 120_000);
afterAll(() => f.close());

const charges = (kind: 'INTEREST' | 'FEE') =>
  f.t.handle.db
    .select()
    .from(schema.ledgerEntries)
    .where(and(eq(schema.ledgerEntries.invoiceId, invoiceId), inArray(schema.ledgerEntries.kind, [kind])))
    .orderBy(schema.ledgerEntries.id);

describe('a storage fee charged today', () => {
  it('goes on a charges milestone of the day, due the day plus the terms', async () => {
    const invoice = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: invoiceId } })).body;
    const fees = await charges('FEE');
    expect(fees.map((e) => [e.amount, e.effectiveDate])).toEqual([[1250, day]]);
    const held = invoice.milestones.find((m: any) => m.id === fees[0]!.milestoneId);
    expect(held).toMatchObject({
      seq: 3,
      amount: '0.00',
      interest_fees: '12.50',
      balance: '12.50',
      due_date: plus(day, 30),
    });
    expect(held.status).toBe('DUE');
    // The payment milestones stay paid; the invoice owes the fee.
    expect(invoice.milestones.slice(0, 2).map((m: any) => m.status)).toEqual(['PAID', 'PAID']);
    expect(invoice).toMatchObject({ balance: '12.50', interest_fees: '12.50' });
    expect(await booksOutOfBalance(f)).toEqual({ parties: [], negative: [] });
  });

  it('is current in the aging, not overdue in the list, and no reminder calls it past due', async () => {
    const aging = (
      await call(f, financeReportsApi.aging, 'ADMIN', { query: { as_of: day, page_size: '100' } })
    ).body.results.find((r: any) => r.party.type === 'customer' && r.party.id === f.userIds.PERSONAL);
    expect(aging).toMatchObject({ current: '12.50', days_1_30: '0.00', days_61_90: '0.00', total: '12.50' });
    const row = await onDay(day, async () =>
      (await call(f, invoicesApi.list, 'PERSONAL', { query: {} })).body.results.find((r: any) => r.id === invoiceId),
    );
    expect(row).toMatchObject({ status: 'DUE', overdue: '0.00', balance: '12.50' });
    const dues = await partyDues(f.t.handle.db, { customerId: f.userIds.PERSONAL }, day);
    expect(dues).toMatchObject({ pastDue: 0, oldestDueDate: null, nextDue: 1250, nextDueDate: plus(day, 30) });
  });

  it('draws no interest until it is past due, then interest on fees as the account says', async () => {
    await catchUpDailyJob(server, DAILY_CHARGES_JOB, dailyChargesJob, plus(day, 30));
    expect(await charges('INTEREST')).toEqual([]);
    const fees = await charges('FEE');
    expect(fees).toHaveLength(31);
    // One charges milestone per day charged.
    expect(new Set(fees.map((e) => e.milestoneId)).size).toBe(31);
    // Day + 31: the first day's fee is one day past due; it alone draws interest (1.5 % a month).
    await catchUpDailyJob(server, DAILY_CHARGES_JOB, dailyChargesJob, plus(day, 31));
    const interest = await charges('INTEREST');
    expect(interest.map((e) => [e.amount, e.effectiveDate])).toEqual([
      [Math.round((1250 * 150 * 12) / (10_000 * 365)), plus(day, 31)],
    ]);
    const aging = (
      await call(f, financeReportsApi.aging, 'ADMIN', { query: { as_of: plus(day, 31), page_size: '100' } })
    ).body.results.find((r: any) => r.party.type === 'customer' && r.party.id === f.userIds.PERSONAL);
    expect(cents(aging.days_1_30)).toBe(1250);
    expect(cents(aging.total)).toBe(32 * 1250 + interest[0]!.amount);
    expect(await booksOutOfBalance(f)).toEqual({ parties: [], negative: [] });
  });
});

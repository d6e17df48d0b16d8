import { schema } from '@cab/db';
import { coreApi, financeReportsApi, invoicesApi, ordersApi } from '@cab/shared';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder, call, depositOption, onDay } from './invoices-helpers.ts';
import { type Fixture, setupFixture, todayLocal } from './orders-lifecycle-helpers.ts';

/** The aging and revenue reports (decision 0034): buckets, a past date that never changes, CSV. */

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const cents = (s: string) => Math.round(Number(s) * 100);

describe('finance reports', () => {
  let f: Fixture;
  const today = todayLocal();
  const D = addDays(today, 45);
  let personal: { deposit: any; balance: any };
  let company: any;
  let companyId: number;

  beforeAll(async () => {
    f = await setupFixture();
    const deposit = await depositOption(f);
    const a = await approvedOrder(f, { owner: 'PERSONAL', option: deposit });
    const b = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', items: 2 });
    const ia = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: a.invoice.id } })).body;
    const ib = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: b.invoice.id } })).body;
    personal = { deposit: ia.milestones[0], balance: ia.milestones[1] };
    company = ib.milestones[0];
    const m = schema.invoiceMilestones;
    // As of D: the deposit is 45 days past due, the balance has no due date yet (current), the company's 95 days.
    await f.t.handle.db.update(m).set({ dueDate: today }).where(eq(m.id, personal.deposit.id));
    await f.t.handle.db.update(m).set({ dueDate: null }).where(eq(m.id, personal.balance.id));
    await f.t.handle.db
      .update(m)
      .set({ dueDate: addDays(D, -95) })
      .where(eq(m.id, company.id));
    companyId = (await f.t.handle.db.select().from(schema.orders).where(eq(schema.orders.id, b.id)))[0]!.companyId!;
  }, 120_000);
  afterAll(() => f.close());

  const aging = (query: Record<string, string> = {}) =>
    call(f, financeReportsApi.aging, 'ADMIN', { query: { as_of: D, ...query } });

  it('buckets each party by days past due as of the date, with totals', async () => {
    const res = await aging();
    expect(res.status).toBe(200);
    expect(res.body.as_of).toBe(D);
    expect(res.body.total).toBe(2);
    const byType = Object.fromEntries(res.body.results.map((r: any) => [r.party.type, r]));
    const p = byType.customer;
    expect(p.party.id).toBe(f.userIds.PERSONAL);
    expect(p.party.name).not.toBe('');
    expect(p.days_31_60).toBe(personal.deposit.amount);
    expect(p.current).toBe(personal.balance.amount);
    expect(p.days_1_30).toBe('0.00');
    expect(cents(p.total)).toBe(cents(personal.deposit.amount) + cents(personal.balance.amount));
    const c = byType.company;
    expect(c.party).toMatchObject({ type: 'company', id: companyId });
    expect(c.days_90_plus).toBe(company.amount);
    expect(c.total).toBe(company.amount);
    expect(cents(res.body.totals.total)).toBe(cents(p.total) + cents(c.total));
    expect(res.body.totals.days_90_plus).toBe(company.amount);
    // Sorted by total descending by default; order_by=name and paging.
    const one = await aging({ order_by: 'name', page_size: '1', page: '2' });
    expect(one.body.results).toHaveLength(1);
    expect(one.body.total).toBe(2);
    // Before anything was issued: nothing open.
    const before = await aging({ as_of: addDays(today, -1) });
    expect(before.body).toMatchObject({ results: [], total: 0, totals: { total: '0.00' } });
  });

  it('searches the party name', async () => {
    const all = await aging();
    const name: string = all.body.results.find((r: any) => r.party.type === 'company').party.name;
    const found = await aging({ search: name.slice(1, 5).toUpperCase() });
    expect(found.body.results.map((r: any) => r.party.type)).toContain('company');
    const none = await aging({ search: 'zz-no-such-party' });
    expect(none.body).toMatchObject({ results: [], total: 0 });
  });

  it('as of a past date gives the same answer whatever is recorded after it', async () => {
    const before = await aging();
    // Recorded on the day received: a received date after the shop's today is refused (issue 34).
    // Only the server's clock moves weeks on, so sign-ins are kept alive meanwhile (issue 36 expires
    // a token unused for 30 days, measured from the database's sign-in time).
    const config = f.t.app.deps.config;
    const limits = { sessionIdleMs: config.sessionIdleMs, sessionMaxMs: config.sessionMaxMs };
    const pay = async (milestone: number, amount: string, received_on: string, method = 'CHECK') => {
      Object.assign(config, { sessionIdleMs: 0, sessionMaxMs: 0 });
      try {
        return await onDay(received_on, () =>
          call(f, invoicesApi.pay, 'ADMIN', {
            params: { id: milestone },
            body: { method, amount, received_on, reference: 'r' },
          }),
        );
      } finally {
        Object.assign(config, limits);
      }
    };
    expect((await pay(personal.deposit.id, '10.00', addDays(D, 1))).status).toBe(201);
    expect((await pay(company.id, company.amount, addDays(D, 20), 'WIRE')).status).toBe(201);
    const after = await aging();
    expect(after.body).toEqual(before.body);
    // Later, the payments count.
    const later = await aging({ as_of: addDays(D, 20) });
    expect(later.body.results.map((r: any) => r.party.type)).toEqual(['customer']);
    expect(cents(later.body.totals.total)).toBe(cents(before.body.totals.total) - 1000 - cents(company.amount));
  });

  it('answers CSV of every matching party', async () => {
    const csv = await aging({ format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'as_of,party_type,party_id,party_name,current,days_1_30,days_31_60,days_61_90,days_90_plus,total,unapplied_credit',
    );
    // Two parties, then the totals row (issue 34).
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/,TOTAL,,Totals,/);
    // The day it was taken names the file and leads every line.
    const asOf = (await aging()).body.as_of as string;
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="aging_report_${asOf}.csv"; filename*=UTF-8''aging_report_${asOf}.csv`,
    );
    for (const line of lines.slice(1)) expect(line.startsWith(`${asOf},`)).toBe(true);
    const dated = await aging({ format: 'csv', as_of: addDays(D, 20) });
    expect(dated.headers['content-disposition']).toContain(`aging_report_${addDays(D, 20)}.csv`);
  });

  it('revenue: invoiced and collected per period, totals, CSV', async () => {
    const from = addDays(today, -2);
    const to = addDays(D, 25);
    const res = await call(f, financeReportsApi.revenue, 'ADMIN', {
      query: { interval: 'day', date_after: from, date_before: to },
    });
    expect(res.status).toBe(200);
    expect(res.body.interval).toBe('day');
    expect(res.body.results).toHaveLength(45 + 25 + 3);
    const at = (d: string) => res.body.results.find((r: any) => r.period_start === d);
    const invoicedToday = cents(personal.deposit.amount) + cents(personal.balance.amount) + cents(company.amount);
    expect(cents(at(today).invoiced)).toBe(invoicedToday);
    expect(at(addDays(D, 1)).collected).toBe('10.00');
    expect(at(addDays(D, 20)).collected).toBe(company.amount);
    expect(at(from)).toEqual({ period_start: from, invoiced: '0.00', collected: '0.00' });
    expect(cents(res.body.totals.invoiced)).toBe(invoicedToday);
    expect(cents(res.body.totals.collected)).toBe(1000 + cents(company.amount));

    const monthly = await call(f, financeReportsApi.revenue, 'ADMIN', { query: { interval: 'month' } });
    expect(monthly.body.results).toHaveLength(12);
    expect(monthly.body.results.at(-1).period_start).toBe(`${today.slice(0, 7)}-01`);
    for (const interval of ['day', 'week'] as const) {
      const r = await call(f, financeReportsApi.revenue, 'ADMIN', { query: { interval } });
      expect(r.body.results).toHaveLength(interval === 'day' ? 30 : 12);
    }
    expect(monthly.body.results.every((r: any) => r.period_start.endsWith('-01'))).toBe(true);
    expect(cents(monthly.body.totals.invoiced)).toBe(invoicedToday);

    const reversed = await call(f, financeReportsApi.revenue, 'ADMIN', {
      query: { date_after: to, date_before: from },
    });
    expect(reversed.status).toBe(400);

    const csv = await call(f, financeReportsApi.revenue, 'ADMIN', {
      query: { interval: 'week', date_after: from, date_before: to, format: 'csv' },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect((csv.body as string).split('\r\n')[0]).toBe('period_start,invoiced,collected');
  });

  it('is ADMIN only', async () => {
    for (const who of ['STAFF', 'PERSONAL', 'BUSINESS_MANAGER'] as const) {
      expect((await call(f, financeReportsApi.aging, who)).status).toBe(403);
      expect((await call(f, financeReportsApi.revenue, who)).status).toBe(403);
    }
    expect((await call(f, financeReportsApi.aging, null)).status).toBe(401);
  });

  it('sales tax: by state and rate, a reprice counts only the difference, credit notes give their tax back; CSV', async () => {
    const salesTax = (query: Record<string, string> = {}) =>
      call(f, financeReportsApi.salesTax, 'ADMIN', { query: { date_after: today, date_before: today, ...query } });
    const issued = async () => {
      const rows = await f.t.handle.db.select().from(schema.invoices).where(isNull(schema.invoices.supersededAt));
      return {
        taxable: rows.reduce((t, r) => t + r.total - r.salesTax, 0),
        tax: rows.reduce((t, r) => t + r.salesTax, 0),
      };
    };
    // An order taxed at its shipping state's rate.
    const [ship] = await f.t.handle.db
      .select()
      .from(schema.addresses)
      .where(eq(schema.addresses.id, f.addresses.personalShipping));
    const taxed = await call(f, coreApi.patchSettings, 'ADMIN', { body: { tax_rates: { [ship!.state]: 6.625 } } });
    expect(taxed.status).toBe(200);
    const order = await approvedOrder(f, { owner: 'PERSONAL' });
    const before = await salesTax();
    expect(before.status).toBe(200);
    expect(before.body.results).toContainEqual(expect.objectContaining({ state: ship!.state, rate: '6.625' }));
    expect(before.body).toMatchObject({ date_after: today, date_before: today });
    const expected = await issued();
    expect(cents(before.body.total.taxable)).toBe(expected.taxable);
    expect(cents(before.body.total.tax)).toBe(expected.tax);
    expect(before.body.total.credit_notes_tax).toBe('0.00');
    const sumOf = (rows: any[], k: string) => rows.reduce((t, r) => t + cents(r[k]), 0);
    expect(sumOf(before.body.results, 'taxable')).toBe(expected.taxable);
    for (const r of before.body.results) expect(r.rate).toMatch(/^\d+\.\d{2,3}$/);

    // A reprice: the old version is taken back and the new one counted, the same day.
    const [a] = await f.t.handle.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.id, personal.deposit.invoice));
    const repriced = await call(f, ordersApi.updateCustomDiscount, 'ADMIN', {
      params: { id: a!.orderId },
      body: { custom_discount_amount: '5.00', custom_discount_notes: 'Scratch' },
    });
    expect(repriced.status).toBe(200);
    const after = await salesTax();
    expect(cents(after.body.total.taxable)).toBe((await issued()).taxable);

    // A refund that is a credit note gives its share of the tax back.
    const next = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body;
    const open = next.milestones.find((m: any) => cents(m.balance) > 2000);
    const check = await call(f, invoicesApi.pay, 'ADMIN', { params: { id: open.id }, body: { method: 'CHECK' } });
    expect(check.status, JSON.stringify(check.body)).toBe(201);
    const refund = await call(f, invoicesApi.refund, 'ADMIN', {
      params: { id: check.body.payment.id },
      body: { amount: '20.00', reason: 'Damaged door panel' },
    });
    expect(refund.body.refund.credit_note).toBe(true);
    const [note] = await f.t.handle.db
      .select()
      .from(schema.creditMemos)
      .where(eq(schema.creditMemos.refundId, refund.body.refund.id));
    expect(note!.tax).toBeGreaterThan(0);
    const withNote = await salesTax();
    expect(cents(withNote.body.total.credit_notes_tax)).toBe(note!.tax);
    expect(sumOf(withNote.body.results, 'credit_notes_tax')).toBe(note!.tax);

    // Another day's range holds none of it; a reversed range is refused.
    const yesterday = addDays(today, -1);
    const none = await salesTax({ date_after: yesterday, date_before: yesterday });
    expect(none.body).toMatchObject({ results: [], total: { taxable: '0.00', tax: '0.00', credit_notes_tax: '0.00' } });
    expect((await salesTax({ date_after: today, date_before: yesterday })).status).toBe(400);

    const csv = await salesTax({ format: 'csv' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`sales_tax_${today}_${today}.csv`);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('state,rate,taxable,tax,credit_notes_tax');
    expect(lines.at(-1)).toBe(
      `Total,,${withNote.body.total.taxable},${withNote.body.total.tax},${withNote.body.total.credit_notes_tax}`,
    );
    for (const who of ['STAFF', 'PERSONAL', 'BUSINESS_MANAGER'] as const) {
      expect((await call(f, financeReportsApi.salesTax, who)).status).toBe(403);
    }
  });
});

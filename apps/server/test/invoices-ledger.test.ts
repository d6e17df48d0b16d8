import { schema } from '@cab/db';
import { invoicesApi } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotal, splitTotal } from '../src/modules/invoices/index.ts';
import { approvedOrder, call, depositOption } from './invoices-helpers.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';

/**
 * Properties of the money: a split adds up to the total to the cent; over generated payments,
 * credits, allocations and reversals the ledger's sum equals invoiced - paid - credited.
 */

describe('the milestone split', () => {
  it('over thousands of generated totals and splits: parts add up to the total, each near its share', () => {
    const shares = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }).map((w) => {
      const sum = w.reduce((a, b) => a + b, 0);
      const bp = w.map((x) => Math.floor((x * 10_000) / sum));
      bp[bp.length - 1]! += 10_000 - bp.reduce((a, b) => a + b, 0);
      return bp.map((percentage) => ({ percentage }));
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), shares, (total, rules) => {
        const parts = splitTotal(total as never, rules);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.slice(0, -1).forEach((p, i) => {
          expect(Math.abs(p - (total * rules[i]!.percentage) / 10_000)).toBeLessThanOrEqual(0.5);
        });
      }),
      { numRuns: 5000 },
    );
  });
});

describe('the ledger against a model', () => {
  let f: Fixture;
  const milestones: { id: number; amount: number; party: 'customer' | 'company' }[] = [];
  let companyId = 0;
  let invoiced = 0;
  beforeAll(async () => {
    f = await setupFixture();
    const deposit = await depositOption(f);
    for (let i = 0; i < 6; i++) {
      const owner = i % 2 === 0 ? 'PERSONAL' : 'BUSINESS_MANAGER';
      const order = await approvedOrder(f, { owner, option: i % 3 === 0 ? undefined : deposit, items: 1 + (i % 3) });
      invoiced += Math.round(Number(order.invoice.total_price) * 100);
      const inv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body;
      for (const m of inv.milestones) {
        milestones.push({
          id: m.id,
          amount: Math.round(Number(m.amount) * 100),
          party: owner === 'PERSONAL' ? 'customer' : 'company',
        });
      }
      if (owner === 'BUSINESS_MANAGER') {
        companyId = (await f.t.handle.db.select().from(schema.orders).where(eq(schema.orders.id, order.id)))[0]!
          .companyId!;
      }
    }
  }, 120_000);
  afterAll(() => f.close());

  /**
   * Issue 17: the figures the triggers keep (per milestone, per invoice, and the invoice's status)
   * against the ledger's sums and the status derived from them as before; the rows that differ.
   */
  async function storedFiguresDrift() {
    const rows = (await f.t.handle.db.execute(sql`
      with mb as (select m.id, m.invoice_id, m.due_date, m.voided_at is not null as voided,
          m.balance as s_balance, m.paid as s_paid, m.credited as s_credited,
          coalesce(sum(le.amount), 0) as balance,
          -coalesce(sum(le.amount) filter (where le.payment_id is not null and le.credit_memo_id is null), 0) as paid,
          -coalesce(sum(le.amount) filter (where le.credit_memo_id is not null), 0) as credited
        from invoice_milestones m left join ledger_entries le on le.milestone_id = m.id group by m.id),
      inv as (select i.id, i.paid as s_paid, i.credited as s_credited, i.balance as s_balance,
          case when i.superseded_at is not null or i.figure_state = 'VOID' then 'VOID'
            when i.figure_state = 'PAID' then 'PAID' when i.next_due_date < current_date then 'OVERDUE'
            else i.figure_state end as s_status, i.next_due_date as s_next,
          coalesce(sum(mb.paid), 0) as paid, coalesce(sum(mb.credited), 0) as credited,
          coalesce(sum(mb.balance), 0) as balance,
          case when i.superseded_at is not null or coalesce(bool_and(mb.voided), false) then 'VOID'
            when coalesce(bool_and(mb.voided or mb.balance <= 0), true) then 'PAID'
            when bool_or(not mb.voided and mb.balance > 0 and mb.due_date < current_date) then 'OVERDUE'
            when bool_or(not mb.voided and mb.balance > 0 and (mb.paid + mb.credited) > 0) then 'PARTIAL'
            else 'DUE' end as status,
          min(mb.due_date) filter (where not mb.voided and mb.balance > 0) as next
        from invoices i left join mb on mb.invoice_id = i.id group by i.id)
      select 'milestone' as what, id from mb
        where (s_balance, s_paid, s_credited) is distinct from (balance, paid, credited)
      union all
      select 'invoice', id from inv
        where (s_paid, s_credited, s_balance, s_status, s_next) is distinct from (paid, credited, balance, status, next)`)) as unknown as {
      rows: { what: string; id: number }[];
    };
    return rows.rows;
  }

  const op = fc.oneof(
    fc.record({
      kind: fc.constant('pay' as const),
      m: fc.nat(),
      cents: fc.integer({ min: 1, max: 50_000 }),
      method: fc.constantFrom('CHECK', 'CASH', 'WIRE'),
    }),
    fc.record({
      kind: fc.constant('credit' as const),
      party: fc.constantFrom('customer', 'company'),
      cents: fc.integer({ min: 1, max: 20_000 }),
    }),
    fc.record({
      kind: fc.constant('apply' as const),
      memo: fc.nat(),
      m: fc.nat(),
      cents: fc.integer({ min: 1, max: 20_000 }),
    }),
    fc.record({ kind: fc.constant('reverse' as const), memo: fc.nat() }),
  );

  it('sum of entries = invoiced - paid - credited, to the cent; no milestone goes below zero', async () => {
    const memos: { id: number; amount: number; party: 'customer' | 'company'; active: boolean }[] = [];
    let paid = 0;
    const money = (c: number) => (c / 100).toFixed(2);
    // One cent of credit applied for certain, before the generated runs and out of their reach
    // (they reverse only the memos they made): so a milestone stays credited whatever they do.
    const sure = await call(f, invoicesApi.customerCreditCreate, 'ADMIN', {
      params: { id: f.userIds.PERSONAL },
      body: { amount: '0.01' },
    });
    expect(sure.status).toBe(201);
    const first = milestones.find((m) => m.party === 'customer')!;
    const applied = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: first.id },
      body: { method: 'CREDIT', credit_memo: sure.body.id, amount: '0.01' },
    });
    expect(applied.status).toBe(201);
    const sureCredit = 1;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'pay') {
            const m = milestones[o.m % milestones.length]!;
            const res = await call(f, invoicesApi.pay, 'ADMIN', {
              params: { id: m.id },
              body: { method: o.method, amount: money(o.cents) },
            });
            if (res.status === 201) paid += o.cents;
            else expect(['payment_amount_too_large', 'milestone_closed']).toContain(res.body.code);
          } else if (o.kind === 'credit') {
            const e = o.party === 'customer' ? invoicesApi.customerCreditCreate : invoicesApi.companyCreditCreate;
            const id = o.party === 'customer' ? f.userIds.PERSONAL : companyId;
            const res = await call(f, e, 'ADMIN', { params: { id }, body: { amount: money(o.cents) } });
            expect(res.status).toBe(201);
            memos.push({ id: res.body.id, amount: o.cents, party: o.party, active: true });
          } else if (o.kind === 'apply' && memos.length) {
            const memo = memos[o.memo % memos.length]!;
            const own = milestones.filter((m) => m.party === memo.party);
            const m = own[o.m % own.length]!;
            const res = await call(f, invoicesApi.pay, 'ADMIN', {
              params: { id: m.id },
              body: { method: 'CREDIT', credit_memo: memo.id, amount: money(o.cents) },
            });
            if (res.status !== 201) {
              expect([
                'payment_amount_too_large',
                'milestone_closed',
                'credit_unavailable',
                'credit_memo_reversed',
              ]).toContain(res.body.code);
            }
          } else if (o.kind === 'reverse' && memos.length) {
            const memo = memos[o.memo % memos.length]!;
            const res = await call(f, invoicesApi.reverseCredit, 'ADMIN', {
              params: { id: memo.id },
              body: { notes: 'test' },
            });
            if (memo.active) {
              expect(res.status).toBe(200);
              memo.active = false;
            } else expect(res.body.code).toBe('credit_memo_reversed');
          }
        }
        const credited = sureCredit + memos.filter((m) => m.active).reduce((a, m) => a + m.amount, 0);
        expect(await ledgerTotal(f.t.handle.db)).toBe(invoiced - paid - credited);
        for (const m of milestones) {
          const got = (await call(f, invoicesApi.milestone, 'ADMIN', { params: { id: m.id } })).body;
          const [bal, p, c] = [got.balance, got.paid, got.credited].map((x: string) => Math.round(Number(x) * 100));
          expect(bal).toBeGreaterThanOrEqual(0);
          expect(bal).toBe(m.amount - p! - c!);
        }
        expect(await storedFiguresDrift()).toEqual([]);
      }),
      { numRuns: 60 },
    );
    // The generated runs did move money (not only refusals).
    expect(invoiced).toBeGreaterThan(0);
    expect(paid).toBeGreaterThan(0);
    expect(memos.some((m) => !m.active)).toBe(true);
    const figures = (await f.t.handle.db.execute(
      sql`select count(*) filter (where paid > 0)::int as paid, count(*) filter (where credited > 0)::int as credited
        from invoice_milestones`,
    )) as unknown as { rows: { paid: number; credited: number }[] };
    // The stored figures were exercised (payments and credits reached them), not only zeros.
    expect(Number(figures.rows[0]!.paid)).toBeGreaterThan(0);
    expect(Number(figures.rows[0]!.credited)).toBeGreaterThan(0);
  }, 300_000);
});

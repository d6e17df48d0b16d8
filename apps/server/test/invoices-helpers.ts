import { schema } from '@cab/db';
import { type Endpoint, ordersApi } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { systemContext } from '../src/kit/context.ts';
import { silent } from './helpers.ts';
import { type Fixture, makeOrder, setOrder, setupFixture, submit, submitForm } from './orders-lifecycle-helpers.ts';

/** Fixtures of the invoices tests: approved orders, with a 50/50 payment option. */

/** A payment option "50 % deposit": half on approval, half 30 days after completion. */
export async function depositOption(f: Fixture) {
  const [row] = await f.t.handle.db
    .insert(schema.paymentOptions)
    .values({
      name: '50 % deposit',
      milestones: [
        { label: 'Deposit', percentage: 5_000, due: 'ON_APPROVAL' },
        { label: 'Balance', percentage: 5_000, due: 'DAYS_AFTER_COMPLETION', days: 30 },
      ],
    })
    .returning();
  return row!.id;
}

/** A BID of `owner`, submitted with `option` and approved by the admin: answers the order as approved. */
export async function approvedOrder(
  f: Fixture,
  options: { owner?: 'PERSONAL' | 'BUSINESS_MANAGER' | 'BUSINESS_EMPLOYEE'; option?: number; items?: number } = {},
): Promise<any> {
  const owner = options.owner ?? 'PERSONAL';
  const order = await makeOrder(f, owner, { items: options.items ?? 1 });
  const form = submitForm(f, options.option ? { customer_payment_option: String(options.option) } : {}, owner);
  const submitted = await submit(f, f.tokens[owner], order.id, form);
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const approved = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: order.id }, body: {} });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  return approved.body;
}

export const call = (
  f: Fixture,
  e: Endpoint,
  who: keyof Fixture['tokens'] | null,
  o: Parameters<Fixture['t']['call']>[1] = {},
) => f.t.call(e, { ...o, token: who ? f.tokens[who] : null });

export async function ledgerRows(f: Fixture) {
  return f.t.handle.db.select().from(schema.ledgerEntries).orderBy(schema.ledgerEntries.id);
}

export async function paymentRows(f: Fixture, milestoneId: number) {
  return f.t.handle.db.select().from(schema.payments).where(eq(schema.payments.milestoneId, milestoneId));
}

/** The payment receipts queued in the outbox, newest last. */
export async function receiptMails(f: Fixture) {
  const o = schema.emailOutbox;
  return f.t.handle.db.select().from(o).where(eq(o.templateName, 'payment_receipt')).orderBy(o.id);
}

/**
 * The ledger's identity per party (issue 34, decision 0044): for every company, and every customer
 * buying for itself, sum(ledger) = invoiced − paid − credited + refunded (from the invoices,
 * payments and memos, not the ledger; interest and fees as posted) = what its milestones owe − its
 * unapplied credit. Answers the parties where it fails (none when the books balance) and the
 * milestones below zero.
 */
export async function booksOutOfBalance(f: Fixture) {
  const party = (t: string) => sql.raw(`coalesce('co' || ${t}.company_id, 'cu' || ${t}.customer_id)`);
  const rows = (await f.t.handle.db.execute(sql`
    with parts as (
      select ${party('e')} as party, e.amount as ledger, 0 as model, 0 as owed from ledger_entries e
      union all
      select ${party('i')}, 0, m.amount, m.balance
        from invoice_milestones m join invoices i on i.id = m.invoice_id where m.voided_at is null
      union all
      -- Interest and fees are owed like the invoice's total (net of their reversals: a reissue's carry).
      select ${party('e')}, 0, e.amount, 0 from ledger_entries e
        left join ledger_entries r on r.id = e.reverses_entry_id
        where e.kind in ('INTEREST', 'FEE') or r.kind in ('INTEREST', 'FEE')
      union all
      select ${party('i')}, 0, -(p.amount - p.refunded), 0
        from payments p join invoices i on i.id = p.invoice_id
        where p.method <> 'CREDIT' and p.status = 'SUCCEEDED'
      union all
      select ${party('c')}, 0, -c.amount, 0 from credit_memos c
        where c.status = 'ACTIVE' and c.source_payment_id is null
      union all
      select ${party('e')}, 0, 0, e.amount from ledger_entries e
        where e.milestone_id is null and e.credit_memo_id is not null
    )
    select party, sum(ledger)::int8 as ledger, sum(model)::int8 as model, sum(owed)::int8 as owed
    from parts group by party having sum(ledger) <> sum(model) or sum(ledger) <> sum(owed)`)) as unknown as {
    rows: { party: string; ledger: string; model: string; owed: string }[];
  };
  const negative = (await f.t.handle.db.execute(
    sql`select id, balance from invoice_milestones where balance < 0`,
  )) as unknown as { rows: { id: number; balance: string }[] };
  return {
    parties: rows.rows.map((r) => ({ ...r, ledger: Number(r.ledger), model: Number(r.model), owed: Number(r.owed) })),
    negative: negative.rows,
  };
}

/**
 * `work` with the server's clock at noon of `day` in the shop (the database's clock is not moved):
 * a check received on a later day is recorded that day, as a received date after the shop's
 * today is refused (issue 34).
 */
export async function onDay<T>(day: string, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T17:00:00Z`));
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * The daily charges' subject: a PERSONAL order (the deposit option) approved, completed 100 days
 * ago and not picked up; with the fixture and the jobs' system context.
 */
export async function uncollectedOrder() {
  const f = await setupFixture();
  const server = systemContext(f.t.app.deps, silent);
  const order = await approvedOrder(f, { owner: 'PERSONAL', option: await depositOption(f) });
  await setOrder(f, order.id, { status: 'COMPLETED', completedAt: new Date(Date.now() - 100 * 86_400_000) });
  return { f, server, invoiceId: order.invoice.id };
}

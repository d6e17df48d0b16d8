import { type Executor, rowsOf, schema } from '@cab/db';
import type { Cents } from '@cab/shared';
import { sql } from 'drizzle-orm';

/** The SQL of the finance reports: sums of ledger entries by effective date (decision 0034). */
const { invoiceMilestones, ledgerEntries, payments } = schema;

export interface AgingSums {
  type: 'customer' | 'company';
  id: number;
  current: number;
  days_1_30: number;
  days_31_60: number;
  days_61_90: number;
  days_90_plus: number;
}

/**
 * Open balance of every party as of `asOf`: each milestone's entries effective on or before that
 * day, bucketed by the days between its due date and `asOf` (no due date yet, or not past: current).
 * The party is the invoice's company when it has one, else its customer.
 */
export async function agingSums(db: Executor, asOf: string): Promise<AgingSums[]> {
  // One pass: each entry joins its milestone for the due date and lands in its party's bucket (a
  // sum per bucket equals the sum of the milestones' balances; settled milestones add zero). The
  // entries carry their invoice's party. Two sequential scans and a hash join (decision 0034).
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select case when e.company_id is null then 'customer' else 'company' end as type,
        coalesce(e.company_id, e.customer_id) as id,
        sum(e.amount) filter (where m.due_date is null or m.due_date >= ${asOf}::date) as current,
        sum(e.amount) filter (where ${asOf}::date - m.due_date between 1 and 30) as days_1_30,
        sum(e.amount) filter (where ${asOf}::date - m.due_date between 31 and 60) as days_31_60,
        sum(e.amount) filter (where ${asOf}::date - m.due_date between 61 and 90) as days_61_90,
        sum(e.amount) filter (where ${asOf}::date - m.due_date > 90) as days_90_plus
      from ${ledgerEntries} e
      join ${invoiceMilestones} m on m.id = e.milestone_id
      where e.effective_date <= ${asOf}::date
      group by 1, 2`,
  );
  const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  return rows.map((r) => ({
    type: r.type as AgingSums['type'],
    id: Number(r.id),
    current: n(r.current),
    days_1_30: n(r.days_1_30),
    days_31_60: n(r.days_31_60),
    days_61_90: n(r.days_61_90),
    days_90_plus: n(r.days_90_plus),
  }));
}

/**
 * Each party's unapplied credit as of `asOf` (issue 34): what its credit memos hold, off any
 * milestone (the sum of the memos' entries with no milestone, negated), keyed as agingSums keys.
 */
export async function unappliedCredit(db: Executor, asOf: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ type: string; id: number; credit: string }>(
    db,
    sql`select case when e.company_id is null then 'customer' else 'company' end as type,
        coalesce(e.company_id, e.customer_id) as id, (-sum(e.amount))::text as credit
      from ${ledgerEntries} e
      where e.credit_memo_id is not null and e.milestone_id is null and e.effective_date <= ${asOf}::date
      group by 1, 2`,
  );
  return new Map(
    rows.filter((r) => Number(r.credit) !== 0).map((r) => [partyKey(r.type, Number(r.id)), Number(r.credit)]),
  );
}

export const partyKey = (type: string, id: number) => `${type}:${id}`;

export interface RevenueSums {
  period_start: string;
  invoiced: number;
  collected: number;
}

/**
 * Per period between `from` and `to` (every period, empty ones with zeros): invoiced = charges,
 * interest and fees net of their reversals (entries on milestones with no payment and no memo);
 * collected = money received net of what went back, on the day received: every entry of a payment
 * that is not a credit memo applied, whether it paid a milestone or became overpayment credit
 * (issue 34), less its refunds and reversals.
 */
export async function revenueSums(
  db: Executor,
  interval: 'day' | 'week' | 'month',
  from: string,
  to: string,
): Promise<RevenueSums[]> {
  const step = sql.raw(`'1 ${interval}'::interval`);
  const unit = sql.raw(`'${interval}'`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with periods as (
        select p::date as period_start
        from generate_series(date_trunc(${unit}, ${from}::date), ${to}::date, ${step}) p
      ), sums as (
        select date_trunc(${unit}, e.effective_date)::date as period_start,
          sum(e.amount) filter (where e.payment_id is null and e.credit_memo_id is null) as invoiced,
          -sum(e.amount) filter (where p.method <> 'CREDIT') as collected
        from ${ledgerEntries} e
        left join ${payments} p on p.id = e.payment_id
        where (e.milestone_id is not null or p.method <> 'CREDIT')
          and e.effective_date between ${from}::date and ${to}::date
        group by 1
      )
      select to_char(p.period_start, 'YYYY-MM-DD') as period_start,
        coalesce(s.invoiced, 0) as invoiced, coalesce(s.collected, 0) as collected
      from periods p left join sums s using (period_start)
      order by p.period_start`,
  );
  return rows.map((r) => ({
    period_start: String(r.period_start),
    invoiced: Number(r.invoiced),
    collected: Number(r.collected),
  }));
}

/** A party as the aging report names it: a company, or a customer's own invoices (no company). */
export type AgingParty = { customerId: number } | { companyId: number };

export interface PartyDues {
  /** Its open balance (the aging report's total). */
  balance: Cents;
  /** What was due before `asOf` (the aging's past-due buckets) and the oldest due date still owing. */
  pastDue: Cents;
  oldestDueDate: string | null;
  /** The first due date on or after `asOf` with something owing, and what falls due that day. */
  nextDueDate: string | null;
  nextDue: Cents;
}

/**
 * One party's dues as of `asOf`, as the aging report sums them (its milestones' entries effective
 * on or before that day): the open balance, what is past due with its oldest due date, and what
 * falls due next (issue 34: the reminder names each apart).
 */
export async function partyDues(db: Executor, party: AgingParty, asOf: string): Promise<PartyDues> {
  const whose =
    'companyId' in party
      ? sql`e.company_id = ${party.companyId}`
      : sql`e.customer_id = ${party.customerId} and e.company_id is null`;
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with owed as (
        select m.id, m.due_date, sum(e.amount) as owed
        from ${ledgerEntries} e
        join ${invoiceMilestones} m on m.id = e.milestone_id
        where ${whose} and e.effective_date <= ${asOf}::date
        group by m.id, m.due_date
      ), next as (select min(due_date) as day from owed where due_date >= ${asOf}::date and owed > 0)
      select coalesce(sum(owed), 0) as balance,
        coalesce(sum(owed) filter (where due_date < ${asOf}::date), 0) as past_due,
        to_char(min(due_date) filter (where due_date < ${asOf}::date and owed > 0), 'YYYY-MM-DD') as oldest,
        to_char((select day from next), 'YYYY-MM-DD') as next_day,
        coalesce(sum(owed) filter (where owed > 0 and due_date = (select day from next)), 0) as next_due
      from owed`,
  );
  const cents = (v: unknown) => Number(v ?? 0) as Cents;
  return {
    balance: cents(row?.balance),
    pastDue: cents(row?.past_due),
    oldestDueDate: (row?.oldest as string | null) ?? null,
    nextDueDate: (row?.next_day as string | null) ?? null,
    nextDue: cents(row?.next_due),
  };
}

/** One invoice version or credit note for the sales-tax report: its state and rate, and when it counted. */
export interface SalesTaxPiece {
  state: string | null;
  rate: number;
  taxable: number;
  tax: number;
  creditNotesTax: number;
  /** Counted on `on`; taken back on `off` (a version superseded or cancelled, a credit note reversed). */
  on: Date;
  off: Date | null;
}

/**
 * Invoice versions and credit notes that counted or were taken back near `from`..`to` (two days
 * either side: the caller puts each on the shop's day). A version is taxable total − tax.
 */
export async function salesTaxPieces(db: Executor, from: string, to: string): Promise<SalesTaxPiece[]> {
  const near = (col: ReturnType<typeof sql>) => sql`${col} between ${from}::date - 2 and ${to}::date + 2`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select i.tax_state as state, i.tax_rate as rate, i.total - i.sales_tax as taxable, i.sales_tax as tax,
        0 as credit_notes_tax, i.issued_at as on, i.superseded_at as off
      from ${schema.invoices} i
      where ${near(sql`i.issued_at`)} or ${near(sql`i.superseded_at`)}
      union all
      select i.tax_state, i.tax_rate, 0, 0, c.tax, c.created_at, c.reversed_at
      from ${schema.creditMemos} c
      join ${schema.refunds} r on r.id = c.refund_id
      join ${schema.payments} p on p.id = r.payment_id
      join ${schema.invoices} i on i.id = p.invoice_id
      where ${near(sql`c.created_at`)} or ${near(sql`c.reversed_at`)}`,
  );
  return rows.map((r) => ({
    state: (r.state as string | null) ?? null,
    rate: Number(r.rate),
    taxable: Number(r.taxable),
    tax: Number(r.tax),
    creditNotesTax: Number(r.credit_notes_tax),
    on: new Date(r.on as string),
    off: r.off ? new Date(r.off as string) : null,
  }));
}

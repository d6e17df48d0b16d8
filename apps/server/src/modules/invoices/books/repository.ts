import { type Executor, rowsOf, schema } from '@cab/db';
import { sql } from 'drizzle-orm';

/**
 * The SQL of the statement and the exports (decision 0046): the ledger's entries grouped into the
 * documents a person reads (an invoice's charges of a day, a payment, a refund, a credit memo).
 */
const { creditMemos, invoiceMilestones, invoices, ledgerEntries, payments, refunds } = schema;

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** A statement's party: a company (its entries), or a customer (every entry of its own invoices and credit, whichever account it bought for). */
export type BooksParty = { type: 'customer'; id: number } | { type: 'company'; id: number };

const whose = (party: BooksParty) =>
  party.type === 'company' ? sql`e.company_id = ${party.id}` : sql`e.customer_id = ${party.id}`;

export interface LedgerGroup {
  day: string;
  doc: 'invoice' | 'payment' | 'refund' | 'memo';
  docId: number;
  /** Invoice documents: the ledger kind (a reversal takes the kind it reverses); memos: CREDIT, CREDIT_NOTE (a refund's), REVERSAL or ALLOCATION. */
  kindClass: string;
  customerId: number | null;
  companyId: number | null;
  /** The sum of the group's entries on milestones (receivables) and off them (a memo's unapplied credit). */
  owed: number;
  unapplied: number;
  firstId: number;
  disputed: boolean;
  invoiceNumber: string;
  orderName: string;
  invoiceTotal: number;
  invoiceTax: number;
  method: string;
  paymentReference: string;
  text: string;
}

/**
 * Every document group with entries effective between `from` and `to`, in order (day, first entry):
 * one party's, or everybody's (the journal). Groups whose entries sum to zero on both sides are left out.
 */
export async function ledgerGroups(
  db: Executor,
  range: { from: string; to: string },
  party?: BooksParty,
): Promise<LedgerGroup[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    // Each table is read by the keys the groups name (`id = any(array(...))`): costed on those few
    // rows, the plan stays under PostgreSQL's JIT threshold (per-row lateral lookups and a subplan
    // per entry priced a two-year statement at 670,000 and spent 3 s compiling it; decision 0046).
    sql`with e as (
        select * from ${ledgerEntries} e
        where ${party ? sql`${whose(party)} and ` : sql``}e.effective_date between ${range.from}::date and ${range.to}::date
      ),
      rev as (
        select r.id, r.kind from ${ledgerEntries} r
        where r.id = any(array(select e.reverses_entry_id from e where e.reverses_entry_id is not null))
      ),
      g as (
        select e.effective_date as day,
          -- A refund's credit note (decision 0044: a memo naming the refund) is its own document:
          -- folded into the refund, the two cancel out and neither would show.
          case when e.credit_memo_id is not null then 'memo' when e.refund_id is not null then 'refund'
            when e.payment_id is not null then 'payment' else 'invoice' end as doc,
          coalesce(e.credit_memo_id, e.refund_id, e.payment_id, e.invoice_id) as doc_id,
          case when e.credit_memo_id is not null then
              case when e.kind = 'CREDIT' and e.refund_id is not null then 'CREDIT_NOTE'
                when e.kind in ('CREDIT', 'REVERSAL') then e.kind else 'ALLOCATION' end
            when e.refund_id is not null or e.payment_id is not null then ''
            else coalesce(rev.kind, e.kind) end as kind_class,
          sum(e.amount) filter (where e.milestone_id is not null) as owed,
          sum(e.amount) filter (where e.milestone_id is null) as unapplied,
          min(e.customer_id) as customer_id, min(e.company_id) as company_id,
          min(e.id) as first_id, min(e.invoice_id) as invoice_id,
          bool_or(e.notes like 'disputed%') as disputed
        from e left join rev on rev.id = e.reverses_entry_id
        group by 1, 2, 3, 4
        having coalesce(sum(e.amount) filter (where e.milestone_id is not null), 0) <> 0
          or coalesce(sum(e.amount) filter (where e.milestone_id is null), 0) <> 0
      ),
      i as (
        select id, number, order_name, total, sales_tax from ${invoices}
        where id = any(array(select distinct g.invoice_id from g where g.invoice_id is not null))
      ),
      p as (
        select id, method, reference from ${payments}
        where id = any(array(select g.doc_id from g where g.doc = 'payment'))
      ),
      rf as (
        select id, reason, payment_id from ${refunds} where id = any(array(select g.doc_id from g where g.doc = 'refund'))
      ),
      rp as (select id, method from ${payments} where id = any(array(select rf.payment_id from rf))),
      m as (
        select id, notes from ${creditMemos} where id = any(array(select g.doc_id from g where g.doc = 'memo'))
      )
      select to_char(g.day, 'YYYY-MM-DD') as day, g.doc, g.doc_id, g.kind_class, g.owed, g.unapplied,
        g.customer_id, g.company_id, g.first_id, g.disputed,
        i.number as invoice_number, i.order_name, i.total as invoice_total, i.sales_tax as invoice_tax,
        coalesce(p.method, rp.method, '') as method, coalesce(p.reference, '') as payment_reference,
        coalesce(rf.reason, m.notes, '') as text
      from g
      left join i on i.id = g.invoice_id
      left join p on g.doc = 'payment' and p.id = g.doc_id
      left join rf on g.doc = 'refund' and rf.id = g.doc_id
      left join rp on rp.id = rf.payment_id
      left join m on g.doc = 'memo' and m.id = g.doc_id
      order by g.day, g.first_id`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    doc: r.doc as LedgerGroup['doc'],
    docId: n(r.doc_id),
    kindClass: String(r.kind_class),
    customerId: r.customer_id === null ? null : n(r.customer_id),
    companyId: r.company_id === null ? null : n(r.company_id),
    owed: n(r.owed),
    unapplied: n(r.unapplied),
    firstId: n(r.first_id),
    disputed: r.disputed === true,
    invoiceNumber: String(r.invoice_number ?? ''),
    orderName: String(r.order_name ?? ''),
    invoiceTotal: n(r.invoice_total),
    invoiceTax: n(r.invoice_tax),
    method: String(r.method),
    paymentReference: String(r.payment_reference),
    text: String(r.text),
  }));
}

/**
 * What a party's statement is drawn from, as one text: its ledger entries (append-only: their
 * count and last id move with every entry, one committed late included) and its milestones' due
 * dates (the aging; a due date is set at completion without an entry). Equal texts, equal statements.
 */
export async function statementVersion(db: Executor, party: BooksParty): Promise<string> {
  const own = party.type === 'company' ? sql`i.company_id = ${party.id}` : sql`i.customer_id = ${party.id}`;
  const [row] = await rowsOf<{ version: string }>(
    db,
    sql`select concat_ws('|',
        (select count(*) || ':' || coalesce(max(e.id), 0) from ${ledgerEntries} e where ${whose(party)}),
        -- The party's milestones by key: a join would read every milestone (as partyStanding says).
        (select count(*) || ':' || coalesce(sum(m.id::numeric * coalesce(m.due_date - date '2000-01-01', -1)), 0)
          from ${invoiceMilestones} m
          where m.invoice_id = any(array(select i.id from ${invoices} i where ${own})))) as version`,
  );
  return row!.version;
}

export interface PartyStanding {
  /** All the party's entries effective before the day (the opening balance). */
  before: number;
  /** As of the last day: unapplied credit (entries off milestones, negated) and the aging buckets. */
  credit: number;
  current: number;
  d1_30: number;
  d31_60: number;
  d61_90: number;
  d90_plus: number;
}

/** The party's opening balance before `from`, and its credit and aging as of `to` (as the aging report buckets). */
export async function partyStanding(db: Executor, party: BooksParty, from: string, to: string): Promise<PartyStanding> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    // The party's milestones by key: a join would hash the whole milestones table for a few of them.
    sql`with e as (
        select e.milestone_id, e.amount, e.effective_date from ${ledgerEntries} e
        where ${whose(party)} and e.effective_date <= ${to}::date
      ),
      m as (
        select id, due_date from ${invoiceMilestones}
        where id = any(array(select distinct e.milestone_id from e where e.milestone_id is not null))
      )
      select sum(e.amount) filter (where e.effective_date < ${from}::date) as before,
        -sum(e.amount) filter (where e.milestone_id is null) as credit,
        sum(e.amount) filter (where e.milestone_id is not null and (m.due_date is null or m.due_date >= ${to}::date)) as current,
        sum(e.amount) filter (where ${to}::date - m.due_date between 1 and 30) as d1_30,
        sum(e.amount) filter (where ${to}::date - m.due_date between 31 and 60) as d31_60,
        sum(e.amount) filter (where ${to}::date - m.due_date between 61 and 90) as d61_90,
        sum(e.amount) filter (where ${to}::date - m.due_date > 90) as d90_plus
      from e left join m on m.id = e.milestone_id`,
  );
  return {
    before: n(row?.before),
    credit: n(row?.credit),
    current: n(row?.current),
    d1_30: n(row?.d1_30),
    d31_60: n(row?.d31_60),
    d61_90: n(row?.d61_90),
    d90_plus: n(row?.d90_plus),
  };
}

/** The parties with an open balance today (the monthly statement run). */
export async function partiesOwing(db: Executor, asOf: string): Promise<BooksParty[]> {
  const rows = await rowsOf<{ type: 'customer' | 'company'; id: unknown }>(
    db,
    sql`select case when e.company_id is null then 'customer' else 'company' end as type,
        coalesce(e.company_id, e.customer_id) as id
      from ${ledgerEntries} e
      where e.effective_date <= ${asOf}::date
      group by 1, 2
      having sum(e.amount) > 0
      order by 1, 2`,
  );
  return rows.map((r) => ({ type: r.type, id: n(r.id) }));
}

export interface IssuedInvoice {
  id: number;
  number: string;
  orderName: string;
  customerId: number;
  companyId: number | null;
  issuedOn: string;
  dueDate: string | null;
  total: number;
  salesTax: number;
  paymentOption: string;
}

/** The current (not superseded) invoices issued between the days, oldest first, with their last due date. */
export async function invoicesIssued(db: Executor, from: string, to: string): Promise<IssuedInvoice[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select i.id, i.number, i.order_name, i.customer_id, i.company_id, i.total, i.sales_tax,
        i.payment_option_name, to_char(i.issued_at, 'YYYY-MM-DD') as issued_on,
        (select to_char(max(m.due_date), 'YYYY-MM-DD') from ${invoiceMilestones} m where m.invoice_id = i.id) as due_date
      from ${invoices} i
      where i.superseded_at is null and i.issued_at >= ${from}::date and i.issued_at < ${to}::date + 1
      order by i.issued_at, i.id`,
  );
  return rows.map((r) => ({
    id: n(r.id),
    number: String(r.number),
    orderName: String(r.order_name),
    customerId: n(r.customer_id),
    companyId: r.company_id === null ? null : n(r.company_id),
    issuedOn: String(r.issued_on),
    dueDate: r.due_date === null ? null : String(r.due_date),
    total: n(r.total),
    salesTax: n(r.sales_tax),
    paymentOption: String(r.payment_option_name),
  }));
}

export interface ReceivedPayment {
  id: number;
  method: string;
  amount: number;
  reference: string;
  receivedOn: string;
  customerId: number;
  companyId: number | null;
  invoiceNumber: string;
}

/** Money received between the days (succeeded, even if later refunded or disputed: those are their own lines; credit applied is not money), oldest first. */
export async function paymentsReceived(db: Executor, from: string, to: string): Promise<ReceivedPayment[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select p.id, p.method, p.amount, p.reference, p.customer_id, p.company_id, i.number,
        to_char(coalesce(p.received_on, p.received_at::date), 'YYYY-MM-DD') as received_on
      from ${payments} p join ${invoices} i on i.id = p.invoice_id
      where p.method <> 'CREDIT' and p.status in ('SUCCEEDED', 'DISPUTED')
        and coalesce(p.received_on, p.received_at::date) between ${from}::date and ${to}::date
      order by 8, p.id`,
  );
  return rows.map((r) => ({
    id: n(r.id),
    method: String(r.method),
    amount: n(r.amount),
    reference: String(r.reference),
    receivedOn: String(r.received_on),
    customerId: n(r.customer_id),
    companyId: r.company_id === null ? null : n(r.company_id),
    invoiceNumber: String(r.number),
  }));
}

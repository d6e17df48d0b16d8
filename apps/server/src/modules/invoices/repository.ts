import { type Executor, rowsOf, schema } from '@cab/db';
import { type Cents, dayIn, type MilestoneStatus, type Reach } from '@cab/shared';
import { type AnyColumn, and, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import * as json from '../../kit/json-rows.ts';
import { estimatedCount, likePattern, orderBy, type Page, type PageWindow, paginate } from '../../kit/list.ts';
import { reachWhere } from '../../kit/reach-sql.ts';

/**
 * The SQL of invoices, milestones, payments, credit memos, bank accounts, Stripe events and the
 * ledger (this module owns those tables, decision 0023). Balances are sums of ledger entries.
 */
const { invoices, invoiceMilestones, payments, refunds, creditMemos, bankAccounts, ledgerEntries, stripeEvents } =
  schema;
/** Read only, for the list's customer display (invoicePageJson). */
const { users, companies } = schema;

export type InvoiceRecord = typeof invoices.$inferSelect;
export type PaymentRecord = typeof payments.$inferSelect;
export type CreditMemoRecord = typeof creditMemos.$inferSelect;
export type BankRecord = typeof bankAccounts.$inferSelect;
export type RefundRecord = typeof refunds.$inferSelect;
export type NewEntry = typeof ledgerEntries.$inferInsert;

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v)) as Cents;

// ---------------------------------------------------------------------------------------------
// Writes

export async function insertInvoice(db: Executor, values: typeof invoices.$inferInsert) {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function insertMilestones(db: Executor, values: (typeof invoiceMilestones.$inferInsert)[]) {
  return db.insert(invoiceMilestones).values(values).returning();
}

/** `skipPosted`: an entry a unique key already holds (a day's charge posted before) is left out. */
export async function insertEntries(db: Executor, entries: NewEntry[], options: { skipPosted?: boolean } = {}) {
  if (entries.length === 0) return [];
  const insert = db.insert(ledgerEntries).values(entries);
  return (options.skipPosted ? insert.onConflictDoNothing() : insert).returning();
}

export async function supersede(db: Executor, invoiceId: number, at?: Date) {
  // `at`: when, in a replayed history (RequestContext.at); else the database's now().
  await db
    .update(invoices)
    .set({ supersededAt: at ?? sql`now()` })
    .where(eq(invoices.id, invoiceId));
  await db
    .update(invoiceMilestones)
    .set({ voidedAt: at ?? sql`now()` })
    .where(and(eq(invoiceMilestones.invoiceId, invoiceId), isNull(invoiceMilestones.voidedAt)));
}

/** Milestones of the order's current invoice that wait for its completion get their due date. */
export async function setCompletionDueDates(db: Executor, invoiceId: number, completedOn: string) {
  await db.execute(sql`update ${invoiceMilestones}
    set due_date = case when due = 'BEFORE_PICKUP' then ${completedOn}::date
      else ${completedOn}::date + days end
    where invoice_id = ${invoiceId} and due_date is null and due <> 'ON_APPROVAL'`);
}

// ---------------------------------------------------------------------------------------------
// Invoices

export async function invoiceById(db: Executor, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** Numbers and order names of invoices, by id (a page of payments names its invoices in one read). */
export async function invoiceLabels(db: Executor, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({ id: invoices.id, number: invoices.number, orderName: invoices.orderName })
        .from(invoices)
        .where(inArray(invoices.id, unique))
    : [];
  return new Map(rows.map((r) => [r.id, { number: r.number, orderName: r.orderName }]));
}

/** The order's invoice as it stands (its latest version), optionally locked. */
export async function currentInvoiceOfOrder(db: Executor, orderId: number, lock = false) {
  const q = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)))
    .orderBy(desc(invoices.version))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function versionsOf(db: Executor, orderId: number) {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.version);
}

/** The advisory lock the numbering takes (a transaction's, released at its end). */
const INVOICE_NUMBER_LOCK = 727_277;

/**
 * The next invoice's place in issue order: one past the highest `INV-<n>` issued, under a lock
 * held until the caller's transaction ends, so two approvals never draw the same number and a
 * later one never draws a lower one. (Numbers issued before issue 27 were order ids: the next
 * one still comes after all of them.)
 */
export async function nextInvoiceSeq(db: Executor): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK})`);
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select coalesce(max(substring(${invoices.number} from '^INV-([0-9]+)')::bigint), 0) + 1 as n
      from ${invoices} where ${invoices.version} = 1`,
  );
  return Number(row?.n ?? 1);
}

/**
 * Numbers every invoice again in the order the first versions were issued (issued_at, then id),
 * each version keeping its `-<version>`: for a history replayed out of order (the demo seed
 * approves its orders a few at a time, each at its own past day). Through a temporary number,
 * as the unique index checks each row.
 */
export async function renumberInIssueOrder(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK})`);
  await db.execute(sql`update ${invoices} set number = 'renumbering-' || id`);
  await db.execute(sql`update ${invoices} i set number = 'INV-' || lpad(f.seq::text, 6, '0')
      || case when i.version > 1 then '-' || i.version else '' end
    from (select order_id, row_number() over (order by issued_at, id) as seq
      from ${invoices} where version = 1) f
    where f.order_id = i.order_id`);
}

/**
 * The overdue interest and storage fees among the entries `where` picks (alias `e`), net of their
 * reversals (a reissue carries them): what lies between a total and its balance besides payments
 * and credits, so a page foots (issue 34). Read at the time, from the ledger's indexes.
 */
const interestFeesWhere = (where: SQL) =>
  sql`(select coalesce(sum(e.amount), 0) from ${ledgerEntries} e
    left join ${ledgerEntries} r on r.id = e.reverses_entry_id
    where ${where} and (e.kind in ('INTEREST', 'FEE') or r.kind in ('INTEREST', 'FEE')))`;

/**
 * What of an invoice's balance was due before `today` (a day's SQL): the balances of its milestones
 * past due, as the aging buckets them (issue 34: overdue is past due, not the whole invoice).
 */
const overdueOf = (invoiceId: AnyColumn | SQL, today: SQL) =>
  sql`(select coalesce(sum(m.balance), 0) from ${invoiceMilestones} m
    where m.invoice_id = ${invoiceId} and m.voided_at is null and m.due_date < ${today})`;

/**
 * Per milestone: its balance, paid and credited, as the ledger's trigger keeps them (each ledger
 * insert adds to its milestone in the same transaction; the property test checks them against
 * the ledger's sums).
 */
const MILESTONE_FIGURES = sql`(select m.*, ${interestFeesWhere(sql`e.milestone_id = m.id`)} as interest_fees
  from ${invoiceMilestones} m)`;

export interface MilestoneFigures {
  id: number;
  invoiceId: number;
  seq: number;
  label: string;
  percentage: number;
  amount: Cents;
  due: string;
  days: number;
  dueDate: string | null;
  voided: boolean;
  balance: Cents;
  paid: Cents;
  credited: Cents;
  interestFees: Cents;
}

interface RawMilestone {
  id: number;
  invoice_id: number;
  seq: number;
  label: string;
  percentage: number;
  amount: string;
  due: string;
  days: number;
  due_date: string | Date | null;
  voided_at: unknown;
  balance: string;
  paid: string;
  credited: string;
  interest_fees: string;
}

const isoDay = (v: string | Date | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : dayIn(v));

const toFigures = (r: RawMilestone): MilestoneFigures => ({
  id: Number(r.id),
  invoiceId: Number(r.invoice_id),
  seq: Number(r.seq),
  label: r.label,
  percentage: Number(r.percentage),
  amount: n(r.amount),
  due: r.due,
  days: Number(r.days),
  dueDate: isoDay(r.due_date),
  voided: r.voided_at !== null,
  balance: n(r.balance),
  paid: n(r.paid),
  credited: n(r.credited),
  interestFees: n(r.interest_fees),
});

export async function milestonesOf(db: Executor, invoiceIds: number[]): Promise<MilestoneFigures[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await rowsOf<RawMilestone>(
    db,
    sql`select * from ${MILESTONE_FIGURES} f where f.invoice_id in ${sql`(${sql.join(
      invoiceIds.map((i) => sql`${i}`),
      sql`, `,
    )})`} order by f.invoice_id, f.seq`,
  );
  return rows.map(toFigures);
}

export async function milestoneFigures(db: Executor, id: number): Promise<MilestoneFigures | null> {
  const rows = await rowsOf<RawMilestone>(db, sql`select * from ${MILESTONE_FIGURES} f where f.id = ${id}`);
  return rows[0] ? toFigures(rows[0]) : null;
}

/** The milestone row locked (a payment's or a credit's writes on one milestone take turns). */
export async function lockMilestone(db: Executor, id: number) {
  const [row] = await db.select().from(invoiceMilestones).where(eq(invoiceMilestones.id, id)).for('update');
  return row ?? null;
}

export interface InvoiceListFilter {
  /** Whose invoices the caller reaches. */
  reach: Reach;
  customer?: number;
  company?: number;
  order?: number;
  /** The order's name contains this text (case-insensitive). */
  orderName?: string;
  statuses?: MilestoneStatus[];
  today: string;
  invoiceId?: number;
  includeSuperseded?: boolean;
}

export interface InvoiceListRow {
  id: number;
  number: string;
  version: number;
  orderId: number;
  orderName: string;
  customerId: number;
  companyId: number | null;
  issuedAt: Date;
  supersededAt: Date | null;
  total: Cents;
  salesTax: Cents;
  paymentOptionDiscount: Cents;
  paymentOptionName: string;
  reason: string;
  paid: Cents;
  credited: Cents;
  balance: Cents;
  interestFees: Cents;
  /** The balance of its milestones due before today. */
  overdue: Cents;
  status: MilestoneStatus;
  nextDueDate: string | null;
}

/**
 * An invoice's status from its stored figures (decision 0036): its worst open milestone's, PAID when
 * none is open. The date-free part is kept by the triggers (`figure_state`); OVERDUE (an open
 * milestone past due) is `next_due_date < today`, the earliest open due date, at read time.
 */
function statusOf(today: string | SQL) {
  const day = typeof today === 'string' ? sql`${today}::date` : today;
  return sql`(case when ${invoices.supersededAt} is not null or ${invoices.figureState} = 'VOID' then 'VOID'
    when ${invoices.figureState} = 'PAID' then 'PAID'
    when ${invoices.nextDueDate} < ${day} then 'OVERDUE'
    else ${invoices.figureState} end)`;
}

/**
 * The statuses asked as conditions on the stored columns (what the partial index and the
 * planner's statistics answer, so the kit's estimate of the default list is close): the same
 * rows as `statusOf(today) in (...)`.
 */
function statusCondition(statuses: MilestoneStatus[], today: string): SQL {
  const open = sql`${invoices.supersededAt} is null and ${invoices.figureState} in ('DUE', 'PARTIAL')`;
  const notYetDue = sql`(${invoices.nextDueDate} is null or ${invoices.nextDueDate} >= ${today}::date)`;
  const asked = new Set(statuses);
  const parts: SQL[] = [];
  if (asked.has('DUE') && asked.has('PARTIAL') && asked.has('OVERDUE')) parts.push(open);
  else {
    for (const s of ['DUE', 'PARTIAL'] as const) {
      if (asked.has(s)) {
        parts.push(sql`${invoices.supersededAt} is null and ${invoices.figureState} = ${s} and ${notYetDue}`);
      }
    }
    if (asked.has('OVERDUE')) parts.push(sql`${open} and ${invoices.nextDueDate} < ${today}::date`);
  }
  if (asked.has('PAID')) parts.push(sql`${invoices.supersededAt} is null and ${invoices.figureState} = 'PAID'`);
  if (asked.has('VOID')) parts.push(sql`(${invoices.supersededAt} is not null or ${invoices.figureState} = 'VOID')`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

function invoiceWhere(f: InvoiceListFilter): SQL {
  const conds: SQL[] = [];
  const reached = reachWhere(f.reach, invoices.customerId, invoices.companyId);
  if (reached) conds.push(reached);
  if (f.customer) conds.push(sql`${invoices.customerId} = ${f.customer}`);
  if (f.company) conds.push(sql`${invoices.companyId} = ${f.company}`);
  if (f.order) conds.push(sql`${invoices.orderId} = ${f.order}`);
  // No index serves a substring: the scan is bounded by the other conditions' indexes (the
  // default open list's partial index, a customer's or company's) and reads the stored name only.
  if (f.orderName) conds.push(sql`${invoices.orderName} ilike ${likePattern(f.orderName)}`);
  if (f.invoiceId) conds.push(sql`${invoices.id} = ${f.invoiceId}`);
  if (f.statuses?.length) conds.push(statusCondition(f.statuses, f.today));
  if (!f.includeSuperseded && !f.statuses?.includes('VOID')) conds.push(sql`${invoices.supersededAt} is null`);
  return conds.length ? sql.join(conds, sql` and `) : sql`true`;
}

/** The invoice columns and its figures, as the list and the order answer read them. */
function invoiceColumns(today: string) {
  return sql`${invoices}.*, ${statusOf(today)} as status,
    ${interestFeesWhere(sql`e.invoice_id = ${invoices.id}`)} as interest_fees,
    ${overdueOf(invoices.id, sql`${today}::date`)} as overdue`;
}

interface RawInvoice {
  id: number;
  number: string;
  version: number;
  order_id: number;
  order_name: string;
  customer_id: number;
  company_id: number | null;
  issued_at: string | Date;
  superseded_at: string | Date | null;
  total: string;
  sales_tax: string;
  payment_option_discount: string;
  payment_option_name: string;
  reason: string;
  paid: string;
  credited: string;
  balance: string;
  interest_fees: string;
  overdue: string;
  status: MilestoneStatus;
  next_due_date: string | Date | null;
}

const toInvoiceRow = (r: RawInvoice): InvoiceListRow => ({
  id: Number(r.id),
  number: r.number,
  version: Number(r.version),
  orderId: Number(r.order_id),
  orderName: r.order_name,
  customerId: Number(r.customer_id),
  companyId: r.company_id === null ? null : Number(r.company_id),
  issuedAt: new Date(r.issued_at),
  supersededAt: r.superseded_at === null ? null : new Date(r.superseded_at),
  total: n(r.total),
  salesTax: n(r.sales_tax),
  paymentOptionDiscount: n(r.payment_option_discount),
  paymentOptionName: r.payment_option_name,
  reason: r.reason,
  paid: n(r.paid),
  credited: n(r.credited),
  balance: n(r.balance),
  interestFees: n(r.interest_fees),
  overdue: n(r.overdue),
  status: r.status,
  nextDueDate: isoDay(r.next_due_date),
});

const INVOICE_ORDER: Record<string, SQL> = {
  issued_at: sql`${invoices.issuedAt}`,
  number: sql`${invoices.number}`,
  total: sql`${invoices.total}`,
  balance: sql`${invoices.balance}`,
  next_due_date: sql`${invoices.nextDueDate}`,
};

function invoiceOrderSql(order: { key: string; descending: boolean }[]): SQL {
  const keys = order.length ? order : [{ key: 'issued_at', descending: true }];
  const parts = keys.map(
    (o) => sql`${INVOICE_ORDER[o.key] ?? INVOICE_ORDER.issued_at} ${o.descending ? sql`desc` : sql`asc`}`,
  );
  return sql`${sql.join(parts, sql`, `)}, ${invoices.id} desc`;
}

/**
 * One page of invoices as the TypeScript mapping reads them (read/service.ts `listInvoiceRows`:
 * the demo seed, the JSON list's equivalence test): filtered, sorted and paged on the stored
 * figures and indexed columns; the total from the list kit's counter.
 */
export async function invoicePage(
  db: Executor,
  f: InvoiceListFilter,
  window: PageWindow,
  order: { key: string; descending: boolean }[],
): Promise<Page<InvoiceListRow>> {
  const where = invoiceWhere(f);
  const fetchRows = async (w: PageWindow) =>
    (
      await rowsOf<RawInvoice>(
        db,
        sql`select ${invoiceColumns(f.today)} from ${invoices} where ${where}
          order by ${invoiceOrderSql(order)} limit ${w.limit} offset ${w.offset}`,
      )
    ).map(toInvoiceRow);
  return paginate(window, fetchRows, estimatedCount(db, invoices, where));
}

/**
 * A list row as the wire writes it (invoiceRowSchema, key for key; read/service.ts toWireRow for
 * the detail), written by PostgreSQL (decision 0015). Today (the status depends on it) is the
 * page subquery's `page.today`, so this text has no parameter and is rendered once. The customer display,
 * "Person (Company)", reads users and companies in the same statement (decision 0023's list
 * joins), as auth's `userNames` and accounts' `companyNames` name them.
 */
const personSql = sql`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
const INVOICE_ROW_JSON = json.jsonObject({
  id: json.jsonNumber(invoices.id),
  number: json.jsonString(invoices.number),
  version: json.jsonNumber(invoices.version),
  order: json.jsonObject({ id: json.jsonNumber(invoices.orderId), name: json.jsonString(invoices.orderName) }),
  customer_display: json.jsonString(sql`case when coalesce(${companies.name}, '') <> ''
    then ${personSql} || ' (' || ${companies.name} || ')' else ${personSql} end`),
  issued_at: json.jsonIsoTimestamp(invoices.issuedAt),
  total: json.jsonMoney(invoices.total),
  paid: json.jsonMoney(invoices.paid),
  credited: json.jsonMoney(invoices.credited),
  interest_fees: json.jsonMoney(interestFeesWhere(sql`e.invoice_id = ${invoices.id}`)),
  balance: json.jsonMoney(invoices.balance),
  overdue: json.jsonMoney(overdueOf(invoices.id, sql`page.today`)),
  status: json.jsonString(statusOf(sql`page.today`)),
  next_due_date: json.jsonString(invoices.nextDueDate),
});

/**
 * The invoice list's page as row JSON texts (GET /api/invoices/, issue 17: 100,000 invoices at 64
 * connections), one prepared statement per filter shape. The page's ids are found on invoices'
 * index alone (no heap read nor JSON for the rows an OFFSET skips), then only their rows joined
 * and written.
 * Same filter, order, window and total as `invoicePage`.
 */
export async function invoicePageJson(
  db: Executor,
  f: InvoiceListFilter,
  window: PageWindow,
  order: { key: string; descending: boolean }[],
): Promise<Page<string>> {
  const where = invoiceWhere(f);
  const orderSql = invoiceOrderSql(order);
  const fetchRows = async (w: PageWindow) =>
    (
      await json.preparedRows<{ row: string }>(
        db,
        sql`select ${INVOICE_ROW_JSON} as row
          from (select ${invoices.id} as id, ${f.today}::date as today from ${invoices} where ${where}
            order by ${orderSql} limit ${w.limit} offset ${w.offset}) page
          join ${invoices} on ${invoices.id} = page.id
          left join ${users} on ${users.id} = ${invoices.customerId}
          left join ${companies} on ${companies.id} = ${invoices.companyId}
          order by ${orderSql}`,
      )
    ).map((r) => r.row);
  return paginate(window, fetchRows, estimatedCount(db, invoices, where));
}

/**
 * What the invoice list of `f` adds up to (the customer dashboard's cards, issue 27): the balance
 * of its rows, what of it is past due (issue 34: milestones due before today, as the aging), the
 * interest and fees in it (issue 34: every page foots), and
 * the earliest next due date; the list's own filter, so on
 * the same indexes (a customer's or company's invoices) and equal to the list row for row.
 */
export async function listFigures(db: Executor, f: InvoiceListFilter) {
  const [row] = await rowsOf<{
    balance: string;
    overdue: string;
    interest_fees: string;
    next_due: string | Date | null;
  }>(
    db,
    sql`select coalesce(sum(${invoices.balance}), 0)::text as balance,
      coalesce(sum(${overdueOf(invoices.id, sql`${f.today}::date`)}), 0)::text as overdue,
      coalesce(sum(${interestFeesWhere(sql`e.invoice_id = ${invoices.id}`)}), 0)::text as interest_fees,
      min(${invoices.nextDueDate}) as next_due
      from ${invoices} where ${invoiceWhere(f)}`,
  );
  return {
    balance: n(row?.balance),
    overdue: n(row?.overdue),
    interestFees: n(row?.interest_fees),
    nextDueDate: isoDay(row?.next_due ?? null),
  };
}

export async function invoiceWithFigures(db: Executor, id: number, today: string) {
  const rows = await rowsOf<RawInvoice>(
    db,
    sql`select ${invoiceColumns(today)} from ${invoices} where ${invoices.id} = ${id}`,
  );
  return rows[0] ? toInvoiceRow(rows[0]) : null;
}

/** The order's current invoice with its figures (the order answer's `invoice`). */
export async function orderInvoiceFigures(db: Executor, orderId: number, today: string) {
  const rows = await rowsOf<RawInvoice>(
    db,
    sql`select ${invoiceColumns(today)} from ${invoices}
      where ${invoices.orderId} = ${orderId} and ${invoices.supersededAt} is null
      order by ${invoices.version} desc limit 1`,
  );
  return rows[0] ? toInvoiceRow(rows[0]) : null;
}

/**
 * What changes the order's invoice: its versions, its last ledger entry and its due dates. An
 * expression over `orderId` (e.g. the reading statement's order id column), so the order's detail
 * reads it in its own stamp statement: one round trip per cached read.
 */
export const orderInvoiceStampSql = (orderId: SQL) =>
  sql`concat_ws('|', (select max(id) from ${ledgerEntries} where order_id = ${orderId}),
      (select max(id) from ${invoices} where order_id = ${orderId}),
      (select max(coalesce(due_date::text, '')) from ${invoiceMilestones} m join ${invoices} i on i.id = m.invoice_id
        where i.order_id = ${orderId}))`;

// ---------------------------------------------------------------------------------------------
/** Several milestones locked in id order (the house lock order: docs/conventions.md "Money writes"). */
export async function lockMilestones(db: Executor, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  for (const id of unique) await lockMilestone(db, id);
}

// Ledger sums

/** Per milestone, what the entries of one payment or one credit memo add up to there now. */
export async function sumsByMilestone(db: Executor, by: { paymentId?: number; creditMemoId?: number }) {
  const cond = by.paymentId ? sql`payment_id = ${by.paymentId}` : sql`credit_memo_id = ${by.creditMemoId}`;
  const rows = await rowsOf<{ milestone_id: number; invoice_id: number; order_id: number; total: string }>(
    db,
    sql`select milestone_id, invoice_id, order_id, sum(amount)::text as total from ${ledgerEntries}
      where ${cond} and milestone_id is not null group by milestone_id, invoice_id, order_id
      having sum(amount) <> 0 order by milestone_id`,
  );
  return rows.map((r) => ({
    milestoneId: Number(r.milestone_id),
    invoiceId: Number(r.invoice_id),
    orderId: Number(r.order_id),
    total: n(r.total),
  }));
}

/**
 * A milestone's balance just after a payment was applied to it (the receipt's "balance left" of a
 * payment made before receipts were kept): the sum of its entries up to the payment's first one
 * there, a moment later entries never change; null when the payment has none there.
 */
export async function balanceAfterPayment(db: Executor, milestoneId: number, paymentId: number) {
  const [row] = await rowsOf<{ s: string | null }>(
    db,
    sql`select (select sum(amount) from ${ledgerEntries} where milestone_id = ${milestoneId} and id <= last.id)::text as s
      from (select min(id) as id from ${ledgerEntries} where milestone_id = ${milestoneId} and payment_id = ${paymentId}) last
      where last.id is not null`,
  );
  return row?.s == null ? null : n(row.s);
}

/** What moved an invoice's balance, summed by the entries' kind and what they name (the PDF's closing lines). */
export async function invoiceEntrySums(db: Executor, invoiceId: number) {
  const rows = await rowsOf<{ kind: NewEntry['kind']; payment: boolean; memo: boolean; s: string }>(
    db,
    sql`select kind, payment_id is not null as payment, credit_memo_id is not null as memo, sum(amount)::text as s
      from ${ledgerEntries} where invoice_id = ${invoiceId} and milestone_id is not null group by 1, 2, 3`,
  );
  return rows.map((r) => ({ kind: r.kind, payment: r.payment, memo: r.memo, amount: n(r.s) }));
}

/** A credit memo's applied (paid onto milestones) and available (unapplied) amounts. */
export async function memoFigures(db: Executor, memoIds: number[]) {
  if (memoIds.length === 0) return new Map<number, { applied: Cents; available: Cents }>();
  const rows = await rowsOf<{ id: number; applied: string; available: string }>(
    db,
    sql`select credit_memo_id as id,
      (-coalesce(sum(amount) filter (where milestone_id is not null), 0))::text as applied,
      (-coalesce(sum(amount) filter (where milestone_id is null), 0))::text as available
      from ${ledgerEntries} where ${inArray(ledgerEntries.creditMemoId, memoIds)} group by credit_memo_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), { applied: n(r.applied), available: n(r.available) }]));
}

/** Every entry (the property tests and the demo check). */
export async function ledgerTotal(db: Executor) {
  const [row] = await rowsOf<{ s: string }>(db, sql`select coalesce(sum(amount), 0)::text as s from ${ledgerEntries}`);
  return n(row?.s);
}

// ---------------------------------------------------------------------------------------------
// Payments

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function paymentByKey(db: Executor, key: string) {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  return row ?? null;
}

export async function paymentById(db: Executor, id: number, lock = false) {
  const q = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function paymentByIntent(db: Executor, intentId: string, lock = false) {
  const q = db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updatePayment(db: Executor, id: number, values: Partial<typeof payments.$inferInsert>) {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row!;
}

/** A payment carried to a reissued invoice names its new milestone; answers the row as it was. */
export async function movePayment(db: Executor, id: number, to: { milestoneId: number; invoiceId: number }) {
  const [before] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  await db.update(payments).set(to).where(eq(payments.id, id));
  return before ?? null;
}

/** The card and bank payments still open at Stripe on a milestone, oldest first. */
/**
 * A milestone's card and bank attempts still open at Stripe: PENDING, PROCESSING, and FAILED with
 * its client secret (a declined card: Stripe keeps the intent open for another try); cancelling
 * a FAILED one at Stripe clears its secret and keeps it FAILED.
 */
export async function openStripePayments(db: Executor, milestoneId: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.milestoneId, milestoneId),
        inArray(payments.method, ['CARD', 'ACH']),
        or(
          inArray(payments.status, ['PENDING', 'PROCESSING']),
          and(eq(payments.status, 'FAILED'), isNotNull(payments.clientSecret)),
        ),
      ),
    )
    .orderBy(payments.id);
}

/** Card and bank payments written but never given an intent (a crash between the two), older than `before`. */
export async function paymentsWithoutIntent(db: Executor, before: Date, limit = 100) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['PENDING', 'PROCESSING']),
        inArray(payments.method, ['CARD', 'ACH']),
        isNull(payments.stripePaymentIntentId),
        sql`${payments.createdAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(payments.id)
    .limit(limit);
}

/** Card and bank payments still open on milestones a reissue or a cancel voided (nothing left to pay there). */
export async function openPaymentsOnVoidMilestones(db: Executor, limit = 100) {
  return db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(invoiceMilestones, eq(invoiceMilestones.id, payments.milestoneId))
    .where(
      and(
        eq(payments.status, 'PENDING'),
        inArray(payments.method, ['CARD', 'ACH']),
        sql`${invoiceMilestones.voidedAt} is not null`,
      ),
    )
    .orderBy(payments.id)
    .limit(limit)
    .then((rows) => rows.map((r) => r.payment));
}

export async function paymentsOfInvoice(db: Executor, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

export async function paymentsOfMemo(db: Executor, memoId: number) {
  return db.select().from(payments).where(eq(payments.creditMemoId, memoId)).orderBy(payments.id);
}

export interface PaymentFilter {
  /** Whose payments the caller reaches. */
  reach: Reach;
  customer?: number;
  company?: number;
  order?: number;
  invoice?: number;
  methods?: string[];
  statuses?: string[];
  /** The reference contains it, or it is the Stripe PaymentIntent id. */
  reference?: string;
  /** The payer's name, e-mail or company contains it. */
  payer?: string;
  /** Received at or after / before these instants (the start of the shop's days). */
  receivedFrom?: { day: string; at: Date };
  receivedUntil?: { day: string; at: Date };
  amount?: Cents;
}

/**
 * The received-date bound: the day an admin recorded when there is one, else when it succeeded
 * (or was made); each side has its own index (payments_received_on_idx, payments_received_idx).
 */
const receivedBound = (op: '>=' | '<', bound: { day: string; at: Date }) =>
  sql`(${payments.receivedOn} ${sql.raw(op)} ${bound.day}::date or (${payments.receivedOn} is null and coalesce(${payments.receivedAt}, ${payments.createdAt}) ${sql.raw(op)} ${bound.at.toISOString()}::timestamptz))`;

/**
 * `received_at` orders by when a payment was received as the wire's received_at says it
 * (read/service.ts receivedAtOf): payments.received_key, kept by a trigger (end of 0029).
 */
const PAYMENT_ORDER_KEYS = {
  created_at: payments.createdAt,
  amount: payments.amount,
  received_at: payments.receivedKey,
};

/** A page of payments, newest received first unless `order_by` says otherwise (the receipts list). */
export async function paymentPage(db: Executor, f: PaymentFilter, window: PageWindow, order_by?: string) {
  const conds: SQL[] = [];
  const reached = reachWhere(f.reach, payments.customerId, payments.companyId);
  if (reached) conds.push(reached);
  if (f.customer) conds.push(eq(payments.customerId, f.customer));
  if (f.company) conds.push(eq(payments.companyId, f.company));
  if (f.order) conds.push(eq(payments.orderId, f.order));
  if (f.invoice) conds.push(eq(payments.invoiceId, f.invoice));
  if (f.methods?.length) conds.push(inArray(payments.method, f.methods as PaymentRecord['method'][]));
  if (f.statuses?.length) conds.push(inArray(payments.status, f.statuses as PaymentRecord['status'][]));
  if (f.reference) {
    const like = likePattern(f.reference);
    // A Stripe id is pasted whole: equal, on its unique index (a contains would read every row).
    conds.push(sql`(${payments.reference} ilike ${like} or ${payments.stripePaymentIntentId} = ${f.reference})`);
  }
  if (f.payer) {
    // The payer's name lives with auth and accounts: read in this one statement (as the invoice list does).
    const like = likePattern(f.payer);
    conds.push(sql`(${payments.customerId} in (select ${users.id} from ${users}
        where ${personSql} ilike ${like} or ${users.email} ilike ${like})
      or ${payments.companyId} in (select ${companies.id} from ${companies} where ${companies.name} ilike ${like}))`);
  }
  if (f.receivedFrom) conds.push(receivedBound('>=', f.receivedFrom));
  if (f.receivedUntil) conds.push(receivedBound('<', f.receivedUntil));
  if (f.amount !== undefined) conds.push(eq(payments.amount, f.amount));
  const where = conds.length ? and(...conds) : undefined;
  const fetchRows = (w: PageWindow) =>
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(...orderBy(order_by, PAYMENT_ORDER_KEYS, '-received_at', payments.id))
      .limit(w.limit)
      .offset(w.offset);
  return paginate(window, fetchRows, estimatedCount(db, payments, where));
}

// ---------------------------------------------------------------------------------------------
// Refunds

export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert) {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function refundByKey(db: Executor, key: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row ?? null;
}

export async function refundById(db: Executor, id: number, lock = false) {
  const q = db.select().from(refunds).where(eq(refunds.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function refundByStripeId(db: Executor, stripeRefundId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.stripeRefundId, stripeRefundId));
  return row ?? null;
}

export async function updateRefund(db: Executor, id: number, values: Partial<typeof refunds.$inferInsert>) {
  const [row] = await db.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  return row!;
}

/** Payments by their PaymentIntents and refunds by their Stripe ids (matching a payout's lines). */
export async function paymentsByIntents(db: Executor, intentIds: string[]) {
  if (intentIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.stripePaymentIntentId, intentIds));
}

export async function paymentsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.id, ids));
}

export async function refundsByStripeIds(db: Executor, stripeRefundIds: string[]) {
  if (stripeRefundIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.stripeRefundId, stripeRefundIds));
}

export async function refundsOfPayments(db: Executor, paymentIds: number[]) {
  if (paymentIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(refunds.id);
}

/**
 * PENDING refunds older than `before` (the finisher's second half): not yet answered by Stripe
 * (`recorded` false: no Stripe id), or answered and not yet settled (`recorded` true).
 */
export async function pendingRefunds(db: Executor, before: Date, recorded: boolean, limit = 100) {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'PENDING'),
        recorded ? isNotNull(refunds.stripeRefundId) : isNull(refunds.stripeRefundId),
        sql`${refunds.createdAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(refunds.id)
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Credit memos

/** The overpayment memos of payments (a success that arrived after its milestone was paid). */
export async function memosOfSourcePayments(db: Executor, paymentIds: number[]) {
  if (paymentIds.length === 0) return [];
  return db.select().from(creditMemos).where(inArray(creditMemos.sourcePaymentId, paymentIds));
}

export async function insertMemo(db: Executor, values: typeof creditMemos.$inferInsert) {
  const [row] = await db.insert(creditMemos).values(values).returning();
  return row!;
}

export async function memoById(db: Executor, id: number, lock = false) {
  const q = db.select().from(creditMemos).where(eq(creditMemos.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function memosOf(db: Executor, party: { customerId?: number; companyId?: number }) {
  return db
    .select()
    .from(creditMemos)
    .where(
      party.customerId
        ? and(eq(creditMemos.customerId, party.customerId), isNull(creditMemos.companyId))
        : eq(creditMemos.companyId, party.companyId!),
    )
    .orderBy(desc(creditMemos.id));
}

export async function updateMemo(db: Executor, id: number, values: Partial<typeof creditMemos.$inferInsert>) {
  const [row] = await db.update(creditMemos).set(values).where(eq(creditMemos.id, id)).returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Bank accounts

export async function insertBank(db: Executor, values: typeof bankAccounts.$inferInsert) {
  const [row] = await db.insert(bankAccounts).values(values).returning();
  return row!;
}

export async function bankById(db: Executor, id: number) {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  return row ?? null;
}

export async function banksOf(db: Executor, owner: { userId?: number; companyId?: number }) {
  return db
    .select()
    .from(bankAccounts)
    .where(owner.companyId ? eq(bankAccounts.companyId, owner.companyId) : eq(bankAccounts.userId, owner.userId!))
    .orderBy(bankAccounts.id);
}

export async function updateBank(db: Executor, id: number, values: Partial<typeof bankAccounts.$inferInsert>) {
  const [row] = await db.update(bankAccounts).set(values).where(eq(bankAccounts.id, id)).returning();
  return row!;
}

export async function bankBySetupIntent(db: Executor, setupIntentId: string) {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.stripeSetupIntentId, setupIntentId));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Stripe events

/** Records the event; false when it was already recorded (applied by this or another server). */
export async function claimStripeEvent(db: Executor, id: string, type: string, payload: unknown) {
  const rows = await db
    .insert(stripeEvents)
    .values({ eventId: id, type, payload })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.eventId });
  return rows.length === 1;
}

/** What each payment and credit memo has on each milestone of an invoice (non-zero pieces). */
export async function paidPiecesOfInvoice(db: Executor, invoiceId: number) {
  const rows = await rowsOf<{
    milestone_id: number;
    payment_id: number | null;
    credit_memo_id: number | null;
    total: string;
  }>(
    db,
    // A reversed memo's pieces net to zero on each milestone, but its reversal carries no payment
    // while its applications do: grouped apart they would revive the credit (decision 0044).
    sql`select milestone_id, payment_id, credit_memo_id, sum(amount)::text as total from ${ledgerEntries}
      where invoice_id = ${invoiceId} and milestone_id is not null
        and (payment_id is not null or credit_memo_id is not null)
        and (credit_memo_id is null
          or credit_memo_id not in (select id from ${creditMemos} where status = 'REVERSED'))
      group by milestone_id, payment_id, credit_memo_id having sum(amount) <> 0
      order by milestone_id, payment_id nulls last, credit_memo_id`,
  );
  return rows.map((r) => ({
    milestoneId: Number(r.milestone_id),
    paymentId: r.payment_id === null ? null : Number(r.payment_id),
    creditMemoId: r.credit_memo_id === null ? null : Number(r.credit_memo_id),
    total: n(r.total),
  }));
}

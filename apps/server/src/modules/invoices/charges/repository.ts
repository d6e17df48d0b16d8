import { type Executor, rowsOf, schema } from '@cab/db';
import type { BasisPoints, Cents } from '@cab/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

/** The SQL of the daily charges (decision 0035): what is overdue, and the INTEREST and FEE entries (read; ledger.ts writes them). */
const { invoices, invoiceMilestones, ledgerEntries } = schema;

/** Whose invoices an account's settings cover: a customer's own (no company), or a company's. */
export type ChargeParty = { customerId: number } | { companyId: number };

const partyMatch = (p: ChargeParty) =>
  'companyId' in p ? sql`i.company_id = ${p.companyId}` : sql`i.customer_id = ${p.customerId} and i.company_id is null`;

export interface OverdueMilestone {
  id: number;
  invoiceId: number;
  orderId: number;
  customerId: number;
  companyId: number | null;
  dueDate: string;
  /**
   * What is owed on it as of the day, without the interest already posted (simple interest) and,
   * unless the account's setting says so, without its storage fees (decision 0045).
   */
  base: Cents;
}

/** The party's open milestones of current invoices whose due date plus `graceDays` is before `day`. */
export async function overdueMilestones(
  db: Executor,
  party: ChargeParty,
  day: string,
  graceDays: number,
  onFees: boolean,
): Promise<OverdueMilestone[]> {
  // The base: entries effective by the day, less interest (and fees, unless interest is on fees).
  const inBase = onFees
    ? sql`le.kind <> 'INTEREST' and le.effective_date <= ${day}::date`
    : sql`le.kind not in ('INTEREST', 'FEE') and le.effective_date <= ${day}::date`;
  const rows = await rowsOf<{
    id: number;
    invoice_id: number;
    order_id: number;
    customer_id: number;
    company_id: number | null;
    due_date: string;
    base: string;
  }>(
    db,
    sql`select m.id, m.invoice_id, i.order_id, i.customer_id, i.company_id, m.due_date::text as due_date,
        coalesce(sum(le.amount) filter (where ${inBase}), 0)::text as base
      from ${invoiceMilestones} m join ${invoices} i on i.id = m.invoice_id
        left join ${ledgerEntries} le on le.milestone_id = m.id
      where m.voided_at is null and i.superseded_at is null and m.due_date is not null
        and m.due_date + ${graceDays}::int < ${day}::date and ${partyMatch(party)}
      group by m.id, i.id
      having coalesce(sum(le.amount) filter (where ${inBase}), 0) > 0
      order by m.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    invoiceId: Number(r.invoice_id),
    orderId: Number(r.order_id),
    customerId: Number(r.customer_id),
    companyId: r.company_id === null ? null : Number(r.company_id),
    dueDate: r.due_date,
    base: Number(r.base) as Cents,
  }));
}

/** The order's current invoice (a storage fee goes on its charges milestone of the day). */
export async function currentInvoiceOfOrder(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      invoiceId: invoices.id,
      orderId: invoices.orderId,
      customerId: invoices.customerId,
      companyId: invoices.companyId,
    })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The invoice's charges milestone due on `dueDate` (decision 0052), made on first use: amount 0
 * (its entries are what it owes), the next seq. The unique key makes a second call find it.
 */
export async function chargesMilestone(db: Executor, invoiceId: number, label: string, dueDate: string) {
  const due = and(
    eq(invoiceMilestones.invoiceId, invoiceId),
    eq(invoiceMilestones.due, 'CHARGES'),
    eq(invoiceMilestones.dueDate, dueDate),
  );
  const [found] = await db.select({ id: invoiceMilestones.id }).from(invoiceMilestones).where(due);
  if (found) return found.id;
  const nextSeq = sql`(select coalesce(max(seq), 0) + 1 from ${invoiceMilestones} where invoice_id = ${invoiceId})`;
  const [made] = await db
    .insert(invoiceMilestones)
    .values({
      invoiceId,
      seq: nextSeq,
      label,
      percentage: 0 as BasisPoints,
      amount: 0 as Cents,
      due: 'CHARGES',
      dueDate,
    })
    .returning({ id: invoiceMilestones.id });
  return made!.id;
}

/** An invoice's INTEREST and FEE entries not reversed yet (what a reissue carries over), oldest first. */
export async function openChargesOfInvoice(db: Executor, invoiceId: number) {
  const reversal = sql`select 1 from ${ledgerEntries} r where r.reverses_entry_id = ${ledgerEntries.id}`;
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.invoiceId, invoiceId),
        inArray(ledgerEntries.kind, ['INTEREST', 'FEE']),
        sql`not exists (${reversal})`,
      ),
    )
    .orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id));
}

/** An invoice's INTEREST and FEE entries, oldest first. */
export function chargesOfInvoice(db: Executor, invoiceId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.invoiceId, invoiceId), inArray(ledgerEntries.kind, ['INTEREST', 'FEE'])))
    .orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id));
}

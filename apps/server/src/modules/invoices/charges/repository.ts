import { type Executor, schema } from '@cab/db';
import type { Cents } from '@cab/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

/** The SQL of the daily charges (decision 0035): what is overdue, and the INTEREST and FEE entries (read; ledger.ts writes them). */
const { invoices, invoiceMilestones, ledgerEntries } = schema;

const rowsOf = async <R>(db: Executor, query: SQL) => ((await db.execute(query)) as unknown as { rows: R[] }).rows;

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

/** The milestone a storage fee of the order goes on: the last open one of its current invoice. */
export async function feeMilestoneOfOrder(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      id: invoiceMilestones.id,
      invoiceId: invoices.id,
      orderId: invoices.orderId,
      customerId: invoices.customerId,
      companyId: invoices.companyId,
    })
    .from(invoiceMilestones)
    .innerJoin(invoices, eq(invoices.id, invoiceMilestones.invoiceId))
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.supersededAt), isNull(invoiceMilestones.voidedAt)))
    .orderBy(sql`${invoiceMilestones.seq} desc`)
    .limit(1);
  return row ?? null;
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

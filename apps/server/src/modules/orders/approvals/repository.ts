import { type Executor, schema } from '@cab/db';
import type { ApprovalStatus, Cents } from '@cab/shared';
import { and, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { exactCount, type Page, type PageWindow, paginate } from '../../../kit/list.ts';

/** order_approvals (issue 30), owned by the orders module: one row per request, the newest is the order's. */
const { orderApprovals, orders } = schema;

export type ApprovalRow = typeof orderApprovals.$inferSelect;

/** The order's newest request, or null. */
export async function latestApproval(db: Executor, orderId: number, options: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(orderApprovals)
    .where(eq(orderApprovals.orderId, orderId))
    .orderBy(desc(orderApprovals.id))
    .limit(1);
  const [row] = options.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertApproval(
  db: Executor,
  values: { orderId: number; requestedById: number | null; total: Cents; submit: Record<string, unknown> },
) {
  const [row] = await db.insert(orderApprovals).values(values).returning();
  return row!;
}

/** Moves one request out of PENDING; null when it was no longer PENDING (another decision got there). */
export async function decideApproval(
  db: Executor,
  id: number,
  values: { status: Exclude<ApprovalStatus, 'PENDING'>; decidedById: number | null; note?: string },
) {
  const [row] = await db
    .update(orderApprovals)
    .set({ ...values, decidedAt: sql`now()` })
    .where(and(eq(orderApprovals.id, id), eq(orderApprovals.status, 'PENDING')))
    .returning();
  return row ?? null;
}

/** A queue row: the request and its order's name. */
export type QueueRow = ApprovalRow & { orderName: string };

/**
 * The requests of one status, newest first; `companyId` limits them to the orders of one company
 * (a manager's queue), null = every company (ADMIN).
 */
export function approvalPage(
  db: Executor,
  filter: { status: ApprovalStatus; companyId: number | null },
  window: PageWindow,
): Promise<Page<QueueRow>> {
  const conditions: SQL[] = [eq(orderApprovals.status, filter.status)];
  if (filter.companyId !== null) {
    conditions.push(
      inArray(
        orderApprovals.orderId,
        db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, filter.companyId)),
      ),
    );
  }
  const where = and(...conditions);
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select({ approval: orderApprovals, orderName: orders.name })
        .from(orderApprovals)
        .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
        .where(where)
        .orderBy(desc(orderApprovals.requestedAt), desc(orderApprovals.id))
        .limit(limit)
        .offset(offset)
        .then((rows) => rows.map((r) => ({ ...r.approval, orderName: r.orderName }))),
    exactCount(db, orderApprovals, where),
  );
}

/** How many requests of the company wait (the manager's dashboard card). */
export async function pendingCount(db: Executor, companyId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderApprovals)
    .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
    .where(and(eq(orderApprovals.status, 'PENDING'), eq(orders.companyId, companyId)));
  return row?.n ?? 0;
}

/** Withdraws the order's PENDING requests (the order was edited, submitted or asked again). */
export function withdrawPendingOf(db: Executor, orderId: number, byId: number | null) {
  return db
    .update(orderApprovals)
    .set({ status: 'WITHDRAWN', decidedById: byId, decidedAt: sql`now()` })
    .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.status, 'PENDING')))
    .returning();
}

/**
 * What an employee's orders of one company total before tax among those submitted in [from, to)
 * (their own submits and the approved ones, which are submitted as theirs), cancelled ones aside:
 * the month's spend a monthly limit is compared with. The company's index narrows the rows.
 */
export async function submittedBeforeTax(
  db: Executor,
  who: { companyId: number; userId: number },
  from: Date,
  to: Date,
): Promise<Cents> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${orders.totalBeforeTax}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, who.companyId),
        eq(orders.submittedById, who.userId),
        gte(orders.submittedAt, from),
        lt(orders.submittedAt, to),
        ne(orders.status, 'CANCELLED'),
      ),
    );
  return Number(row?.sum ?? 0) as Cents;
}

import { type Executor, schema } from '@cab/db';
import { ORDER_STATUSES, type OrderStatus } from '@cab/shared';
import { and, eq, sql } from 'drizzle-orm';

/** The status writer's one statement (lifecycle/status.ts). */
const { orders } = schema;

/** The column that records when an order entered a status (decision 0018). */
const STATUS_TIME = {
  ORDERED: 'submittedAt',
  VERIFIED: 'verifiedAt',
  COMPLETED: 'completedAt',
  SHIPPED: 'shippedAt',
  CANCELLED: 'cancelledAt',
} as const satisfies Partial<Record<OrderStatus, keyof typeof orders.$inferInsert>>;

/**
 * Moves the order only if it still has the status and version it was read with; null when
 * another writer got there first. The only statement that writes status and in_editing_mode, and
 * the status timestamps: entering ORDERED, VERIFIED, COMPLETED, SHIPPED or CANCELLED stamps it;
 * going back from COMPLETED or SHIPPED clears it.
 */
export async function compareAndSetStatus(
  db: Executor,
  id: number,
  read: { status: OrderStatus; version: number },
  to: { status: OrderStatus; inEditingMode: boolean },
  /** When the move happened, in a replayed history (`RequestContext.at`); else the database's now(). */
  at?: Date,
) {
  const stamp = to.status !== read.status ? STATUS_TIME[to.status as keyof typeof STATUS_TIME] : undefined;
  // A move back (an undone scan, issue 35) clears the time of the status it leaves: the order is
  // no longer completed (or shipped), and the reports that read the time must not count it.
  const back = ORDER_STATUSES.indexOf(to.status) < ORDER_STATUSES.indexOf(read.status);
  const left = back ? STATUS_TIME[read.status as keyof typeof STATUS_TIME] : undefined;
  const [row] = await db
    .update(orders)
    .set({
      status: to.status,
      inEditingMode: to.inEditingMode,
      ...(stamp ? { [stamp]: at ?? sql`now()` } : {}),
      ...(left ? { [left]: null } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, id), eq(orders.status, read.status), eq(orders.version, read.version)))
    .returning();
  return row ?? null;
}

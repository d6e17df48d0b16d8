import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { cents, id, parentRef, timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * A business employee's submit waiting for a manager (issue 30), owned by modules/orders. One row
 * per request; the order's approval is its newest row. The submit's details are kept as the
 * employee filled them, so an approval submits exactly that, at the totals frozen when asked.
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    /** PENDING until decided; WITHDRAWN when the order was edited (or asked again) meanwhile. */
    status: text('status', { enum: ['PENDING', 'APPROVED', 'DECLINED', 'WITHDRAWN'] })
      .notNull()
      .default('PENDING'),
    requestedById: userRef('requested_by_id', 'set null'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    /** The order's total when asked: what the manager approves. */
    total: cents('total').notNull(),
    /** The submit body as the employee sent it (shipping, addresses, payment option, notes). */
    submit: jsonb('submit').$type<Record<string, unknown>>().notNull().default({}),
    decidedById: userRef('decided_by_id', 'set null'),
    decidedAt: timestamptz('decided_at'),
    /** The manager's note on approval, or the reason of a decline. */
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('order_approvals_order_idx').on(t.orderId, t.id),
    index('order_approvals_status_requested_idx').on(t.status, t.requestedAt, t.id),
  ],
);

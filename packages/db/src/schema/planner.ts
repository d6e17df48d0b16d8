import { date, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { updatedAt } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The planner (issue 18, decision 0031): the working day an order is planned to be built on.
 * One row per planned order; an order without a row is not planned yet. Owned by the reports
 * module (modules/reports); the orders table itself is not changed.
 */
export const orderPlans = pgTable(
  'order_plans',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    plannedDate: date('planned_date').notNull(),
    plannedById: userRef('planned_by_id', 'set null'),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_plans_date_idx').on(t.plannedDate, t.orderId)],
);

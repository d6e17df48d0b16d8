import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { id, timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * Labels and remakes (issue 18; DOMAIN.md "Cabinets, scans, labels", "Remakes"; decision 0029).
 * `label_prints` is owned by modules/labels, `remakes` by modules/remakes.
 */

/**
 * What was printed, by whom, when: one row per print_list (an order's labels, all or some
 * barcodes) or print_session (a scan session's labels). The scan session belongs to the
 * production module, so `session_id` is a plain integer without a foreign key.
 */
export const labelPrints = pgTable(
  'label_prints',
  {
    id: id(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id'),
    /** CABINET | SHELF | SESSION */
    mode: text('mode').notNull(),
    /** The label keys printed (barcodes, or shelf sizes). */
    keys: jsonb('keys').$type<string[]>().notNull().default([]),
    labelCount: integer('label_count').notNull().default(0),
    printedById: userRef('printed_by_id', 'set null'),
    printedAt: timestamptz('printed_at').notNull().defaultNow(),
  },
  (t) => [index('label_prints_order_idx').on(t.orderId, t.id), index('label_prints_session_idx').on(t.sessionId)],
);

/** One cabinet (unit) to remake, as it was when the remake was asked. */
export interface RemakeItem {
  barcode: string;
  line_no: number;
  unit_no: number;
  manufacturer_code: string;
  description: string;
}

export const remakes = pgTable(
  'remakes',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * The order's name when the remake was asked: the list shows and searches it without reading
     * the orders module's table (decision 0023: one owner per table).
     */
    orderName: text('order_name').notNull(),
    /** OPEN | APPROVED | REJECTED */
    status: text('status').notNull().default('OPEN'),
    reason: text('reason').notNull(),
    /** CUSTOMER | SHOP | DELIVERY | INSTALLATION */
    source: text('source').notNull(),
    notes: text('notes').notNull().default(''),
    items: jsonb('items').$type<RemakeItem[]>().notNull().default([]),
    requestedById: userRef('requested_by_id', 'set null'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    decidedById: userRef('decided_by_id', 'set null'),
    decidedAt: timestamptz('decided_at'),
    rejectReason: text('reject_reason'),
    charged: boolean('charged').notNull().default(false),
    /** The linked remake order an approval created. */
    remakeOrderId: integer('remake_order_id').references(() => orders.id, { onDelete: 'set null' }),
    remakeOrderName: text('remake_order_name'),
  },
  (t) => [
    index('remakes_status_requested_idx').on(t.status, t.requestedAt, t.id),
    index('remakes_order_idx').on(t.orderId, t.id),
    // The remake order's `remake_of` is read by its id on every order read.
    index('remakes_remake_order_idx').on(t.remakeOrderId),
  ],
);

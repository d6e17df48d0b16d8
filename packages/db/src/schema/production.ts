import { CABINET_SCAN_RESULTS, SCAN_SESSION_TYPES } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { createdAt, id, timestamptz } from './columns.ts';
import { orderItems, orders } from './orders.ts';

/**
 * Production (issue 18, decision 0028): one cabinet per unit of every line of an approved order,
 * scan sessions and their scans. Owned by apps/server/src/modules/production.
 */

export const scanSessions = pgTable(
  'scan_sessions',
  {
    id: id(),
    type: text('type', { enum: SCAN_SESSION_TYPES }).notNull(),
    station: text('station'),
    openedBy: userRef('opened_by', 'set null'),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    index('scan_sessions_opened_idx').on(t.openedAt),
    check('scan_sessions_type_check', sql`${t.type} in ('PRODUCTION', 'SHIPPING', 'AUDIT')`),
  ],
);

/**
 * A physical cabinet: barcode `{order id}-{line_no, 2 digits}-{unit}` (shared production/barcode.ts).
 * completed_at / shipped_at are set once, by a compare-and-set (`where completed_at is null`), so
 * two scanners scanning the same cabinet count it once.
 */
export const cabinets = pgTable(
  'cabinets',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    lineNo: integer('line_no').notNull(),
    unitNo: integer('unit_no').notNull(),
    barcode: text('barcode').notNull(),
    manufacturerCode: text('manufacturer_code').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
    completedBy: userRef('completed_by', 'set null'),
    completedSessionId: integer('completed_session_id').references(() => scanSessions.id, { onDelete: 'set null' }),
    shippedAt: timestamptz('shipped_at'),
    shippedBy: userRef('shipped_by', 'set null'),
    shippedSessionId: integer('shipped_session_id').references(() => scanSessions.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('cabinets_barcode_key').on(t.barcode),
    // Covers the order's counts (the order detail and its stamp read them on every request) as an
    // index-only scan; an order's list is sorted by line and unit from its few hundred rows.
    index('cabinets_order_idx').on(t.orderId, t.completedAt, t.shippedAt),
    index('cabinets_completed_idx').on(t.completedAt).where(sql`${t.completedAt} is not null`),
    index('cabinets_shipped_idx').on(t.shippedAt).where(sql`${t.shippedAt} is not null`),
    // A scan asks whether another cabinet of its order is still to be completed (or shipped): the
    // first entry of these answers it, where the order index above is walked past marked rows.
    index('cabinets_uncompleted_idx').on(t.orderId).where(sql`${t.completedAt} is null`),
    index('cabinets_unshipped_idx').on(t.orderId).where(sql`${t.shippedAt} is null`),
  ],
);

/** One scan: what was read, when, by whom, and what it did. Append-only. */
export const scans = pgTable(
  'scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => scanSessions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The client's id for the scan: a retry with the same id answers the first result. */
    clientScanId: text('client_scan_id'),
    result: text('result', { enum: CABINET_SCAN_RESULTS }).notNull(),
    cabinetId: integer('cabinet_id').references(() => cabinets.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    scannedBy: userRef('scanned_by', 'set null'),
    /** When the cabinet was scanned: the client's `scanned_at` (an offline scan sent later), else arrival. */
    scannedAt: timestamptz('scanned_at').notNull().defaultNow(),
    /** When the scan reached the server (issue 29). */
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    /** A mistaken scan undone (issue 35): it stays in the log, marked, with who and why. */
    undoneAt: timestamptz('undone_at'),
    undoneBy: userRef('undone_by', 'set null'),
    undoReason: text('undo_reason'),
  },
  (t) => [
    index('scans_session_idx').on(t.sessionId, t.id),
    index('scans_order_idx').on(t.orderId),
    // The floor board's Last scans on load (issue 35): the day's newest scans, across sessions.
    index('scans_scanned_at_idx').on(t.scannedAt),
    uniqueIndex('scans_client_scan_id_key').on(t.sessionId, t.clientScanId),
    check('scans_result_check', sql`${t.result} in ('OK', 'DUPLICATE', 'UNKNOWN', 'WRONG_STATE')`),
  ],
);

/**
 * Scans per hour, session and person, net of undone scans (issue 35, decision 0050): what the
 * productivity report adds up, so a year of scans is a few thousand rows, not millions. Kept by
 * triggers on scans (migration 0029): a scan adds to its hour, an undo takes it away.
 * `user_id` is the scanner (0 when none); `ok` the OK scans (a PRODUCTION session's are cabinets
 * completed).
 */
export const scanHours = pgTable(
  'scan_hours',
  {
    hour: timestamptz('hour').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => scanSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    scans: integer('scans').notNull(),
    ok: integer('ok').notNull(),
    firstAt: timestamptz('first_at').notNull(),
    lastAt: timestamptz('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.sessionId, t.userId] })],
);

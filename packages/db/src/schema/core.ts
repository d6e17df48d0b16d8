import { date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { createdAt, flag, id, timestamptz, updatedAt } from './columns.ts';

/** Global settings as key -> JSON value (lead_time, remake_reasons, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
  updatedBy: userRef('updated_by'),
});

/**
 * Settings whose past values matter to a day posted late (decision 0053: the payment terms of the
 * daily charges): each change with the first day it holds; a second change with the same first
 * day replaces that record. The value before the first change is kept from '1970-01-01'.
 */
export const settingsHistory = pgTable(
  'settings_history',
  {
    key: text('key').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.effectiveFrom] })],
);

/** A holiday on a date; `recurring` ones repeat every year on the same month and day. */
export const holidays = pgTable(
  'holidays',
  {
    id: id(),
    date: date('date').notNull(),
    name: text('name').notNull(),
    recurring: flag('recurring'),
  },
  (t) => [uniqueIndex('holidays_date_key').on(t.date)],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    name: text('name').notNull(),
    value: text('value'),
  },
  (t) => [uniqueIndex('tags_name_value_key').on(t.name, t.value)],
);

/** What clients report: API errors they saw (warn) and uncaught script errors (error). */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: id(),
    transactionId: uuid('transaction_id').notNull(),
    level: text('level', { enum: ['warn', 'error'] }).notNull(),
    type: text('type').notNull(),
    code: text('code'),
    data: jsonb('data'),
    url: text('url'),
    error: text('error'),
    info: text('info'),
    path: text('path'),
    userId: userRef('user_id', 'set null'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('client_logs_created_idx').on(t.createdAt), uniqueIndex('client_logs_tx_key').on(t.transactionId)],
);

/**
 * Fixed-window counters for rate limits, shared by every server instance through the database
 * (servers keep no state in memory that matters).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

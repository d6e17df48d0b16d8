import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The live floor's events (issue 29, `GET /api/events/`), owned by modules/events. Each is written
 * in the transaction of the change it reports and announced with NOTIFY on commit, so every
 * server's listeners hear it; the id is the SSE event id a reconnecting client resumes from
 * (`Last-Event-ID`). Kept a day, then pruned by the job runner.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** scan, order_status, remake, planner or payment. */
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Whose record it is: a customer hears only its own (and a manager its company's). Null = the shop's only. */
    customerId: integer('customer_id'),
    companyId: integer('company_id'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('live_events_at_idx').on(t.at)],
);

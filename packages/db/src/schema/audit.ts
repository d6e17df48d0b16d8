import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { timestamptz } from './columns.ts';

/**
 * The audit trail: one row per change, written in the same transaction as the change
 * (docs/decisions/0009-audit-trail.md). `before` and `after` hold the changed entity's wire
 * shape (or the fields that changed); secrets never go in.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    /**
     * The acting user; null for the system and for public calls. The trail is append-only (a
     * trigger refuses UPDATE and DELETE), so a user with events cannot be deleted either.
     */
    actorId: userRef('actor_id', 'no action'),
    /** The request that made the change (x-request-id, the log line's id). */
    requestId: uuid('request_id'),
    /** What kind of thing changed: 'premium', 'line_item', 'user', 'company', ... */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** 'create', 'update', 'delete' or a domain verb ('invite', 'accept', 'approve', ...). */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.id),
  ],
);

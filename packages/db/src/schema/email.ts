import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

/** Admin-editable e-mail templates (Liquid syntax: {{ order.name }}), one per kind of message. */
export const emailTemplates = pgTable('email_templates', {
  name: text('name').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedAt: updatedAt(),
  updatedBy: userRef('updated_by', 'set null'),
});

/**
 * Every message goes through the outbox first; a worker delivers due rows and retries with
 * backoff, so nothing is lost while the mail server is down (DOMAIN.md "E-mail").
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    templateName: text('template_name'),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    messageId: text('message_id'),
    /** Texts of the body (sign-in links) blanked out once the mail is sent or given up. */
    secrets: text('secrets').array(),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * An announcement: e-mailed to its audience when sent, and shown in the app to that audience
 * until it expires.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: ['ALL_CUSTOMERS', 'BUSINESS', 'PERSONAL', 'STAFF'] }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    recipients: integer('recipients').notNull().default(0),
    createdBy: userRef('created_by', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_expires_idx').on(t.expiresAt)],
);

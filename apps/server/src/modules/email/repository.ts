import { type Executor, schema } from '@cab/db';
import { and, asc, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { exactCount, type PageWindow, paginate } from '../../kit/list.ts';

const { emailTemplates, emailOutbox } = schema;

export type OutboxRow = typeof emailOutbox.$inferSelect;

export const allTemplates = (db: Executor) => db.select().from(emailTemplates).orderBy(asc(emailTemplates.name));

export const templateByName = (db: Executor, name: string) =>
  db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.name, name))
    .then((r) => r[0]);

export async function saveTemplate(
  db: Executor,
  name: string,
  values: { subject: string; body: string },
  userId: number,
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: new Date(), updatedBy: userId })
    .where(eq(emailTemplates.name, name))
    .returning();
  return row;
}

export async function insertOutbox(db: Executor, values: typeof emailOutbox.$inferInsert) {
  const [row] = await db.insert(emailOutbox).values(values).returning();
  return row!;
}

/**
 * Claims due messages by leasing them (next_attempt_at moves to `leaseUntil`) in one statement:
 * several servers can deliver from one outbox without sending a message twice, and a worker that
 * dies mid-send leaves its messages to be retried when the lease runs out.
 */
export function claimDue(db: Executor, limit: number, leaseUntil: SQL) {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    // The database's clock, as the row's default: JavaScript's millisecond Date is behind a
    // microsecond now() within the same millisecond, and a row queued just then was skipped.
    .where(and(eq(emailOutbox.status, 'PENDING'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(emailOutbox).set({ nextAttemptAt: leaseUntil }).where(inArray(emailOutbox.id, due)).returning();
}

/** Claimed messages not sent after all (the server is stopping): due again now. */
export async function releaseClaimed(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'PENDING')));
}

/** Mail waiting to be sent: how many, and when the oldest was queued (metrics). */
export async function outboxBacklog(db: Executor): Promise<{ pending: number; oldest: Date | null }> {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${emailOutbox.createdAt})::text` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'PENDING'));
  return { pending: row?.pending ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** A row's new values; its times may be the database's clock (`msFromNow`). */
export async function updateOutbox(db: Executor, id: number, values: PgUpdateSetSource<typeof emailOutbox>) {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
}

export function outboxPage(db: Executor, filter: { status?: OutboxRow['status'] }, window: PageWindow) {
  const where = filter.status ? eq(emailOutbox.status, filter.status) : undefined;
  return paginate(
    window,
    ({ limit, offset }) =>
      db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.id)).limit(limit).offset(offset),
    exactCount(db, emailOutbox, where),
  );
}

// Announcements

const { announcements } = schema;

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementAudience = AnnouncementRow['audience'];

export async function insertOutboxMany(db: Executor, values: (typeof emailOutbox.$inferInsert)[]) {
  // Chunks keep each statement's parameter count well under PostgreSQL's limit.
  for (let i = 0; i < values.length; i += 1000) await db.insert(emailOutbox).values(values.slice(i, i + 1000));
}

export async function insertAnnouncement(db: Executor, values: typeof announcements.$inferInsert) {
  const [row] = await db.insert(announcements).values(values).returning();
  return row!;
}

export async function setAnnouncementRecipients(db: Executor, id: number, recipients: number) {
  await db.update(announcements).set({ recipients }).where(eq(announcements.id, id));
}

export const announcementById = (db: Executor, id: number) =>
  db
    .select()
    .from(announcements)
    .where(eq(announcements.id, id))
    .then((r) => r[0]);

export function announcementPage(db: Executor, window: PageWindow) {
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(announcements)
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .limit(limit)
        .offset(offset),
    exactCount(db, announcements),
  );
}

export const currentAnnouncements = (db: Executor, audiences: AnnouncementAudience[]) =>
  db
    .select()
    .from(announcements)
    .where(and(inArray(announcements.audience, audiences), gt(announcements.expiresAt, new Date())))
    .orderBy(desc(announcements.createdAt), desc(announcements.id));

export async function expireAnnouncement(db: Executor, id: number, at: Date) {
  const [row] = await db
    .update(announcements)
    // An announcement that already expired keeps its earlier expiry.
    .set({ expiresAt: sql`least(${announcements.expiresAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(announcements.id, id))
    .returning({ id: announcements.id });
  return row;
}

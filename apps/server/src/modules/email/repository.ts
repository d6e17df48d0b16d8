import { type Db, type Executor, schema } from '@cab/db';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';

const { emailTemplates, emailOutbox } = schema;

export type OutboxRow = typeof emailOutbox.$inferSelect;

export const allTemplates = (db: Db) => db.select().from(emailTemplates).orderBy(asc(emailTemplates.name));

export const templateByName = (db: Executor, name: string) =>
  db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.name, name))
    .then((r) => r[0]);

export async function saveTemplate(db: Db, name: string, values: { subject: string; body: string }, userId: number) {
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
export function claimDue(db: Executor, limit: number, leaseUntil: Date) {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'PENDING'), lte(emailOutbox.nextAttemptAt, new Date())))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(emailOutbox).set({ nextAttemptAt: leaseUntil }).where(inArray(emailOutbox.id, due)).returning();
}

export async function updateOutbox(db: Executor, id: number, values: Partial<typeof emailOutbox.$inferInsert>) {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
}

export async function outboxPage(db: Db, q: { page: number; pageSize: number; status?: OutboxRow['status'] }) {
  const where = q.status ? eq(emailOutbox.status, q.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

import { type Executor, schema } from '@cab/db';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { exactCount, type Page, type PageWindow, paginate } from '../../kit/list.ts';

const { auditEvents, users } = schema;

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertAuditEvents(db: Executor, rows: NewAuditEvent[]): Promise<void> {
  if (rows.length) await db.insert(auditEvents).values(rows);
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  actorId?: number;
}

const whereOf = (f: AuditFilter): SQL | undefined =>
  and(
    f.entity ? eq(auditEvents.entity, f.entity) : undefined,
    f.entityId ? eq(auditEvents.entityId, f.entityId) : undefined,
    f.actorId ? eq(auditEvents.actorId, f.actorId) : undefined,
  );

export function auditPage(db: Executor, filter: AuditFilter, window: PageWindow) {
  const where = whereOf(filter);
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select({
          event: auditEvents,
          actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(where)
        .orderBy(desc(auditEvents.id))
        .limit(limit)
        .offset(offset),
    exactCount(db, auditEvents, where),
  ) satisfies Promise<Page<unknown>>;
}

/** One entity's events, newest first, with the actor's name; only `actions` when given. */
export function historyOf(
  db: Executor,
  entity: string,
  entityId: string,
  actions: readonly string[] | null,
  limit: number,
) {
  return db
    .select({
      event: auditEvents,
      actor: { id: users.id, fullName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` },
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(
        eq(auditEvents.entity, entity),
        eq(auditEvents.entityId, entityId),
        actions ? inArray(auditEvents.action, [...actions]) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

/**
 * The shop's latest events for the dashboard's Recent activity (issue 35), newest first: orders
 * that changed status, remakes opened, approved or rejected, payments recorded. Not sign-ins.
 */
export function recentShopEvents(db: Executor, limit: number) {
  const e = auditEvents;
  return db
    .select({ at: e.at, entity: e.entity, entityId: e.entityId, action: e.action, before: e.before, after: e.after })
    .from(e)
    .where(
      or(
        and(
          eq(e.entity, 'order'),
          sql`${e.after}->>'status' is not null and ${e.before}->>'status' is distinct from ${e.after}->>'status'`,
        ),
        and(eq(e.entity, 'remake'), inArray(e.action, ['create', 'approve', 'reject'])),
        and(eq(e.entity, 'payment'), eq(e.action, 'create')),
      ),
    )
    .orderBy(desc(e.id))
    .limit(limit);
}

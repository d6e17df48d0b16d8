import { type Executor, schema } from '@cab/db';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

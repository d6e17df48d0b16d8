import { type Executor, rowsOf, schema } from '@cab/db';
import { CUSTOMER_EVENT_KINDS, type LiveEventKind, type Reach } from '@cab/shared';
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';

const { liveEvents } = schema;

/** The channel every server LISTENs on; the payload is the event's id. */
export const EVENTS_CHANNEL = 'cab_events';
/** Streams opened and closed on any server (hub.ts): `o|c:<user id>:<stream key>`, for the per-user cap. */
export const STREAMS_CHANNEL = 'cab_streams';

/** An event as stored: whose it is decides who hears it (hub.ts `hears`). */
export interface StoredEvent {
  id: number;
  kind: LiveEventKind;
  data: Record<string, unknown>;
  customerId: number | null;
  companyId: number | null;
}

const columns = {
  id: liveEvents.id,
  kind: liveEvents.kind,
  data: liveEvents.data,
  customerId: liveEvents.customerId,
  companyId: liveEvents.companyId,
};

/**
 * Stores an event and announces it in one statement: the NOTIFY is queued by the transaction and
 * delivered at its commit (never after a rollback), to every server's LISTEN connection.
 */
export async function insertEvent(
  db: Executor,
  kind: LiveEventKind,
  data: Record<string, unknown>,
  owner: { customerId: number | null; companyId: number | null },
): Promise<number> {
  const [row] = await rowsOf<{ id: number | string }>(
    db,
    sql`
    with e as (
      insert into ${liveEvents} (kind, data, customer_id, company_id)
      values (${kind}, ${JSON.stringify(data)}::jsonb, ${owner.customerId}, ${owner.companyId})
      returning id
    )
    select id, pg_notify(${EVENTS_CHANNEL}, id::text) from e`,
  );
  return Number(row!.id);
}

export async function eventsByIds(db: Executor, ids: number[]): Promise<StoredEvent[]> {
  const rows = await db.select(columns).from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id));
  return rows as StoredEvent[];
}

/**
 * The stored events after `afterId` that `reach` hears (hub.ts `hears`, here in SQL: a customer's
 * resume reads no one else's rows), oldest first, at most `limit`; walked by the primary key from
 * `afterId` (a reconnect's resume, the hub's catch-up).
 */
export async function eventsAfter(
  db: Executor,
  afterId: number,
  limit: number,
  reach: Reach = { all: true },
): Promise<StoredEvent[]> {
  if ('none' in reach) return [];
  const heard =
    'all' in reach
      ? undefined
      : and(
          inArray(liveEvents.kind, [...CUSTOMER_EVENT_KINDS]),
          reach.companyId === null
            ? eq(liveEvents.customerId, reach.customerId)
            : or(eq(liveEvents.customerId, reach.customerId), eq(liveEvents.companyId, reach.companyId)),
        );
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(and(gt(liveEvents.id, afterId), heard))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows as StoredEvent[];
}

/** Tells every server's hub (this one too) that streams opened or closed (`o|c:<user>:<key>` each). */
export async function announceStreams(db: Executor, payloads: string[]): Promise<void> {
  const list = sql.join(
    payloads.map((p) => sql`${p}`),
    sql`, `,
  );
  await db.execute(sql`select pg_notify(${STREAMS_CHANNEL}, p) from unnest(array[${list}]::text[]) as p`);
}

/** Deletes the events stored before `before` (the prune job; an index on `at` finds them). */
export async function deleteEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.at, before));
}

/** The newest event's id (0 for none). */
export async function lastEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(row?.id ?? 0);
}

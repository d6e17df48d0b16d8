import { type Executor, schema } from '@cab/db';
import type { CabinetScanResult, ScanSessionType } from '@cab/shared';
import { and, desc, eq, exists, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { exactCount, type PageWindow, paginate } from '../../../kit/list.ts';
import { timeOf } from '../cabinets/repository.ts';

/** Scan sessions and their scans (decision 0028). */
const { scanSessions, scans } = schema;

export type ScanSessionRow = typeof scanSessions.$inferSelect;
export type ScanRow = typeof scans.$inferSelect;

export async function insertSession(
  db: Executor,
  values: { type: ScanSessionType; station: string | null; openedBy: number; at?: Date },
) {
  const [row] = await db
    .insert(scanSessions)
    .values({ type: values.type, station: values.station, openedBy: values.openedBy, openedAt: timeOf(values.at) })
    .returning();
  return row!;
}

export async function sessionById(db: Executor, id: number) {
  const [row] = await db.select().from(scanSessions).where(eq(scanSessions.id, id));
  return row ?? null;
}

/** Closes the session once; null when it was closed already. */
export async function closeSession(db: Executor, id: number, at?: Date) {
  const [row] = await db
    .update(scanSessions)
    .set({ closedAt: timeOf(at) })
    .where(and(eq(scanSessions.id, id), isNull(scanSessions.closedAt)))
    .returning();
  return row ?? null;
}

export interface SessionFilter {
  type?: ScanSessionType;
  open?: boolean;
  /** Only sessions that scanned a cabinet of this order. */
  orderId?: number;
}

export function sessionPage(db: Executor, filter: SessionFilter, window: PageWindow) {
  const where: SQL | undefined = and(
    filter.type ? eq(scanSessions.type, filter.type) : undefined,
    filter.open === undefined
      ? undefined
      : filter.open
        ? isNull(scanSessions.closedAt)
        : isNotNull(scanSessions.closedAt),
    filter.orderId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(scans)
            .where(and(eq(scans.sessionId, scanSessions.id), eq(scans.orderId, filter.orderId))),
        ),
  );
  return paginate(
    window,
    (w) =>
      db
        .select()
        .from(scanSessions)
        .where(where)
        .orderBy(desc(scanSessions.openedAt), desc(scanSessions.id))
        .limit(w.limit)
        .offset(w.offset),
    exactCount(db, scanSessions, where),
  );
}

export type SessionCounts = Record<'total' | 'ok' | 'duplicate' | 'unknown' | 'wrong_state', number>;
const NO_SCANS: SessionCounts = { total: 0, ok: 0, duplicate: 0, unknown: 0, wrong_state: 0 };

/** Scans of each session by result; with `orderId`, also how many were of that order. */
export async function countsOfSessions(db: Executor, ids: readonly number[], orderId?: number) {
  const out = new Map<number, SessionCounts & { of_order: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      sessionId: scans.sessionId,
      total: sql<number>`count(*)::int`,
      ok: sql<number>`(count(*) filter (where ${scans.result} = 'OK'))::int`,
      duplicate: sql<number>`(count(*) filter (where ${scans.result} = 'DUPLICATE'))::int`,
      unknown: sql<number>`(count(*) filter (where ${scans.result} = 'UNKNOWN'))::int`,
      wrong_state: sql<number>`(count(*) filter (where ${scans.result} = 'WRONG_STATE'))::int`,
      of_order:
        orderId === undefined
          ? sql<number>`0`
          : sql<number>`(count(*) filter (where ${scans.orderId} = ${orderId}))::int`,
    })
    .from(scans)
    .where(inArray(scans.sessionId, [...ids]))
    .groupBy(scans.sessionId);
  for (const id of ids) out.set(id, { ...NO_SCANS, of_order: 0 });
  for (const { sessionId, ...c } of rows) out.set(sessionId, { ...c, of_order: Number(c.of_order) });
  return out;
}

export async function scanByClientId(db: Executor, sessionId: number, clientScanId: string) {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.sessionId, sessionId), eq(scans.clientScanId, clientScanId)));
  return row ?? null;
}

/** An OK scan of the cabinet in the session already (an audit session's duplicate). */
export async function okScanOf(db: Executor, sessionId: number, cabinetId: number) {
  const [row] = await db
    .select({ id: scans.id })
    .from(scans)
    .where(and(eq(scans.sessionId, sessionId), eq(scans.cabinetId, cabinetId), eq(scans.result, 'OK')))
    .limit(1);
  return row !== undefined;
}

/**
 * Records one scan. With a client_scan_id already recorded in the session (a retry that raced
 * the first), nothing is written and null answers.
 */
export async function insertScan(
  db: Executor,
  values: {
    sessionId: number;
    code: string;
    clientScanId: string | null;
    result: CabinetScanResult;
    cabinetId: number | null;
    orderId: number | null;
    scannedBy: number;
    at?: Date;
  },
) {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(scans)
    .values({ ...rest, scannedAt: timeOf(at) })
    .onConflictDoNothing({ target: [scans.sessionId, scans.clientScanId] })
    .returning();
  return row ?? null;
}

export const scansOfSession = (db: Executor, sessionId: number, limit: number) =>
  db.select().from(scans).where(eq(scans.sessionId, sessionId)).orderBy(desc(scans.id)).limit(limit);

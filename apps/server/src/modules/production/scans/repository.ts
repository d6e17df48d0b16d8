import { type Executor, schema } from '@cab/db';
import type { CabinetScanResult, OrderStatus, ScanSessionType } from '@cab/shared';
import { and, desc, eq, exists, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../../kit/json-rows.ts';
import { newestFirstPage, type PageWindow } from '../../../kit/list.ts';
import { type CabinetRow, timeOf } from '../cabinets/repository.ts';

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
  /** Only the sessions of this station (its name; case ignored). */
  station?: string;
}

export function sessionPage(db: Executor, filter: SessionFilter, window: PageWindow) {
  const where: SQL | undefined = and(
    filter.type ? eq(scanSessions.type, filter.type) : undefined,
    filter.open === undefined
      ? undefined
      : filter.open
        ? isNull(scanSessions.closedAt)
        : isNotNull(scanSessions.closedAt),
    filter.station === undefined ? undefined : sql`lower(${scanSessions.station}) = lower(${filter.station.trim()})`,
    filter.orderId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(scans)
            .where(and(eq(scans.sessionId, scanSessions.id), eq(scans.orderId, filter.orderId))),
        ),
  );
  return newestFirstPage(db, scanSessions, where, scanSessions.openedAt, window);
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
    /** When it was scanned; `receivedAt` when it arrived (both now when absent). */
    at?: Date;
    receivedAt?: Date;
  },
) {
  const { at, receivedAt, ...rest } = values;
  const [row] = await db
    .insert(scans)
    .values({ ...rest, scannedAt: timeOf(at), receivedAt: timeOf(receivedAt) })
    .onConflictDoNothing({ target: [scans.sessionId, scans.clientScanId] })
    .returning();
  return row ?? null;
}

/** The newest scans made since `since`, across sessions (the floor board's Last scans). */
export const scansSince = (db: Executor, since: Date, limit: number) =>
  db
    .select()
    .from(scans)
    .where(gte(scans.scannedAt, since))
    .orderBy(desc(scans.scannedAt), desc(scans.id))
    .limit(limit);

export const scansOfSession = (db: Executor, sessionId: number, limit: number) =>
  db.select().from(scans).where(eq(scans.sessionId, sessionId)).orderBy(desc(scans.id)).limit(limit);

// The scan's own statements (issue 18: 20 scanners at once). Constant texts, run as named prepared
// statements (kit/json-rows.ts preparedStatement): a scan of a known cabinet is begin, `scanStart`,
// `scanApply`, commit, plus the order's moves on its first and last cabinet.

/** The cabinet as a scan reads and answers it. */
type ScannedCabinet = Pick<
  CabinetRow,
  'id' | 'orderId' | 'barcode' | 'lineNo' | 'unitNo' | 'manufacturerCode' | 'description' | 'completedAt' | 'shippedAt'
>;
/** The order as a scan needs it: who reaches it, whether it is in production, and its answer. */
export interface ScannedOrder {
  id: number;
  name: string;
  status: OrderStatus;
  inEditingMode: boolean;
  customerId: number;
  companyId: number | null;
}

const toDate = (v: Date | string | null) => (v === null || v instanceof Date ? v : new Date(v));

const SCAN_START = `select s.type, s.closed_at is not null as closed,
  c.id as cabinet_id, c.barcode, c.line_no, c.unit_no, c.manufacturer_code, c.description,
  c.completed_at, c.shipped_at,
  o.id as order_id, o.name as order_name, o.status as order_status, o.in_editing_mode,
  o.customer_id, o.company_id
from scan_sessions s
left join cabinets c on c.barcode = $2
left join lateral (
  select id, name, status, in_editing_mode, customer_id, company_id from orders where id = c.order_id for update
) o on true
where s.id = $1`;

/**
 * A scan's first statement: the session, the cabinet with this barcode (none for `barcode` null),
 * and its order's row, locked (FOR UPDATE, as orders' loadOrderRow locks it): the order row is the
 * first row lock a scan takes, as for every order write. The cabinet is read before that lock is
 * granted; `scanApply` reads it again.
 */
export async function scanStart(db: Executor, sessionId: number, barcode: string | null) {
  const [r] = await preparedStatement<{
    type: ScanSessionType;
    closed: boolean;
    cabinet_id: number | null;
    barcode: string;
    line_no: number;
    unit_no: number;
    manufacturer_code: string;
    description: string;
    completed_at: Date | string | null;
    shipped_at: Date | string | null;
    order_id: number | null;
    order_name: string;
    order_status: OrderStatus;
    in_editing_mode: boolean;
    customer_id: number;
    company_id: number | null;
  }>(db, SCAN_START, [sessionId, barcode]);
  if (!r) return null;
  const session = { type: r.type, closed: r.closed };
  if (r.cabinet_id === null || r.order_id === null) return { session, cabinet: null, order: null };
  const cabinet: ScannedCabinet = {
    id: r.cabinet_id,
    orderId: r.order_id,
    barcode: r.barcode,
    lineNo: r.line_no,
    unitNo: r.unit_no,
    manufacturerCode: r.manufacturer_code,
    description: r.description,
    completedAt: toDate(r.completed_at),
    shippedAt: toDate(r.shipped_at),
  };
  const order: ScannedOrder = {
    id: r.order_id,
    name: r.order_name,
    status: r.order_status,
    inEditingMode: r.in_editing_mode,
    customerId: r.customer_id,
    companyId: r.company_id,
  };
  return { session, cabinet, order };
}

/**
 * One statement for the rest of a PRODUCTION (`completed`) or SHIPPING (`shipped`) scan, run once
 * the order's row is held, so its snapshot sees every scan of the order before it: the retry check
 * (the client_scan_id recorded already: nothing else happens), the cabinet's compare-and-set when
 * `$4` (the order allows it), the result, the scan's row (nothing on a client_scan_id taken
 * meanwhile), the cabinet as it is now and whether another cabinet of the order is still to be
 * marked: the first unmarked one the order index finds (the order moves by it), and the order's
 * cabinet counts after this scan for the screen (the snapshot's counts plus this scan's mark).
 * `$6` is when the cabinet was scanned (the cabinet is marked at that time), `$9` when it arrived.
 */
const scanApplyText = (mark: 'completed' | 'shipped') => `with prior as (
  select from scans where session_id = $1 and client_scan_id = $2
), cab as (
  select completed_at, shipped_at from cabinets where id = $3
), done as (
  update cabinets set ${mark}_at = coalesce($6::timestamptz, now()), ${mark}_by = $5, ${mark}_session_id = $1
  where id = $3 and ${mark}_at is null and $4::boolean and not exists (select from prior)
  returning completed_at, shipped_at
), counted as (
  select count(*)::int as total, count(completed_at)::int as completed, count(shipped_at)::int as shipped
  from cabinets where order_id = $8
), outcome as (
  select case when exists (select from done) then 'OK'
    when (select ${mark}_at from cab) is not null then 'DUPLICATE'
    when not $4::boolean then 'WRONG_STATE'
    else 'DUPLICATE' end as result
), recorded as (
  insert into scans (session_id, code, client_scan_id, result, cabinet_id, order_id, scanned_by, scanned_at, received_at)
  select $1::int, $7::text, $2::text, result, $3::int, $8::int, $5::int, coalesce($6::timestamptz, now()),
    coalesce($9::timestamptz, now()) from outcome
  where not exists (select from prior)
  on conflict (session_id, client_scan_id) do nothing
  returning id
)
select exists (select from prior) as retried, (select result from outcome) as result,
  exists (select from recorded) as recorded, (select id from recorded) as scan_id,
  coalesce((select completed_at from done), (select completed_at from cab)) as completed_at,
  coalesce((select shipped_at from done), (select shipped_at from cab)) as shipped_at,
  exists (select from done) as changed,
  exists (select from cabinets where order_id = $8 and id <> $3 and ${mark}_at is null) as others_left,
  (select total from counted) as total,
  (select ${mark === 'completed' ? 'completed + (select count(*) from done)::int' : 'completed'} from counted) as completed,
  (select ${mark === 'shipped' ? 'shipped + (select count(*) from done)::int' : 'shipped'} from counted) as shipped`;
const SCAN_APPLY = { completed: scanApplyText('completed'), shipped: scanApplyText('shipped') };

export interface ScanApplied {
  /** The client_scan_id was recorded before: nothing was done. */
  retried: boolean;
  result: CabinetScanResult;
  /** False: the client_scan_id was taken meanwhile by another scan. */
  recorded: boolean;
  /** The scan's row, when recorded. */
  scanId: number | null;
  completedAt: Date | null;
  shippedAt: Date | null;
  /** This scan marked the cabinet. */
  changed: boolean;
  /** Another cabinet of the order is not marked yet. */
  othersLeft: boolean;
  /** The order's cabinets after this scan. */
  counts: CabinetCounts;
}

export interface CabinetCounts {
  total: number;
  completed: number;
  shipped: number;
}

export async function scanApply(
  db: Executor,
  mark: 'completed' | 'shipped',
  v: {
    sessionId: number;
    clientScanId: string | null;
    cabinetId: number;
    allowed: boolean;
    userId: number;
    at?: Date;
    receivedAt?: Date;
    code: string;
    orderId: number;
  },
): Promise<ScanApplied> {
  const [r] = await preparedStatement<{
    retried: boolean;
    result: CabinetScanResult;
    recorded: boolean;
    scan_id: number | string | null;
    completed_at: Date | string | null;
    shipped_at: Date | string | null;
    changed: boolean;
    others_left: boolean;
    total: number;
    completed: number;
    shipped: number;
  }>(db, SCAN_APPLY[mark], [
    v.sessionId,
    v.clientScanId,
    v.cabinetId,
    v.allowed,
    v.userId,
    v.at ?? null,
    v.code,
    v.orderId,
    v.receivedAt ?? null,
  ]);
  return {
    retried: r!.retried,
    result: r!.result,
    recorded: r!.recorded,
    scanId: r!.scan_id === null ? null : Number(r!.scan_id),
    completedAt: toDate(r!.completed_at),
    shippedAt: toDate(r!.shipped_at),
    changed: r!.changed,
    othersLeft: r!.others_left,
    counts: { total: Number(r!.total), completed: Number(r!.completed), shipped: Number(r!.shipped) },
  };
}

const CABINET_COUNTS = `select count(*)::int as total, count(completed_at)::int as completed,
  count(shipped_at)::int as shipped from cabinets where order_id = $1`;

/** The order's cabinet counts, as the lifecycle table asks for them when a scan moves the order. */
export async function cabinetCounts(db: Executor, orderId: number): Promise<CabinetCounts> {
  const [r] = await preparedStatement<CabinetCounts>(db, CABINET_COUNTS, [orderId]);
  return r!;
}

/** Reopens a closed session; null when it was open already. */
export async function reopenSession(db: Executor, id: number) {
  const [row] = await db
    .update(scanSessions)
    .set({ closedAt: null })
    .where(and(eq(scanSessions.id, id), isNotNull(scanSessions.closedAt)))
    .returning();
  return row ?? null;
}

/** A scan and its session's type, the scan's row locked (two undos of one scan run one after the other). */
export async function scanForUndo(db: Executor, id: number) {
  const [row] = await db
    .select({ scan: scans, type: scanSessions.type })
    .from(scans)
    .innerJoin(scanSessions, eq(scanSessions.id, scans.sessionId))
    .where(eq(scans.id, id))
    .for('update', { of: scans });
  return row ?? null;
}

/**
 * Takes back the mark an OK scan put on its cabinet, only while the cabinet is as that scan left
 * it: marked by this session at the scan's time, and (a completion) not shipped since. False
 * when the cabinet has moved on.
 */
export async function unmarkCabinet(db: Executor, mark: 'completed' | 'shipped', scan: ScanRow) {
  const { cabinets } = schema;
  const cols =
    mark === 'completed'
      ? { at: cabinets.completedAt, by: cabinets.completedBy, session: cabinets.completedSessionId }
      : { at: cabinets.shippedAt, by: cabinets.shippedBy, session: cabinets.shippedSessionId };
  const rows = await db
    .update(cabinets)
    .set(
      mark === 'completed'
        ? { completedAt: null, completedBy: null, completedSessionId: null }
        : { shippedAt: null, shippedBy: null, shippedSessionId: null },
    )
    .where(
      and(
        eq(cabinets.id, scan.cabinetId ?? 0),
        eq(cols.session, scan.sessionId),
        // In SQL: the scan's time has microseconds a JavaScript Date drops.
        sql`${cols.at} = (select ${scans.scannedAt} from ${scans} where ${scans.id} = ${scan.id})`,
        mark === 'completed' ? isNull(cabinets.shippedAt) : undefined,
      ),
    )
    .returning({ id: cabinets.id });
  return rows.length > 0;
}

/** Marks the scan undone once; null when it was undone already. */
export async function markUndone(db: Executor, id: number, by: number, reason: string, at?: Date) {
  const [row] = await db
    .update(scans)
    .set({ undoneAt: timeOf(at), undoneBy: by, undoReason: reason })
    .where(and(eq(scans.id, id), isNull(scans.undoneAt)))
    .returning();
  return row ?? null;
}

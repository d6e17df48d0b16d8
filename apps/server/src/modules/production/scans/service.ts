import {
  type CabinetScanResult,
  type FloorScan,
  type OrderStatus,
  PAGE_SIZE,
  PRODUCTION_CODES,
  PRODUCTION_TEXT,
  parseCabinetBarcode,
  SCANNED_AT_BOUNDS,
  type ScanAnswer,
  type ScanRow,
  type ScanSession,
  type ScanSessionDetail,
  type ScanSessionType,
  SESSION_SCANS_SHOWN,
  STATION_TEXT,
  type scanSessionListQuerySchema,
  startOfDayIn,
  UNDO_CODES,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../kit/context.ts';
import { nowOf, todayOf } from '../../../kit/context.ts';
import { AppError, badRequest, fieldError, notFound } from '../../../kit/errors.ts';
import { pageWindow } from '../../../kit/list.ts';
import { assertReaches } from '../../../kit/reach.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { userNames } from '../../auth/index.ts';
import { publishEvent } from '../../events/index.ts';
import { changedConcurrently, loadOrderRow, moveOrder, type OrderRow, orderHeads } from '../../orders/index.ts';
import * as cabinets from '../cabinets/repository.ts';
import { toWireCabinet } from '../cabinets/service.ts';
import * as repo from './repository.ts';

/**
 * Scan sessions and scans (issue 18, decision 0028). A scan of a known cabinet takes the order's
 * row lock first (as orders' changeOrder does), so the scans of one order run one after another
 * and the status moves they cause see every cabinet counted; the cabinet itself changes by a
 * compare-and-set, so a cabinet two scanners read at once is counted once.
 */

/** Where a PRODUCTION scan completes a cabinet. */
const IN_PRODUCTION: readonly OrderStatus[] = ['VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED'];

type Names = Map<number, string>;
const person = (id: number | null, names: Names) => (id === null ? null : { id, full_name: names.get(id) ?? '' });

function toWireSession(s: repo.ScanSessionRow, counts: repo.SessionCounts | undefined, names: Names): ScanSession {
  return {
    id: s.id,
    type: s.type,
    station: s.station,
    opened_by: person(s.openedBy, names),
    opened_at: s.openedAt.toISOString(),
    closed_at: s.closedAt?.toISOString() ?? null,
    counts: {
      total: counts?.total ?? 0,
      ok: counts?.ok ?? 0,
      duplicate: counts?.duplicate ?? 0,
      unknown: counts?.unknown ?? 0,
      wrong_state: counts?.wrong_state ?? 0,
    },
  };
}

async function sessionsToWire(ctx: Ctx, rows: repo.ScanSessionRow[], orderId?: number) {
  const [counts, names] = await Promise.all([
    repo.countsOfSessions(
      ctx.db,
      rows.map((r) => r.id),
      orderId,
    ),
    userNames(
      ctx.db,
      rows.flatMap((r) => (r.openedBy === null ? [] : [r.openedBy])),
    ),
  ]);
  return rows.map((r) => ({
    ...toWireSession(r, counts.get(r.id), names),
    scans_of_order: counts.get(r.id)?.of_order ?? 0,
  }));
}

async function sessionOr404(ctx: Ctx, id: number) {
  const session = await repo.sessionById(ctx.db, id);
  if (!session) throw notFound();
  return session;
}

/** POST /api/scan/sessions/ */
export function openSession(ctx: Ctx, body: { type: ScanSessionType; station?: string | null }): Promise<ScanSession> {
  return transaction(ctx, async (tx) => {
    const row = await repo.insertSession(tx.db, {
      type: body.type,
      station: body.station?.trim() || null,
      openedBy: tx.actor.id,
      at: tx.at,
    });
    const [wire] = await sessionsToWire(tx, [row]);
    await audit(tx, { entity: 'scan_session', id: row.id, action: 'open', before: null, after: wire });
    return wire!;
  });
}

/** POST /api/scan/sessions/{id}/close/: closing a closed session answers it unchanged. */
export function closeSession(ctx: Ctx, id: number): Promise<ScanSession> {
  return transaction(ctx, async (tx) => {
    const before = await sessionOr404(tx, id);
    const closed = await repo.closeSession(tx.db, id, tx.at);
    const [wire] = await sessionsToWire(tx, [closed ?? before]);
    if (closed) {
      await audit(tx, {
        entity: 'scan_session',
        id,
        action: 'close',
        before: { closed_at: null },
        after: { closed_at: wire!.closed_at },
      });
    }
    return wire!;
  });
}

/** GET /api/scan/sessions/ */
export async function listSessions(ctx: Ctx, query: z.output<typeof scanSessionListQuerySchema>) {
  const page = await repo.sessionPage(
    ctx.db,
    { type: query.type, open: query.open === undefined ? undefined : query.open === 'true', station: query.station },
    pageWindow(query),
  );
  const results = (await sessionsToWire(ctx, page.rows)).map(({ scans_of_order: _, ...s }) => s);
  return { results, total: page.total };
}

/** GET /api/orders/{id}/scan_sessions/ */
export async function sessionsOfOrder(ctx: Ctx, orderId: number) {
  await loadOrderRow(ctx, orderId);
  const page = await repo.sessionPage(ctx.db, { orderId }, { limit: PAGE_SIZE.orderParts, offset: 0 });
  return { results: await sessionsToWire(ctx, page.rows, orderId), total: page.total };
}

/** Scans on the wire, with their cabinets, orders and scanners. */
async function scansToWire(ctx: Ctx, rows: repo.ScanRow[]): Promise<ScanRow[]> {
  const ids = (pick: (r: repo.ScanRow) => number | null) => rows.flatMap((r) => (pick(r) === null ? [] : [pick(r)!]));
  const [cabs, orders, names] = await Promise.all([
    cabinets.cabinetsByIds(
      ctx.db,
      ids((r) => r.cabinetId),
    ),
    orderHeads(
      ctx.db,
      ids((r) => r.orderId),
    ),
    userNames(ctx.db, [...ids((r) => r.scannedBy), ...ids((r) => r.undoneBy)]),
  ]);
  return rows.map((r) => {
    const cab = r.cabinetId === null ? undefined : cabs.get(r.cabinetId);
    const order = r.orderId === null ? undefined : orders.get(r.orderId);
    return {
      id: r.id,
      at: r.scannedAt.toISOString(),
      code: r.code,
      client_scan_id: r.clientScanId,
      result: r.result,
      cabinet: cab ? toWireCabinet(cab) : null,
      order: order ?? null,
      by: person(r.scannedBy, names),
      undone: r.undoneAt
        ? { at: r.undoneAt.toISOString(), by: person(r.undoneBy, names), reason: r.undoReason ?? '' }
        : null,
    };
  });
}

/** GET /api/scan/sessions/{id}/ */
export async function getSession(ctx: Ctx, id: number): Promise<ScanSessionDetail> {
  const session = await sessionOr404(ctx, id);
  const [[wire], rows] = await Promise.all([
    sessionsToWire(ctx, [session]),
    repo.scansOfSession(ctx.db, id, SESSION_SCANS_SHOWN),
  ]);
  const { scans_of_order: _, ...s } = wire!;
  return { ...s, scans: await scansToWire(ctx, rows) };
}

/**
 * GET /api/scan/scans/ (issue 35): the day's newest scans across sessions, so the floor board's
 * Last scans are filled on load (after a power cut or an update), not only by live events.
 */
export async function floorScans(ctx: Ctx, pageSize: number): Promise<{ results: FloorScan[] }> {
  const rows = await repo.scansSince(ctx.db, startOfDayIn(todayOf(ctx)), pageSize);
  const wire = await scansToWire(ctx, rows);
  return { results: wire.map((w, i) => ({ ...w, session_id: rows[i]!.sessionId })) };
}

/** The answer a recorded scan gave (a retried client_scan_id), with the order's counts now. */
async function answerOf(ctx: Ctx, scan: repo.ScanRow): Promise<ScanAnswer> {
  const [[wire], counts] = await Promise.all([
    scansToWire(ctx, [scan]),
    scan.orderId === null ? null : repo.cabinetCounts(ctx.db, scan.orderId),
  ]);
  return { id: scan.id, result: wire!.result, cabinet: wire!.cabinet, order: wire!.order, cabinets: counts };
}

/**
 * The time a scan was made: the client's `scanned_at` (a scan queued offline and sent later),
 * within a minute ahead of the server's clock (device clocks drift) and a week behind it; absent,
 * the time it arrived.
 */
function scanTime(ctx: Ctx, scannedAt: string | undefined): Date | undefined {
  if (scannedAt === undefined) return ctx.at;
  const at = new Date(scannedAt);
  const now = nowOf(ctx).getTime();
  if (at.getTime() > now + SCANNED_AT_BOUNDS.aheadMs) {
    throw fieldError(PRODUCTION_CODES.scannedAtOutOfRange, 'scanned_at', PRODUCTION_TEXT.scannedAtAhead);
  }
  if (at.getTime() < now - SCANNED_AT_BOUNDS.behindMs) {
    throw fieldError(PRODUCTION_CODES.scannedAtOutOfRange, 'scanned_at', PRODUCTION_TEXT.scannedAtTooOld);
  }
  return at;
}

/**
 * A PRODUCTION scan completed a cabinet: the order follows its cabinets through the lifecycle
 * table (as a scan): VERIFIED -> IN_PROGRESS, then COMPLETED when every cabinet is, else
 * PARTIALLY_COMPLETED. `othersLeft`: another cabinet is not complete yet. Most scans move
 * nothing; the counts the table asks for are read only for a move.
 */
async function followProduction(tx: Ctx, order: repo.ScannedOrder, othersLeft: boolean) {
  if (othersLeft && order.status !== 'VERIFIED' && order.status !== 'IN_PROGRESS') return order;
  const scan = { cabinets: await repo.cabinetCounts(tx.db, order.id) };
  let status = order.status;
  if (status === 'VERIFIED') status = (await moveOrder(tx, order.id, 'start_production', {}, { scan })).status;
  if (!othersLeft) return moveOrder(tx, order.id, 'complete', {}, { scan });
  if (status === 'IN_PROGRESS') return moveOrder(tx, order.id, 'partially_complete', {}, { scan });
  return { ...order, status };
}

/** A SHIPPING scan shipped a cabinet: the order is SHIPPED when every cabinet is. */
async function followShipping(tx: Ctx, order: repo.ScannedOrder, othersLeft: boolean) {
  if (othersLeft) return order;
  return moveOrder(tx, order.id, 'ship', {}, { scan: { cabinets: await repo.cabinetCounts(tx.db, order.id) } });
}

/** The live floor hears every recorded scan (issue 29), in the scan's transaction. */
const publishScan = (
  tx: Ctx,
  id: number,
  sessionId: number,
  orderId: number | null,
  barcode: string,
  result: CabinetScanResult,
  at: Date | undefined,
) =>
  publishEvent(tx.db, 'scan', {
    id,
    session_id: sessionId,
    order_id: orderId,
    barcode,
    result,
    at: (at ?? nowOf(tx)).toISOString(),
  });

/**
 * POST /api/scan/sessions/{id}/scan/. A scan of a known cabinet is two statements in its
 * transaction (repository.ts scanStart, scanApply), plus the order's moves on its first and last
 * cabinet: it is the floor's hot write (bench/scans.mts, 20 scanners at once).
 */
export function scan(
  ctx: Ctx,
  sessionId: number,
  body: { code: string; client_scan_id?: string; scanned_at?: string },
): Promise<ScanAnswer> {
  const scannedAt = scanTime(ctx, body.scanned_at);
  return transaction(ctx, async (tx) => {
    const code = body.code.trim();
    const clientScanId = body.client_scan_id?.trim() || null;
    // The order's row is locked here, first: scans of one order (and its moves) queue on it.
    const start = await repo.scanStart(tx.db, sessionId, parseCabinetBarcode(code) ? code : null);
    if (!start) throw notFound();
    if (start.session.closed) throw badRequest(PRODUCTION_CODES.sessionClosed, PRODUCTION_TEXT.sessionClosed);
    // A retry of a recorded scan answers its first result. Looked up once the order's row is held
    // (a retry racing its first send waits there); an unknown code has no row to hold, and its
    // insert below does nothing when the id is taken.
    const prior = async () => (await repo.scanByClientId(tx.db, sessionId, clientScanId!))!;
    const record = (result: CabinetScanResult, cabinetId: number | null, orderId: number | null) =>
      repo.insertScan(tx.db, {
        sessionId,
        code,
        clientScanId,
        result,
        cabinetId,
        orderId,
        scannedBy: tx.actor.id,
        at: scannedAt,
        receivedAt: tx.at,
      });

    const { cabinet: found, order: read } = start;
    if (!found) {
      // Null: the same client_scan_id was recorded meanwhile (a retry racing the first send).
      const recorded = await record('UNKNOWN', null, null);
      if (!recorded) return answerOf(tx, await prior());
      await publishScan(tx, recorded.id, sessionId, null, code, 'UNKNOWN', scannedAt);
      return { id: recorded.id, result: 'UNKNOWN', cabinet: null, order: null, cabinets: null };
    }
    assertReaches(tx.actor, read);
    let order: Pick<OrderRow, 'id' | 'name' | 'status'> = read;
    let cabinet = found;
    let result: CabinetScanResult;
    let counts: repo.CabinetCounts;
    let scanId: number | null;

    if (start.session.type === 'AUDIT') {
      const raced = clientScanId ? await repo.scanByClientId(tx.db, sessionId, clientScanId) : null;
      if (raced) return answerOf(tx, raced);
      result = (await repo.okScanOf(tx.db, sessionId, cabinet.id)) ? 'DUPLICATE' : 'OK';
      // The client_scan_id was used meanwhile for another code: undo this one, the client retries.
      const recorded = await record(result, cabinet.id, order.id);
      if (!recorded) throw changedConcurrently();
      scanId = recorded.id;
      counts = await repo.cabinetCounts(tx.db, order.id);
    } else {
      // The cabinet read again in the order's lock, completed (or shipped) by a compare-and-set
      // (completed_at and shipped_at are set once), the scan recorded: one statement.
      const production = start.session.type === 'PRODUCTION';
      const applied = await repo.scanApply(tx.db, production ? 'completed' : 'shipped', {
        sessionId,
        clientScanId,
        cabinetId: cabinet.id,
        allowed: production
          ? IN_PRODUCTION.includes(read.status) && !(read.status === 'VERIFIED' && read.inEditingMode)
          : read.status === 'COMPLETED',
        userId: tx.actor.id,
        at: scannedAt,
        receivedAt: tx.at,
        code,
        orderId: read.id,
      });
      if (applied.retried) return answerOf(tx, await prior());
      if (!applied.recorded) throw changedConcurrently();
      result = applied.result;
      scanId = applied.scanId;
      counts = applied.counts;
      cabinet = { ...cabinet, completedAt: applied.completedAt, shippedAt: applied.shippedAt };
      if (applied.changed) {
        order = production
          ? await followProduction(tx, read, applied.othersLeft)
          : await followShipping(tx, read, applied.othersLeft);
      }
    }
    await publishScan(tx, scanId!, sessionId, order.id, code, result, scannedAt);
    return {
      id: scanId,
      result,
      cabinet: toWireCabinet(cabinet),
      order: { id: order.id, name: order.name, status: order.status },
      cabinets: counts,
    };
  });
}

/** POST /api/scan/sessions/{id}/reopen/ (issue 35, ADMIN): reopening an open session answers it unchanged. */
export function reopenSession(ctx: Ctx, id: number): Promise<ScanSession> {
  return transaction(ctx, async (tx) => {
    const before = await sessionOr404(tx, id);
    const reopened = await repo.reopenSession(tx.db, id);
    const [wire] = await sessionsToWire(tx, [reopened ?? before]);
    if (reopened) {
      await audit(tx, {
        entity: 'scan_session',
        id,
        action: 'reopen',
        before: { closed_at: before.closedAt?.toISOString() ?? null },
        after: { closed_at: null },
      });
    }
    return wire!;
  });
}

/**
 * The order after an undone scan: its status follows its cabinets back (decision 0050). An undone
 * shipment takes a SHIPPED order back to COMPLETED; an undone completion takes a COMPLETED order
 * to PARTIALLY_COMPLETED (some cabinets still complete) or IN_PROGRESS (none), and a
 * PARTIALLY_COMPLETED one with none left to IN_PROGRESS. Production stays started.
 */
async function followUndo(tx: Ctx, orderId: number, mark: 'completed' | 'shipped') {
  const row = await loadOrderRow(tx, orderId, tx.db);
  const counts = await repo.cabinetCounts(tx.db, orderId);
  const scan = { cabinets: counts };
  if (mark === 'shipped') {
    if (row.status === 'SHIPPED') await moveOrder(tx, orderId, 'undo_ship', {}, { scan });
    return;
  }
  if (row.status === 'COMPLETED' && counts.completed > 0) await moveOrder(tx, orderId, 'undo_complete', {}, { scan });
  else if ((row.status === 'COMPLETED' || row.status === 'PARTIALLY_COMPLETED') && counts.completed === 0) {
    await moveOrder(tx, orderId, 'undo_progress', {}, { scan });
  }
}

/**
 * POST /api/scan/scans/{id}/undo/ (issue 35): a mistaken scan is taken back. The order's row is
 * locked first (as a scan takes it), then the scan's; an OK scan's cabinet goes back to what it
 * was before (only while it is as the scan left it: else 409), the order follows, and the scan
 * stays in the log marked undone with who and why. Undoing it again is a 409.
 */
export function undoScan(ctx: Ctx, id: number, body: { reason: string }): Promise<ScanRow> {
  return transaction(ctx, async (tx) => {
    const peek = await repo.scanForUndo(tx.db, id);
    if (!peek) throw notFound();
    if (peek.scan.orderId !== null) await loadOrderRow(tx, peek.scan.orderId, tx.db, { lock: true });
    const { scan: row, type } = (await repo.scanForUndo(tx.db, id))!;
    if (row.undoneAt) throw new AppError(409, UNDO_CODES.alreadyUndone, STATION_TEXT.alreadyUndone);
    const mark = row.result !== 'OK' || type === 'AUDIT' ? null : type === 'PRODUCTION' ? 'completed' : 'shipped';
    if (mark && !(await repo.unmarkCabinet(tx.db, mark, row))) {
      throw new AppError(409, UNDO_CODES.cabinetMovedOn, STATION_TEXT.cabinetMovedOn);
    }
    const undone = await repo.markUndone(tx.db, id, tx.actor.id, body.reason.trim(), tx.at);
    if (!undone) throw new AppError(409, UNDO_CODES.alreadyUndone, STATION_TEXT.alreadyUndone);
    if (mark && row.orderId !== null) await followUndo(tx, row.orderId, mark);
    const [wire] = await scansToWire(tx, [undone]);
    await audit(tx, {
      entity: 'scan_session',
      id: row.sessionId,
      action: 'undo_scan',
      before: { scan: id, result: row.result, undone: null },
      after: { scan: id, undone: wire!.undone },
    });
    await publishEvent(tx.db, 'scan_undone', {
      id,
      session_id: row.sessionId,
      order_id: row.orderId,
      barcode: row.code,
      result: row.result,
      at: wire!.undone!.at,
      scanned_at: wire!.at,
    });
    return wire!;
  });
}

import { ORDER_LIFECYCLE_CODES, type OrderAction, type TransitionInput, transition } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { badRequest, notFound, permissionDenied } from '../../../kit/errors.ts';
import { audit } from '../../audit/index.ts';
import { publishEvent } from '../../events/index.ts';
import { alreadyPriced, changedConcurrently, changeOrder } from '../change/change.ts';
import { lifecycleActor, lifecycleOrder, loadOrderRow } from '../reach.ts';
import { runMoveReactions } from '../reactions.ts';
import type { OrderRow } from '../repository.ts';
import { compareAndSetStatus } from './repository.ts';

/**
 * THE status writer (decision 0013): the only code that writes orders.status and
 * orders.in_editing_mode. A move is asked of the lifecycle table (transition()), applied with a
 * compare-and-set on the status and version that were read, and recorded as an audit event in the
 * same transaction. Two concurrent moves on one order: exactly one wins, the other gets 409.
 */

/** The part of an order a move changes, as recorded in its event. */
const moveState = (row: OrderRow) => ({
  status: row.status,
  in_editing_mode: row.inEditingMode,
  version: row.version,
});

/**
 * A move the scan service makes (issue 18): the table is asked as `via: 'scan'` with the order's
 * cabinet counts, read by production in the same transaction.
 */
export interface ScanMove {
  cabinets: { total: number; completed: number; shipped: number };
}

/** The lifecycle table's answer for `row`, or its refusal as an error (404, 403 or 400 with its code). */
export function checkMove(ctx: Ctx, row: OrderRow, action: OrderAction, input: TransitionInput = {}, scan?: ScanMove) {
  const order = scan ? { ...lifecycleOrder(row), cabinets: scan.cabinets } : lifecycleOrder(row);
  const actor = scan ? { ...lifecycleActor(ctx), via: 'scan' as const } : lifecycleActor(ctx);
  const result = transition(order, action, actor, input);
  if (result.ok) return result;
  if (result.code === ORDER_LIFECYCLE_CODES.notFound) throw notFound();
  if (result.code === ORDER_LIFECYCLE_CODES.permissionDenied) throw permissionDenied();
  throw badRequest(result.code, result.message);
}

export interface MoveHooks {
  /**
   * Work before the move (stop_editing reprices and revalidates, fix revalidates). The row is read
   * again afterwards; with `recheck` the table is asked again with the fresh row (its error count).
   */
  prepare?: (tx: Ctx, row: OrderRow) => Promise<void>;
  recheck?: boolean;
  /** Work after the move, in its transaction; what it answers is added to the event's `after`. */
  after?: (tx: Ctx, moved: OrderRow, before: OrderRow) => Promise<Record<string, unknown> | undefined>;
  /** Added to the event's `before` and `after` (e.g. the decline reason). */
  details?: Record<string, unknown>;
  /** The version the caller last read (optional): 409 when the order changed since. */
  version?: number;
  /** Made by the scan service (ScanMove). */
  scan?: ScanMove;
}

/**
 * Applies `action` to a row read in the open transaction `tx`: compare-and-set, then the event.
 * Answers the row as moved. 409 when the order changed since `row` was read.
 */
export async function applyMove(
  tx: Ctx,
  row: OrderRow,
  action: OrderAction,
  input: TransitionInput = {},
  hooks: Pick<MoveHooks, 'after' | 'details' | 'scan'> = {},
): Promise<OrderRow> {
  const answer = checkMove(tx, row, action, input, hooks.scan);
  if (answer.kind === 'copy') throw new Error(`applyMove: ${action} creates an order; it does not move one`);
  const moved = await compareAndSetStatus(
    tx.db,
    row.id,
    { status: row.status, version: row.version },
    { status: answer.to, inEditingMode: answer.in_editing_mode },
    tx.at,
  );
  if (!moved) throw changedConcurrently();
  // The live floor and the customer's pages hear every move (issue 29), at its commit.
  await publishEvent(tx.db, 'order_status', { order_id: moved.id, status: moved.status }, moved);
  const extra = {
    ...((await hooks.after?.(tx, moved, row)) ?? {}),
    ...(await runMoveReactions(tx, action, moved, row)),
  };
  await audit(tx, {
    entity: 'order',
    id: row.id,
    action,
    before: { ...moveState(row), ...(hooks.scan ? { via: 'scan' } : {}), ...(hooks.details ?? {}) },
    after: { ...moveState(moved), ...(hooks.details ?? {}), ...extra },
  });
  return moved;
}

/**
 * `moveOrder(ctx, id, action, input)`: an order change (change.ts changeOrder: the row read and
 * locked first, 404 when it cannot be reached, the caller's version) whose check is the lifecycle
 * table (its refusal answers 400 with its code and changes nothing) and whose write is the move
 * (applyMove, which records the event). Answers the moved row.
 */
export function moveOrder(
  ctx: Ctx,
  id: number,
  action: OrderAction,
  input: TransitionInput = {},
  hooks: MoveHooks = {},
): Promise<OrderRow> {
  return changeOrder(ctx, id, {
    version: hooks.version,
    action,
    allowed: (tx, row) => {
      checkMove(tx, row, action, input, hooks.scan);
    },
    apply: async (tx, read) => {
      let row = read;
      if (hooks.prepare) {
        await hooks.prepare(tx, read);
        row = await loadOrderRow(tx, id, tx.db);
        // Another writer moved it meanwhile: the move was decided on a state that is gone.
        if (row.status !== read.status || row.inEditingMode !== read.inEditingMode) throw changedConcurrently();
        if (hooks.recheck) checkMove(tx, row, action, input, hooks.scan);
        else row = { ...row, errorCount: read.errorCount, warningCount: read.warningCount };
      }
      return applyMove(tx, row, action, input, hooks);
    },
    reprice: alreadyPriced,
    // The status writer records the move's event (applyMove).
    record: null,
    answer: async (_tx, moved) => moved,
  });
}

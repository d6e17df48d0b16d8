import {
  ORDER_LIFECYCLE_CODES,
  ORDER_LIFECYCLE_TEXT,
  type OrderAction,
  type TransitionInput,
  transition,
} from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { AppError, badRequest, notFound, permissionDenied } from '../../../kit/errors.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { lifecycleActor, lifecycleOrder, loadOrderRow } from '../reach.ts';
import type { OrderRow } from '../repository.ts';
import { compareAndSetStatus } from './repository.ts';

/**
 * THE status writer (decision 0013): the only code that writes orders.status and
 * orders.in_editing_mode. A move is asked of the lifecycle table (transition()), applied with a
 * compare-and-set on the status and version that were read, and recorded as an audit event in the
 * same transaction. Two concurrent moves on one order: exactly one wins, the other gets 409.
 */

/** The part of an order a move changes, as recorded in its event. */
export const moveState = (row: OrderRow) => ({
  status: row.status,
  in_editing_mode: row.inEditingMode,
  version: row.version,
});

/** The lifecycle table's answer for `row`, or its refusal as an error (404, 403 or 400 with its code). */
export function checkMove(ctx: Ctx, row: OrderRow, action: OrderAction, input: TransitionInput = {}) {
  const result = transition(lifecycleOrder(row), action, lifecycleActor(ctx), input);
  if (result.ok) return result;
  if (result.code === ORDER_LIFECYCLE_CODES.notFound) throw notFound();
  if (result.code === ORDER_LIFECYCLE_CODES.permissionDenied) throw permissionDenied();
  throw badRequest(result.code, result.message);
}

export const changedConcurrently = () =>
  new AppError(409, ORDER_LIFECYCLE_CODES.changedConcurrently, ORDER_LIFECYCLE_TEXT.changedConcurrently);

/**
 * The caller's `version` (the one it last read), when it sent one: 409 when the order has changed
 * since. Without one the last writer wins. Check it on the row read under its lock.
 */
export function assertVersion(row: Pick<OrderRow, 'version'>, version: number | undefined): void {
  if (version !== undefined && version !== row.version) throw changedConcurrently();
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
  hooks: Pick<MoveHooks, 'after' | 'details'> = {},
): Promise<OrderRow> {
  const answer = checkMove(tx, row, action, input);
  if (answer.kind === 'copy') throw new Error(`applyMove: ${action} creates an order; it does not move one`);
  const moved = await compareAndSetStatus(
    tx.db,
    row.id,
    { status: row.status, version: row.version },
    { status: answer.to, inEditingMode: answer.in_editing_mode },
  );
  if (!moved) throw changedConcurrently();
  const extra = (await hooks.after?.(tx, moved, row)) ?? {};
  await audit(tx, {
    entity: 'order',
    id: row.id,
    action,
    before: { ...moveState(row), ...(hooks.details ?? {}) },
    after: { ...moveState(moved), ...(hooks.details ?? {}), ...extra },
  });
  return moved;
}

/**
 * `moveOrder(ctx, id, action, input)`: in one transaction, the order read and locked (404 when it
 * cannot be reached), the move asked of the table (its refusal answers 400 with its code and
 * changes nothing), then applied (applyMove). Answers the moved row.
 *
 * The order row is locked first, as every order write does (PUT groups, the price calls): work in
 * `prepare` writes groups and lines, and taking the row after them deadlocked against a save that
 * holds the row and rewrites the groups (issue 15: 17 of 20 racing pairs on PostgreSQL).
 */
export async function moveOrder(
  ctx: Ctx,
  id: number,
  action: OrderAction,
  input: TransitionInput = {},
  hooks: MoveHooks = {},
): Promise<OrderRow> {
  return transaction(ctx, async (tx) => {
    let row = await loadOrderRow(tx, id, tx.db, { lock: true });
    assertVersion(row, hooks.version);
    checkMove(tx, row, action, input);
    if (hooks.prepare) {
      const read = row;
      await hooks.prepare(tx, row);
      row = await loadOrderRow(tx, id, tx.db);
      // Another writer moved it meanwhile: the move was decided on a state that is gone.
      if (row.status !== read.status || row.inEditingMode !== read.inEditingMode) throw changedConcurrently();
      if (hooks.recheck) checkMove(tx, row, action, input);
      else row = { ...row, errorCount: read.errorCount, warningCount: read.warningCount };
    }
    return applyMove(tx, row, action, input, hooks);
  });
}

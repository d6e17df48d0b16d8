import type { Db } from '@cab/db';
import type { AfterCommitWork, RequestContext } from './context.ts';
import { AppError } from './errors.ts';
import { runInTransaction } from './network-guard.ts';

/**
 * Runs `work` in a transaction and hands it a context whose `db` is that transaction. Inside
 * another `transaction()` it joins the open one, so services compose without knowing who
 * opened it. Work queued with `afterCommit()` runs once the outermost commit succeeded, and
 * never after a rollback.
 */
export async function transaction<C extends RequestContext, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.pendingAfterCommit) return work(ctx);
  const pending: AfterCommitWork[] = [];
  const result = await (ctx.db as Db).transaction((tx) =>
    runInTransaction(() => work({ ...ctx, db: tx, pendingAfterCommit: pending })),
  );
  // After the commit, outside the transaction's async context: network calls are allowed here.
  for (const job of pending) {
    try {
      await job();
    } catch (err) {
      // The change is committed; a failed clean-up is logged, not reported as a failed request.
      ctx.log.error({ err, requestId: ctx.requestId }, 'after-commit work failed');
    }
  }
  return result;
}

/**
 * Queues work (deleting stored files, waking a worker, publishing an event) to run once the
 * current transaction commits; outside a transaction it runs now.
 */
export async function afterCommit(ctx: RequestContext, job: AfterCommitWork): Promise<void> {
  if (ctx.pendingAfterCommit) ctx.pendingAfterCommit.push(job);
  else await job();
}

/** The SQLSTATE of a PostgreSQL error (node-postgres and PGlite set `code`; drizzle wraps it in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  return e?.cause;
}

/** True for a unique violation, optionally of one named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * The one unique-violation mapper: turns a unique violation into the AppError `toError` gives
 * for its constraint (undefined = not ours: rethrow as is); any other error is rethrown.
 */
export function rethrowUnique(err: unknown, toError: (constraint: string | undefined) => AppError | undefined): never {
  if (isUniqueViolation(err)) {
    const mapped = toError(pgError(err)?.constraint);
    if (mapped instanceof AppError) throw mapped;
  }
  throw err;
}

/**
 * True for a refused reference: a foreign key violation (a row others still reference, or a
 * reference to nothing) or a RESTRICT one (a referenced row deleted).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = pgError(err)?.code;
  return code === '23503' || code === '23001';
}

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lineUpQueries } from './pg-query-line.ts';
import type { Db } from './types.ts';

/**
 * The server ended the connection (a restart, a failover, `pg_terminate_backend`): SQLSTATE
 * admin_shutdown, crash_shutdown or cannot_connect_now, or the client had already lost it and sent
 * nothing. Either way the statement did not commit, so it may be sent again. A connection lost
 * without a word from the server ("Connection terminated unexpectedly") is not one of these: the
 * statement may have committed.
 */
function isConnectionEnded(err: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: ...") and keeps it as the cause.
  const wrapped = err as { code?: string; message?: string; cause?: unknown } | undefined;
  const e = (wrapped?.code === undefined && wrapped?.cause ? wrapped.cause : wrapped) as typeof wrapped;
  if (e?.code === '57P01' || e?.code === '57P02' || e?.code === '57P03') return true;
  return typeof e?.message === 'string' && e.message.includes('is not queryable');
}

const warn = (what: string) =>
  console.warn(`postgres: the server ended a connection; ${what} retried once on a new connection`);

/** Runs `work` on a connection of its own, opened for it and closed after (not one the pool kept). */
async function onNewConnection<T>(pool: pg.Pool, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pool.options);
  // A loss while it works fails its statement; the event alone must not stop the process.
  client.on('error', () => {});
  await client.connect();
  lineUpQueries(client as pg.PoolClient);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * After PostgreSQL's connections are cut, the pool still holds them until each one's end is read:
 * the first statements sent meanwhile fail. Here a statement, or a transaction whose work had not
 * finished (so no COMMIT was sent), that fails because the server ended its connection is run once
 * more on a new connection, instead of answering 500 (docs/architecture.md, decision 0058).
 * A transaction's COMMIT that fails so is not retried: it may have committed.
 */
export function retryEndedConnections(pool: pg.Pool, db: Db): void {
  // A connection of the pool that is lost while checked out (between a transaction's statements)
  // fails its next statement; the 'error' event alone must not stop the process.
  pool.on('connect', (client) => client.on('error', () => {}));

  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    // The callback form is pg's own (not drizzle's): as it was.
    if (typeof args[args.length - 1] === 'function') return query(...args);
    return query(...args).catch((err: unknown) => {
      if (!isConnectionEnded(err)) throw err;
      warn('a statement');
      return onNewConnection(pool, (client) => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    });
  }) as typeof pool.query;

  type Transaction = Db['transaction'];
  const transaction: Transaction = async (work, config) => {
    let finished = false;
    const tracked: typeof work = async (tx) => {
      const result = await work(tx);
      finished = true;
      return result;
    };
    // The pool's connection is checked out here rather than by drizzle, so one whose BEGIN fails
    // is given back too (and, ended, dropped).
    const client = await pool.connect();
    let failure: unknown;
    try {
      return await (drizzle(client) as unknown as Db).transaction(tracked, config);
    } catch (err) {
      failure = err;
      if (finished || !isConnectionEnded(err)) throw err;
    } finally {
      client.release(isConnectionEnded(failure) ? (failure as Error) : undefined);
    }
    warn('a transaction');
    return onNewConnection(pool, (fresh) => (drizzle(fresh) as unknown as Db).transaction(work, config));
  };
  db.transaction = transaction;
}

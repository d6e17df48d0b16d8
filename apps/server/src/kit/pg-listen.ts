import type { Executor } from '@cab/db';
import type { FastifyBaseLogger } from 'fastify';

/** node-postgres's Pool as drizzle exposes it ($client); PGlite's client has no `Client`. */
interface PgPoolLike {
  options: object;
  Client: new (
    options: object,
  ) => {
    connect(): Promise<unknown>;
    query(text: string): Promise<unknown>;
    end(): Promise<void>;
    on(event: 'notification', fn: (msg: { channel: string; payload?: string }) => void): unknown;
    on(event: 'error' | 'end', fn: (err?: Error) => void): unknown;
  };
}

const RECONNECT_MS = 1_000;

interface ListenHooks {
  /** A notification on the channel. */
  notify(payload: string | undefined): void;
  /** LISTEN is in place (the first time and after each reconnect); a throw counts as a loss. */
  listening?(): Promise<void> | void;
  /** The connection went; it is tried again a second later. */
  lost?(): void;
}

/**
 * LISTEN on PostgreSQL through a connection of its own, outside the pool (the session cache and
 * the live events, one way): reconnected a second after a loss, `stop` ends it. Null when the
 * database is not node-postgres (the embedded PGlite is one process).
 */
export function listenOnPostgres(
  db: Executor,
  channel: string,
  log: FastifyBaseLogger,
  hooks: ListenHooks,
): { ready: Promise<void>; stop(): Promise<void> } | null {
  const pool = (db as unknown as { $client?: Partial<PgPoolLike> }).$client;
  if (!pool?.Client || !pool.options) return null;
  const { Client, options } = pool as PgPoolLike;
  let stopped = false;
  let client: InstanceType<PgPoolLike['Client']> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = (err?: Error) => {
    hooks.lost?.();
    const c = client;
    client = null;
    c?.end().catch(() => {});
    if (stopped || retry) return;
    log.warn({ err, channel }, 'LISTEN connection lost; reconnecting');
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
  };

  const connect = async () => {
    const c = new Client(options);
    client = c;
    c.on('error', (err) => lost(err));
    c.on('end', () => {
      if (client === c) lost();
    });
    c.on('notification', (msg) => {
      if (msg.channel === channel) hooks.notify(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (client === c && !stopped) await hooks.listening?.();
    } catch (err) {
      if (client === c) lost(err as Error);
    }
  };

  return {
    // Resolves once the first attempt is over, connected or not.
    ready: connect(),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

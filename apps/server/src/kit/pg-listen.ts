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

/** The embedded PGlite's client (packages/db pglite-queue.ts): LISTEN through the fair line. */
interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

const RECONNECT_MS = 1_000;

interface ListenHooks {
  /** A notification on one of the channels. */
  notify(channel: string, payload: string | undefined): void;
  /** LISTEN is in place (the first time and after each reconnect); a throw counts as a loss. */
  listening?(): Promise<void> | void;
  /** The connection went; it is tried again a second later. */
  lost?(): void;
}

interface Listening {
  /** Resolves once the first attempt is over, connected or not. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * LISTEN on some channels, heard at commit on either database (the session cache, the live
 * events' hub). On PostgreSQL through a connection of its own, outside the pool, reconnected a
 * second after a loss; on the embedded PGlite (one process) through PGlite's own `listen()`.
 * Null when the database offers neither.
 */
export function listenOn(
  db: Executor,
  channels: readonly string[],
  log: FastifyBaseLogger,
  hooks: ListenHooks,
): Listening | null {
  const client = (db as unknown as { $client?: Partial<PgPoolLike> & Partial<PgliteLike> }).$client;
  if (client?.Client && client.options) return listenOnPostgres(client as PgPoolLike, channels, log, hooks);
  if (client?.listen) return listenOnPglite(client as PgliteLike, channels, hooks);
  return null;
}

function listenOnPglite(client: PgliteLike, channels: readonly string[], hooks: ListenHooks): Listening {
  let stops: (() => Promise<void>)[] = [];
  const ready = (async () => {
    stops = await Promise.all(channels.map((ch) => client.listen(ch, (payload) => hooks.notify(ch, payload))));
    await hooks.listening?.();
  })();
  return {
    ready,
    stop: async () => {
      await ready.catch(() => {});
      // The database may be closed already (a stop after it went): nothing is left to unlisten then.
      await Promise.all(stops.map((stop) => stop().catch(() => {})));
    },
  };
}

function listenOnPostgres(
  pool: PgPoolLike,
  channels: readonly string[],
  log: FastifyBaseLogger,
  hooks: ListenHooks,
): Listening {
  const { Client, options } = pool;
  let stopped = false;
  let client: InstanceType<PgPoolLike['Client']> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = (err?: Error) => {
    hooks.lost?.();
    const c = client;
    client = null;
    c?.end().catch(() => {});
    if (stopped || retry) return;
    log.warn({ err, channels }, 'LISTEN connection lost; reconnecting');
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
      if (channels.includes(msg.channel)) hooks.notify(msg.channel, msg.payload);
    });
    try {
      await c.connect();
      await c.query(channels.map((ch) => `listen ${ch};`).join(' '));
      if (client === c && !stopped) await hooks.listening?.();
    } catch (err) {
      if (client === c) lost(err as Error);
    }
  };

  return {
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

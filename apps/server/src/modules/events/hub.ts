import type { Executor } from '@cab/db';
import { CUSTOMER_EVENT_KINDS, type Reach, reaches } from '@cab/shared';
import type { FastifyBaseLogger } from 'fastify';
import { EVENTS_CHANNEL, eventsAfter, eventsByIds, lastEventId, type StoredEvent } from './repository.ts';

/** Someone listening on this server: hears what its reach allows (`hears`). */
export interface Listener {
  reach: Reach;
  /** The events of one read it may hear, oldest first (one write for them all). */
  deliver(events: StoredEvent[]): void;
  /** Ends the listener's stream (the server is stopping). */
  close(): void;
}

/** The shop hears every event; a customer its own order_status and payment, nothing of the floor. */
export function hears(reach: Reach, event: StoredEvent): boolean {
  if ('all' in reach) return true;
  if (!CUSTOMER_EVENT_KINDS.includes(event.kind)) return false;
  return reaches(reach, event);
}

/** node-postgres's Pool as drizzle exposes it ($client), as the session cache reads it. */
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
const RETRY_FETCH_MS = 500;
/** Ids delivered lately, so the catch-up after a lost LISTEN connection repeats none. */
const RECENT_KEPT = 10_000;
const CATCH_UP_BATCH = 1_000;
/**
 * At most one read (and one write per listener) this often: under a burst the events of these
 * milliseconds go out together. With 200 listeners a write each per event was the server's
 * largest cost (writev, bench/events.mts); a quiet floor's first event still goes at once.
 */
const MIN_GAP_MS = 25;

/**
 * One per server (decision 0042): hears every event committed on the database, from any server,
 * reads the notified rows in batches (one SELECT for all the ids heard meanwhile) and hands each
 * to the listeners that may hear it. On PostgreSQL through its own LISTEN connection outside the
 * pool, reconnected after a loss (then what was committed meanwhile is read and delivered); on
 * PGlite through PGlite's own LISTEN (one process, NOTIFY heard at commit as on PostgreSQL).
 */
export class EventHub {
  private readonly listeners = new Set<Listener>();
  private pending: number[] = [];
  private draining = false;
  private lastRead = 0;
  private readonly recent = new Set<number>();
  /** The highest id delivered: a catch-up reads from there. */
  private lastId = 0;
  private stopped = false;
  private stopListening: () => Promise<void> = async () => {};
  /** Resolves once the first LISTEN attempt is over. */
  readonly ready: Promise<void>;

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ready = this.listen();
  }

  add(listener: Listener): void {
    this.listeners.add(listener);
  }

  remove(listener: Listener): void {
    this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const listener of [...this.listeners]) listener.close();
    this.listeners.clear();
    await this.stopListening();
  }

  /** A notification: the id joins the next read. */
  private heard(payload: string | undefined): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || this.stopped) return;
    this.pending.push(id);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.pending.length > 0 && !this.stopped) {
        const wait = this.lastRead + MIN_GAP_MS - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        this.lastRead = performance.now();
        const ids = this.pending;
        this.pending = [];
        let rows: StoredEvent[];
        try {
          rows = await eventsByIds(this.db, ids);
        } catch (err) {
          // The database is away for a moment: the ids wait for the next read.
          this.log.warn({ err }, 'live events: reading notified events failed; retrying');
          this.pending.unshift(...ids);
          await new Promise((r) => setTimeout(r, RETRY_FETCH_MS));
          continue;
        }
        this.deliver(rows);
      }
    } finally {
      this.draining = false;
    }
  }

  private deliver(rows: StoredEvent[]): void {
    const fresh = rows.filter((event) => {
      if (this.recent.has(event.id)) return false;
      this.recent.add(event.id);
      if (this.recent.size > RECENT_KEPT) this.recent.delete(this.recent.values().next().value!);
      if (event.id > this.lastId) this.lastId = event.id;
      return true;
    });
    if (fresh.length === 0) return;
    for (const listener of this.listeners) {
      const heard = 'all' in listener.reach ? fresh : fresh.filter((event) => hears(listener.reach, event));
      if (heard.length > 0) listener.deliver(heard);
    }
  }

  /** After a lost LISTEN connection: what was committed meanwhile, read from the table. */
  private async catchUp(): Promise<void> {
    for (;;) {
      const rows = await eventsAfter(this.db, this.lastId, CATCH_UP_BATCH);
      this.deliver(rows);
      if (rows.length < CATCH_UP_BATCH) return;
    }
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client?: Partial<PgPoolLike> & Partial<PgliteLike> }).$client;
    if (client?.Client && client.options) return this.listenPostgres(client as PgPoolLike);
    if (client?.listen) {
      const unlisten = await client.listen(EVENTS_CHANNEL, (payload) => this.heard(payload));
      this.stopListening = unlisten;
      return;
    }
    this.log.warn('live events: this database offers no LISTEN; no live events on this server');
  }

  private listenPostgres({ Client, options }: PgPoolLike): Promise<void> {
    let client: InstanceType<PgPoolLike['Client']> | null = null;
    let retry: NodeJS.Timeout | null = null;
    let everConnected = false;

    const lost = (err?: Error) => {
      const c = client;
      client = null;
      c?.end().catch(() => {});
      if (this.stopped || retry) return;
      this.log.warn({ err }, 'live events: LISTEN connection lost; reconnecting');
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
        if (msg.channel === EVENTS_CHANNEL) this.heard(msg.payload);
      });
      try {
        await c.connect();
        await c.query(`listen ${EVENTS_CHANNEL}`);
        // The first time, where the table stands is where a later catch-up starts from.
        if (everConnected) await this.catchUp();
        else this.lastId = Math.max(this.lastId, await lastEventId(this.db));
        everConnected = true;
      } catch (err) {
        if (client === c) lost(err as Error);
      }
    };

    this.stopListening = async () => {
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    };
    return connect();
  }
}

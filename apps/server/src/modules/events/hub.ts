import type { Executor } from '@cab/db';
import { CUSTOMER_EVENT_KINDS, type Reach, reaches } from '@cab/shared';
import type { FastifyBaseLogger } from 'fastify';
import { listenOnPostgres } from '../../kit/pg-listen.ts';
import { noteHeard } from './heard.ts';
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

/** The embedded PGlite's client (packages/db pglite-queue.ts): LISTEN through the fair line. */
interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

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
    // The database may be closed already (a stop after it went): nothing is left to unlisten then.
    await this.stopListening().catch(() => {});
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
    // Before the streams hear of it: a refetch it prompts finds the kept figures already stale.
    noteHeard(
      this.db,
      fresh.map((event) => event.kind),
    );
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
    let everConnected = false;
    const postgres = listenOnPostgres(this.db, EVENTS_CHANNEL, this.log, {
      notify: (payload) => this.heard(payload),
      listening: async () => {
        // The first time, where the table stands is where a later catch-up starts from.
        if (everConnected) await this.catchUp();
        else this.lastId = Math.max(this.lastId, await lastEventId(this.db));
        everConnected = true;
      },
    });
    if (postgres) {
      this.stopListening = postgres.stop;
      return postgres.ready;
    }
    const client = (this.db as unknown as { $client?: Partial<PgliteLike> }).$client;
    if (client?.listen) {
      this.stopListening = await client.listen(EVENTS_CHANNEL, (payload) => this.heard(payload));
      return;
    }
    this.log.warn('live events: this database offers no LISTEN; no live events on this server');
  }
}

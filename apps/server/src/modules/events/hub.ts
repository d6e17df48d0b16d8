import { randomBytes } from 'node:crypto';
import type { Executor } from '@cab/db';
import { CUSTOMER_EVENT_KINDS, LIVE_EVENTS, type Reach, reaches } from '@cab/shared';
import type { FastifyBaseLogger } from 'fastify';
import { listenOn } from '../../kit/pg-listen.ts';
import { parseSessionChange, SESSION_CHANNEL, type SessionChange } from '../auth/index.ts';
import { noteHeard } from './heard.ts';
import {
  announceStreams,
  EVENTS_CHANNEL,
  eventsAfter,
  eventsByIds,
  lastEventId,
  STREAMS_CHANNEL,
  type StoredEvent,
} from './repository.ts';

/** Someone listening on this server: hears what its reach allows (`hears`). */
export interface Listener {
  reach: Reach;
  /** Whose stream it is: the per-user cap counts it, a change to the user's sessions rechecks it. */
  userId: number;
  companyId: number | null;
  /** The events of one read it may hear, oldest first (one write for them all). */
  deliver(events: StoredEvent[]): void;
  /** Ends the listener's stream (the server is stopping, or the user opened too many). */
  close(): void;
  /** The user's (or company's) sessions changed on some server: the stream asks whether its own holds. */
  sessionChanged(): void;
}

/** The shop hears every event; a customer its own order_status and payment, nothing of the floor. */
function hears(reach: Reach, event: StoredEvent): boolean {
  if ('all' in reach) return true;
  if (!CUSTOMER_EVENT_KINDS.includes(event.kind)) return false;
  return reaches(reach, event);
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
 *
 * The same connection hears streams opened and closed on every server and session changes
 * (decision 0058): a user's streams beyond `LIVE_EVENTS.streamsPerUser` are closed oldest first,
 * and a stream whose user's sessions changed asks at once whether its own still holds.
 */
export class EventHub {
  private readonly listeners = new Set<Listener>();
  /** This server's listeners by stream key (`<server>.<n>`). */
  private readonly keyed = new Map<string, Listener>();
  private readonly keys = new Map<Listener, string>();
  /**
   * Each user's open streams on every server, in the order their openings were heard. NOTIFY
   * reaches every listening connection in commit order, so every server keeps the same order and
   * closes the same streams; a stream of a server that died unannounced is dropped when it is the
   * oldest beyond the cap (its place costs no live stream).
   */
  private readonly streamsOf = new Map<number, string[]>();
  private readonly server = randomBytes(4).toString('hex');
  private opened = 0;
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

  /**
   * Adds a listener and tells every server it opened (awaited: a user's streams opened one after
   * another are counted in that order).
   */
  async add(listener: Listener): Promise<void> {
    const key = `${this.server}.${++this.opened}`;
    this.listeners.add(listener);
    this.keyed.set(key, listener);
    this.keys.set(listener, key);
    await announceStreams(this.db, [`o:${listener.userId}:${key}`]);
  }

  remove(listener: Listener): void {
    this.listeners.delete(listener);
    const key = this.keys.get(listener);
    if (key === undefined) return;
    this.keys.delete(listener);
    this.keyed.delete(key);
    if (this.stopped) return;
    announceStreams(this.db, [`c:${listener.userId}:${key}`]).catch((err) =>
      this.log.warn({ err }, 'live events: announcing a closed stream failed'),
    );
  }

  /** A stream opened (`o`) or closed (`c`) on some server: the user's oldest beyond the cap close. */
  private streamHeard(payload: string | undefined): void {
    const [op, user, key] = (payload ?? '').split(':');
    const userId = Number(user);
    if (!key || !Number.isSafeInteger(userId)) return;
    const open = this.streamsOf.get(userId) ?? [];
    if (op === 'o') open.push(key);
    else if (op === 'c' && open.includes(key)) open.splice(open.indexOf(key), 1);
    while (open.length > LIVE_EVENTS.streamsPerUser) this.keyed.get(open.shift()!)?.close();
    if (open.length > 0) this.streamsOf.set(userId, open);
    else this.streamsOf.delete(userId);
  }

  /** Sessions changed (sign-out, password, deactivation, role, company): the streams they touch recheck. */
  private sessionHeard(change: SessionChange | null): void {
    for (const listener of this.listeners) {
      const touched =
        change === null ||
        ('userId' in change ? listener.userId === change.userId : listener.companyId === change.companyId);
      if (touched) listener.sessionChanged();
    }
  }

  get size(): number {
    return this.listeners.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // The other servers hear that this one's streams are gone (in one statement), so they count them no more.
    const closed = [...this.keys].map(([listener, key]) => `c:${listener.userId}:${key}`);
    for (const listener of [...this.listeners]) listener.close();
    this.listeners.clear();
    if (closed.length > 0) await announceStreams(this.db, closed).catch(() => {});
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
    const listening = listenOn(this.db, [EVENTS_CHANNEL, STREAMS_CHANNEL, SESSION_CHANNEL], this.log, {
      notify: (channel, payload) => {
        if (channel === EVENTS_CHANNEL) this.heard(payload);
        else if (channel === STREAMS_CHANNEL) this.streamHeard(payload);
        else this.sessionHeard(parseSessionChange(payload));
      },
      listening: async () => {
        // The first time, where the table stands is where a later catch-up starts from.
        if (everConnected) await this.catchUp();
        else this.lastId = Math.max(this.lastId, await lastEventId(this.db));
        everConnected = true;
      },
    });
    if (!listening) {
      this.log.warn('live events: this database offers no LISTEN; no live events on this server');
      return;
    }
    this.stopListening = listening.stop;
    return listening.ready;
  }
}

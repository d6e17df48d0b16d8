import type { Executor } from '@cab/db';
import type { FastifyBaseLogger } from 'fastify';
import { listenOn } from '../../kit/pg-listen.ts';
import type { Session } from './repository.ts';
import { processCaches as caches, SESSION_CHANNEL, type SessionChange } from './session-changes.ts';

/**
 * token hash -> session, for a few seconds, so most requests skip the token lookup (the /me
 * profile, docs/performance.md). The database stays the truth and servers stay stateless
 * (docs/security.md, "Session cache"):
 * - an entry lives at most TTL_MS, whatever happens;
 * - every write that changes what a session carries (sign-out, password change, deactivation,
 *   role, company, e-mail, names, password-reset flag; a company's name) calls `sessionsChanged`
 *   or `companySessionsChanged` (repository.ts), which drops the user's
 *   entries in this process at once and sends NOTIFY so every server drops them when the change
 *   commits (this one again, so a read made between the drop and the commit is not kept);
 * - a lookup that was in flight while an invalidation happened is not stored (`generation`), so a
 *   read from before the change cannot be cached after it;
 * - while the LISTEN connection is down, nothing is cached.
 */
export const SESSION_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  session: Session;
  expires: number;
}

export class SessionCache {
  private entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a lookup that began before one must not be stored. */
  generation = 0;
  /** False until invalidations can reach this process (the LISTEN connection is up). */
  enabled = false;

  constructor(private readonly ttlMs = SESSION_TTL_MS) {}

  get(hash: string, now = Date.now()): Session | undefined {
    const hit = this.entries.get(hash);
    if (!hit) return undefined;
    if (hit.expires > now) return hit.session;
    this.entries.delete(hash);
    return undefined;
  }

  /** Stores a session read by a lookup that began at `generation`, unless something changed since. */
  set(hash: string, session: Session, generation: number, now = Date.now()): void {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // The oldest entry (Map keeps insertion order).
      const first = this.entries.keys().next().value;
      if (first !== undefined) this.entries.delete(first);
    }
    this.entries.set(hash, { session, expires: now + this.ttlMs });
  }

  /** Drops a user's sessions, a company's users' sessions, or (null) every session. */
  invalidate(which: SessionChange | null): void {
    this.generation++;
    if (which === null) {
      this.entries.clear();
      return;
    }
    for (const [hash, { session }] of this.entries) {
      if ('userId' in which ? session.id === which.userId : session.companyId === which.companyId) {
        this.entries.delete(hash);
      }
    }
  }

  disable(): void {
    this.enabled = false;
    this.invalidate(null);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A notification's payload: `<user id>`, `c<company id>`; anything else drops everything. */
export function parseSessionChange(payload: string | undefined): SessionChange | null {
  const company = payload?.startsWith('c');
  const id = Number(company ? payload!.slice(1) : payload);
  if (!payload || !Number.isInteger(id)) return null;
  return company ? { companyId: id } : { userId: id };
}

/**
 * A cache for this app, kept in step with the database's session changes (kit/pg-listen.ts): on
 * PostgreSQL through its own LISTEN connection (outside the pool), reconnected after a loss, with
 * the cache off meanwhile; on PGlite through PGlite's own LISTEN. `stop` ends it.
 */
export function startSessionCache(
  db: Executor,
  log: FastifyBaseLogger,
): { cache: SessionCache; ready: Promise<void>; stop(): Promise<void> } {
  const cache = new SessionCache();
  caches.add(cache);
  const listener = listenOn(db, [SESSION_CHANNEL], log, {
    notify: (_channel, payload) => cache.invalidate(parseSessionChange(payload)),
    listening: () => {
      cache.enabled = true;
    },
    // Nothing is cached while the connection is down: another server's changes would go unheard.
    lost: () => cache.disable(),
  });
  if (!listener) {
    cache.enabled = true;
    return { cache, ready: Promise.resolve(), stop: async () => void caches.delete(cache) };
  }
  return {
    cache,
    ready: listener.ready,
    stop: async () => {
      caches.delete(cache);
      cache.disable();
      await listener.stop();
    },
  };
}

import type { Executor } from '@cab/db';
import { deriveRole } from '@cab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Actor } from '../../kit/context.ts';
import { type Session, sessionLookup, touchToken } from './repository.ts';
import { startSessionCache } from './session-cache.ts';
import { hashToken } from './tokens.ts';

/** Reads the session a token stands for now: from the session cache, or (`fresh`) the database. */
type Recheck = (fresh?: boolean) => Promise<Session | undefined>;

/**
 * The session each request's actor was found from (GET /api/users/me/ answers from it), and how to
 * read it again (a long-lived answer, the live events stream, asks whether it still holds).
 */
const sessions = new WeakMap<Actor, { session: Session; recheck: Recheck }>();
export const sessionOf = (actor: Actor): Session | undefined => sessions.get(actor)?.session;

type SessionLimits = Pick<Config, 'sessionIdleMs' | 'sessionMaxMs'>;

/**
 * When a session stops signing in (decision 0058): `SESSION_IDLE_DAYS` after its last use or
 * `SESSION_MAX_DAYS` after it was made, whichever comes first; null for never (both limits 0).
 */
function sessionEndsAt(s: Pick<Session, 'createdAt' | 'lastUsedAt'>, limits: SessionLimits): number | null {
  const ends = [
    limits.sessionIdleMs > 0 ? s.lastUsedAt.getTime() + limits.sessionIdleMs : Infinity,
    limits.sessionMaxMs > 0 ? s.createdAt.getTime() + limits.sessionMaxMs : Infinity,
  ];
  const first = Math.min(...ends);
  return Number.isFinite(first) ? first : null;
}

/** When the actor's session expires, as read on arrival (null: never; the stream's timer). */
export function actorSessionEndsAt(actor: Actor, limits: SessionLimits): number | null {
  const session = sessionOf(actor);
  return session ? sessionEndsAt(session, limits) : null;
}

/**
 * Does the actor's session still hold as it was (token not signed out or expired, user active,
 * same role and company)? The live events stream asks on each beat (from the session cache, which
 * every change drops) and, with `fresh`, when it hears of a change to its user's sessions.
 */
export async function sessionHolds(actor: Actor, fresh = false): Promise<boolean> {
  const u = await sessions.get(actor)?.recheck(fresh);
  if (!u || u.tokenId !== actor.tokenId || u.id !== actor.id || u.companyId !== actor.companyId) return false;
  return roleOf(u) === actor.role;
}

const roleOf = (u: Session) =>
  deriveRole({
    account_type: u.accountType,
    is_staff: u.isStaff,
    is_employee: u.isEmployee,
    is_manager: u.isManager,
  });

/** last_used_at is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

/**
 * Resolves `Authorization: Token <key>` to a user on every request (null when absent, invalid or
 * expired: the same 401). Sessions are cached for a few seconds and dropped on every change
 * (modules/auth/session-cache.ts, docs/security.md).
 */
export function registerAuthentication(app: FastifyInstance, db: Executor) {
  app.decorateRequest('user', null);
  const { config } = app.deps;
  const findSession = sessionLookup(db);
  const sessionCache = startSessionCache(db, app.log);
  // Tests (and the first requests) then see the cache as it will be: on once LISTEN is up.
  app.addHook('onReady', () => sessionCache.ready);
  app.addHook('onClose', () => sessionCache.stop());
  const { cache } = sessionCache;

  /** The session if it is live: active user, not expired. */
  const live = (u: Session | undefined): Session | undefined => {
    if (!u?.isActive) return undefined;
    const ends = sessionEndsAt(u, config);
    return ends !== null && ends <= Date.now() ? undefined : u;
  };
  /** The live session of a token hash, read from the database when the cache has none (or `fresh`). */
  const current = async (hash: string, fresh = false): Promise<Session | undefined> => {
    let u = fresh ? undefined : cache.get(hash);
    if (!u) {
      const generation = cache.generation;
      u = await findSession(hash);
      if (u) cache.set(hash, u, generation);
    }
    return live(u);
  };

  /** The request's actor from its session; the session's last use is written at most every few minutes. */
  const signIn = (req: FastifyRequest, hash: string, u: Session): Promise<void> | undefined => {
    const actor: Actor = {
      id: u.id,
      email: u.email,
      companyId: u.companyId,
      tokenId: u.tokenId,
      mustChangePassword: u.requirePasswordReset,
      role: roleOf(u),
    };
    sessions.set(actor, { session: u, recheck: (fresh) => current(hash, fresh) });
    req.user = actor;
    if (Date.now() - u.lastUsedAt.getTime() <= TOUCH_INTERVAL_MS) return undefined;
    // The cached copy too, so the next requests within its life do not touch again.
    u.lastUsedAt = new Date();
    return touchToken(db, u.tokenId, u.lastUsedAt);
  };

  // A callback hook, answered at once from the session cache: an async hook cost a promise and a
  // turn of the microtask queue on every request (GET /api/users/me/ reads nothing else).
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization;
    if (!header || !req.url.startsWith('/api/')) return done();
    const match = /^Token\s+([A-Za-z0-9]{16,128})$/.exec(header.trim());
    if (!match) return done();
    const hash = hashToken(match[1]!);
    const finish = (u: Session | undefined) => {
      const touched = u ? signIn(req, hash, u) : undefined;
      if (!touched) return done();
      touched.then(() => done(), done);
    };
    const cached = cache.get(hash);
    if (cached) return finish(live(cached));
    current(hash).then(finish, done);
  });
}

import type { Executor } from '@cab/db';
import { deriveRole } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../kit/context.ts';
import { type Session, sessionById, sessionLookup, touchToken } from './repository.ts';
import { startSessionCache } from './session-cache.ts';
import { hashToken } from './tokens.ts';

/** The session each request's actor was found from: GET /api/users/me/ answers from it. */
const sessions = new WeakMap<Actor, Session>();
export const sessionOf = (actor: Actor): Session | undefined => sessions.get(actor);

/**
 * Does the actor's session still hold as it was (token not signed out, user active, same role and
 * company)? A long-lived answer (the live events stream) asks this now and then, as every request
 * does on arrival.
 */
export async function sessionHolds(db: Executor, actor: Actor): Promise<boolean> {
  const u = await sessionById(db, actor.tokenId);
  if (!u?.isActive || u.id !== actor.id || u.companyId !== actor.companyId) return false;
  const role = deriveRole({
    account_type: u.accountType,
    is_staff: u.isStaff,
    is_employee: u.isEmployee,
    is_manager: u.isManager,
  });
  return role === actor.role;
}

/** last_used_at is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

/**
 * Resolves `Authorization: Token <key>` to a user on every request (null when absent or invalid).
 * Sessions are cached for a few seconds and dropped on every change (modules/auth/session-cache.ts,
 * docs/security.md).
 */
export function registerAuthentication(app: FastifyInstance, db: Executor) {
  app.decorateRequest('user', null);
  const findSession = sessionLookup(db);
  const sessionCache = startSessionCache(db, app.log);
  // Tests (and the first requests) then see the cache as it will be: on once LISTEN is up.
  app.addHook('onReady', () => sessionCache.ready);
  app.addHook('onClose', () => sessionCache.stop());
  const { cache } = sessionCache;
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header || !req.url.startsWith('/api/')) return;
    const match = /^Token\s+([A-Za-z0-9]{16,128})$/.exec(header.trim());
    if (!match) return;
    const hash = hashToken(match[1]!);
    let u = cache.get(hash);
    if (!u) {
      const generation = cache.generation;
      u = await findSession(hash);
      if (u) cache.set(hash, u, generation);
    }
    if (!u?.isActive) return;
    const actor: Actor = {
      id: u.id,
      email: u.email,
      companyId: u.companyId,
      tokenId: u.tokenId,
      mustChangePassword: u.requirePasswordReset,
      role: deriveRole({
        account_type: u.accountType,
        is_staff: u.isStaff,
        is_employee: u.isEmployee,
        is_manager: u.isManager,
      }),
    };
    sessions.set(actor, u);
    req.user = actor;
    if (Date.now() - u.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      // The cached copy too, so the next requests within its life do not touch again.
      u.lastUsedAt = new Date();
      await touchToken(db, u.tokenId, u.lastUsedAt);
    }
  });
}

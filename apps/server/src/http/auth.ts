import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@cab/db';
import { deriveRole, type Role } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { type Session, sessionLookup, startSessionCache, touchToken } from '../modules/auth/index.ts';

export interface AuthUser {
  id: number;
  email: string;
  role: Role | null;
  companyId: number | null;
  tokenId: number;
  /** require_password_reset: until it is cleared, the token reaches only the exempt endpoints (route.ts). */
  mustChangePassword: boolean;
  /** The session as read (or cached) for this request: GET /api/users/me/ answers from it. */
  session?: Session;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: import('@cab/shared').Access;
  }
}

/** A new random token and the SHA-256 hash that is stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
  const sessions = startSessionCache(db, app.log);
  // Tests (and the first requests) then see the cache as it will be: on once LISTEN is up.
  app.addHook('onReady', () => sessions.ready);
  app.addHook('onClose', () => sessions.stop());
  const { cache } = sessions;
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
    req.user = {
      id: u.id,
      email: u.email,
      companyId: u.companyId,
      tokenId: u.tokenId,
      mustChangePassword: u.requirePasswordReset,
      session: u,
      role: deriveRole({
        account_type: u.accountType,
        is_staff: u.isStaff,
        is_employee: u.isEmployee,
        is_manager: u.isManager,
      }),
    };
    if (Date.now() - u.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      // The cached copy too, so the next requests within its life do not touch again.
      u.lastUsedAt = new Date();
      await touchToken(db, u.tokenId, u.lastUsedAt);
    }
  });
}

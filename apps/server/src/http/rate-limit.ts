import { type Executor, schema } from '@cab/db';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../kit/errors.ts';

/**
 * Fixed-window rate limiting kept in the database, so every server instance behind a load
 * balancer counts against the same limit.
 * Returns the seconds to wait when the limit is exceeded, else 0.
 */
export async function hitRateLimit(db: Executor, key: string, limit: number, windowSeconds = 60): Promise<number> {
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(schema.rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [schema.rateLimits.key, schema.rateLimits.windowStart],
      set: { count: sql`${schema.rateLimits.count} + 1` },
    })
    .returning({ count: schema.rateLimits.count });
  // Occasionally drop windows that can no longer matter.
  if (Math.random() < 0.01) {
    await db.delete(schema.rateLimits).where(lt(schema.rateLimits.windowStart, new Date(now - 3600_000)));
  }
  if ((row?.count ?? 0) <= limit) return 0;
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
}

/**
 * Counts every write (any method but GET and HEAD) of the routes registered on `app` against the
 * caller's budget of `perMinute(config)` a minute and answers 429 past it, as sign-in is limited
 * (decision 0019). It runs once the caller is authorised and before the input is read, so a flood
 * of bad requests counts too. 0 turns the limit off.
 */
export function limitWritesPerUser(
  app: FastifyInstance,
  scope: string,
  perMinute: (config: Config) => number,
  message: string,
) {
  // A callback hook: reads, the most frequent calls, pass without a promise.
  app.addHook('preValidation', (req, _reply, done) => {
    const { config, db } = req.server.deps;
    const limit = perMinute(config);
    if (req.method === 'GET' || req.method === 'HEAD' || !req.user || limit === 0) return done();
    hitRateLimit(db, `${scope}:user:${req.user.id}`, limit).then(
      (retryAfter) => done(retryAfter > 0 ? tooManyRequests(message, retryAfter) : undefined),
      done,
    );
  });
}

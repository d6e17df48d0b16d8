import { type Executor, schema } from '@cab/db';
import { lt, sql } from 'drizzle-orm';

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

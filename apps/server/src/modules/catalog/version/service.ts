import { moveCatalogVersion } from '@cab/db';
import { type Answer, cachePerDatabase } from '../../../kit/answer-cache.ts';
import type { PublicCtx } from '../../../kit/context.ts';
import * as repo from './repository.ts';

/**
 * Answers drawn from the catalogue (the whole-catalogue pages, the line-item list pages), kept until
 * the catalogue changes (kit/answer-cache.ts, decision 0016): it is read far more often than written.
 * The version lives in the database: a write stores a new token (catalogChanged) and a read compares
 * it (one prepared primary-key lookup) before serving a copy.
 */
const catalogCaches = cachePerDatabase({ oneVersion: true });
const cacheOf = (ctx: PublicCtx) => catalogCaches(ctx.db);

export async function catalogChanged(ctx: PublicCtx): Promise<void> {
  cacheOf(ctx).clear();
  await moveCatalogVersion(ctx.db);
}

/**
 * The answer under `key` for the current catalogue, drawn once however many ask at the same time.
 * `key` must hold everything the answer depends on besides the catalogue (the query, the scope).
 */
export async function catalogCached<T extends Answer>(ctx: PublicCtx, key: string, draw: () => Promise<T>): Promise<T> {
  const version = await repo.catalogVersion(ctx.db);
  return cacheOf(ctx).answer(key, version, draw);
}

/** A cache key for a parsed query: the same for the same values whatever their order. */
export function queryKey(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(query)
      .sort()
      .map((k) => [k, query[k]]),
  );
}

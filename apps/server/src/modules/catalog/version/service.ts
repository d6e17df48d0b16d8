import { randomUUID } from 'node:crypto';
import type { PublicCtx } from '../../../kit/context.ts';
import * as repo from './repository.ts';

/**
 * Rendered catalogue pages, kept until the catalogue changes. Every server process keeps its own
 * copy, so the version lives in the database: a write stores a new token (catalogChanged) and a
 * read compares it (one primary-key lookup) before serving its copy. The token is read before a
 * page is rendered, so a page rendered during a write is tagged with the older token and drawn
 * again on the next request.
 */
const pages = new Map<string, { version: string; body: Promise<string> }>();

export async function catalogChanged(ctx: PublicCtx): Promise<void> {
  pages.clear();
  await repo.setCatalogVersion(ctx.db, randomUUID());
}

/** The page under `key` for the current catalogue, rendered once however many ask at the same time. */
export async function cachedPage(ctx: PublicCtx, key: string, render: () => Promise<string>): Promise<string> {
  const version = await repo.catalogVersion(ctx.db);
  const hit = pages.get(key);
  if (hit && hit.version === version) return hit.body;
  const body = render();
  pages.set(key, { version, body });
  // A failed render is not kept.
  body.catch(() => {
    if (pages.get(key)?.body === body) pages.delete(key);
  });
  return body;
}

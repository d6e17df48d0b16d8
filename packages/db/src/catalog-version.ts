import { randomUUID } from 'node:crypto';
import { settings } from './schema/index.ts';
import type { Executor } from './types.ts';

/**
 * The settings row whose value changes with every catalogue write. Each server process keeps
 * answers drawn from the catalogue until this value changes (apps/server catalog/version), so
 * whatever writes the catalogue outside the API (the seed) moves it too.
 */
export const CATALOG_VERSION_KEY = 'catalog_version';

/** Stores a new catalogue version token. */
export async function moveCatalogVersion(db: Executor): Promise<void> {
  const value = randomUUID();
  await db
    .insert(settings)
    .values({ key: CATALOG_VERSION_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

import { CHUNK_RELOAD_WINDOW_MS } from '@cab/shared';

/**
 * SPEC 8: a chunk-load failure (a lazy page whose file vanished after a deploy) reloads the
 * page, at most once per CHUNK_RELOAD_WINDOW_MS, so a persistent failure cannot loop.
 */
const LAST_RELOAD_KEY = 'cab.chunkReloadAt';

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  return name === 'ChunkLoadError' || CHUNK_ERROR_PATTERNS.some((re) => re.test(message));
}

/** Reloads the page unless it already did so within the window; returns true when reloading. */
export function reloadForChunkError(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0) || 0;
  } catch {
    last = 0;
  }
  if (now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return false; // without storage we cannot bound the reloads: do not reload at all
  }
  window.location.reload();
  return true;
}

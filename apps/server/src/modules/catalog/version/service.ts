import { moveCatalogVersion } from '@cab/db';
import type { PublicCtx } from '../../../kit/context.ts';
import type { JsonText } from '../../../kit/json-rows.ts';
import * as repo from './repository.ts';

/**
 * Answers drawn from the catalogue (the whole-catalogue pages, the line-item list pages), kept until
 * the catalogue changes: it is read far more often than written. Every server process keeps its own
 * copies, so the version lives in the database: a write stores a new token (catalogChanged) and a
 * read compares it (one prepared primary-key lookup) before serving a copy. Each copy keeps the
 * token read before it was drawn, so a copy drawn while a write commits is drawn again on the next
 * request. The copies are bounded in number and size; the least recently used go first.
 */
const MAX_ENTRIES = 1000;
const MAX_CHARS = 64 * 1024 * 1024;

type Answer = string | JsonText<unknown>;
interface Entry {
  version: string;
  body: Promise<Answer>;
  chars: number;
}

/** The copies drawn from one database (an app, or a test's app, has its own). */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;
  private lastVersion: string | undefined;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxChars = MAX_CHARS,
  ) {}

  /** The copy under `key` drawn under `version`, or a new one from `draw`. */
  answer<T extends Answer>(key: string, version: string, draw: () => Promise<T>): Promise<T> {
    // Copies of older versions are never served again: free them at once.
    if (version !== this.lastVersion) {
      this.clear();
      this.lastVersion = version;
    }
    const hit = this.entries.get(key);
    if (hit) this.forget(key, hit);
    if (hit?.version === version) {
      this.keep(key, hit); // now the most recently used
      return hit.body as Promise<T>;
    }
    const entry: Entry = { version, body: draw(), chars: 0 };
    this.entries.set(key, entry);
    entry.body.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        entry.chars = typeof answer === 'string' ? answer.length : answer.text.length;
        this.chars += entry.chars;
        this.evictOverLimits();
      },
      // A failed draw is not kept.
      () => this.forget(key, entry),
    );
    this.evictOverLimits();
    return entry.body as Promise<T>;
  }

  clear() {
    this.entries.clear();
    this.chars = 0;
  }

  size() {
    return { entries: this.entries.size, chars: this.chars };
  }

  private keep(key: string, entry: Entry) {
    this.entries.set(key, entry);
    this.chars += entry.chars;
  }

  private forget(key: string, entry: Entry) {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
  }

  private evictOverLimits() {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) return;
      this.forget(key, entry);
    }
  }
}

const caches = new WeakMap<object, AnswerCache>();
function cacheOf(ctx: PublicCtx): AnswerCache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new AnswerCache();
    caches.set(ctx.db, cache);
  }
  return cache;
}

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

/** How many answers the cache of `ctx`'s database keeps, and their size in characters. */
export const cachedAnswers = (ctx: PublicCtx) => cacheOf(ctx).size();

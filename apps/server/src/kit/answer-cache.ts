import type { JsonText } from './json-rows.ts';

/**
 * Answers kept per server process and served again while the version they were drawn under is
 * still the current one (decisions 0016, 0025): the caller reads the current version from the
 * database (one cheap statement) before every use, so every process behind a load balancer sees
 * every write at once. A copy keeps the version read before it was drawn: one drawn while a write
 * commits is drawn again next time. Bounded in number and size, least recently used out first;
 * concurrent misses on one key draw once; a failed draw is not kept.
 */
export type Answer = string | JsonText<unknown>;

interface Entry {
  version: string;
  body: Promise<Answer>;
  chars: number;
}

export interface AnswerCacheOptions {
  maxEntries?: number;
  maxChars?: number;
  /**
   * One version for every key (the catalogue's): when a newer one is seen, every older copy is
   * freed at once. Otherwise each key has its own version (an order's stamp).
   */
  oneVersion?: boolean;
}

const charsOf = (answer: Answer) => (typeof answer === 'string' ? answer.length : answer.text.length);

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;
  private lastVersion: string | undefined;
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private readonly oneVersion: boolean;

  constructor(options: AnswerCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxChars = options.maxChars ?? 64 * 1024 * 1024;
    this.oneVersion = options.oneVersion ?? false;
  }

  /** The copy under `key` drawn under `version`, or a new one from `draw`. */
  answer<T extends Answer>(key: string, version: string, draw: () => Promise<T>): Promise<T> {
    const hit = this.take(key, version);
    if (hit) return hit as Promise<T>;
    return this.put(key, version, draw()) as Promise<T>;
  }

  /**
   * The copy under `key` while `fresh` holds for the version it was drawn under, or a new one drawn
   * under `version` (a copy whose freshness is not one current version: the dashboard's).
   */
  answerWhile<T extends Answer>(
    key: string,
    fresh: (version: string) => boolean,
    version: string,
    draw: () => Promise<T>,
  ): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && fresh(hit.version)) return this.take(key, hit.version) as Promise<T>;
    return this.put(key, version, draw()) as Promise<T>;
  }

  /** The version the copy under `key` was drawn under, if one is kept (not counted as a use). */
  versionOf(key: string): string | undefined {
    return this.entries.get(key)?.version;
  }

  /** The copy under `key` if it was drawn under `version` (now the most recently used). */
  peek(key: string, version: string): Promise<Answer> | undefined {
    return this.take(key, version);
  }

  /** Keeps `body` under `key` for `version` (replacing any other copy of that key). */
  put(key: string, version: string, body: Promise<Answer>): Promise<Answer> {
    this.seeVersion(version);
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    const entry: Entry = { version, body, chars: 0 };
    this.entries.set(key, entry);
    body.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        entry.chars = charsOf(answer);
        this.chars += entry.chars;
        this.evictOverLimits();
      },
      () => this.forget(key, entry),
    );
    this.evictOverLimits();
    return body;
  }

  clear() {
    this.entries.clear();
    this.chars = 0;
  }

  size() {
    return { entries: this.entries.size, chars: this.chars };
  }

  private take(key: string, version: string): Promise<Answer> | undefined {
    this.seeVersion(version);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.forget(key, hit);
    if (hit.version !== version) return undefined;
    this.entries.set(key, hit); // now the most recently used
    this.chars += hit.chars;
    return hit.body;
  }

  // Copies of an older catalogue are never served again: free them at once.
  private seeVersion(version: string) {
    if (!this.oneVersion || version === this.lastVersion) return;
    this.clear();
    this.lastVersion = version;
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

/**
 * A copy made stale by events is drawn again at most this often (decision 0056): a floor that
 * never pauses (20 scanners) has it drawn once a second, and the readers who asked meanwhile wait
 * for that draw (never the copy from before their event). The web refetches a query at most once
 * a second too (apps/web/src/lib/live-events.ts MAX_WAIT_MS).
 */
const REDRAW_GAP_MS = 1_000;

/** Keys of each cache being drawn again behind a copy still served (keptUntilEvents). */
const redrawing = new WeakMap<AnswerCache, Set<string>>();

/**
 * A copy kept under `key` until an event that moves it has settled since it was drawn (`settled`:
 * when the latest such event this server heard settled, events/heard.ts), the day turns, or the
 * wall clock passes into the next `keepMs` window (the same windows on every server): decision
 * 0056, the dashboard's and the floor board's figures. A copy of the window just past that no
 * event has moved is served while one draw of the new window runs behind it (decision 0062): at
 * each window's edge every reader used to wait for that draw (the dashboard's p99 was the draw).
 */
export async function keptUntilEvents(
  cache: AnswerCache,
  key: string,
  when: { keepMs: number; day: string; settled: number },
  draw: () => Promise<string>,
): Promise<string> {
  // A copy's version: its window and day, then when it was drawn (performance.now()).
  const windowNow = Math.floor(Date.now() / when.keepMs);
  const drawnIn = (w: number, version: string | undefined) => {
    const prefix = `${w}:${when.day}:`;
    return version?.startsWith(prefix) ? Number(version.slice(prefix.length)) : Number.NEGATIVE_INFINITY;
  };
  const window = `${windowNow}:${when.day}:`;
  const kept = cache.versionOf(key);
  const last = drawnIn(windowNow, kept);
  if (last === Number.NEGATIVE_INFINITY && kept !== undefined && drawnIn(windowNow - 1, kept) >= when.settled) {
    drawBehind(cache, key, `${window}${performance.now()}`, draw);
    const copy = cache.peek(key, kept);
    if (copy) return copy as Promise<string>;
  }
  if (last < when.settled) {
    const wait = last + REDRAW_GAP_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return cache.answerWhile(
    key,
    (version) => drawnIn(windowNow, version) >= when.settled,
    `${window}${performance.now()}`,
    draw,
  );
}

/** Draws `key` again once (however many ask meanwhile) and keeps the copy when it is drawn. */
function drawBehind(cache: AnswerCache, key: string, version: string, draw: () => Promise<string>) {
  let keys = redrawing.get(cache);
  if (!keys) {
    keys = new Set();
    redrawing.set(cache, keys);
  }
  if (keys.has(key)) return;
  keys.add(key);
  const done = keys;
  // A failed draw keeps nothing: the next window's first reader draws and waits, as before.
  draw()
    .then(
      (text) => void cache.put(key, version, Promise.resolve(text)),
      () => undefined,
    )
    .finally(() => done.delete(key));
}

/** One cache per database handle (an app, or a test's app, has its own) and purpose. */
export function cachePerDatabase(options: AnswerCacheOptions): (db: object) => AnswerCache {
  const caches = new WeakMap<object, AnswerCache>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new AnswerCache(options);
      caches.set(db, cache);
    }
    return cache;
  };
}

import { eventsApi, LIVE_EVENTS, type LiveEventData, type LiveEventKind } from '@cab/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createSseParser, type SseMessage } from './sse.ts';
import { getToken, subscribeToken } from './token.ts';

/**
 * The live floor (issue 29): one stream of `GET /api/events/` per tab, shared by every page that
 * listens, and the one place that turns an event into fresh data. A page names the kinds it cares
 * about and the queries they make stale (`useLiveEvents`); the stream opens with the first listener,
 * closes shortly after the last, reconnects by itself with backoff (resuming after the last event
 * id it saw) and says whether it is up (what `useLiveEvents` returns).
 *
 * Read through fetch, not EventSource: the API signs in with `Authorization: Token`, a header
 * EventSource cannot send.
 */

/** One event as a page hears it: the stream's id (text, as SSE sends it), its kind, its data. */
export type LiveEvent = { [K in LiveEventKind]: { id: string; kind: K; data: LiveEventData<K> } }[LiveEventKind];

// Every kind, once: a kind added to the shared schemas is a compile error here until it is listed.
const KINDS: Record<LiveEventKind, true> = {
  scan: true,
  scan_undone: true,
  order_status: true,
  remake: true,
  planner: true,
  payment: true,
  approval: true,
  proposal: true,
};
export const LIVE_EVENT_KINDS = Object.keys(KINDS) as LiveEventKind[];

/** 'open': events arrive; 'connecting': the first connection; 'reconnecting': it dropped and is tried again. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface Listener {
  kinds: ReadonlySet<LiveEventKind>;
  event: (event: LiveEvent) => void;
  /** The stream came back after a gap, or the server said to refetch: what was missed may not all be replayed. */
  reopened: () => void;
}

// The server sends a comment every 15 s: three missed in a row is a dead connection.
const SILENCE_MS = 45_000;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
// A page change unsubscribes one page and subscribes the next: the stream outlives the gap.
const LINGER_MS = 5_000;

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'idle';
let lastEventId = '';
let controller: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let serverRetryMs: number | null = null;
let wasOpen = false;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

const isKind = (kind: string): kind is LiveEventKind => Object.hasOwn(KINDS, kind);

function deliver(message: SseMessage) {
  // The server could not replay all that was missed (too far behind): every page reads its data again.
  if (message.event === LIVE_EVENTS.refetchEvent) {
    for (const l of listeners) l.reopened();
    return;
  }
  if (!isKind(message.event)) return;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return;
  }
  if (typeof data !== 'object' || data === null) return;
  const event = { id: message.id, kind: message.event, data } as LiveEvent;
  for (const l of listeners) if (l.kinds.has(event.kind)) l.event(event);
}

function backoffMs(): number {
  // The server's `retry:` is where backoff starts; each failure in a row doubles it.
  const base = Math.min(BACKOFF_MAX_MS, (serverRetryMs ?? BACKOFF_FIRST_MS) * 2 ** attempt);
  attempt += 1;
  // Spread out: a shop's screens all dropped by one server restart do not come back at once.
  return base / 2 + Math.random() * (base / 2);
}

function scheduleReconnect() {
  controller = null;
  if (listeners.size === 0 || !getToken() || pausedHidden) {
    setStatus('idle');
    return;
  }
  setStatus(wasOpen || status === 'reconnecting' ? 'reconnecting' : 'connecting');
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, backoffMs());
}

async function connect() {
  clearTimeout(retryTimer);
  const token = getToken();
  if (controller || listeners.size === 0 || !token) return;
  const own = new AbortController();
  controller = own;
  if (status !== 'reconnecting') setStatus('connecting');
  let silence: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(silence);
    silence = setTimeout(() => own.abort(), SILENCE_MS);
  };
  try {
    const headers: Record<string, string> = { Authorization: `Token ${token}`, Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    alive();
    const response = await fetch(eventsApi.stream.path, { headers, signal: own.signal, cache: 'no-store' });
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    const reopened = wasOpen;
    wasOpen = true;
    attempt = 0;
    setStatus('open');
    if (reopened) for (const l of listeners) l.reopened();
    const parser = createSseParser(
      {
        id: (id) => {
          if (id) lastEventId = id;
        },
        message: deliver,
        retry: (ms) => {
          serverRetryMs = ms;
        },
      },
      lastEventId,
    );
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      alive();
      parser.push(value);
    }
  } catch {
    // Dropped, refused or silent: tried again below.
  } finally {
    clearTimeout(silence);
    if (controller === own) scheduleReconnect();
  }
}

function disconnect() {
  clearTimeout(retryTimer);
  const current = controller;
  controller = null;
  current?.abort();
  wasOpen = false;
  pausedHidden = false;
  attempt = 0;
  setStatus('idle');
}

/** Adds a listener (the stream opens with the first); the answer removes it. `useLiveEvents` is the pages' way in. */
export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  clearTimeout(lingerTimer);
  if (!controller && status !== 'reconnecting' && !pausedHidden) void connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(lingerTimer);
    lingerTimer = setTimeout(() => {
      if (listeners.size === 0) disconnect();
    }, LINGER_MS);
  };
}

/**
 * A browser keeps about six connections to a server over HTTP/1.1, and each tab's stream holds
 * one: a tab out of sight for a minute gives its stream back, and takes it up again when shown
 * (resuming from its last event; its pages refetch as after any gap). The floor board's TV stays
 * in sight.
 */
const HIDDEN_MS = 60_000;
let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
let pausedHidden = false;

function visibilityChanged() {
  clearTimeout(hiddenTimer);
  if (document.hidden) {
    hiddenTimer = setTimeout(() => {
      if (!document.hidden || !controller) return;
      pausedHidden = true;
      const current = controller;
      controller = null;
      current.abort();
      setStatus('idle');
    }, HIDDEN_MS);
    return;
  }
  if (!pausedHidden) return;
  pausedHidden = false;
  attempt = 0;
  void connect();
}

// Signing in as someone else, or out: the stream is that user's, so it starts again (or stops).
// The browser knows the network went before any silence would tell: dropped at once, and tried
// again as soon as it returns rather than at the end of a long backoff.
if (typeof window !== 'undefined') {
  document.addEventListener('visibilitychange', visibilityChanged);
  window.addEventListener('offline', () => controller?.abort());
  window.addEventListener('online', () => {
    if (listeners.size === 0 || controller) return;
    attempt = 0;
    void connect();
  });
  subscribeToken(() => {
    const listening = listeners.size > 0;
    disconnect();
    lastEventId = '';
    if (listening) void connect();
  });
}

/** Whether the stream is up, for a page that says so (the floor board's "reconnecting"). */
function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => statusListeners.delete(onChange);
    },
    () => status,
  );
}

/**
 * An event burst makes one refetch per query, not one per event: the queries the events touch are
 * gathered and made stale together once the events pause for QUIET_MS, and at the latest MAX_WAIT_MS
 * after the burst's first event (20 scanners at work never pause: their board refetches each query
 * at most once a second, whatever the scan rate).
 */
const QUIET_MS = 250;
const MAX_WAIT_MS = 1_000;

/** The queries an event touches: the same for every kind, or named per kind. */
export type LiveKeys = readonly QueryKey[] | Partial<Record<LiveEventKind, readonly QueryKey[]>>;

const keysOf = (keys: LiveKeys | undefined, kind?: LiveEventKind): readonly QueryKey[] => {
  if (!keys) return [];
  if (Array.isArray(keys)) return keys as readonly QueryKey[];
  const perKind = keys as Partial<Record<LiveEventKind, readonly QueryKey[]>>;
  return kind ? (perKind[kind] ?? []) : Object.values(perKind).flatMap((k) => k ?? []);
};

export interface LiveOptions {
  /** The queries the page shows that these events change (per kind when an object). */
  keys?: LiveKeys;
  /** Which events concern them (its order, its session); all of the kinds when absent. */
  match?: (event: LiveEvent) => boolean;
  /** Every event of the kinds, as it arrives (the floor board's list of scans). */
  onEvent?: (event: LiveEvent) => void;
  /** false: not listening (a page waiting for its record). */
  enabled?: boolean;
}

/** What `refetchOnEvents` needs of the query client (react-query's QueryClient). */
interface Invalidates {
  invalidateQueries(filters: { queryKey: QueryKey }): Promise<unknown>;
}

/**
 * A page's listener: each event that `match`es is handed to `onEvent` and marks the queries it
 * touches; a burst's marked queries are made stale once (QUIET_MS, MAX_WAIT_MS). A reopened
 * stream marks every query the page names, since events may have been missed.
 */
export function refetchOnEvents(client: Invalidates, options: () => LiveOptions) {
  const marked = new Map<string, QueryKey>();
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let latest: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(quiet);
    clearTimeout(latest);
    quiet = undefined;
    latest = undefined;
    const keys = [...marked.values()];
    marked.clear();
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };
  const mark = (keys: readonly QueryKey[]) => {
    if (keys.length === 0) return;
    for (const key of keys) marked.set(JSON.stringify(key), key);
    clearTimeout(quiet);
    quiet = setTimeout(flush, QUIET_MS);
    latest ??= setTimeout(flush, MAX_WAIT_MS);
  };
  return {
    event(event: LiveEvent) {
      const { match, onEvent, keys } = options();
      if (match && !match(event)) return;
      onEvent?.(event);
      mark(keysOf(keys, event.kind));
    },
    reopened() {
      mark(keysOf(options().keys));
    },
    stop() {
      clearTimeout(quiet);
      clearTimeout(latest);
      marked.clear();
    },
  };
}

/**
 * Listens to the live events of `kinds` while the calling component is mounted: each one that
 * `match`es makes the queries it touches stale (refetched when shown) once per burst
 * (`refetchOnEvents`), and `onEvent` hears it. When the stream comes back after a gap the keys are
 * made stale anyway, since events may have been missed.
 */
export function useLiveEvents(kinds: readonly LiveEventKind[], options: LiveOptions = {}): LiveStatus {
  const client = useQueryClient();
  const latest = useRef(options);
  latest.current = options;
  const enabled = options.enabled ?? true;
  const kindsKey = [...kinds].sort().join(',');

  useEffect(() => {
    if (!enabled) return;
    const refetch = refetchOnEvents(client, () => latest.current);
    const unsubscribe = listenLive({
      kinds: new Set(kindsKey.split(',') as LiveEventKind[]),
      event: refetch.event,
      reopened: refetch.reopened,
    });
    return () => {
      unsubscribe();
      refetch.stop();
    };
  }, [client, kindsKey, enabled]);

  return useLiveStatus();
}

/** The order an event is about, if any (a payment names its invoice, not its order). */
export function orderOfEvent(event: LiveEvent): number | null {
  return 'order_id' in event.data ? event.data.order_id : null;
}

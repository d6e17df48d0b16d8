import type { LiveEventKind } from '@cab/shared';

/**
 * When this server's hub last heard an event of each kind (from every server, through LISTEN),
 * per database handle: a figure kept in memory (the dashboard's) is drawn again once an event of a
 * kind that moves it has been heard and has settled. The hub notes a read's events before it hands
 * them to the streams, so a screen refetching on an event never finds the note missing.
 *
 * Settled: heard SETTLE_MS ago or more. A screen refetches QUIET_MS (250 ms) after the last event of
 * a burst (apps/web/src/lib/live-events.ts), so by then every event it heard has settled; during a
 * burst a copy drawn after the burst began serves until the events after it settle, rather than
 * one draw per event (20 scanners make about 20 events a second).
 */
const SETTLE_MS = 200;
/** Times kept per kind: enough to answer for any moment SETTLE_MS back. */
const KEPT_MS = 1_000;

interface Heard {
  /** performance.now() of each event heard in the last KEPT_MS, oldest first. */
  times: number[];
  /** The latest time dropped from `times` (0: none). */
  older: number;
}
const heard = new WeakMap<object, Map<LiveEventKind, Heard>>();

export function noteHeard(db: object, kinds: readonly LiveEventKind[]): void {
  let perKind = heard.get(db);
  if (!perKind) {
    perKind = new Map();
    heard.set(db, perKind);
  }
  const now = performance.now();
  for (const kind of new Set(kinds)) {
    let h = perKind.get(kind);
    if (!h) {
      h = { times: [], older: 0 };
      perKind.set(kind, h);
    }
    h.times.push(now);
    while (h.times.length > 0 && h.times[0]! < now - KEPT_MS) h.older = h.times.shift()!;
  }
}

/**
 * The latest moment (performance.now()) an event of these kinds (every kind when absent) was heard
 * that has settled by now; 0 when none was. A copy drawn before it misses that event.
 */
export function lastSettledEvent(db: object, kinds?: readonly LiveEventKind[]): number {
  const settled = performance.now() - SETTLE_MS;
  let latest = 0;
  for (const [kind, h] of heard.get(db) ?? []) {
    if (kinds && !kinds.includes(kind)) continue;
    latest = Math.max(latest, h.older);
    for (const t of h.times) if (t <= settled && t > latest) latest = t;
  }
  return latest;
}

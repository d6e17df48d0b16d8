import type { LiveEventKind } from '@cab/shared';

/**
 * How many events of each kind this server's hub has heard (from every server, through LISTEN),
 * per database handle: a figure kept in memory (the dashboard's) is drawn again once an event of a
 * kind that changes it has been heard. The hub counts a read's events before it hands them to the
 * streams, so a screen refetching on an event is answered after the count moved.
 */
const counts = new WeakMap<object, Map<LiveEventKind, number>>();

export function countHeard(db: object, kinds: readonly LiveEventKind[]): void {
  let perKind = counts.get(db);
  if (!perKind) {
    perKind = new Map();
    counts.set(db, perKind);
  }
  for (const kind of kinds) perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
}

/** The events of these kinds (every kind when absent) heard so far on this server: it moves with each one. */
export function heardCount(db: object, kinds?: readonly LiveEventKind[]): number {
  const perKind = counts.get(db);
  let sum = 0;
  for (const [kind, n] of perKind ?? []) if (!kinds || kinds.includes(kind)) sum += n;
  return sum;
}

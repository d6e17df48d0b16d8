/**
 * Slots: the seams through which a module that sits lower calls work owned by a module above it
 * (an order's approve issues the invoice; the daily charges post to the invoices' ledger). The
 * lower module declares the slot; apps/server/src/wiring.ts fills every slot, in one place, when
 * the app (or the seed) is built. Every slot is required: an empty one stops the start with a
 * message naming it, and reading one stops the call; nothing defaults to doing nothing.
 */

export interface Slot<T> {
  /** What the slot is for, as the start's error names it. */
  readonly name: string;
  readonly filled: boolean;
  /** Fills the slot (filling it again replaces what it held: wiring is idempotent). */
  fill(value: T): void;
  /** What the slot holds; throws when nothing filled it. */
  get(): T;
}

const WIRING_FILE = 'apps/server/src/wiring.ts';

const notWired = (names: string[]) =>
  new Error(`Not wired: ${names.join('; ')}. Every slot is filled by wireModules() in ${WIRING_FILE}.`);

/** The slots declared in this process (a slot is declared when its module is loaded). */
const declared: Slot<unknown>[] = [];

/** Declares a required slot: `name` says what fills it, e.g. "orders: the order answer's invoice". */
export function requiredSlot<T>(name: string): Slot<T> {
  let value: T | undefined;
  const slot: Slot<T> = {
    name,
    get filled() {
      return value !== undefined;
    },
    fill(v) {
      value = v;
    },
    get() {
      if (value === undefined) throw notWired([name]);
      return value;
    },
  };
  declared.push(slot as Slot<unknown>);
  return slot;
}

/** The names of the declared slots nothing filled. */
export const emptySlots = (slots: readonly Slot<unknown>[] = declared): string[] =>
  slots.filter((s) => !s.filled).map((s) => s.name);

/** Throws, naming every empty slot, unless all are filled. */
export function assertSlotsFilled(slots: readonly Slot<unknown>[] = declared): void {
  const empty = emptySlots(slots);
  if (empty.length > 0) throw notWired(empty);
}

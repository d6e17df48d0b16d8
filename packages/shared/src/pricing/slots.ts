import type { PremiumType } from '../constants.ts';
import type { GroupPremiumKind } from './types.ts';

/**
 * THE table of a group's six premium slots: the kind (SPEC 3's name, also the wire's key in
 * `premiums` and `premium_codes`), the order_groups column (Drizzle's name) that stores the
 * premium's id, and the premium type a slot takes. Every place that walks the slots walks this.
 */
export const PREMIUM_SLOTS = [
  { kind: 'wood_species', column: 'woodSpeciesId', type: 'WOOD_SPECIES' },
  { kind: 'finish_option', column: 'finishOptionId', type: 'FINISH_OPTION' },
  { kind: 'base_door_style', column: 'baseDoorStyleId', type: 'DOOR_STYLE' },
  { kind: 'wall_door_style', column: 'wallDoorStyleId', type: 'DOOR_STYLE' },
  { kind: 'tall_door_style', column: 'tallDoorStyleId', type: 'DOOR_STYLE' },
  { kind: 'drawer_style', column: 'drawerStyleId', type: 'DRAWER_STYLE' },
] as const satisfies readonly { kind: GroupPremiumKind; column: string; type: PremiumType }[];

export type PremiumSlotColumn = (typeof PREMIUM_SLOTS)[number]['column'];

/** A stored group's slots by kind (the wire's `premiums`): `{ wood_species: row.woodSpeciesId, ... }`. */
export function slotsByKind<T>(row: Readonly<Record<PremiumSlotColumn, T>>): Record<GroupPremiumKind, T> {
  return Object.fromEntries(PREMIUM_SLOTS.map((s) => [s.kind, row[s.column]])) as Record<GroupPremiumKind, T>;
}

/** Slots by kind as order_groups columns: `{ woodSpeciesId: byKind.wood_species, ... }`. */
export function slotsByColumn<T>(byKind: Readonly<Record<GroupPremiumKind, T>>): Record<PremiumSlotColumn, T> {
  return Object.fromEntries(PREMIUM_SLOTS.map((s) => [s.column, byKind[s.kind]])) as Record<PremiumSlotColumn, T>;
}

/** The stored ids of a group's slots, in the table's order. */
export const slotIds = <T>(row: Readonly<Record<PremiumSlotColumn, T>>): T[] => PREMIUM_SLOTS.map((s) => row[s.column]);

/** A group with no premium in any slot (by kind, as the wire's `premiums`). */
export const NO_PREMIUMS = Object.fromEntries(PREMIUM_SLOTS.map((s) => [s.kind, null])) as Readonly<
  Record<GroupPremiumKind, null>
>;

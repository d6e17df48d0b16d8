import { MSG } from '../messages.ts';

/** What SPEC 5's group rules look at in one line of a group. */
export interface GroupRuleItem {
  isAttachment: boolean;
  /** The catalogue's nb_base_door, nb_wall_door and nb_tall_door (0 when the line is unknown). */
  baseDoors: number;
  wallDoors: number;
  tallDoors: number;
  drawers: number;
}

/** The group's style slots: anything but null/undefined counts as chosen. */
export interface GroupRulePremiums {
  base_door_style?: unknown;
  wall_door_style?: unknown;
  tall_door_style?: unknown;
  drawer_style?: unknown;
}

/**
 * SPEC 5's group rules, in SPEC's words and order: a base door style when a cabinet (not an
 * attachment) has base doors (likewise tall and wall doors), a drawer style when a cabinet has
 * drawers, and at least one item. Keyed on the door counts, as pricing charges each door style by
 * the doors of its kind (a TALL cabinet with base doors needs the base door style). The server's
 * validation and the builder's live view both call this.
 */
export function groupRuleErrors(premiums: GroupRulePremiums, items: readonly GroupRuleItem[]): string[] {
  const cabinets = items.filter((i) => !i.isAttachment);
  const needs = (doors: 'baseDoors' | 'wallDoors' | 'tallDoors') => cabinets.some((i) => i[doors] > 0);
  const missing = (slot: unknown) => slot === null || slot === undefined;
  const errors: string[] = [];
  if (missing(premiums.base_door_style) && needs('baseDoors')) errors.push(MSG.missingBaseDoorStyle);
  if (missing(premiums.tall_door_style) && needs('tallDoors')) errors.push(MSG.missingTallDoorStyle);
  if (missing(premiums.wall_door_style) && needs('wallDoors')) errors.push(MSG.missingWallDoorStyle);
  if (missing(premiums.drawer_style) && cabinets.some((i) => i.drawers > 0)) errors.push(MSG.missingDrawerStyle);
  if (items.length === 0) errors.push(MSG.noItemsAdded);
  return errors;
}

import { MSG } from '../messages.ts';

/** What SPEC 5's group rules look at in one line of a group. */
export interface GroupRuleItem {
  isAttachment: boolean;
  baseCategory: string | null;
  /** The catalogue's nb_base_door + nb_wall_door + nb_tall_door (0 when the line is unknown). */
  doors: number;
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
 * SPEC 5's group rules, in SPEC's words and order: a base door style when a BASE cabinet has
 * doors (likewise TALL and WALL), a drawer style when a cabinet (not an attachment) has drawers,
 * and at least one item. The server's validation and the builder's live view both call this.
 */
export function groupRuleErrors(premiums: GroupRulePremiums, items: readonly GroupRuleItem[]): string[] {
  const cabinets = items.filter((i) => !i.isAttachment);
  const needs = (category: string) => cabinets.some((i) => i.baseCategory === category && i.doors > 0);
  const missing = (slot: unknown) => slot === null || slot === undefined;
  const errors: string[] = [];
  if (missing(premiums.base_door_style) && needs('BASE')) errors.push(MSG.missingBaseDoorStyle);
  if (missing(premiums.tall_door_style) && needs('TALL')) errors.push(MSG.missingTallDoorStyle);
  if (missing(premiums.wall_door_style) && needs('WALL')) errors.push(MSG.missingWallDoorStyle);
  if (missing(premiums.drawer_style) && cabinets.some((i) => i.drawers > 0)) errors.push(MSG.missingDrawerStyle);
  if (items.length === 0) errors.push(MSG.noItemsAdded);
  return errors;
}

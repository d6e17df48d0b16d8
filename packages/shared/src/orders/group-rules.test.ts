import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { type GroupRuleItem, groupRuleErrors } from './group-rules.ts';

const item = (over: Partial<GroupRuleItem> = {}): GroupRuleItem => ({
  isAttachment: false,
  baseDoors: 0,
  wallDoors: 0,
  tallDoors: 0,
  drawers: 0,
  ...over,
});
const none = { base_door_style: null, wall_door_style: null, tall_door_style: null, drawer_style: null };

describe('SPEC 5 group rules', () => {
  it('an empty group: No items added', () => {
    expect(groupRuleErrors(none, [])).toEqual([MSG.noItemsAdded]);
  });

  it('each style is needed only by a cabinet of its kind with doors, in SPEC order', () => {
    const items = [item({ baseDoors: 2 }), item({ wallDoors: 1 }), item({ tallDoors: 1, drawers: 2 })];
    expect(groupRuleErrors(none, items)).toEqual([
      MSG.missingBaseDoorStyle,
      MSG.missingTallDoorStyle,
      MSG.missingWallDoorStyle,
      MSG.missingDrawerStyle,
    ]);
    expect(groupRuleErrors({ ...none, base_door_style: 1, wall_door_style: 2, tall_door_style: 3 }, items)).toEqual([
      MSG.missingDrawerStyle,
    ]);
    expect(groupRuleErrors(none, [item()])).toEqual([]);
  });

  it('a door style is needed by the doors of its kind, whatever the cabinet (pricing charges by doors)', () => {
    // A TALL pantry with 2 base and 2 wall doors in a group with only a tall door style.
    const pantry = [item({ baseDoors: 2, wallDoors: 2 })];
    expect(groupRuleErrors({ ...none, tall_door_style: 3 }, pantry)).toEqual([
      MSG.missingBaseDoorStyle,
      MSG.missingWallDoorStyle,
    ]);
    expect(groupRuleErrors({ ...none, base_door_style: 1, wall_door_style: 2 }, pantry)).toEqual([]);
  });

  it('attachments never need a style, but count as items', () => {
    const attachment = item({ isAttachment: true, baseDoors: 2, drawers: 3 });
    expect(groupRuleErrors(none, [attachment])).toEqual([]);
  });
});

import { BUILDER_TEXT, type LineItem, MSG, NO_PREMIUMS, type Order, type OrderItem, type Premium } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { createGroupPricer, linePrices, premiumPricesOf } from './pricing.ts';
import {
  APPLY_ALL,
  applyForError,
  applyStyles,
  attachmentIndex,
  type Draft,
  type DraftAction,
  draftFromOrder,
  draftReducer,
  EMPTY_PREMIUMS,
  groupErrors,
  groupRuleErrors,
  groupToFocusAfterRemoval,
  isDirty,
  lineNumberOffsets,
  lineToFocusAfterRemoval,
  newDraft,
  orderSignature,
  placeFieldErrors,
  readQty,
  updateBody,
} from './state.ts';

function lineItem(id: number, code: string, over: Partial<LineItem> = {}): LineItem {
  return {
    id,
    manufacturer_code: code,
    price: '100.00',
    description: code,
    category: null,
    base_category: 'BASE',
    width: 24,
    height: 34.5,
    depth: 24,
    hinge: 'Left',
    nb_base_door: 0,
    nb_door_pull: 0,
    nb_drawer: 0,
    nb_drawer_pull: 0,
    nb_tall_door: 0,
    nb_wall_door: 0,
    nb_adjustable_shelf: 1,
    export_name_1: code,
    export_name_2: '',
    export_name_3: '',
    export_name_4: '',
    tags: [],
    product_group: null,
    is_attachment: false,
    manual_work_required: false,
    export_with_finish_side: false,
    is_corner_cabinet: false,
    ...over,
  };
}

const B24 = lineItem(1, 'B24', { nb_base_door: 2, nb_drawer: 1 });
const W3030 = lineItem(2, 'W3030', { base_category: 'WALL', nb_wall_door: 2, price: '150.00' });
const U1884 = lineItem(3, 'U1884', { base_category: 'TALL', nb_tall_door: 2 });
const DB18 = lineItem(4, 'DB18', { nb_drawer: 3 });
const F3 = lineItem(5, 'F3', { base_category: 'ACCESSORY', price: '35.00' });
const FEP = lineItem(6, 'FEP-B', { base_category: 'ACCESSORY', is_attachment: true, price: '110.00', nb_drawer: 2 });
const CM8 = lineItem(7, 'CM8', { base_category: 'ACCESSORY', is_attachment: true, price: '90.00' });

function run(draft: Draft, ...actions: DraftAction[]): Draft {
  return actions.reduce(draftReducer, draft);
}

function start(): { draft: Draft; key: string } {
  const draft = newDraft();
  return { draft, key: (draft.groups[0] as Draft['groups'][number]).key };
}

const codes = (d: Draft, g = 0) => d.groups[g]?.items.map((i) => i.snap.code);

describe('lines and attachments (SPEC 4)', () => {
  it('adds items in order with qty 1 and the catalogue hinge', () => {
    const { draft, key } = start();
    const d = run(draft, { type: 'addItem', key, item: B24, id: 'a' }, { type: 'addItem', key, item: W3030, id: 'b' });
    expect(codes(d)).toEqual(['B24', 'W3030']);
    expect(d.groups[0]?.items[0]).toMatchObject({
      _id: 'a',
      qty: 1,
      hinge: 'Left',
      is_attachment: false,
      parentId: null,
    });
    expect(isDirty(d)).toBe(true);
  });

  it('inserts an attachment right after its parent, after the attachments it already has', () => {
    const { draft, key } = start();
    const d = run(
      draft,
      { type: 'addItem', key, item: B24, id: 'a' },
      { type: 'addItem', key, item: W3030, id: 'b' },
      { type: 'addAttachment', key, parentId: 'a', item: FEP, id: 'a1' },
      { type: 'addAttachment', key, parentId: 'a', item: CM8, id: 'a2' },
      { type: 'addAttachment', key, parentId: 'b', item: CM8, id: 'b1' },
    );
    expect(d.groups[0]?.items.map((i) => i._id)).toEqual(['a', 'a1', 'a2', 'b', 'b1']);
    expect(d.groups[0]?.items[1]).toMatchObject({ is_attachment: true, parentId: 'a', hinge: null });
    expect(attachmentIndex(d.groups[0]?.items ?? [], 'missing')).toBe(-1);
  });

  it('removing an item removes its attachments; removing an attachment removes only it', () => {
    const { draft, key } = start();
    const d = run(
      draft,
      { type: 'addItem', key, item: B24, id: 'a' },
      { type: 'addAttachment', key, parentId: 'a', item: FEP, id: 'a1' },
      { type: 'addAttachment', key, parentId: 'a', item: CM8, id: 'a2' },
      { type: 'addItem', key, item: W3030, id: 'b' },
      { type: 'addAttachment', key, parentId: 'b', item: CM8, id: 'b1' },
    );
    const lessAttachment = run(d, { type: 'removeItem', key, id: 'a1' });
    expect(lessAttachment.groups[0]?.items.map((i) => i._id)).toEqual(['a', 'a2', 'b', 'b1']);
    const lessParent = run(d, { type: 'removeItem', key, id: 'a' });
    expect(lessParent.groups[0]?.items.map((i) => i._id)).toEqual(['b', 'b1']);
  });

  it('refuses a quantity below 1 or not whole, and keeps other lines untouched on an edit', () => {
    const { draft, key } = start();
    const d = run(draft, { type: 'addItem', key, item: B24, id: 'a' }, { type: 'addItem', key, item: F3, id: 'b' });
    expect(run(d, { type: 'setQty', key, id: 'a', qty: 0 })).toBe(d);
    expect(run(d, { type: 'setQty', key, id: 'a', qty: 1.5 })).toBe(d);
    const e = run(d, { type: 'setQty', key, id: 'a', qty: 3 });
    expect(e.groups[0]?.items[0]?.qty).toBe(3);
    expect(e.groups[0]?.items[1]).toBe(d.groups[0]?.items[1]);
  });

  it('numbers lines across groups', () => {
    const { draft, key } = start();
    const d = run(draft, { type: 'addItem', key, item: B24 }, { type: 'addItem', key, item: F3 }, { type: 'addGroup' });
    expect(lineNumberOffsets(d.groups)).toEqual([1, 3]);
  });
});

describe('group rules (SPEC 5)', () => {
  it('an empty group: No items added', () => {
    expect(groupRuleErrors({ items: [], premiums: EMPTY_PREMIUMS })).toEqual([MSG.noItemsAdded]);
  });

  it('asks for each door style the cabinets need, and a drawer style for drawers', () => {
    const { draft, key } = start();
    const d = run(
      draft,
      { type: 'addItem', key, item: B24 },
      { type: 'addItem', key, item: W3030 },
      { type: 'addItem', key, item: U1884 },
    );
    expect(groupRuleErrors(d.groups[0] as Draft['groups'][number])).toEqual([
      MSG.missingBaseDoorStyle,
      MSG.missingTallDoorStyle,
      MSG.missingWallDoorStyle,
      MSG.missingDrawerStyle,
    ]);
    const fixed = run(d, {
      type: 'setPremiums',
      key,
      premiums: applyStyles(EMPTY_PREMIUMS, { doorStyle: 10, drawerStyle: 20 }, APPLY_ALL),
    });
    expect(groupRuleErrors(fixed.groups[0] as Draft['groups'][number])).toEqual([]);
  });

  it('only what the items need: a drawer base needs a drawer style only; accessories need nothing', () => {
    const { draft, key } = start();
    expect(groupRuleErrors(run(draft, { type: 'addItem', key, item: DB18 }).groups[0] as never)).toEqual([
      MSG.missingDrawerStyle,
    ]);
    expect(groupRuleErrors(run(draft, { type: 'addItem', key, item: F3 }).groups[0] as never)).toEqual([]);
  });

  it("an attachment's drawers do not ask for a drawer style", () => {
    const { draft, key } = start();
    const d = run(
      draft,
      { type: 'addItem', key, item: F3, id: 'f' },
      { type: 'addAttachment', key, parentId: 'f', item: FEP },
    );
    expect(groupRuleErrors(d.groups[0] as never)).toEqual([]);
  });
});

describe('Apply For (SPEC 2 premium selector)', () => {
  it('all ticked sets base, wall and tall door styles and the drawer style', () => {
    expect(applyStyles(EMPTY_PREMIUMS, { doorStyle: 1, drawerStyle: 2 }, APPLY_ALL)).toEqual({
      ...EMPTY_PREMIUMS,
      base_door_style: 1,
      wall_door_style: 1,
      tall_door_style: 1,
      drawer_style: 2,
    });
  });

  it('only the ticked slots change', () => {
    const before = { ...EMPTY_PREMIUMS, base_door_style: 5, wall_door_style: 5, tall_door_style: 5, drawer_style: 6 };
    expect(
      applyStyles(before, { doorStyle: 1, drawerStyle: 2 }, { drawer: false, base: false, wall: true, tall: false }),
    ).toEqual({ ...before, wall_door_style: 1 });
  });

  it("none ticked: 'Select at least one style'", () => {
    expect(applyForError({ drawer: false, base: false, wall: false, tall: false })).toBe(MSG.selectAtLeastOneStyle);
    expect(applyForError({ drawer: true, base: false, wall: false, tall: false })).toBeNull();
  });

  it('a wood species drops a finish it does not offer', () => {
    const { draft, key } = start();
    const d = run(
      draft,
      { type: 'setPremium', key, kind: 'wood_species', id: 1, finishOptionsOf: [7, 8] },
      { type: 'setPremium', key, kind: 'finish_option', id: 8 },
    );
    expect(d.groups[0]?.premiums.finish_option).toBe(8);
    const e = run(d, { type: 'setPremium', key, kind: 'wood_species', id: 2, finishOptionsOf: [9] });
    expect(e.groups[0]?.premiums).toMatchObject({ wood_species: 2, finish_option: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Saved orders

function savedItem(over: Partial<OrderItem>): OrderItem {
  return {
    id: 1,
    _id: 'a',
    line_item: 1,
    line_item_number: 1,
    line_no: 1,
    qty: 1,
    hinge: 'Left',
    finished_side: null,
    is_attachment: false,
    parentId: null,
    manufacturer_code: 'B24',
    description: 'B24',
    base_category: 'BASE',
    width: 24,
    height: 34.5,
    depth: 24,
    nb_door: 2,
    nb_drawer: 1,
    nb_shelf: 1,
    finish: '',
    unit_price: '130.00',
    total_price: '130.00',
    final_price: '117.00',
    total_final_price: '117.00',
    breakdown: {
      base_price: '100.00',
      premiums: [],
      finished_side: null,
      unit_price: '130.00',
      qty: 1,
      total_price: '130.00',
    },
    ...over,
  };
}

function order(errors: string[], premiums = EMPTY_PREMIUMS, version = 3): Order {
  return {
    id: 42,
    version,
    name: 'Kitchen',
    po_number: null,
    customer: 9,
    groups: [
      {
        id: 7,
        name: 'Group 1',
        premiums,
        premium_codes: NO_PREMIUMS,
        items: [savedItem({})],
        errors,
        warnings: [],
        subtotal: '130.00',
      },
    ],
  } as unknown as Order;
}

describe('server validation (SPEC 4, 5)', () => {
  const serverError = 'SHAKER is not offered in WALNUT';

  it('appends the server errors to the rules, without repeating a rule', () => {
    const d = draftFromOrder(order([MSG.missingBaseDoorStyle, serverError]));
    const g = d.groups[0] as Draft['groups'][number];
    expect(g.synced).toBe(true);
    expect(groupErrors(g)).toEqual([MSG.missingBaseDoorStyle, MSG.missingDrawerStyle, serverError]);
    expect(isDirty(d)).toBe(false);
  });

  it('a change to premiums or items clears the server validation until the next save', () => {
    const base = draftFromOrder(order([serverError]));
    const key = base.groups[0]?.key as string;
    for (const action of [
      { type: 'setPremium', key, kind: 'drawer_style', id: 3 },
      { type: 'addItem', key, item: F3 },
      { type: 'removeItem', key, id: 'a' },
      { type: 'setQty', key, id: 'a', qty: 2 },
    ] as DraftAction[]) {
      const g = run(base, action).groups[0] as Draft['groups'][number];
      expect(g.serverErrors, action.type).toEqual([]);
      expect(g.synced, action.type).toBe(false);
    }
    // Renaming the group is not a change of premiums or items.
    expect(run(base, { type: 'renameGroup', key, name: 'Island' }).groups[0]?.serverErrors).toEqual([serverError]);
  });

  it('takes the answer of a save when nothing changed meanwhile, and keeps edits made during the save', () => {
    const base = draftFromOrder(order([]));
    const key = base.groups[0]?.key as string;
    const edited = run(base, { type: 'setQty', key, id: 'a', qty: 2 });
    const answer = order([serverError], EMPTY_PREMIUMS, 4);
    const settled = run(edited, { type: 'saved', revision: edited.revision, order: answer });
    expect(isDirty(settled)).toBe(false);
    expect(settled.version).toBe(4);
    expect(settled.groups[0]?.key).toBe(key);
    expect(settled.groups[0]?.serverErrors).toEqual([serverError]);

    const more = run(edited, { type: 'setQty', key, id: 'a', qty: 5 });
    const raced = run(more, { type: 'saved', revision: edited.revision, order: answer });
    expect(isDirty(raced)).toBe(true);
    expect(raced.version).toBe(4);
    expect(raced.groups[0]?.items[0]?.qty).toBe(5);
    expect(updateBody(raced)).toMatchObject({ version: 4 });
  });
});

// ---------------------------------------------------------------------------------------------
// Live price

function premium(id: number, code: string, price: string | null, percentage: string | null): Premium {
  return { id, code, price, percentage } as Premium;
}

describe('live price', () => {
  const prices = premiumPricesOf([
    premium(1, 'CHERRY', null, '12.00'),
    premium(2, 'RAISED', '18.00', null),
    premium(3, 'DR-5PC', '9.00', null),
    premium(4, 'FS-LEFT', '25.00', null),
  ]);

  it('prices a line as DOMAIN "Item pricing" says; attachments carry no premiums', () => {
    const { draft, key } = start();
    const d = run(
      draft,
      {
        type: 'setPremiums',
        key,
        premiums: { ...EMPTY_PREMIUMS, wood_species: 1, base_door_style: 2, drawer_style: 3 },
      },
      { type: 'addItem', key, item: B24, id: 'a', qty: 2 },
      { type: 'setFinishedSide', key, id: 'a', finishedSide: 4 },
      { type: 'addAttachment', key, parentId: 'a', item: FEP, id: 'a1' },
    );
    const pricer = createGroupPricer();
    const view = pricer(d.groups[0] as Draft['groups'][number], prices);
    // 100 + 12 % (12) + 18 x 2 doors + 9 x 1 drawer + 25 finished side = 182 a unit.
    expect(view.lines.get('a')?.unit_price).toBe(18_200);
    expect(view.lines.get('a')?.total_price).toBe(36_400);
    expect(view.lines.get('a1')?.unit_price).toBe(11_000);
    expect(view.subtotal).toBe(47_400);
  });

  it('prices a group again only when it changed', () => {
    const { draft, key } = start();
    const d = run(draft, { type: 'addItem', key, item: B24, id: 'a' }, { type: 'addGroup' });
    const pricer = createGroupPricer();
    const first = pricer(d.groups[0] as Draft['groups'][number], prices);
    const other = run(d, { type: 'renameGroup', key: d.groups[1]?.key as string, name: 'x' });
    expect(pricer(other.groups[0] as Draft['groups'][number], prices)).toBe(first);
    const changed = run(d, { type: 'setQty', key, id: 'a', qty: 4 });
    expect(pricer(changed.groups[0] as Draft['groups'][number], prices).subtotal).toBe(40_000);
  });

  it("a saved line shows the server's prices until it changes", () => {
    const d = draftFromOrder(order([]));
    const g = d.groups[0] as Draft['groups'][number];
    const live = createGroupPricer()(g, prices).lines.get('a');
    expect(linePrices(g.items[0] as never, live)).toMatchObject({ final_price: 11_700, live: false });
    const key = g.key;
    const e = run(d, { type: 'setQty', key, id: 'a', qty: 2 });
    const ge = e.groups[0] as Draft['groups'][number];
    const p = linePrices(ge.items[0] as never, createGroupPricer()(ge, prices).lines.get('a'));
    expect(p).toMatchObject({ unit_price: 10_000, total_price: 20_000, live: true });
  });
});

describe('type-ahead order', () => {
  it('puts the exact code first, then codes starting with the text', async () => {
    const { rankByCode } = await import('./rank.ts');
    const found = [lineItem(1, 'BWF3'), lineItem(2, 'F36'), lineItem(3, 'F3'), lineItem(4, 'TF396')];
    expect(rankByCode(found, 'f3').map((i) => i.manufacturer_code)).toEqual(['F3', 'F36', 'BWF3', 'TF396']);
  });
});

describe('a stale save (409)', () => {
  it('the signature ignores what a save does not send (prices, errors, version) and sees group changes', () => {
    const a = order([]);
    const priced = { ...order(['x'], EMPTY_PREMIUMS, 9), total_price: '1.00' } as Order;
    expect(orderSignature(priced)).toBe(orderSignature(a));
    const moreQty = order([]);
    (moreQty.groups[0] as Order['groups'][number]).items = [savedItem({ qty: 3 })];
    expect(orderSignature(moreQty)).not.toBe(orderSignature(a));
    const renamed = { ...order([]), name: 'Bath' } as Order;
    expect(orderSignature(renamed)).not.toBe(orderSignature(a));
  });

  it('rebase keeps the edits and takes the new version', () => {
    const base = draftFromOrder(order([]));
    const key = base.groups[0]?.key as string;
    const edited = run(base, { type: 'setQty', key, id: 'a', qty: 6 }, { type: 'rebase', version: 11 });
    expect(edited.version).toBe(11);
    expect(isDirty(edited)).toBe(true);
    expect(updateBody(edited)).toMatchObject({ version: 11, groups: [{ items: [{ qty: 6 }] }] });
  });
});

describe('quantities as typed are never rewritten silently', () => {
  it('takes digits of at least 1', () => {
    expect(readQty('3', 2)).toEqual({ qty: 3, error: null });
    expect(readQty(' 12 ', 2)).toEqual({ qty: 12, error: null });
    // The range is the server's (its message lands on the field).
    expect(readQty('10000', 2)).toEqual({ qty: 10000, error: null });
  });
  it('says why 0, -2, 2.5 and 1e3 are not taken, and what the line keeps', () => {
    expect(readQty('0', 2)).toEqual({ qty: null, error: BUILDER_TEXT.qtyBelowOne(2) });
    expect(readQty('-2', 2)).toEqual({ qty: null, error: BUILDER_TEXT.qtyBelowOne(2) });
    expect(readQty('2.5', 4)).toEqual({ qty: null, error: BUILDER_TEXT.qtyNotWhole(4) });
    expect(readQty('1e3', 1)).toEqual({ qty: null, error: BUILDER_TEXT.qtyNotDigits(1) });
    expect(readQty('2.0', 1)).toEqual({ qty: null, error: BUILDER_TEXT.qtyNotDigits(1) });
    expect(readQty('abc', 1)).toEqual({ qty: null, error: BUILDER_TEXT.qtyNotDigits(1) });
    expect(readQty('99999999999999999999', 1).qty).toBeNull();
  });
  it('an empty field (retyping) is neither', () => {
    expect(readQty('', 2)).toEqual({ qty: null, error: null });
  });
});

describe("the server's field errors go on their fields", () => {
  function twoGroups() {
    const { draft, key } = start();
    return run(
      draft,
      { type: 'addItem', key, item: B24, id: 'a' },
      { type: 'addAttachment', key, parentId: 'a', item: FEP, id: 'a1' },
      { type: 'addItem', key, item: W3030, id: 'b' },
      { type: 'addGroup', key: 'g2' },
      { type: 'addItem', key: 'g2', item: DB18, id: 'c' },
    );
  }

  it('places line, group and order paths, and says where each is', () => {
    const d = twoGroups();
    const placed = placeFieldErrors(d, {
      'groups.0.items.2.qty': ['Must be at most 9999'],
      'groups.1.name': ['Must be at most 100 characters'],
      'groups.1.items': ['Must have at most 2000 items'],
      name: ['Required'],
      something: ['Odd'],
    });
    expect(placed.items).toEqual({ b: { qty: ['Must be at most 9999'] } });
    expect(placed.groups).toEqual({
      g2: { name: ['Must be at most 100 characters'], _: ['Must have at most 2000 items'] },
    });
    expect(placed.head).toEqual({ name: ['Required'] });
    expect(placed.rest).toEqual(['Odd']);
    expect(placed.described).toContain(
      BUILDER_TEXT.fieldAt(BUILDER_TEXT.lineWhere(3, 'W3030', BUILDER_TEXT.qty), 'Must be at most 9999'),
    );
    // Line numbers run across groups: the second group's first line is line 4.
    const second = placeFieldErrors(d, { 'groups.1.items.0.qty': ['x'] });
    expect(second.described).toEqual([BUILDER_TEXT.fieldAt(BUILDER_TEXT.lineWhere(4, 'DB18', BUILDER_TEXT.qty), 'x')]);
  });

  it('shows them on the lines without making the draft dirty; changing the line drops its error', () => {
    const d = twoGroups();
    const saved = { ...d, savedRevision: d.revision };
    const refused = run(saved, {
      type: 'refused',
      errors: placeFieldErrors(d, { 'groups.0.items.2.qty': ['Must be at most 9999'], 'groups.1.name': ['Too long'] }),
    });
    expect(isDirty(refused)).toBe(false);
    expect(refused.groups[0]?.items[2]?.errors).toEqual({ qty: ['Must be at most 9999'] });
    expect(refused.groups[0]?.items[0]?.errors).toBeUndefined();
    expect(refused.groups[1]?.fieldErrors).toEqual({ name: ['Too long'] });
    const fixed = run(
      refused,
      { type: 'setQty', key: refused.groups[0]?.key as string, id: 'b', qty: 12 },
      { type: 'renameGroup', key: 'g2', name: 'Island' },
    );
    expect(fixed.groups[0]?.items[2]?.errors).toBeUndefined();
    expect(fixed.groups[1]?.fieldErrors).toBeUndefined();
  });
});

describe('the focus after a removal', () => {
  const { draft, key } = start();
  const d = run(
    draft,
    { type: 'addItem', key, item: B24, id: 'a' },
    { type: 'addAttachment', key, parentId: 'a', item: FEP, id: 'a1' },
    { type: 'addItem', key, item: W3030, id: 'b' },
    { type: 'addItem', key, item: DB18, id: 'c' },
  );
  const items = d.groups[0]?.items ?? [];
  it("goes to the line that takes the removed one's place, past its attachments", () => {
    expect(lineToFocusAfterRemoval(items, 'a')).toBe('b');
    expect(lineToFocusAfterRemoval(items, 'a1')).toBe('b');
    expect(lineToFocusAfterRemoval(items, 'b')).toBe('c');
  });
  it('to the line before when the last goes, and to none when no line is left', () => {
    expect(lineToFocusAfterRemoval(items, 'c')).toBe('b');
    expect(lineToFocusAfterRemoval(items.slice(0, 1), 'a')).toBeNull();
  });
  it('a removed group hands the focus to the group before it, else the one after', () => {
    const groups = run(d, { type: 'addGroup', key: 'g2' }, { type: 'addGroup', key: 'g3' }).groups;
    expect(groupToFocusAfterRemoval(groups, 'g2')).toBe(key);
    expect(groupToFocusAfterRemoval(groups, key)).toBe('g2');
    expect(groupToFocusAfterRemoval(groups.slice(0, 1), key)).toBeNull();
  });
});

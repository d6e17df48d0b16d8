import {
  BUILDER_TEXT,
  type Cents,
  cents,
  GROUP_PREMIUM_KINDS,
  type GroupPremiumKind,
  HINGES,
  type LineItem,
  MSG,
  NO_GROUP_PREMIUMS,
  ORDER_LIMITS,
  type Order,
  type OrderCreate,
  type OrderGroupInput,
  type OrderItem,
  parseMoney,
  groupRuleErrors as sharedGroupRuleErrors,
} from '@cab/shared';

/**
 * The builder's draft and every change to it, as one pure reducer (SPEC 3 Order draft / group /
 * item, SPEC 4 attachments and cleared validation, SPEC 5 group rules). No React, no I/O: unit
 * tested in state.test.ts.
 */

export type Hinge = (typeof HINGES)[number];
export type GroupPremiumIds = Record<GroupPremiumKind, number | null>;

/** What a line shows and prices with, copied from the catalogue when added (or from the saved line). */
export interface LineSnapshot {
  code: string;
  description: string;
  base_category: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  nb_base_door: number;
  nb_wall_door: number;
  nb_tall_door: number;
  nb_drawer: number;
  nb_shelf: number;
  /** Catalogue price per unit (the attachment's own price for attachments). */
  price: Cents;
}

export interface DraftItem {
  _id: string;
  line_item: number;
  qty: number;
  hinge: Hinge | null;
  finished_side: number | null;
  is_attachment: boolean;
  parentId: string | null;
  snap: LineSnapshot;
  /** The server's line as last saved; dropped when the line changes (its prices are then live). */
  saved: OrderItem | null;
  /** What the server refused on this line at the last save, by field (qty, hinge, ...; '_' the line); dropped when the line changes. */
  errors?: FieldErrors;
}

/** Messages by field name. */
type FieldErrors = Readonly<Record<string, readonly string[]>>;

export interface DraftGroup {
  /** Stable client key of the group (React key, focus). */
  key: string;
  name: string;
  premiums: GroupPremiumIds;
  items: DraftItem[];
  /** Validation errors the server gave at the last save beyond the rules computed here. */
  serverErrors: string[];
  /** True while the group is as the server last answered (prices and breakdowns are the server's). */
  synced: boolean;
  /** What the server refused on the group's own fields at the last save (its name). */
  fieldErrors?: FieldErrors;
}

export interface Draft {
  orderId: number | null;
  version: number | null;
  name: string;
  po_number: string;
  customer: number | null;
  groups: DraftGroup[];
  /** Bumped by every user change; `savedRevision` is the revision the server has. */
  revision: number;
  savedRevision: number;
}

export const EMPTY_PREMIUMS: GroupPremiumIds = NO_GROUP_PREMIUMS;

let counter = 0;
/** A client id for a line or group: unique in this page and across reloads. */
export function newClientId(prefix = 'l'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function snapshotOf(item: LineItem): LineSnapshot {
  return {
    code: item.manufacturer_code,
    description: item.description,
    base_category: item.base_category,
    width: item.width,
    height: item.height,
    depth: item.depth,
    nb_base_door: item.nb_base_door,
    nb_wall_door: item.nb_wall_door,
    nb_tall_door: item.nb_tall_door,
    nb_drawer: item.nb_drawer,
    nb_shelf: item.nb_adjustable_shelf,
    price: parseMoney(item.price) ?? cents(0),
  };
}

/** A saved line's snapshot: its doors counted by the kind of cabinet, its base price from the frozen breakdown. */
function snapshotOfSaved(item: OrderItem): LineSnapshot {
  const cat = item.base_category;
  return {
    code: item.manufacturer_code,
    description: item.description,
    base_category: cat,
    width: item.width,
    height: item.height,
    depth: item.depth,
    nb_base_door: cat === 'BASE' ? item.nb_door : 0,
    nb_wall_door: cat === 'WALL' ? item.nb_door : 0,
    nb_tall_door: cat === 'TALL' ? item.nb_door : 0,
    nb_drawer: item.nb_drawer,
    nb_shelf: item.nb_shelf,
    price: parseMoney(item.breakdown.base_price) ?? cents(0),
  };
}

const RULE_MESSAGES: ReadonlySet<string> = new Set([
  MSG.missingBaseDoorStyle,
  MSG.missingWallDoorStyle,
  MSG.missingTallDoorStyle,
  MSG.missingDrawerStyle,
  MSG.noItemsAdded,
]);

export function newDraft(): Draft {
  return {
    orderId: null,
    version: null,
    name: '',
    po_number: '',
    customer: null,
    groups: [newGroup(1)],
    revision: 0,
    savedRevision: 0,
  };
}

function newGroup(n: number): DraftGroup {
  return {
    key: newClientId('g'),
    name: `Group ${n}`,
    premiums: { ...EMPTY_PREMIUMS },
    items: [],
    serverErrors: [],
    synced: false,
  };
}

/** The draft as the server answered: every group synced, its own errors kept beside the rules. */
export function draftFromOrder(order: Order, keys?: readonly string[]): Draft {
  return {
    orderId: order.id,
    version: order.version,
    name: order.name,
    po_number: order.po_number ?? '',
    customer: order.customer,
    groups: order.groups.map((g, i) => ({
      key: keys?.[i] ?? `s${g.id}`,
      name: g.name,
      premiums: { ...EMPTY_PREMIUMS, ...g.premiums },
      items: g.items.map((it) => ({
        _id: it._id,
        line_item: it.line_item ?? 0,
        qty: it.qty,
        hinge: (HINGES as readonly string[]).includes(it.hinge ?? '') ? (it.hinge as Hinge) : null,
        finished_side: it.finished_side,
        is_attachment: it.is_attachment,
        parentId: it.parentId,
        snap: snapshotOfSaved(it),
        saved: it,
      })),
      serverErrors: g.errors.filter((e) => !RULE_MESSAGES.has(e)),
      synced: true,
    })),
    revision: 0,
    savedRevision: 0,
  };
}

export function isDirty(draft: Draft): boolean {
  return draft.revision !== draft.savedRevision;
}

// ---------------------------------------------------------------------------------------------
// SPEC 5 group rules

/** SPEC 5's group rules (packages/shared, the server's too) on a draft group. */
export function groupRuleErrors(group: Pick<DraftGroup, 'items' | 'premiums'>): string[] {
  return sharedGroupRuleErrors(
    group.premiums,
    group.items.map((i) => ({
      isAttachment: i.is_attachment,
      baseDoors: i.snap.nb_base_door,
      wallDoors: i.snap.nb_wall_door,
      tallDoors: i.snap.nb_tall_door,
      drawers: i.snap.nb_drawer,
    })),
  );
}

/** What the group shows: its rules, then the server's validation from the last save (SPEC 5). */
export function groupErrors(group: DraftGroup): string[] {
  const rules = groupRuleErrors(group);
  return [...rules, ...group.serverErrors.filter((e) => !rules.includes(e))];
}

// ---------------------------------------------------------------------------------------------
// SPEC 2 premium selector: 'Apply For'

export interface ApplyFor {
  drawer: boolean;
  base: boolean;
  wall: boolean;
  tall: boolean;
}

export const APPLY_ALL: ApplyFor = { drawer: true, base: true, wall: true, tall: true };

export function applyForError(applyFor: ApplyFor): string | null {
  return applyFor.drawer || applyFor.base || applyFor.wall || applyFor.tall ? null : MSG.selectAtLeastOneStyle;
}

/**
 * The premiums after applying a door style and a drawer style to the ticked slots: Base, Wall and
 * Tall take the door style, Drawer the drawer style; slots not ticked keep what they had.
 */
export function applyStyles(
  premiums: GroupPremiumIds,
  styles: { doorStyle: number | null; drawerStyle: number | null },
  applyFor: ApplyFor,
): GroupPremiumIds {
  return {
    ...premiums,
    ...(applyFor.base ? { base_door_style: styles.doorStyle } : {}),
    ...(applyFor.wall ? { wall_door_style: styles.doorStyle } : {}),
    ...(applyFor.tall ? { tall_door_style: styles.doorStyle } : {}),
    ...(applyFor.drawer ? { drawer_style: styles.drawerStyle } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

export type DraftAction =
  | { type: 'reset'; draft: Draft }
  | { type: 'setHead'; field: 'name' | 'po_number'; value: string }
  | { type: 'setCustomer'; customer: number | null }
  | { type: 'addGroup'; key?: string }
  | { type: 'removeGroup'; key: string }
  | { type: 'renameGroup'; key: string; name: string }
  | { type: 'setPremium'; key: string; kind: GroupPremiumKind; id: number | null; finishOptionsOf?: number[] | null }
  | { type: 'setPremiums'; key: string; premiums: GroupPremiumIds }
  | { type: 'addItem'; key: string; item: LineItem; id?: string; qty?: number }
  | { type: 'addAttachment'; key: string; parentId: string; item: LineItem; id?: string; qty?: number }
  | { type: 'removeItem'; key: string; id: string }
  | { type: 'setQty'; key: string; id: string; qty: number }
  | { type: 'setHinge'; key: string; id: string; hinge: Hinge | null }
  | { type: 'setFinishedSide'; key: string; id: string; finishedSide: number | null }
  /** The server saved revision `revision`; `order` is its answer. */
  | { type: 'saved'; revision: number; order: Order }
  /** The order moved on without touching what this draft edits (e.g. a discount): build on its version. */
  | { type: 'rebase'; version: number }
  /** The server refused a save on these fields: each goes on its line or group (not a change: no revision). */
  | { type: 'refused'; errors: PlacedErrors };

/** A group's premiums or items changed: its server validation is cleared until the next save (SPEC 4). */
function touched(group: DraftGroup, change: Partial<DraftGroup>): DraftGroup {
  const { fieldErrors: _dropped, ...rest } = group;
  return { ...rest, ...change, serverErrors: [], synced: false };
}

/** The line as changed: its saved prices and the server's refusals no longer apply. */
function changedLine(item: DraftItem): DraftItem {
  const { errors: _dropped, ...rest } = item;
  return { ...rest, saved: null };
}

function mapGroup(draft: Draft, key: string, fn: (g: DraftGroup) => DraftGroup): Draft {
  let changed = false;
  const groups = draft.groups.map((g) => {
    if (g.key !== key) return g;
    const next = fn(g);
    if (next !== g) changed = true;
    return next;
  });
  return changed ? { ...draft, groups, revision: draft.revision + 1 } : draft;
}

function mapItem(draft: Draft, key: string, id: string, fn: (i: DraftItem) => DraftItem): Draft {
  return mapGroup(draft, key, (g) => {
    const index = g.items.findIndex((i) => i._id === id);
    if (index < 0) return g;
    const current = g.items[index] as DraftItem;
    const next = fn(current);
    if (next === current) return g;
    const items = g.items.slice();
    items[index] = changedLine(next);
    return touched(g, { items });
  });
}

function lineOf(item: LineItem, id: string | undefined, qty: number | undefined, parentId: string | null): DraftItem {
  return {
    _id: id ?? newClientId(),
    line_item: item.id,
    qty: qty ?? 1,
    hinge: parentId === null && item.hinge !== 'None' ? item.hinge : null,
    finished_side: null,
    is_attachment: parentId !== null,
    parentId,
    snap: snapshotOf(item),
    saved: null,
  };
}

/** Where an attachment of `parentId` goes: after the parent and the attachments it already has. */
export function attachmentIndex(items: readonly DraftItem[], parentId: string): number {
  const parent = items.findIndex((i) => i._id === parentId);
  if (parent < 0) return -1;
  let at = parent + 1;
  while (at < items.length && (items[at] as DraftItem).parentId === parentId) at += 1;
  return at;
}

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'reset':
      return action.draft;
    case 'setHead':
      return draft[action.field] === action.value
        ? draft
        : { ...draft, [action.field]: action.value, revision: draft.revision + 1 };
    case 'setCustomer':
      return { ...draft, customer: action.customer, revision: draft.revision + 1 };
    case 'addGroup':
      return {
        ...draft,
        groups: [...draft.groups, { ...newGroup(draft.groups.length + 1), ...(action.key ? { key: action.key } : {}) }],
        revision: draft.revision + 1,
      };
    case 'removeGroup':
      return {
        ...draft,
        groups: draft.groups.filter((g) => g.key !== action.key),
        revision: draft.revision + 1,
      };
    case 'renameGroup':
      return mapGroup(draft, action.key, (g) => {
        if (g.name === action.name) return g;
        const { fieldErrors: _dropped, ...rest } = g;
        return { ...rest, name: action.name };
      });
    case 'setPremium':
      return mapGroup(draft, action.key, (g) => {
        if (g.premiums[action.kind] === action.id) return g;
        const premiums = { ...g.premiums, [action.kind]: action.id };
        // A finish the new wood species does not offer is dropped (SPEC 2: only those it offers).
        if (
          action.kind === 'wood_species' &&
          action.finishOptionsOf &&
          premiums.finish_option !== null &&
          !action.finishOptionsOf.includes(premiums.finish_option)
        ) {
          premiums.finish_option = null;
        }
        return touched(g, { premiums, items: g.items.map(unsave) });
      });
    case 'setPremiums':
      return mapGroup(draft, action.key, (g) =>
        GROUP_PREMIUM_KINDS.every((k) => g.premiums[k] === action.premiums[k])
          ? g
          : touched(g, { premiums: { ...action.premiums }, items: g.items.map(unsave) }),
      );
    case 'addItem':
      return mapGroup(draft, action.key, (g) =>
        touched(g, { items: [...g.items, lineOf(action.item, action.id, action.qty, null)] }),
      );
    case 'addAttachment':
      return mapGroup(draft, action.key, (g) => {
        const at = attachmentIndex(g.items, action.parentId);
        if (at < 0) return g;
        const items = g.items.slice();
        items.splice(at, 0, lineOf(action.item, action.id, action.qty, action.parentId));
        return touched(g, { items });
      });
    case 'removeItem':
      return mapGroup(draft, action.key, (g) => {
        // An item takes its attachments with it; an attachment goes alone (SPEC 4).
        const items = g.items.filter((i) => i._id !== action.id && i.parentId !== action.id);
        return items.length === g.items.length ? g : touched(g, { items });
      });
    case 'setQty':
      if (!Number.isSafeInteger(action.qty) || action.qty < 1) return draft;
      return mapItem(draft, action.key, action.id, (i) => (i.qty === action.qty ? i : { ...i, qty: action.qty }));
    case 'setHinge':
      return mapItem(draft, action.key, action.id, (i) =>
        i.hinge === action.hinge ? i : { ...i, hinge: action.hinge },
      );
    case 'setFinishedSide':
      return mapItem(draft, action.key, action.id, (i) =>
        i.finished_side === action.finishedSide ? i : { ...i, finished_side: action.finishedSide },
      );
    case 'rebase':
      return { ...draft, version: action.version };
    case 'refused':
      return withRefusals(draft, action.errors);
    case 'saved': {
      if (draft.revision === action.revision) {
        // Nothing changed while saving: the server's answer is the draft (its prices are the authority).
        return {
          ...draftFromOrder(
            action.order,
            draft.groups.map((g) => g.key),
          ),
          revision: draft.revision,
          savedRevision: draft.revision,
        };
      }
      // Edits arrived while saving: keep them (the next save sends them), take the new version.
      return {
        ...withoutRefusals(draft),
        orderId: action.order.id,
        version: action.order.version,
        savedRevision: action.revision,
      };
    }
  }
}

function unsave(item: DraftItem): DraftItem {
  return item.saved === null ? item : { ...item, saved: null };
}

// ---------------------------------------------------------------------------------------------
// To the wire

export function groupsToWire(draft: Draft): OrderGroupInput[] {
  return draft.groups.map((g) => ({
    name: g.name.trim() || null,
    premiums: { ...g.premiums },
    items: g.items.map((i) => ({
      _id: i._id,
      line_item: i.line_item,
      qty: i.qty,
      hinge: i.hinge,
      finished_side: i.finished_side,
      is_attachment: i.is_attachment,
      parentId: i.parentId,
    })),
  }));
}

export function createBody(draft: Draft): OrderCreate {
  return {
    name: draft.name.trim(),
    po_number: draft.po_number.trim() || null,
    customer: draft.customer,
    groups: groupsToWire(draft),
  };
}

export function updateBody(draft: Draft) {
  return {
    groups: groupsToWire(draft),
    name: draft.name.trim() || undefined,
    po_number: draft.po_number.trim() || null,
    ...(draft.version !== null ? { version: draft.version } : {}),
  };
}

/**
 * What a save of this order would change: its name, PO number and groups as the wire sends them.
 * Two orders with the same signature need no merge: a stale version over an unchanged signature
 * can be rebased instead of reloaded.
 */
export function orderSignature(order: Order): string {
  const d = draftFromOrder(order);
  return JSON.stringify([d.name, d.po_number, groupsToWire(d)]);
}

/** 1-based line numbers across the order's groups (SPEC 3 line_item_number): each group's first. */
export function lineNumberOffsets(groups: readonly DraftGroup[]): number[] {
  const offsets: number[] = [];
  let n = 1;
  for (const g of groups) {
    offsets.push(n);
    n += g.items.length;
  }
  return offsets;
}

// ---------------------------------------------------------------------------------------------
// Quantities as typed

/**
 * A quantity as typed in a line's field: digits only, at least 1. Anything else (0, -2, 2.5,
 * 1e3) is not rewritten into a number: the line keeps `kept` and the message says so. Empty
 * (the person is retyping) is neither a quantity nor an error.
 */
export function readQty(text: string, kept: number): { qty: number | null; error: string | null } {
  const t = text.trim();
  if (t === '') return { qty: null, error: null };
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n < 1) return { qty: null, error: BUILDER_TEXT.qtyBelowOne(kept) };
    if (!Number.isSafeInteger(n)) return { qty: null, error: MSG.numberTooLarge(ORDER_LIMITS.qty) };
    return { qty: n, error: null };
  }
  if (/^-\s*[\d.]+$/.test(t)) return { qty: null, error: BUILDER_TEXT.qtyBelowOne(kept) };
  if (/^\d*\.\d*$/.test(t) && t !== '.' && !Number.isInteger(Number(t))) {
    return { qty: null, error: BUILDER_TEXT.qtyNotWhole(kept) };
  }
  return { qty: null, error: BUILDER_TEXT.qtyNotDigits(kept) };
}

// ---------------------------------------------------------------------------------------------
// The server's field errors, on their fields

export interface PlacedErrors {
  /** The order's own fields (name, po_number, customer). */
  head: Record<string, string[]>;
  /** By group key: 'name', or '_' for the rest of the group (its lines as a whole, its premiums). */
  groups: Record<string, Record<string, string[]>>;
  /** By line `_id`: the line's field (qty, hinge, finished_side, ...), '_' for the line as a whole. */
  items: Record<string, Record<string, string[]>>;
  /** What has no field in the builder. */
  rest: string[];
  /** Every message with where it is, in words ("Line 3 (B24), Qty: Must be at most 9999"). */
  described: string[];
}

const ITEM_FIELD_LABELS: Record<string, string> = {
  qty: BUILDER_TEXT.qty,
  hinge: BUILDER_TEXT.hinge,
  finished_side: BUILDER_TEXT.finishedSide,
  line_item: BUILDER_TEXT.columns.manufacturer_code,
};
const HEAD_FIELD_LABELS: Record<string, string> = {
  name: BUILDER_TEXT.orderName,
  po_number: BUILDER_TEXT.poNumber,
  customer: BUILDER_TEXT.customer,
};

function push(into: Record<string, string[]>, field: string, messages: readonly string[]) {
  into[field] = [...(into[field] ?? []), ...messages];
}

/**
 * The field errors of a refused save (paths as the server names them: `groups.0.items.3.qty`,
 * `groups.1.name`, `name`), placed on the lines and groups of `sent`, the draft that was sent
 * (the paths count its groups and lines).
 */
export function placeFieldErrors(sent: Draft, fields: Readonly<Record<string, readonly string[]>>): PlacedErrors {
  const placed: PlacedErrors = { head: {}, groups: {}, items: {}, rest: [], described: [] };
  const offsets = lineNumberOffsets(sent.groups);
  for (const [path, messages] of Object.entries(fields)) {
    const parts = path.split('.');
    const describe = (where: string) => {
      for (const m of messages) placed.described.push(BUILDER_TEXT.fieldAt(where, m));
    };
    if (parts[0] === 'groups' && parts[1] !== undefined && /^\d+$/.test(parts[1])) {
      const g = Number(parts[1]);
      const group = sent.groups[g];
      if (!group) {
        placed.rest.push(...messages);
        describe(BUILDER_TEXT.group);
        continue;
      }
      const groupName = group.name.trim() || BUILDER_TEXT.defaultGroupName(g + 1);
      if (parts[2] === 'items' && parts[3] !== undefined && /^\d+$/.test(parts[3])) {
        const i = Number(parts[3]);
        const item = group.items[i];
        if (item) {
          const field = parts[4] ?? '_';
          placed.items[item._id] = placed.items[item._id] ?? {};
          push(placed.items[item._id] as Record<string, string[]>, field, messages);
          describe(
            BUILDER_TEXT.lineWhere(
              (offsets[g] ?? 1) + i,
              item.snap.code,
              ITEM_FIELD_LABELS[field] ?? BUILDER_TEXT.line,
            ),
          );
          continue;
        }
      }
      const field = parts[2] === 'name' && parts.length === 3 ? 'name' : '_';
      placed.groups[group.key] = placed.groups[group.key] ?? {};
      push(placed.groups[group.key] as Record<string, string[]>, field, messages);
      describe(field === 'name' ? BUILDER_TEXT.groupWhere(groupName, BUILDER_TEXT.groupName) : groupName);
      continue;
    }
    const head = parts.length === 1 ? HEAD_FIELD_LABELS[parts[0] ?? ''] : undefined;
    if (head) {
      push(placed.head, parts[0] as string, messages);
      describe(head);
    } else {
      placed.rest.push(...messages);
      for (const m of messages) placed.described.push(m);
    }
  }
  return placed;
}

/** The refusals put on the draft's lines and groups (those still there): no change to what is saved. */
function withRefusals(draft: Draft, errors: PlacedErrors): Draft {
  const groups = draft.groups.map((g) => {
    const own = errors.groups[g.key];
    const hasItems = g.items.some((i) => errors.items[i._id]);
    if (!own && !hasItems) return g;
    const items = hasItems
      ? g.items.map((i) => (errors.items[i._id] ? { ...i, errors: errors.items[i._id] } : i))
      : g.items;
    const next: DraftGroup = { ...g, items };
    if (own?.name) next.fieldErrors = { name: own.name };
    if (own?._) next.serverErrors = [...g.serverErrors, ...own._.filter((m) => !g.serverErrors.includes(m))];
    return next;
  });
  return { ...draft, groups };
}

/** A save went through: no refusal stands any more. */
function withoutRefusals(draft: Draft): Draft {
  if (!draft.groups.some((g) => g.fieldErrors || g.items.some((i) => i.errors))) return draft;
  return {
    ...draft,
    groups: draft.groups.map((g) => {
      if (!g.fieldErrors && !g.items.some((i) => i.errors)) return g;
      const { fieldErrors: _dropped, ...rest } = g;
      return { ...rest, items: g.items.map((i) => (i.errors ? withoutLineErrors(i) : i)) };
    }),
  };
}

function withoutLineErrors(item: DraftItem): DraftItem {
  const { errors: _dropped, ...rest } = item;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Where the focus goes after a removal

/**
 * After removing line `id` (and its attachments) from `items`: the line that takes its place,
 * else the one before it; null when no line is left (the group's code field takes the focus).
 */
export function lineToFocusAfterRemoval(items: readonly DraftItem[], id: string): string | null {
  const at = items.findIndex((i) => i._id === id);
  if (at < 0) return null;
  const after = items.slice(at + 1).find((i) => i.parentId !== id);
  if (after) return after._id;
  return items[at - 1]?._id ?? null;
}

/** After removing group `key`: the group before it, else the one after it. */
export function groupToFocusAfterRemoval(groups: readonly DraftGroup[], key: string): string | null {
  const at = groups.findIndex((g) => g.key === key);
  if (at < 0) return null;
  return (groups[at - 1] ?? groups[at + 1])?.key ?? null;
}

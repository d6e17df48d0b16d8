import {
  type BasisPoints,
  type Cents,
  cents,
  GROUP_PREMIUM_KINDS,
  type GroupPremiumKind,
  type LineBreakdown,
  type LineBreakdownWire,
  type Premium,
  type PremiumPrice,
  type PricingLineRows,
  parseMoney,
  parsePercent,
  priceOrder,
  pricingGroupOf,
} from '@cab/shared';
import type { DraftGroup, DraftItem } from './state.ts';

/**
 * The live price of the draft: the same engine as the server (packages/shared/src/pricing), fed
 * with the catalogue prices the builder loaded. A group is priced again only when it changed
 * (the reducer keeps an unchanged group's object), so an edit reprices one group.
 */

/** Premium id -> its price or percentage (every kind; ids are unique across kinds). */
export type PremiumPrices = ReadonlyMap<number, PremiumPrice & { code: string }>;

export function premiumPricesOf(premiums: readonly Premium[]): PremiumPrices {
  return new Map(
    premiums.map((p) => [
      p.id,
      {
        id: String(p.id),
        code: p.code,
        price: p.price === null ? null : parseMoney(p.price),
        percentage: p.percentage === null ? null : parsePercent(p.percentage),
      },
    ]),
  );
}

export interface LivePrice {
  unit_price: Cents;
  total_price: Cents;
  final_price: Cents;
  total_final_price: Cents;
  breakdown: LineBreakdown;
}

export interface PricedGroupView {
  /** By the line's `_id`. */
  lines: ReadonlyMap<string, LivePrice>;
  subtotal: Cents;
}

const TODAY = '2000-01-01';

/** A draft line as the shared pipeline reads it (decision 0024): the catalogue snapshot's price and counts. */
const lineOf = (item: DraftItem, prices: PremiumPrices): PricingLineRows => ({
  clientId: item._id,
  parentClientId: item.parentId,
  isAttachment: item.is_attachment,
  qty: item.qty,
  lineItem: {
    priceCents: item.snap.price,
    nbBaseDoor: item.snap.nb_base_door,
    nbWallDoor: item.snap.nb_wall_door,
    nbTallDoor: item.snap.nb_tall_door,
    nbDrawer: item.snap.nb_drawer,
  },
  finishedSide: item.finished_side === null ? null : (prices.get(item.finished_side) ?? null),
});

/** Prices one group with no order-level steps (those need the customer's finance rules: the server's). */
export function priceGroup(group: Pick<DraftGroup, 'items' | 'premiums'>, prices: PremiumPrices): PricedGroupView {
  const premiums: Partial<Record<GroupPremiumKind, PremiumPrice | null>> = {};
  for (const kind of GROUP_PREMIUM_KINDS) {
    const id = group.premiums[kind];
    premiums[kind] = id === null ? null : (prices.get(id) ?? null);
  }
  const priced = priceOrder({
    groups: [pricingGroupOf({ premiums, items: group.items.map((i) => lineOf(i, prices)) })],
    today: TODAY,
  });
  const lines = new Map<string, LivePrice>();
  const g = priced.groups[0];
  for (const line of g?.items ?? []) {
    lines.set(line.id, {
      unit_price: line.unit_price,
      total_price: line.total_price,
      final_price: line.final_price,
      total_final_price: line.total_final_price,
      breakdown: line.breakdown,
    });
  }
  return { lines, subtotal: g?.subtotal ?? cents(0) };
}

/** A memo of priceGroup by group object and price table: unchanged groups are not priced again. */
export function createGroupPricer() {
  let table: PremiumPrices | null = null;
  let cache = new WeakMap<object, PricedGroupView>();
  return (group: DraftGroup, prices: PremiumPrices): PricedGroupView => {
    if (prices !== table) {
      table = prices;
      cache = new WeakMap();
    }
    let view = cache.get(group);
    if (!view) {
      view = priceGroup(group, prices);
      cache.set(group, view);
    }
    return view;
  };
}

/**
 * One line's displayed prices: the server's for a line unchanged since the save (the reducer drops
 * `saved` when the line or its group's premiums change), else the live engine's. So an edit
 * changes the prices of the edited line only, and repaints that row only.
 */
export interface LinePrices {
  unit_price: Cents;
  total_price: Cents;
  final_price: Cents;
  total_final_price: Cents;
  live: boolean;
}

const ZERO = cents(0);

export function linePrices(item: DraftItem, live: LivePrice | undefined): LinePrices {
  if (item.saved) {
    const s = item.saved;
    return {
      unit_price: parseMoney(s.unit_price) ?? ZERO,
      total_price: parseMoney(s.total_price) ?? ZERO,
      final_price: parseMoney(s.final_price) ?? ZERO,
      total_final_price: parseMoney(s.total_final_price) ?? ZERO,
      live: false,
    };
  }
  return {
    unit_price: live?.unit_price ?? ZERO,
    total_price: live?.total_price ?? ZERO,
    final_price: live?.final_price ?? ZERO,
    total_final_price: live?.total_final_price ?? ZERO,
    live: true,
  };
}

/** A breakdown part as the dialog shows it (the frozen wire breakdown and the live one alike). */
interface BreakdownRow {
  kind: string;
  code: string | null;
  price: Cents | null;
  percentage: BasisPoints | null;
  multiplier: number;
  amount: Cents;
}

export interface BreakdownView {
  base_price: Cents;
  rows: BreakdownRow[];
  unit_price: Cents;
  qty: number;
  total_price: Cents;
  live: boolean;
}

export function breakdownFromWire(b: LineBreakdownWire): BreakdownView {
  const part = (p: LineBreakdownWire['premiums'][number]): BreakdownRow => ({
    kind: p.kind,
    code: p.code,
    price: p.price === null ? null : parseMoney(p.price),
    percentage: p.percentage === null ? null : parsePercent(p.percentage),
    multiplier: p.multiplier,
    amount: parseMoney(p.amount) ?? ZERO,
  });
  return {
    base_price: parseMoney(b.base_price) ?? ZERO,
    rows: [...b.premiums.map(part), ...(b.finished_side ? [part(b.finished_side)] : [])],
    unit_price: parseMoney(b.unit_price) ?? ZERO,
    qty: b.qty,
    total_price: parseMoney(b.total_price) ?? ZERO,
    live: false,
  };
}

export function breakdownFromLive(b: LineBreakdown, prices: PremiumPrices): BreakdownView {
  const part = (p: LineBreakdown['premiums'][number]): BreakdownRow => ({
    kind: p.kind,
    code: p.premium_id === null ? null : (prices.get(Number(p.premium_id))?.code ?? null),
    price: p.price,
    percentage: p.percentage,
    multiplier: p.multiplier,
    amount: p.amount,
  });
  return {
    base_price: b.base_price,
    rows: [...b.premiums.map(part), ...(b.finished_side ? [part(b.finished_side)] : [])],
    unit_price: b.unit_price,
    qty: b.qty,
    total_price: b.total_price,
    live: true,
  };
}

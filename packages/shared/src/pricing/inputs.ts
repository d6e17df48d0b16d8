import { type BasisPoints, type Cents, parseTaxRate, type TaxRate } from '../money.ts';
import {
  type DiscountCodeInput,
  GROUP_PREMIUM_KINDS,
  type GroupPremiumKind,
  type GroupPremiums,
  type OrderPricingInput,
  type PremiumPrice,
  type PricingGroup,
  type PricingItem,
  type RateOrAmount,
  type SurchargeInput,
} from './types.ts';

/**
 * Stored rows -> the engine's inputs, for every caller that reads them from the database (the
 * orders module, the demo seed, the benchmark): one rule each, so they price alike.
 */

/** A premium's stored price or percentage (a catalogue row: priceCents / percentageBp). */
const premiumPrice = (row: {
  id: number;
  priceCents: Cents | null;
  percentageBp: BasisPoints | null;
}): PremiumPrice => ({ id: String(row.id), price: row.priceCents, percentage: row.percentageBp });

export interface DiscountCodeRowLike {
  code: string;
  percentage: BasisPoints | null;
  amount: Cents | null;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  timesUsed: number;
  minimumTotal: Cents | null;
}

/**
 * A code as the engine sees it. Once the order claimed a use (on submit) the code is the order's:
 * later expiry or use-up does not take it away, and its own use is not someone else's.
 */
export function discountCodeInput(row: DiscountCodeRowLike, claimed: boolean): DiscountCodeInput {
  return {
    code: row.code,
    percentage: row.percentage,
    amount: row.amount,
    validFrom: claimed ? null : row.validFrom,
    validTo: claimed ? null : row.validTo,
    usageLimit: claimed ? null : row.usageLimit,
    timesUsed: row.timesUsed,
    minimumTotal: row.minimumTotal,
  };
}

/**
 * A sales tax rate from settings.tax_rates (a percentage with up to 3 decimals, e.g. 8.875),
 * exact in thousandths of a percent (8.875 -> 8875); read from the decimal text, never
 * multiplied as a float.
 */
export function taxRateFromSettings(rate: number | null | undefined): TaxRate | null {
  if (rate === undefined || rate === null || !Number.isFinite(rate)) return null;
  return parseTaxRate(rate);
}

/** The rate of the taxing state (null: no state, or not listed). */
const taxRateOf = (rates: Readonly<Record<string, number>>, state: string | null | undefined) =>
  state ? taxRateFromSettings(rates[state.toUpperCase()]) : null;

/**
 * The order-level rules an order was submitted with (decision 0017): the bound discount, the
 * code's value, the surcharges of its payment method, the payment option's discount, the tax
 * rate of the taxing state and the exemption. Every later reprice uses these; only `recalculate`
 * reads today's rules again. The admin's own choices (custom discount, bypass) stay columns.
 */
export interface FrozenOrderRules {
  customerDiscount: BasisPoints | null;
  discountCode: DiscountCodeInput | null;
  surcharges: SurchargeInput[];
  paymentOptionDiscount: RateOrAmount | null;
  salesTaxRate: TaxRate | null;
  /** The state whose rate was used (the shop's for a pickup, the shipping address's otherwise). */
  taxState: string | null;
  taxExempt: boolean;
  /**
   * The order is not charged (an uncharged remake, decision 0029): no surcharge, no payment
   * option discount, no tax. Kept when the rules are frozen again (recalculate).
   */
  noCharge?: true;
}

/** `rules` as an order that is not charged carries them: no surcharge, no payment option discount, no tax. */
export function noChargeRules(rules: FrozenOrderRules): FrozenOrderRules {
  return { ...rules, surcharges: [], paymentOptionDiscount: null, salesTaxRate: null, taxExempt: true, noCharge: true };
}

/** The rules of an order-level input as they are frozen on the order. */
export function frozenRulesOf(input: Omit<OrderPricingInput, 'groups'>, taxState: string | null): FrozenOrderRules {
  return {
    customerDiscount: input.customerDiscount ?? null,
    discountCode: input.discountCode ?? null,
    surcharges: [...(input.surcharges ?? [])],
    paymentOptionDiscount: input.paymentOptionDiscount ?? null,
    salesTaxRate: input.salesTaxRate ?? null,
    taxState,
    taxExempt: input.taxExempt ?? false,
  };
}

// ---------------------------------------------------------------------------------------------
// One pricing pipeline (decision 0024): rows -> the engine's input, for the server, the web
// builder and the seed alike. Plain data in (database rows or the builder's catalogue), no db.

/** A premium as a catalogue row (priceCents / percentageBp), or already as the engine's price. */
export type PremiumPriceLike =
  | { id: number; priceCents: Cents | null; percentageBp: BasisPoints | null }
  | PremiumPrice;

/** A premium row or engine price -> the engine's price (null stays null). */
const premiumPriceOf = (p: PremiumPriceLike | null | undefined): PremiumPrice | null =>
  p ? ('priceCents' in p ? premiumPrice(p) : { id: p.id, price: p.price, percentage: p.percentage }) : null;

/** The premium columns the engine reads (a catalogue premium row). */
export interface PremiumPriceRow {
  id: number;
  priceCents: Cents | null;
  percentageBp: BasisPoints | null;
}

/** The catalogue line's columns the engine reads: its price and its doors and drawers. */
export interface LineItemPriceRow {
  priceCents: Cents;
  nbBaseDoor: number;
  nbWallDoor: number;
  nbTallDoor: number;
  nbDrawer: number;
}

/** One order line as the engine needs it, with its catalogue price rows. */
export interface PricingLineRows {
  /** The client `_id`; an attachment's parentClientId names its parent's. */
  clientId: string;
  parentClientId?: string | null;
  isAttachment: boolean;
  qty: number;
  /** Today's catalogue line; null when it is gone (the stored unit price then stands). */
  lineItem: LineItemPriceRow | null;
  finishedSide?: PremiumPriceLike | null;
  /** The line's stored (frozen) unit price: priced as is when `frozen` or the catalogue line is gone. */
  storedUnitPrice?: Cents | null;
  /** Keep the stored unit price (an unchanged line of a submitted order being edited). */
  frozen?: boolean;
}

/**
 * One order line -> the engine's item. A line kept as priced (or whose catalogue line is gone)
 * is a priced unit with nothing added: its stored unit price, no premiums. Otherwise the
 * catalogue price and door/drawer counts; only a cabinet has a parent-less place and a finished
 * side, an attachment a parent and no premiums (DOMAIN "Item pricing").
 */
export function pricingItemOf(line: PricingLineRows): PricingItem {
  const li = line.lineItem;
  if (!li || line.frozen) {
    const price = line.storedUnitPrice;
    if (price === null || price === undefined) throw new Error(`line ${line.clientId}: no catalogue or stored price`);
    return { id: line.clientId, price, qty: line.qty, isAttachment: true };
  }
  return {
    id: line.clientId,
    price: li.priceCents,
    qty: line.qty,
    isAttachment: line.isAttachment,
    parentId: line.isAttachment ? (line.parentClientId ?? null) : null,
    nbBaseDoor: li.nbBaseDoor,
    nbWallDoor: li.nbWallDoor,
    nbTallDoor: li.nbTallDoor,
    nbDrawer: li.nbDrawer,
    finishedSide: line.isAttachment ? null : premiumPriceOf(line.finishedSide),
  };
}

/** A group's premium slots -> the engine's (a slot not chosen is null). */
export function groupPremiumsOf(premiums: Partial<Record<GroupPremiumKind, PremiumPriceLike | null>>): GroupPremiums {
  const out: GroupPremiums = {};
  for (const kind of GROUP_PREMIUM_KINDS) out[kind] = premiumPriceOf(premiums[kind]);
  return out;
}

export interface PricingGroupRows {
  premiums: Partial<Record<GroupPremiumKind, PremiumPriceLike | null>>;
  items: readonly PricingLineRows[];
}

/** One group (its premiums and lines) -> the engine's group. */
export const pricingGroupOf = (g: PricingGroupRows): PricingGroup => ({
  premiums: groupPremiumsOf(g.premiums),
  items: g.items.map(pricingItemOf),
});

export interface BoundDiscountRow {
  customerId: number | null;
  companyId: number | null;
  percentage: BasisPoints;
}

export interface SurchargeRow {
  id: number;
  name: string;
  percentage: BasisPoints | null;
  amount: Cents | null;
  paymentMethod: string | null;
  appliesBelow: Cents | null;
  isActive: boolean;
}

/** The bound discount of a customer, else of their company (Finance > Bound Discounts). */
export function boundDiscountOf(
  rows: readonly BoundDiscountRow[],
  customerId: number,
  companyId: number | null,
): BasisPoints | null {
  const own = rows.find((r) => r.customerId === customerId);
  if (own) return own.percentage;
  const company = companyId === null ? undefined : rows.find((r) => r.companyId === companyId);
  return company?.percentage ?? null;
}

/**
 * The surcharges an order pays (Finance > Surcharges): the active ones of its payment method and
 * those for every method (none but the latter before a method is chosen), in id order.
 */
export function surchargesOf(rows: readonly SurchargeRow[], paymentMethod: string | null): SurchargeInput[] {
  return rows
    .filter((s) => s.isActive && (s.paymentMethod === null || s.paymentMethod === paymentMethod))
    .sort((a, b) => a.id - b.id)
    .map((s) => ({
      id: String(s.id),
      name: s.name,
      percentage: s.percentage,
      amount: s.amount,
      appliesBelow: s.appliesBelow,
    }));
}

/** The US state of a postal address's last lines ("Chicago, IL 60642" -> "IL"); null without one. */
export function stateOfAddress(address: string | null | undefined): string | null {
  const match = (address ?? '').match(/,\s*([A-Za-z]{2})\s+\d{5}(?:-\d{4})?\s*$/m);
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * The state an order is taxed in (decision 0017): a PICKUP where the goods change hands, the
 * shop's state (else the state of the seller's own address, decision 0048); otherwise the
 * shipping address's; before there is one (a bid) the customer's default shipping state.
 */
export function taxStateOf(o: {
  shippingMethod: string | null;
  shopState: string | null;
  shopAddress?: string | null;
  shippingState: string | null | undefined;
  defaultShippingState: string | null | undefined;
}): string | null {
  if (o.shippingMethod === 'PICKUP') return o.shopState || stateOfAddress(o.shopAddress);
  return o.shippingState ?? o.defaultShippingState ?? null;
}

/** The order-level rules as rows: everything the engine needs beside the groups. */
export interface PricingRulesRows {
  customerId: number;
  companyId: number | null;
  /** Every bound discount that may match: the customer's own wins over the company's. */
  boundDiscounts: readonly BoundDiscountRow[];
  discountCode: DiscountCodeRowLike | null;
  /** The order claimed a use of the code on submit (orders.discount_code_claimed). */
  discountCodeClaimed: boolean;
  customDiscountAmount?: Cents | null;
  customDiscountPercentage?: BasisPoints | null;
  /** Every surcharge that may apply; inactive ones and those of another payment method are left out. */
  surcharges: readonly SurchargeRow[];
  paymentMethod: string | null;
  /** The payment option's discount percentage (null or 0: none). */
  paymentOptionDiscount: BasisPoints | null;
  bypassPaymentOptionDiscount?: boolean;
  /** settings.tax_rates (state -> percent) and the taxing state (taxStateOf). */
  taxRates: Readonly<Record<string, number>>;
  taxState: string | null;
  /** The customer's or their company's exemption. */
  taxExempt: boolean;
  /** YYYY-MM-DD the order is priced on. */
  today: string;
}

/**
 * The order-level rules -> the engine's order-level input: the bound discount, the code (its
 * limits gone once claimed), the custom discount, the surcharges of the payment method, the
 * payment option's discount and the taxing state's rate.
 */
export function orderLevelInputOf(rules: PricingRulesRows): Omit<OrderPricingInput, 'groups'> {
  return {
    customerDiscount: boundDiscountOf(rules.boundDiscounts, rules.customerId, rules.companyId),
    discountCode: rules.discountCode ? discountCodeInput(rules.discountCode, rules.discountCodeClaimed) : null,
    customDiscount: { amount: rules.customDiscountAmount ?? null, percentage: rules.customDiscountPercentage ?? null },
    surcharges: surchargesOf(rules.surcharges, rules.paymentMethod),
    paymentOptionDiscount: rules.paymentOptionDiscount ? { percentage: rules.paymentOptionDiscount } : null,
    bypassPaymentOptionDiscount: rules.bypassPaymentOptionDiscount ?? false,
    salesTaxRate: taxRateOf(rules.taxRates, rules.taxState),
    taxExempt: rules.taxExempt,
    today: rules.today,
  };
}

/** Groups and rules as rows -> the engine's whole input (the seed, its test, the bench). */
export const orderPricingInput = (groups: readonly PricingGroupRows[], rules: PricingRulesRows): OrderPricingInput => ({
  groups: groups.map(pricingGroupOf),
  ...orderLevelInputOf(rules),
});

import type { BasisPoints, Cents, TaxRate } from '../money.ts';

/**
 * Inputs of the pricing engine: plain objects, every price already resolved by the caller (the
 * server from the database, the browser from the catalogue it loaded). Outputs use SPEC 3's
 * field names so the server maps them to the wire with `toWire` one to one.
 * See docs/decisions/0012-pricing-engine.md.
 */

/** A group's premium slots (SPEC 3 Order group premiums) plus the per-item finished side. */
export const GROUP_PREMIUM_KINDS = [
  'wood_species',
  'finish_option',
  'base_door_style',
  'wall_door_style',
  'tall_door_style',
  'drawer_style',
] as const;
export type GroupPremiumKind = (typeof GROUP_PREMIUM_KINDS)[number];
/** A group with no premium chosen yet (a new group in the builder, a group imported from a 2020 file). */
export const NO_GROUP_PREMIUMS = Object.freeze(
  Object.fromEntries(GROUP_PREMIUM_KINDS.map((kind) => [kind, null])) as Record<GroupPremiumKind, null>,
);
export type PricingPremiumKind = GroupPremiumKind | 'finished_side';

/** A premium's price or percentage (SPEC 4/5: never both; a price may be negative, a credit). */
export interface PremiumPrice {
  id: string;
  price: Cents | null;
  percentage: BasisPoints | null;
}

export type GroupPremiums = { [K in GroupPremiumKind]?: PremiumPrice | null };

export interface PricingItem {
  /** The client id (`_id`) of the line; parts of the breakdown and allocations are keyed by it. */
  id: string;
  /** The catalogue price (an attachment's own price for attachments). */
  price: Cents;
  qty: number;
  isAttachment?: boolean;
  parentId?: string | null;
  nbBaseDoor?: number;
  nbWallDoor?: number;
  nbTallDoor?: number;
  nbDrawer?: number;
  finishedSide?: PremiumPrice | null;
  /** How many finished sides were chosen with `finishedSide` (DOMAIN: price x sides); default 1. */
  finishedSides?: number;
}

export interface PricingGroup {
  premiums: GroupPremiums;
  items: readonly PricingItem[];
}

/** A percentage or a fixed amount (exactly one is set). */
export interface RateOrAmount {
  percentage?: BasisPoints | null;
  amount?: Cents | null;
}

/** A code discount as stored, with what the engine needs to decide whether it applies. */
export interface DiscountCodeInput extends RateOrAmount {
  code: string;
  /** Inclusive YYYY-MM-DD bounds; null is open. */
  validFrom?: string | null;
  validTo?: string | null;
  /** null: unlimited. */
  usageLimit?: number | null;
  timesUsed?: number;
  /** The running total (after the customer discount) must reach this for the code to apply. */
  minimumTotal?: Cents | null;
}

export interface SurchargeInput extends RateOrAmount {
  id: string;
  name?: string;
  /** A small-order fee: applies only while the running total is below this. */
  appliesBelow?: Cents | null;
}

export interface OrderPricingInput {
  groups: readonly PricingGroup[];
  /** The bound customer/company discount (Finance > Bound Discounts). */
  customerDiscount?: BasisPoints | null;
  /** One code per order. */
  discountCode?: DiscountCodeInput | null;
  /** The admin's custom discount (custom_discount_amount / custom_discount_percentage). */
  customDiscount?: RateOrAmount | null;
  surcharges?: readonly SurchargeInput[];
  paymentOptionDiscount?: RateOrAmount | null;
  bypassPaymentOptionDiscount?: boolean;
  /** The taxing state's rate from global settings, exact (thousandths of a percent). */
  salesTaxRate?: TaxRate | null;
  taxExempt?: boolean;
  /** YYYY-MM-DD, for the code's validity dates (the engine never reads a clock). */
  today: string;
}

/** One part of a unit price: the base price, or one premium's share. */
export interface PricePart {
  kind: 'base' | PricingPremiumKind;
  premium_id: string | null;
  /** The premium's fixed price or percentage, as configured at pricing time. */
  price: Cents | null;
  percentage: BasisPoints | null;
  /** Doors, drawers or finished sides the price is multiplied by (1 otherwise). */
  multiplier: number;
  amount: Cents;
}

/** The frozen breakdown of one line: unit_price is the sum of the parts' amounts. */
export interface LineBreakdown {
  base_price: Cents;
  premiums: readonly PricePart[];
  finished_side: PricePart | null;
  unit_price: Cents;
  qty: number;
  total_price: Cents;
}

export interface PricedLine {
  id: string;
  is_attachment: boolean;
  parent_id: string | null;
  unit_price: Cents;
  qty: number;
  total_price: Cents;
  breakdown: LineBreakdown;
  /** The line's share of every order-level amount before tax (SPEC 3 total_final_price). */
  total_final_price: Cents;
  /** total_final_price / qty for display only, rounded; never multiplied back. */
  final_price: Cents;
}

export interface PricedGroup {
  items: readonly PricedLine[];
  subtotal: Cents;
}

export type DiscountCodeRefusal = 'not_yet_valid' | 'expired' | 'used_up' | 'below_minimum';

export type StepKind =
  | 'customer_discount'
  | 'code_discount'
  | 'custom_discount'
  | 'surcharge'
  | 'payment_option_discount'
  | 'sales_tax';

/** One order-level step: `amount` is positive, its sign given by the kind (discounts subtract). */
export interface PricingStep {
  kind: StepKind;
  /** The surcharge's id or the code; null otherwise. */
  source: string | null;
  base: Cents;
  /** Basis points; for `sales_tax` the exact tax rate in thousandths of a percent (TaxRate). */
  percentage: BasisPoints | TaxRate | null;
  amount: Cents;
}

/** SPEC 3's order price fields, in cents and basis points. */
interface OrderTotals {
  subtotal: Cents;
  customer_discount_amount: Cents;
  total_after_customer_discount: Cents;
  /** Code discount + custom discount. */
  order_discount: Cents;
  total_after_discount: Cents;
  surcharge: Cents;
  payment_option_discount: Cents;
  total_before_tax: Cents;
  /** Exact: thousandths of a percent (6.625 % = 6625). */
  sales_tax_in_percentage: TaxRate;
  sales_tax_amount: Cents;
  total_after_tax: Cents;
  total_price: Cents;
  /** What the custom discount came to: the configured percentage (or null) and the amount. */
  custom_discount_amount_display: { percentage: BasisPoints | null; amount: Cents };
}

export interface OrderPricing {
  groups: readonly PricedGroup[];
  steps: readonly PricingStep[];
  totals: OrderTotals;
  /** Why the code discount did not apply; null when it applied or there is none. */
  discount_code_refusal: DiscountCodeRefusal | null;
}

import { type BasisPoints, type Cents, parseTaxRate, type TaxRate } from '../money.ts';
import type { DiscountCodeInput, OrderPricingInput, PremiumPrice, RateOrAmount, SurchargeInput } from './types.ts';

/**
 * Stored rows -> the engine's inputs, for every caller that reads them from the database (the
 * orders module, the demo seed, the benchmark): one rule each, so they price alike.
 */

/** A premium's stored price or percentage (a catalogue row: priceCents / percentageBp). */
export const premiumPrice = (row: {
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
export const taxRateOf = (rates: Readonly<Record<string, number>>, state: string | null | undefined) =>
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

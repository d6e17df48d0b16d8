import { type BasisPoints, basisPoints, type Cents, divRound } from '../money.ts';
import type { DiscountCodeInput, PremiumPrice } from './types.ts';

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
 * A sales tax rate from settings.tax_rates (a percentage with up to 3 decimals, e.g. 8.875) as
 * basis points. Basis points hold two decimals, so a third one rounds half away from zero
 * (8.875 -> 888); the digits are read from the decimal text, never multiplied as a float.
 */
export function taxRateToBasisPoints(rate: number | null | undefined): BasisPoints | null {
  if (rate === undefined || rate === null || !Number.isFinite(rate)) return null;
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(String(rate));
  if (!m) return null;
  return basisPoints(divRound(Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0')), 10));
}

/** The rate of the state an order ships to (null: no state, or not listed). */
export const taxRateOf = (rates: Readonly<Record<string, number>>, state: string | null | undefined) =>
  state ? taxRateToBasisPoints(rates[state.toUpperCase()]) : null;

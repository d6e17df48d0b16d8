import { MSG } from '../messages.ts';
import { type BasisPoints, type Cents, parseMoney, parsePercent } from '../money.ts';

/** The admin's custom discount as stored: one of the two is set, the other null (SPEC 4). */
export interface CustomDiscountValue {
  custom_discount_amount: Cents | null;
  custom_discount_percentage: BasisPoints | null;
}

const PERCENT_RE = /^-?\d{1,3}(?:\.\d{1,2})?\s*%$/;
const AMOUNT_RE = /^-?\d+(?:\.\d{1,2})?$/;
const HUNDRED_PERCENT = 10_000;

/**
 * SPEC 5's custom order discount input: "12.5%" is a percentage (-100 % to 100 %, up to two
 * decimals, stored without its sign), "-40" a fixed amount (kept as typed); anything else is
 * null, which the caller ignores. Setting one clears the other, so both fields are returned.
 */
export function parseCustomDiscount(input: string): CustomDiscountValue | null {
  const text = input.trim();
  if (PERCENT_RE.test(text)) {
    const rate = parsePercent(text.replace(/^-/, ''));
    if (rate === null || rate > HUNDRED_PERCENT) return null;
    return { custom_discount_amount: null, custom_discount_percentage: rate };
  }
  if (AMOUNT_RE.test(text)) {
    const amount = parseMoney(text);
    return amount === null ? null : { custom_discount_amount: amount, custom_discount_percentage: null };
  }
  return null;
}

/** The form's message for an input `parseCustomDiscount` would ignore; null when it is valid. */
export function customDiscountError(input: string): string | null {
  return parseCustomDiscount(input) === null ? MSG.customDiscount : null;
}

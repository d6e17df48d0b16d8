import type { DiscountCodeRefusal } from './types.ts';

/**
 * Why a discount code does not apply to an order. SPEC names the discount_code payload but
 * writes no refusal messages, so these are ours (decision 0012).
 */
export const DISCOUNT_CODE_REFUSAL_TEXT: Record<DiscountCodeRefusal, string> = {
  not_yet_valid: 'This discount code is not valid yet.',
  expired: 'This discount code has expired.',
  used_up: 'This discount code has been used as many times as it may be.',
  below_minimum: 'The order total is below the minimum for this discount code.',
};

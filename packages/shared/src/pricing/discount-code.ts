import type { Cents } from '../money.ts';
import type { DiscountCodeInput, DiscountCodeRefusal } from './types.ts';

/**
 * Whether a code applies on `today` (YYYY-MM-DD, inclusive bounds) to a running total of `total`.
 * The usage check here is advisory (what the builder shows); the server claims a use atomically
 * when the order is submitted, so two submits cannot both take the last one.
 */
export function checkDiscountCode(
  code: DiscountCodeInput,
  { today, total }: { today: string; total: Cents },
): DiscountCodeRefusal | null {
  if (code.validFrom && today < code.validFrom) return 'not_yet_valid';
  if (code.validTo && today > code.validTo) return 'expired';
  if (code.usageLimit !== null && code.usageLimit !== undefined && (code.timesUsed ?? 0) >= code.usageLimit) {
    return 'used_up';
  }
  if (code.minimumTotal !== null && code.minimumTotal !== undefined && total < code.minimumTotal) {
    return 'below_minimum';
  }
  return null;
}

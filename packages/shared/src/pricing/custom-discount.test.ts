import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { customDiscountError, parseCustomDiscount } from './custom-discount.ts';

describe('parseCustomDiscount (SPEC 5)', () => {
  it.each([
    ['12.5%', 1250],
    ['-12.5%', 1250], // stored without its sign
    ['12.5 %', 1250],
    ['100%', 10000],
    ['-100%', 10000],
    ['0%', 0],
    [' 7% ', 700],
  ])('%s is a percentage of %i basis points; the amount is cleared', (text, rate) => {
    expect(parseCustomDiscount(text)).toEqual({ custom_discount_amount: null, custom_discount_percentage: rate });
  });

  it.each([
    ['-40', -4000],
    ['40', 4000],
    ['40.5', 4050],
    ['0.01', 1],
    [' 1234.56 ', 123456],
  ])('%s is an amount of %i cents, kept as typed; the percentage is cleared', (text, amount) => {
    expect(parseCustomDiscount(text)).toEqual({ custom_discount_amount: amount, custom_discount_percentage: null });
  });

  it.each(['', 'abc', '100.01%', '101%', '12.555%', '40.555', '1e3', '%', '12%%', '--4', '4-', '$40', '1,000'])(
    '%j is ignored and the form says so',
    (text) => {
      expect(parseCustomDiscount(text)).toBeNull();
      expect(customDiscountError(text)).toBe(MSG.customDiscount);
    },
  );

  it('has no message for a valid input', () => {
    expect(customDiscountError('10%')).toBeNull();
    expect(customDiscountError('-40')).toBeNull();
  });
});

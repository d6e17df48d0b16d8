import { describe, expect, it } from 'vitest';
import { divRound, formatMoney, formatPercent, parseMoney, percentOf, toWire } from './money.ts';

describe('money', () => {
  it.each([
    ['1234.50', 123450],
    ['1234.5', 123450],
    ['0.01', 1],
    ['-12.34', -1234],
    ['-0', 0],
    ['7', 700],
    [' 3.10 ', 310],
  ])('parseMoney(%s) = %i', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '1,000.00', '--1', '1.', '.5'])('parseMoney(%s) is null', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('wire and display formats', () => {
    expect(toWire(123450)).toBe('1234.50');
    expect(toWire(-5)).toBe('-0.05');
    expect(toWire(0)).toBe('0.00');
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(-1999)).toBe('-$19.99');
    expect(formatPercent(12.5)).toBe('12.5 %');
    expect(formatPercent(10)).toBe('10 %');
    expect(() => toWire(1.5)).toThrow();
  });

  it('rounds half away from zero', () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(-5, 2)).toBe(-3);
    expect(divRound(4, 3)).toBe(1);
    expect(divRound(-4, 3)).toBe(-1);
    expect(divRound(1, 2)).toBe(1);
    expect(divRound(-1, 2)).toBe(-1);
    expect(divRound(0, 7)).toBe(0);
    expect(divRound(9_007_199_254_740_990, 10)).toBe(900_719_925_474_099);
    expect(() => divRound(1, 0)).toThrow();
  });

  it('percentOf uses exact basis points', () => {
    expect(percentOf(10_000, 12.5)).toBe(1250);
    expect(percentOf(999, 2.5)).toBe(25); // 24.975 -> 25
    expect(percentOf(-999, 2.5)).toBe(-25);
    expect(percentOf(1, 50)).toBe(1); // 0.5 -> 1
    expect(percentOf(12_345, 0.1)).toBe(12); // 12.345 -> 12
  });
});

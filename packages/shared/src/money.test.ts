import { describe, expect, it } from 'vitest';
import { INVOICE_TEXT } from './invoices/messages.ts';
import {
  basisPoints,
  cents,
  divRound,
  formatMoney,
  formatPercent,
  formatWireMoney,
  formatWirePercent,
  parseMoney,
  parsePercent,
  percentOf,
  shareOf,
  toWire,
} from './money.ts';

const pct = (text: string) => parsePercent(text)!;

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
    expect(toWire(cents(123450))).toBe('1234.50');
    expect(toWire(cents(-5))).toBe('-0.05');
    expect(toWire(cents(0))).toBe('0.00');
    expect(formatMoney(cents(123450))).toBe('$1,234.50');
    expect(formatMoney(cents(-1999))).toBe('-$19.99');
    expect(formatPercent(pct('12.5'))).toBe('12.5 %');
    expect(formatPercent(pct('10'))).toBe('10 %');
    expect(() => toWire(1.5 as never)).toThrow();
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
    expect(percentOf(cents(10_000), pct('12.5'))).toBe(1250);
    expect(percentOf(cents(999), pct('2.5'))).toBe(25); // 24.975 -> 25
    expect(percentOf(cents(-999), pct('2.5'))).toBe(-25);
    expect(percentOf(cents(1), pct('50'))).toBe(1); // 0.5 -> 1
    expect(percentOf(cents(12_345), pct('0.1'))).toBe(12); // 12.345 -> 12
  });

  it('formats large amounts and wire strings without floats', () => {
    expect(formatMoney(cents(123_456_789_012))).toBe('$1,234,567,890.12');
    expect(formatMoney(cents(5))).toBe('$0.05');
    expect(formatMoney(cents(100_000))).toBe('$1,000.00');
    expect(formatWireMoney('0.30')).toBe('$0.30');
    expect(formatWireMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatWireMoney(null)).toBe('');
    expect(formatWirePercent('15.00')).toBe('15 %');
    expect(formatWirePercent('15', { twoPlaces: true })).toBe('15.00 %');
    expect(formatWirePercent('')).toBe('');
    expect(() => cents(0.1 + 0.2)).toThrow();
  });

  it('parses percentages to basis points', () => {
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('12.5 %')).toBe(1250);
    expect(parsePercent('0.01')).toBe(1);
    expect(parsePercent('12.345')).toBeNull();
    expect(formatPercent(basisPoints(1205))).toBe('12.05 %');
    expect(formatPercent(basisPoints(-50))).toBe('-0.5 %');
  });

  it('gives a share in basis points, 0 of nothing', () => {
    expect(shareOf(1, 3)).toBe(3333);
    expect(shareOf(2, 3)).toBe(6667);
    expect(shareOf(-1, 8)).toBe(-1250);
    expect(shareOf(5, 0)).toBe(0);
  });
});

describe('charge notes say money and days as people read them (issue 34)', () => {
  it('interest and storage', () => {
    expect(INVOICE_TEXT.interestNote('1.50', '5644.55', '2026-11-22')).toBe(
      'Interest 1.5 % a month on $5,644.55, due Nov 22, 2026',
    );
    expect(INVOICE_TEXT.storageNote('15.00', '2026-09-22')).toBe('Storage $15.00 a day, completed Sep 22, 2026');
  });
});

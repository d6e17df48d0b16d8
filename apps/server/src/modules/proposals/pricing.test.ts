import { describe, expect, it } from 'vitest';
import { priceProposal } from './pricing.ts';

/** A proposal's prices (issue 37): markups round half away from zero per unit, overrides win, tax on taxable. */
const line = (line: number, group: number, cost: number, qty = 1) => ({
  line,
  group,
  groupName: `G${group}`,
  code: `C${line}`,
  description: '',
  qty,
  cost,
});
const terms = { markup: 0, groupMarkups: [], lineOverrides: [], extraLines: [], taxRate: 0 };

describe('priceProposal', () => {
  it('rounds each unit price half away from zero to the cent, then x qty', () => {
    // 1.01 x 1.5 = 1.515 -> 1.52; -1.01 x 1.5 = -1.515 -> -1.52 (a credit line).
    const p = priceProposal([line(1, 1, 101, 3), line(2, 1, -101)], { ...terms, markup: 5000 });
    expect(p.lines.map((l) => [l.price, l.total])).toEqual([
      [152, 456],
      [-152, -152],
    ]);
  });

  it('a group markup wins over the markup, a line override over both; -100 % prices at 0', () => {
    const p = priceProposal([line(1, 1, 1000), line(2, 2, 1000), line(3, 2, 1000)], {
      ...terms,
      markup: 2500,
      groupMarkups: [{ group: 2, percent: -10_000 }],
      lineOverrides: [{ line: 3, price: 777 }],
    });
    expect(p.lines.map((l) => l.price)).toEqual([1250, 0, 777]);
  });

  it('taxes the lines and the taxable extras once, and counts margin over cost before tax', () => {
    const p = priceProposal([line(1, 1, 10_000, 2)], {
      ...terms,
      markup: 2000,
      extraLines: [
        { description: 'Install', amount: 50_000, taxable: false },
        { description: 'Hardware', amount: 1_001, taxable: true },
      ],
      taxRate: 8875,
    });
    // Lines 2 x 120.00 = 240.00; taxable 240.00 + 10.01 = 250.01; 8.875 % = 22.188... -> 22.19.
    expect(p.subtotal).toBe(24_000 + 50_000 + 1_001);
    expect(p.tax).toBe(2219);
    expect(p.total).toBe(p.subtotal + 2219);
    expect(p.costTotal).toBe(20_000);
    expect(p.margin).toBe(p.subtotal - 20_000);
    expect(p.marginPercent).toBe(Math.round((p.margin * 10_000) / p.subtotal));
  });

  it('a zero subtotal has a 0 % margin', () => {
    expect(priceProposal([], terms).marginPercent).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { earliestRequestedDate, isBusinessDay } from './submitDate.ts';

const none = new Set<string>();

describe('earliestRequestedDate', () => {
  it('counts business days, skipping the weekend', () => {
    // 2025-03-06 is a Thursday: 3 business days -> Fri, Mon, Tue.
    expect(earliestRequestedDate('2025-03-06', 3, none)).toBe('2025-03-11');
  });
  it('skips holidays', () => {
    expect(earliestRequestedDate('2025-12-30', 2, new Set(['2026-01-01']))).toBe('2026-01-02');
  });
  it('with no lead time is today on a business day, else the next one', () => {
    expect(earliestRequestedDate('2025-03-06', 0, none)).toBe('2025-03-06');
    expect(earliestRequestedDate('2025-03-08', 0, none)).toBe('2025-03-10');
  });
  it('knows weekends', () => {
    expect(isBusinessDay('2025-03-09', none)).toBe(false);
    expect(isBusinessDay('2025-03-10', none)).toBe(true);
  });
});

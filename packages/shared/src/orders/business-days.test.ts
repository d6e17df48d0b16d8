import { describe, expect, it } from 'vitest';
import { addBusinessDays, earliestRequestedDate, holidayMatcher, isBusinessDay } from './business-days.ts';

const none = () => false;

describe('business days', () => {
  it('skip weekends and holidays', () => {
    expect(addBusinessDays('2026-11-20', 1, none)).toBe('2026-11-23');
    expect(addBusinessDays('2026-11-20', 0, none)).toBe('2026-11-20');
    expect(addBusinessDays('2026-11-20', 5, none)).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-20', 1, (d) => d === '2026-11-23')).toBe('2026-11-24');
    expect(addBusinessDays('2026-12-31', 1, (d) => d === '2027-01-01')).toBe('2027-01-04');
    expect(isBusinessDay('2026-11-21', none)).toBe(false);
  });

  it('the earliest requested date is itself a business day', () => {
    expect(earliestRequestedDate('2025-03-06', 3, none)).toBe('2025-03-11');
    expect(earliestRequestedDate('2025-12-30', 2, (d) => d === '2026-01-01')).toBe('2026-01-02');
    expect(earliestRequestedDate('2025-03-06', 0, none)).toBe('2025-03-06');
    expect(earliestRequestedDate('2025-03-08', 0, none)).toBe('2025-03-10');
  });

  it('recurring holidays match every year', () => {
    const isHoliday = holidayMatcher([
      { date: '2000-01-01', recurring: true },
      { date: '2026-11-26', recurring: false },
    ]);
    expect([isHoliday('2031-01-01'), isHoliday('2026-11-26'), isHoliday('2027-11-26')]).toEqual([true, true, false]);
  });
});

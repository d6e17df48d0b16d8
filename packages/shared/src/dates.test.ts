import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  dayIn,
  daysBetween,
  earliestRequestedDate,
  holidayMatcher,
  isBusinessDay,
  monthStartBack,
  periodsBackFrom,
  startOfDayIn,
  todayIn,
  weekdayOf,
} from './dates.ts';

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

describe('days', () => {
  it('add and count across months, years and a leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-08', 30)).toBe('2026-04-07');
    expect(daysBetween('2025-12-30', '2026-01-02')).toBe(3);
    expect(daysBetween('2026-01-02', '2025-12-30')).toBe(-3);
    expect(weekdayOf('2026-11-21')).toBe(6);
  });

  it("today is the day in the zone asked for; no zone is the process's own", () => {
    const at = new Date('2026-03-01T03:30:00Z');
    expect(todayIn('UTC', at)).toBe('2026-03-01');
    expect(todayIn('America/Chicago', at)).toBe('2026-02-28');
    expect(todayIn('Asia/Tokyo', new Date('2026-02-28T15:30:00Z'))).toBe('2026-03-01');
    const local = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    expect(todayIn(undefined, at)).toBe(local);
    expect(dayIn(at)).toBe(local);
  });

  it('a day starts at midnight in its zone, across a daylight-saving change', () => {
    expect(startOfDayIn('2026-03-08', 'UTC').toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(startOfDayIn('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayIn('2026-03-09', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'Asia/Tokyo').toISOString()).toBe('2026-06-30T15:00:00.000Z');
    expect(startOfDayIn(addDays('2026-01-31', 1)).getTime()).toBe(new Date(2026, 1, 1).getTime());
  });
});

describe('monthStartBack', () => {
  it('steps back by calendar months, across years and from month ends', () => {
    expect(monthStartBack('2026-12-06', 11)).toBe('2026-01-01');
    expect(monthStartBack('2026-03-31', 0)).toBe('2026-03-01');
    expect(monthStartBack('2026-03-31', 1)).toBe('2026-02-01');
    expect(monthStartBack('2026-01-15', 1)).toBe('2025-12-01');
    expect(monthStartBack('2026-01-15', 25)).toBe('2023-12-01');
  });
});

describe('periodsBackFrom', () => {
  it('starts a chart exactly the given number of periods back', () => {
    expect(periodsBackFrom('month', '2026-12-06', 12)).toBe('2026-01-01');
    expect(periodsBackFrom('week', '2026-12-07', 12)).toBe('2026-09-21');
    expect(periodsBackFrom('day', '2026-12-06', 30)).toBe('2026-11-07');
  });
});

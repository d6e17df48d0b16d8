import { describe, expect, it } from 'vitest';
import { plannerDayLoad } from './schemas.ts';

describe('plannerDayLoad', () => {
  const rows = [
    { cabinets: 27, cabinets_remaining: 0 }, // shipped
    { cabinets: 9, cabinets_remaining: 4 }, // 5 of 9 built
  ];
  it('from today on: the cabinets still to build', () => {
    expect(plannerDayLoad(rows, '2026-12-02', '2026-12-02')).toBe(4);
    expect(plannerDayLoad(rows, '2026-12-03', '2026-12-02')).toBe(4);
  });
  it('a day before today: what was planned on it', () => {
    expect(plannerDayLoad(rows, '2026-12-01', '2026-12-02')).toBe(36);
  });
});

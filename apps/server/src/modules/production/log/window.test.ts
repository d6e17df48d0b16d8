import { describe, expect, it } from 'vitest';
import { logWindow } from './window.ts';

const now = new Date(2026, 10, 26, 14, 30); // 26 Nov 2026, 14:30 in the server's zone
const day = (d: Date | null) =>
  d &&
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${d.getHours()}`;

describe('the completion log window', () => {
  it('today, the last 7 and 30 days, each up to the end of today', () => {
    const w = (selected_range: 'today' | 'week' | 'month') => logWindow({ selected_range }, now);
    expect([day(w('today').from), day(w('today').to)]).toEqual(['2026-11-26 0', '2026-11-27 0']);
    expect(day(w('week').from)).toBe('2026-11-20 0');
    expect(day(w('month').from)).toBe('2026-10-28 0');
  });

  it('date_after / date_before, inclusive, win over the range; either alone is open-ended', () => {
    const both = logWindow({ selected_range: 'today', date_after: '2026-01-31', date_before: '2026-02-28' }, now);
    expect([day(both.from), day(both.to)]).toEqual(['2026-01-31 0', '2026-03-01 0']);
    expect(logWindow({ selected_range: 'week', date_before: '2026-02-01' }, now).from).toBeNull();
    expect(logWindow({ selected_range: 'week', date_after: '2026-02-01' }, now).to).toBeNull();
  });
});

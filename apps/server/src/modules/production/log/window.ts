import type { completedShippedLogQuerySchema, LogRange } from '@cab/shared';
import type { z } from 'zod';

type LogQuery = z.output<typeof completedShippedLogQuerySchema>;

/** Midnight (server zone) `plus` days after the day `day` names: a YYYY-MM-DD text or a time. */
function midnight(day: string | Date, plus = 0): Date {
  const [y, m, d] =
    typeof day === 'string'
      ? (day.split('-').map(Number) as [number, number, number])
      : [day.getFullYear(), day.getMonth() + 1, day.getDate()];
  return new Date(y, m - 1, d + plus);
}

const DAYS_BACK: Record<LogRange, number> = { today: 0, week: 6, month: 29 };

/**
 * [from, to) in the server's zone: date_after / date_before (inclusive days) when either is given;
 * else today, the last 7 days (week) or the last 30 days (month), today included.
 */
export function logWindow(query: Pick<LogQuery, 'selected_range' | 'date_after' | 'date_before'>, now = new Date()) {
  if (query.date_after || query.date_before) {
    return {
      from: query.date_after ? midnight(query.date_after) : null,
      to: query.date_before ? midnight(query.date_before, 1) : null,
    };
  }
  return { from: midnight(now, -DAYS_BACK[query.selected_range]), to: midnight(now, 1) };
}

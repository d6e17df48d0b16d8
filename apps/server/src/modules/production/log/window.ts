import { addDays, type completedShippedLogQuerySchema, dayIn, type LogRange, startOfDayIn } from '@cab/shared';
import type { z } from 'zod';

type LogQuery = z.output<typeof completedShippedLogQuerySchema>;

const DAYS_BACK: Record<LogRange, number> = { today: 0, week: 6, month: 29 };

/**
 * [from, to) in the shop's zone: date_after / date_before (inclusive days) when either is given;
 * else today, the last 7 days (week) or the last 30 days (month), today included.
 */
export function logWindow(query: Pick<LogQuery, 'selected_range' | 'date_after' | 'date_before'>, now = new Date()) {
  if (query.date_after || query.date_before) {
    return {
      from: query.date_after ? startOfDayIn(query.date_after) : null,
      to: query.date_before ? startOfDayIn(addDays(query.date_before, 1)) : null,
    };
  }
  const today = dayIn(now);
  return { from: startOfDayIn(addDays(today, -DAYS_BACK[query.selected_range])), to: startOfDayIn(addDays(today, 1)) };
}

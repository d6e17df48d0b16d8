/**
 * Display formats of dates and names (money and percentages: formatWireMoney / formatWirePercent in
 * @cab/shared). Every date the app shows goes through here (one-date-format.test.ts holds the rest
 * of apps/web to it), so a day reads "Mar 4, 2025" and a moment "Mar 4, 2025, 5:55 AM" everywhere.
 */
type Moment = string | Date | null | undefined;

import { dayIn, shopTimeZone } from '@cab/shared';

/**
 * A format of moments in the shop's zone (settings time_zone, set from the app's config), not the
 * browser's: a Chicago shop's 5:55 AM reads the same on a laptop in Berlin (issue 35).
 */
const zoned = (options: Intl.DateTimeFormatOptions) => {
  const made = new Map<string, Intl.DateTimeFormat>();
  return () => {
    const zone = shopTimeZone();
    const key = zone ?? '';
    let format = made.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, ...(zone ? { timeZone: zone } : {}) });
      made.set(key, format);
    }
    return format;
  };
};
const dateTime = zoned({ dateStyle: 'medium', timeStyle: 'short' });
// A calendar day (YYYY-MM-DD) has no zone: read and shown as UTC, it never moves a day.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekdayHere = zoned({ weekday: 'short', month: 'short', day: 'numeric' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const time = zoned({ timeStyle: 'short' });
const timeSeconds = zoned({ timeStyle: 'medium' });

const momentOf = (value: Moment): Date | null => {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A calendar day's UTC midnight; null when `value` does not start with YYYY-MM-DD. */
const dayOf = (value: string | null | undefined): Date | null => {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
};

/** A moment (an ISO timestamp): "Mar 4, 2025, 5:55 AM" in the browser's zone. */
export function formatDateTime(value: Moment): string {
  const d = momentOf(value);
  return d ? dateTime().format(d) : value ? String(value) : '';
}

/** A calendar day (YYYY-MM-DD, no zone): "Mar 4, 2025". */
export function formatDay(value: string | null | undefined): string {
  const d = dayOf(value);
  return d ? day.format(d) : (value ?? '');
}

/** The shop's day a moment (an ISO timestamp) fell on: "Mar 4, 2025". */
export function formatMomentDay(value: Moment): string {
  const d = momentOf(value);
  return d ? formatDay(dayIn(d)) : '';
}

/** A day inside a week's view (planner columns, the week chart, the floor board): "Wed, Mar 4". */
export function formatWeekday(value: string | Date): string {
  // A Date is a moment: its day where the browser is. A string is a calendar day.
  if (value instanceof Date) return weekdayHere().format(value);
  const d = dayOf(value);
  return d ? weekday.format(d) : value;
}

/** The time of a moment of today (the scan feed, the board's clock): "5:55 AM", with seconds "5:55:12 AM". */
export function formatTime(value: Moment, options: { seconds?: boolean } = {}): string {
  const d = momentOf(value);
  return d ? (options.seconds ? timeSeconds : time)().format(d) : '';
}

/** A chart's period by its first day: the day for a day or a week ("Mar 2, 2025"), "Mar 2025" for a month. */
export function formatPeriod(periodStart: string, rate: 'day' | 'week' | 'month'): string {
  const d = dayOf(periodStart);
  if (!d) return periodStart;
  return rate === 'month' ? month.format(d) : day.format(d);
}

export function initials(first: string | undefined, last: string | undefined, fallback = ''): string {
  const text = `${first?.trim().charAt(0) ?? ''}${last?.trim().charAt(0) ?? ''}`.toUpperCase();
  return text || fallback.trim().charAt(0).toUpperCase() || '?';
}

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rate that is not money (cabinets per hour): "12.5". */
export const formatRate = (value: number) => oneDecimal.format(value);

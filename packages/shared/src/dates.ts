/**
 * The one clock and calendar (issue 28), for the server and the web. A day is a calendar date
 * written YYYY-MM-DD; days are added and compared in UTC so no zone or daylight-saving change
 * moves them. Which day "today" is depends on a zone:
 *
 * - The shop's zone is the setting `time_zone` (an IANA name; issue 35). The server sets it here
 *   with `setShopTimeZone()` from its settings, the web from GET core/config, so every default
 *   below counts the shop's day on both; unset (before either has read it) it is the process's
 *   own zone, as before the setting existed.
 * - Work counted in UTC days on purpose (the daily jobs and charges) asks for `todayIn('UTC')`.
 *
 *   todayIn(zone?, now?)      today (or `now`'s day) in a zone, YYYY-MM-DD
 *   dayIn(at, zone?)          the day an instant falls on in a zone
 *   startOfDayIn(day, zone?)  the instant a day starts in a zone (the lower bound of a time range)
 *   addDays(day, n)           `n` calendar days later (negative: earlier)
 *   daysBetween(a, b)         calendar days from `a` to `b`
 *   dayMs(day), weekdayOf(day), addBusinessDays, earliestRequestedDate, holidayMatcher
 */

let SHOP_TIME_ZONE: string | undefined;

/** The shop's zone as last set; undefined: the process's own. */
export const shopTimeZone = () => SHOP_TIME_ZONE;
/** Names the shop's zone for every default below (the server's settings, the web's config). */
export function setShopTimeZone(zone: string | undefined) {
  SHOP_TIME_ZONE = zone;
}
/** The running process's own IANA zone (the default of the setting). */
export const processTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Whether `zone` is an IANA zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A moment as the wire writes it (ISO 8601, UTC), null for none. */
export const isoOrNull = (at: Date | null): string | null => (at ? at.toISOString() : null);

export const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const partsOf = (day: string) => [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))] as const;

/** The instant (UTC ms) a day starts in UTC: the day's number on the UTC calendar line. */
export const dayMs = (day: string) => {
  const [y, m, d] = partsOf(day);
  return Date.UTC(y, m - 1, d);
};
const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const formats = new Map<string, Intl.DateTimeFormat>();
/** The wall clock in `zone` at `at`, read as if it were UTC (ms). */
function wallMs(at: Date, zone: string): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second);
}

/** The day the instant `at` falls on in `zone` (undefined: the process's own zone). */
export function dayIn(at: Date, zone: string | undefined = SHOP_TIME_ZONE): string {
  if (zone === undefined) return ymd(at.getFullYear(), at.getMonth() + 1, at.getDate());
  if (zone === 'UTC') return at.toISOString().slice(0, 10);
  return dayOfMs(wallMs(at, zone));
}

/** Today in `zone` (default the shop's), or the day `now` falls on there. */
export const todayIn = (zone: string | undefined = SHOP_TIME_ZONE, now: Date = new Date()) => dayIn(now, zone);

/** `n` calendar days after `day` (negative: before). */
export const addDays = (day: string, n: number) => dayOfMs(dayMs(day) + n * DAY_MS);

/** The first day of the month `n` calendar months before `day`'s month (n = 0: its own month). */
export function monthStartBack(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const months = y * 12 + (m - 1) - n;
  return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The first day a chart of `periods` days, weeks or months ending with `to`'s period must start at.
 * Months step by the calendar: 31-day steps showed a thirteenth month on some days.
 */
export function periodsBackFrom(rate: 'day' | 'week' | 'month', to: string, periods: number): string {
  if (rate === 'month') return monthStartBack(to, periods - 1);
  return addDays(to, -(rate === 'week' ? 7 : 1) * (periods - 1));
}

/** Calendar days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: string, b: string) => Math.round((dayMs(b) - dayMs(a)) / DAY_MS);

/** 0 (Sunday) to 6 (Saturday). */
export const weekdayOf = (day: string) => new Date(dayMs(day)).getUTCDay();

/** The instant `day` starts in `zone`: midnight there, the bound of a time range. */
export function startOfDayIn(day: string, zone: string | undefined = SHOP_TIME_ZONE): Date {
  const [y, m, d] = partsOf(day);
  if (zone === undefined) return new Date(y, m - 1, d);
  const wall = Date.UTC(y, m - 1, d);
  if (zone === 'UTC') return new Date(wall);
  // The zone's offset at the guess, then again at the corrected instant (a DST change between).
  let at = wall - (wallMs(new Date(wall), zone) - wall);
  at = wall - (wallMs(new Date(at), zone) - at);
  return new Date(at);
}

/**
 * Business days (DOMAIN.md "Late": lead_time business days, weekends and holidays skipped). The
 * server's submit, the submit form and the demo seed all count with these.
 */
export type IsHoliday = (day: string) => boolean;

export function isBusinessDay(day: string, isHoliday: IsHoliday): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !isHoliday(day);
}

/** The day `days` business days after `from` (0: `from` itself). */
export function addBusinessDays(from: string, days: number, isHoliday: IsHoliday): string {
  let day = from;
  let left = Math.max(0, Math.trunc(days));
  while (left > 0) {
    day = addDays(day, 1);
    if (isBusinessDay(day, isHoliday)) left -= 1;
  }
  return day;
}

/**
 * The earliest requested date an order submitted on `today` accepts: `leadTime` business days
 * later, and a business day itself (a lead time of 0 on a Saturday gives Monday).
 */
export function earliestRequestedDate(today: string, leadTime: number, isHoliday: IsHoliday): string {
  let day = addBusinessDays(today, leadTime, isHoliday);
  while (!isBusinessDay(day, isHoliday)) day = addDays(day, 1);
  return day;
}

/** Holidays as stored (a date, or a month and day every year when recurring) as an IsHoliday. */
export function holidayMatcher(rows: readonly { date: string; recurring: boolean }[]): IsHoliday {
  const fixed = new Set(rows.filter((h) => !h.recurring).map((h) => h.date));
  const yearly = new Set(rows.filter((h) => h.recurring).map((h) => h.date.slice(5)));
  return (day) => fixed.has(day) || yearly.has(day.slice(5));
}

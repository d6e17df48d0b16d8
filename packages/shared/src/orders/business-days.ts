/**
 * Business days (DOMAIN.md "Late": lead_time business days, weekends and holidays skipped), on
 * calendar days written YYYY-MM-DD and counted in UTC so no time zone moves them. The server's
 * submit, the submit form and the demo seed all count with these.
 */
const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fromDay = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export type IsHoliday = (day: string) => boolean;

export function isBusinessDay(day: string, isHoliday: IsHoliday): boolean {
  const weekday = new Date(fromDay(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(day);
}

/** The day `days` business days after `from` (0: `from` itself). */
export function addBusinessDays(from: string, days: number, isHoliday: IsHoliday): string {
  let ms = fromDay(from);
  let left = Math.max(0, Math.trunc(days));
  while (left > 0) {
    ms += DAY_MS;
    if (isBusinessDay(toDay(ms), isHoliday)) left -= 1;
  }
  return toDay(ms);
}

/**
 * The earliest requested date an order submitted on `today` accepts: `leadTime` business days
 * later, and a business day itself (a lead time of 0 on a Saturday gives Monday).
 */
export function earliestRequestedDate(today: string, leadTime: number, isHoliday: IsHoliday): string {
  let day = addBusinessDays(today, leadTime, isHoliday);
  while (!isBusinessDay(day, isHoliday)) day = toDay(fromDay(day) + DAY_MS);
  return day;
}

/** Holidays as stored (a date, or a month and day every year when recurring) as an IsHoliday. */
export function holidayMatcher(rows: readonly { date: string; recurring: boolean }[]): IsHoliday {
  const fixed = new Set(rows.filter((h) => !h.recurring).map((h) => h.date));
  const yearly = new Set(rows.filter((h) => h.recurring).map((h) => h.date.slice(5)));
  return (day) => fixed.has(day) || yearly.has(day.slice(5));
}

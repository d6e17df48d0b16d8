/**
 * The earliest requested date a submit accepts (DOMAIN.md: lead_time business days from today,
 * weekends and holidays skipped). Dates are calendar days as YYYY-MM-DD, counted in UTC so no
 * time zone moves them.
 */
const DAY_MS = 86_400_000;

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fromDay = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(fromDay(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

export function earliestRequestedDate(today: string, leadTime: number, holidays: ReadonlySet<string>): string {
  let ms = fromDay(today);
  let left = Math.max(0, leadTime);
  while (left > 0) {
    ms += DAY_MS;
    if (isBusinessDay(toDay(ms), holidays)) left -= 1;
  }
  // Lead time 0 on a weekend or holiday: the next business day.
  while (!isBusinessDay(toDay(ms), holidays)) ms += DAY_MS;
  return toDay(ms);
}

/** Today in the browser's own calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

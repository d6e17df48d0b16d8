/** Display formats of dates and names (money and percentages: formatWireMoney / formatWirePercent in @cab/shared). */
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : dateTime.format(d);
}

export function initials(first: string | undefined, last: string | undefined, fallback = ''): string {
  const text = `${first?.trim().charAt(0) ?? ''}${last?.trim().charAt(0) ?? ''}`.toUpperCase();
  return text || fallback.trim().charAt(0).toUpperCase() || '?';
}

/** Display formats (SPEC 1: US dollars in en-US format; a percentage as "N %"). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? usd.format(n) : String(value);
}

export function formatPercent(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `${value} %`;
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : dateTime.format(d);
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : date.format(d);
}

export function initials(first: string | undefined, last: string | undefined, fallback = ''): string {
  const text = `${first?.trim().charAt(0) ?? ''}${last?.trim().charAt(0) ?? ''}`.toUpperCase();
  return text || fallback.trim().charAt(0).toUpperCase() || '?';
}

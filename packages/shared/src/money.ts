/**
 * Money is integer cents everywhere; on the wire it is a decimal string with two places
 * ("1234.50"). See docs/decisions/0004-money-on-the-wire.md.
 */
export type Cents = number;

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "1234.5" -> 123450. Returns null for anything that is not a decimal with at most 2 places. */
export function parseMoney(value: string | number): Cents | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] && cents !== 0 ? -cents : cents;
}

/** 123450 -> "1234.50" (the wire format). */
export function toWire(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123450 -> "$1,234.50" (en-US, USD). */
export function formatMoney(cents: Cents): string {
  assertCents(cents);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** 12.5 -> "12.5 %" (SPEC 1: a percentage is shown as N %). */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))} %`;
}

/** Integer division rounding half away from zero (DOMAIN.md "Money"). */
export function divRound(numerator: number, denominator: number): number {
  if (denominator === 0) throw new RangeError('division by zero');
  const a = Math.abs(numerator);
  const b = Math.abs(denominator);
  let q = Math.floor(a / b);
  let r = a - q * b;
  // Float division can be off by one near an integer; correct with the exact remainder.
  if (r < 0) {
    q -= 1;
    r += b;
  } else if (r >= b) {
    q += 1;
    r -= b;
  }
  const rounded = 2 * r >= b ? q + 1 : q;
  const negative = numerator < 0 !== denominator < 0;
  return negative && rounded !== 0 ? -rounded : rounded;
}

/** cents x percentage (exact decimal with up to 2 places) / 100, rounded half away from zero. */
export function percentOf(cents: Cents, percentage: number): Cents {
  const basisPoints = Math.round(percentage * 100);
  return divRound(cents * basisPoints, 10_000);
}

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not integer cents: ${cents}`);
}

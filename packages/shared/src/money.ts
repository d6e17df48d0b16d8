/**
 * Money is integer cents everywhere; on the wire it is a decimal string with two places
 * ("1234.50"). Rates are integer basis points (12.5 % = 1250). No float is ever part of an
 * amount: parsing, formatting and percentages work on integers and strings only.
 * See docs/decisions/0004-money-on-the-wire.md.
 */
declare const CENTS: unique symbol;
declare const BASIS_POINTS: unique symbol;
/** An amount in integer cents. Made only by `cents()`, `parseMoney()` and the functions here. */
export type Cents = number & { readonly [CENTS]: true };
/** A rate in integer hundredths of a percent: 1 % = 100, 100 % = 10,000. */
export type BasisPoints = number & { readonly [BASIS_POINTS]: true };

export const BASIS_POINTS_PER_WHOLE = 10_000;

declare const TAX_RATE: unique symbol;
/**
 * A sales tax rate in integer thousandths of a percent: 6.625 % = 6625, 100 % = 100,000. Tax
 * rates have three decimals (New Jersey 6.625 %, New York City 8.875 %), which basis points
 * cannot hold; the rate stays exact from settings to the order's wire.
 */
export type TaxRate = number & { readonly [TAX_RATE]: true };
const TAX_RATE_PER_WHOLE = 100_000;

/** Marks an integer as a tax rate in thousandths of a percent; throws for a non-integer. */
export function taxRate(n: number): TaxRate {
  assertInteger(n, 'tax rate');
  return n as TaxRate;
}

/** "6.625" (or the number 6.625 as settings store it) -> 6625; null for more than 3 decimals. */
export function parseTaxRate(value: string | number): TaxRate | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/\s*%$/, '');
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  const n = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return Number.isSafeInteger(n) ? (n as TaxRate) : null;
}

/** 6625 -> "6.625", 8000 -> "8.00": the wire's percentage with the third decimal only when it is set. */
export function taxRateToWire(rate: TaxRate): string {
  assertInteger(rate, 'tax rate');
  const whole = Math.trunc(rate / 1000);
  const fraction = String(rate % 1000).padStart(3, '0');
  return `${whole}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}

/** amount x tax rate, rounded once half away from zero to the cent (exact for any int8 amount). */
export function taxOf(amount: Cents, rate: TaxRate): Cents {
  const product = amount * rate;
  if (Number.isSafeInteger(product)) return divRound(product, TAX_RATE_PER_WHOLE) as Cents;
  const big = BigInt(amount) * BigInt(rate);
  const whole = BigInt(TAX_RATE_PER_WHOLE);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  let q = abs / whole;
  if ((abs % whole) * 2n >= whole) q += 1n;
  return cents(Number(negative ? -q : q));
}

function assertInteger(n: number, what: string) {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not integer ${what}: ${n}`);
}

/** Marks an integer as cents (database columns, sums); throws for a non-integer. */
export function cents(n: number): Cents {
  assertInteger(n, 'cents');
  return n as Cents;
}

/** Marks an integer as basis points; throws for a non-integer. */
export function basisPoints(n: number): BasisPoints {
  assertInteger(n, 'basis points');
  return n as BasisPoints;
}

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** A decimal with at most two places as an integer of hundredths, without float arithmetic. */
function parseHundredths(text: string): number | null {
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const n = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(n)) return null;
  return m[1] && n !== 0 ? -n : n;
}

/** "1234.5" -> 123450. Returns null for anything that is not a decimal with at most 2 places. */
export function parseMoney(value: string | number): Cents | null {
  return parseHundredths(typeof value === 'number' ? String(value) : value.trim()) as Cents | null;
}

/** "12.5" or "12.5 %" -> 1250 basis points; null for anything else. */
export function parsePercent(value: string | number): BasisPoints | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/\s*%$/, '');
  return parseHundredths(text) as BasisPoints | null;
}

/** Hundredths as a decimal string with two places: 123450 -> "1234.50". */
function hundredthsToString(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123450 -> "1234.50" (the wire format of money and of percentages). */
export function toWire(amount: Cents | BasisPoints): string {
  assertInteger(amount, 'cents');
  return hundredthsToString(amount);
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 123450 -> "$1,234.50"; -1999 -> "-$19.99" (SPEC 1: en-US dollars). */
export function formatMoney(amount: Cents): string {
  assertInteger(amount, 'cents');
  const abs = Math.abs(amount);
  const text = `$${groupThousands(String(Math.trunc(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
  return amount < 0 ? `-${text}` : text;
}

/** A wire amount ("1234.50") for display; '' for none; an unreadable value is shown as it came. */
export function formatWireMoney(wire: string | null | undefined): string {
  if (wire === null || wire === undefined || wire === '') return '';
  const amount = parseMoney(wire);
  return amount === null ? wire : formatMoney(amount);
}

/** 1250 -> "12.5 %" (SPEC 1: a percentage is shown as N %). */
export function formatPercent(rate: BasisPoints): string {
  assertInteger(rate, 'basis points');
  const [whole, fraction] = hundredthsToString(rate).split('.') as [string, string];
  const trimmed = fraction.replace(/0+$/, '');
  return `${trimmed ? `${whole}.${trimmed}` : whole} %`;
}

/**
 * A wire percentage ("12.50") for display: "12.5 %"; with `twoPlaces` "12.50 %" (the catalogue
 * lists show a percentage next to prices with both places); '' for none.
 */
export function formatWirePercent(wire: string | null | undefined, options: { twoPlaces?: boolean } = {}): string {
  if (wire === null || wire === undefined || wire === '') return '';
  const rate = parsePercent(wire);
  if (rate === null) {
    // A sales tax rate's third decimal ("6.625"): shown exactly.
    const tax = /^\d+\.\d{3}$/.test(wire) ? parseTaxRate(wire) : null;
    return tax === null ? wire : `${taxRateToWire(tax)} %`;
  }
  return options.twoPlaces ? `${toWire(rate)} %` : formatPercent(rate);
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

/** part / whole in basis points, rounded half away from zero; 0 of a zero whole (a margin's, a rate's share). */
export function shareOf(part: number, whole: number): BasisPoints {
  return basisPoints(whole === 0 ? 0 : divRound(part * BASIS_POINTS_PER_WHOLE, whole));
}

/** amount x rate, rounded half away from zero to the cent. */
export function percentOf(amount: Cents, rate: BasisPoints): Cents {
  return divRound(amount * rate, BASIS_POINTS_PER_WHOLE) as Cents;
}

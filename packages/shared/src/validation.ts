import { z } from 'zod';
import { DB_INT, MONEY_CENTS } from './constants.ts';
import { MSG } from './messages.ts';
import { cents, parseMoney, toWire } from './money.ts';

/**
 * Zod building blocks that speak SPEC 5's messages instead of zod's defaults. Give every check its
 * own message: an `error` on the schema itself also answers every check that has none (a too long
 * text once said 'Required'), so schema-level errors here speak only of a missing value.
 */
/** No value: nothing sent, null, or a form field left blank (SPEC 5: 'Required', not a type message). */
const missing = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || (typeof iss.input === 'string' && iss.input.trim() === '');
const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';

// A bound written as a bare `.max(n)` speaks the product's words too, wherever the schema is used.
z.config({
  customError: (iss) => {
    if (iss.code !== 'too_big') return undefined;
    if (iss.origin === 'string') return MSG.textTooLong(Number(iss.maximum));
    if (iss.origin === 'array') return MSG.tooManyItems(Number(iss.maximum));
    if (iss.origin === 'number') return MSG.numberTooLarge(Number(iss.maximum));
    return undefined;
  },
});
/** 'Required' for a missing value, `otherwise` for a value of the wrong type. */
const typeError = (otherwise?: string) => (iss: { input?: unknown }) => (missing(iss) ? MSG.required : otherwise);

/** Half of a UTF-16 surrogate pair without its other half: UTF-8, and so PostgreSQL, cannot hold it. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why PostgreSQL cannot store `text` (a NUL byte, a lone surrogate such as "\ud800"), or null when
 * it can. The server asks it of every string of every request (http/route.ts, http/multipart.ts);
 * the text fields below ask it too, so a form says it on the field.
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return MSG.textHasNul;
  if (LONE_SURROGATE.test(text)) return MSG.textNotUnicode;
  return null;
}

const storable = (s: z.ZodString) =>
  s.refine((v) => !v.includes('\u0000'), MSG.textHasNul).refine((v) => !LONE_SURROGATE.test(v), MSG.textNotUnicode);

/** A text that must not be empty after trimming, at most `max` characters. */
export const requiredString = (max = 255) =>
  storable(
    z
      .string({ error: typeError(MSG.required) })
      .trim()
      .min(1, MSG.required)
      .max(max, MSG.textTooLong(max)),
  );

/** An optional text of at most `max` characters. */
export const textField = (max: number) => storable(z.string().trim().max(max, MSG.textTooLong(max)));

/** Query strings, path segments and form fields carry numbers as text: a numeric string becomes a number. */
const numeric = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;

/**
 * An integer that fits its int4 column (DB_INT), or narrower bounds. `message` replaces the
 * whole-number and lower-bound messages (a field with its own SPEC wording); without it a
 * number below the bound says the bound ("Must be 0 or more" for -3, not "Must be a whole
 * number"); the upper bound always says what it is; a blank field is 'Required'.
 */
export const intField = (options: { min?: number; max?: number; message?: string } = {}) => {
  const { min = DB_INT.min, max = DB_INT.max, message } = options;
  return z.preprocess(
    numeric,
    z
      .number({ error: typeError(message ?? MSG.wholeNumber) })
      .int(message ?? MSG.wholeNumber)
      .min(min, message ?? (min === 0 ? MSG.mustBeNonNegative : MSG.numberTooSmall(min)))
      .max(max, MSG.numberTooLarge(max)),
  );
};

/** A row id: a positive int4 (serial columns). */
export const idField = () =>
  z.preprocess(
    numeric,
    z
      .number({ error: typeError(MSG.idInvalid) })
      .int(MSG.idInvalid)
      .min(1, MSG.idInvalid)
      .max(DB_INT.max, MSG.numberTooLarge(DB_INT.max)),
  );

/**
 * An amount on the wire ("1234.50" or 1234.5) that the int4 cents columns hold (MONEY_CENTS).
 * A blank field is 'Required' (SPEC 5), not "Must be a valid decimal".
 */
export const moneyField = (typeMessage: string = MSG.decimal) =>
  z
    .union([z.string(), z.number()], { error: typeError(typeMessage) })
    .refine((v) => !blank(v), { message: MSG.required, abort: true })
    .refine((v) => parseMoney(v) !== null, MSG.decimal)
    .refine(
      (v) => {
        const amount = parseMoney(v);
        return amount === null || (amount >= MONEY_CENTS.min && amount <= MONEY_CENTS.max);
      },
      MSG.moneyOutOfRange(toWire(cents(MONEY_CENTS.min)), toWire(cents(MONEY_CENTS.max))),
    );

export const emailField = () =>
  z
    .string({ error: (iss) => (missing(iss) ? MSG.required : MSG.emailInvalid) })
    .trim()
    .min(1, MSG.required)
    .max(254, MSG.emailInvalid)
    .pipe(z.email({ error: MSG.emailInvalid }))
    .transform((s) => s.toLowerCase());

export const passwordField = () =>
  z
    .string({ error: typeError(MSG.required) })
    .min(1, MSG.required)
    .min(8, MSG.passwordTooShort)
    .max(128, MSG.passwordTooLong);

/** A password as typed (never trimmed) that is only compared, not set: required, bounded. */
export const secretField = (max = 1024) =>
  z
    .string({ error: typeError(MSG.required) })
    .min(1, MSG.required)
    .max(max, MSG.textTooLong(max));

export const US_POSTAL_CODE_RE = /^\d{5}(-\d{4})?$/;
export const postalCodeField = () =>
  z.string({ error: MSG.postalCode }).trim().regex(US_POSTAL_CODE_RE, MSG.postalCode);

export const ALPHANUMERIC_RE = /^[A-Za-z0-9 /_-]*$/;

/** Query-string integer with bounds. */
export const queryInt = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

import { z } from 'zod';
import { MSG } from './messages.ts';

/** Zod building blocks that speak SPEC 5's messages instead of zod's defaults. */
const missing = (iss: { input?: unknown }) => iss.input === undefined || iss.input === null;

export const requiredString = (max = 255) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, `Must be at most ${max} characters`);

export const emailField = () =>
  z
    .string({ error: (iss) => (missing(iss) ? MSG.required : MSG.emailInvalid) })
    .trim()
    .min(1, MSG.required)
    .max(254, MSG.emailInvalid)
    .pipe(z.email({ error: MSG.emailInvalid }))
    .transform((s) => s.toLowerCase());

export const passwordField = () =>
  z.string({ error: MSG.required }).min(1, MSG.required).min(8, MSG.passwordTooShort).max(128, MSG.passwordTooLong);

export const US_POSTAL_CODE_RE = /^\d{5}(-\d{4})?$/;
export const postalCodeField = () =>
  z.string({ error: MSG.postalCode }).trim().regex(US_POSTAL_CODE_RE, MSG.postalCode);

export const ALPHANUMERIC_RE = /^[A-Za-z0-9 /_-]*$/;
export const alphanumericField = () => z.string().regex(ALPHANUMERIC_RE, MSG.alphanumeric);

/** Query-string integer with bounds. */
export const queryInt = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

import { z } from 'zod';
import { US_STATE_CODES } from '../accounts/states.ts';
import { DB_INT } from '../constants.ts';
import { isTimeZone } from '../dates.ts';
import { BOOK_ACCOUNTS } from '../invoices/books.ts';
import { MSG } from '../messages.ts';
import { SCAN_SESSION_TYPES } from '../production/schemas.ts';
import { STATION_TEXT } from '../production/text.ts';
import { queryInt } from '../validation.ts';

/** A sales tax percentage: 0..100 with at most 3 decimals (e.g. 8.875). */
const taxRateField = () =>
  z
    .number({ error: MSG.taxRateRange })
    .min(0, MSG.taxRateRange)
    .max(100, MSG.taxRateRange)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, MSG.taxRateRange);

/**
 * Sales tax by US state code (DOMAIN pricing step 6); a state left out has no sales tax. A
 * patch replaces the whole table.
 */
const taxRatesSchema = z.record(
  z.string().refine((code) => US_STATE_CODES.has(code)),
  taxRateField(),
  // The key's own issue would read 'Invalid key in record'.
  { error: (iss) => (iss.code === 'invalid_key' ? MSG.stateInvalid : undefined) },
);

export const settingsSchema = z.object({
  lead_time: z.number().int(),
  /** Business days from a remake's approval to its remake order's due date (issue 29). */
  remake_lead_time: z.number().int(),
  remake_reasons: z.object({ reasons: z.array(z.string()) }),
  tax_rates: z.record(z.string(), z.number()),
  /** The shop's US state code: a PICKUP order is taxed at its rate; '' when not set. */
  shop_state: z.string(),
  /** Cabinets the shop builds per working day: the planner's load per day (decision 0031). */
  capacity_per_day: z.number().int(),
  /** The seller on invoices and receipts (issue 27): name, address (lines), phone; '' when not set. */
  seller_name: z.string(),
  seller_address: z.string(),
  seller_phone: z.string(),
  /** Remittance on invoices (issue 34): the payee (and address) for checks, the bank for wires; '' when not set. */
  remit_check_payee: z.string(),
  remit_wire_details: z.string(),
  /** The journal export's account names by role (issue 34, decision 0046). */
  books_accounts: z.record(z.enum(BOOK_ACCOUNTS), z.string()),
  /** The monthly statement run is on (off by default). */
  statement_monthly: z.boolean(),
  /** The shop's IANA time zone: its "today", late, due and planned days (issue 35). */
  time_zone: z.string(),
  /** Days after the day charged that interest and storage fees fall due (issue 34, decision 0053). */
  payment_terms_days: z.number().int(),
  /** The shop's stations (issue 35): a scan session names one (free text is still taken). */
  stations: z.array(
    z.object({ id: z.number().int(), name: z.string(), scan_types: z.array(z.enum(SCAN_SESSION_TYPES)) }),
  ),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A seller field of the settings: text, '' allowed (not printed). */
const sellerField = (max: number) =>
  z
    .string({ error: MSG.textTooLong(max) })
    .trim()
    .max(max, MSG.textTooLong(max));

export const settingsPatchSchema = z
  .object({
    lead_time: z
      .number({ error: MSG.leadTimeRange })
      .int(MSG.leadTimeRange)
      .min(0, MSG.leadTimeRange)
      .max(365, MSG.leadTimeRange),
    remake_lead_time: z
      .number({ error: MSG.remakeLeadTimeRange })
      .int(MSG.remakeLeadTimeRange)
      .min(0, MSG.remakeLeadTimeRange)
      .max(365, MSG.remakeLeadTimeRange),
    remake_reasons: z.object({
      reasons: z
        .array(z.string().trim().min(1, MSG.required).max(120))
        .max(100)
        .refine((list) => new Set(list).size === list.length, 'Each reason must be unique'),
    }),
    tax_rates: taxRatesSchema,
    shop_state: z
      .string({ error: MSG.stateInvalid })
      .trim()
      .toUpperCase()
      .refine((code) => code === '' || US_STATE_CODES.has(code), MSG.stateInvalid),
    capacity_per_day: z
      .number({ error: MSG.capacityPerDayRange })
      .int(MSG.capacityPerDayRange)
      .min(1, MSG.capacityPerDayRange)
      .max(100_000, MSG.capacityPerDayRange),
    seller_name: sellerField(200),
    seller_address: sellerField(500),
    seller_phone: sellerField(40),
    remit_check_payee: sellerField(500),
    remit_wire_details: sellerField(500),
    books_accounts: z.partialRecord(z.enum(BOOK_ACCOUNTS), z.string().trim().min(1, MSG.required).max(120)),
    statement_monthly: z.boolean(),
    time_zone: z.string({ error: MSG.timeZoneUnknown }).refine(isTimeZone, MSG.timeZoneUnknown),
    payment_terms_days: z
      .number({ error: MSG.termsDaysRange })
      .int(MSG.termsDaysRange)
      .min(0, MSG.termsDaysRange)
      .max(365, MSG.termsDaysRange),
    /** The whole list: a station without `id` is new (the server numbers it); one left out is gone. */
    stations: z
      .array(
        z.object({
          id: z.number().int().positive().max(DB_INT.max, MSG.numberTooLarge(DB_INT.max)).optional(),
          name: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100, MSG.textTooLong(100)),
          scan_types: z.array(z.enum(SCAN_SESSION_TYPES)).min(1, STATION_TEXT.scanTypesRequired),
        }),
      )
      .max(100)
      .refine((list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length, STATION_TEXT.nameTaken),
  })
  .partial();
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

export const holidaysQuerySchema = z.object({ year: queryInt(1900, 2999, MSG.yearRange) });
const holidaySchema = z.object({ date: z.string(), name: z.string() });
export const holidaysSchema = z.array(holidaySchema);

export const postalCodeQuerySchema = z.object({
  postal_code: z.string({ error: MSG.postalCode }).max(20, MSG.postalCode),
});
export const postalCodeResponseSchema = z.object({
  postal_code: z.string(),
  cities: z.array(z.object({ city: z.string(), state: z.string() })),
});

export const stripeConfigSchema = z.object({ pk: z.string() });

const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
  display: z.string(),
});
export const tagsSchema = z.array(tagSchema);

/** "name" or "name:value" (SPEC 3 Tag). */
export function tagDisplay(tag: { name: string; value: string | null }): string {
  return tag.value ? `${tag.name}:${tag.value}` : tag.name;
}

export const logWarnBodySchema = z.object({
  type: z.string().max(100),
  code: z.string().max(100).optional().nullable(),
  data: z
    .unknown()
    .refine((d) => d === undefined || JSON.stringify(d).length <= 20000, MSG.textTooLong(20000))
    .optional(),
  url: z.string().max(2000).optional().nullable(),
});
export const logWarnResponseSchema = z.object({ transaction_id: z.string() });

export const logErrorBodySchema = z.object({
  type: z.string().max(100),
  error: z.string().max(20000).optional().nullable(),
  info: z.string().max(20000).optional().nullable(),
  path: z.string().max(2000).optional().nullable(),
});

export const appConfigSchema = z.object({
  app_env: z.string(),
  is_test_environment: z.boolean(),
  version: z.string(),
  /** The shop's IANA time zone (settings time_zone): the web counts its days in it (issue 35). */
  time_zone: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/**
 * One figure of the dashboard: `value` a count, a money string ("1234.50", kind money), a date
 * (YYYY-MM-DD, kind date; '' when there is none) or text; `href` the web page that lists what it
 * counts.
 */
const dashboardCardSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.union([z.string(), z.number()]),
  kind: z.enum(['count', 'money', 'date', 'text']).optional(),
  href: z.string().optional(),
  /** The orders the figure is about, by name (orders_late: the ten latest-due; issue 35). */
  items: z.array(z.object({ id: z.number().int(), name: z.string(), due_date: z.string().nullable() })).optional(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

/**
 * The shop's week (ADMIN, STAFF): cabinets completed on each day Monday to Sunday of this week
 * (each the completion log's COMPLETED total of that day) against the capacity per day.
 */
const dashboardWeekSchema = z.object({
  capacity_per_day: z.number().int(),
  /** `closed`: a weekend day or a holiday, which has no capacity (the chart draws none over it). */
  days: z.array(z.object({ date: z.string(), cabinets_completed: z.number().int(), closed: z.boolean() })),
});
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;

/** Role-specific dashboard summary: a list of labelled figures plus recent activity lines. */
export const dashboardSchema = z.object({
  greeting: z.string(),
  /** The shop's date (YYYY-MM-DD) in its time zone: the day every figure counts as today. */
  today: z.string(),
  cards: z.array(dashboardCardSchema),
  recent: z.array(z.object({ at: z.string(), text: z.string() })),
  /** Only for the shop (ADMIN, STAFF). */
  week: dashboardWeekSchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

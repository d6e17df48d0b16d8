import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS } from '@cab/db';
import {
  CLIENT_LOG_LIMITS,
  ERROR_CODES,
  earliestRequestedDate,
  MSG,
  processTimeZone,
  type Settings,
  type SettingsPatch,
  setShopTimeZone,
  shopTimeZone,
  tagDisplay,
  US_POSTAL_CODE_RE,
} from '@cab/shared';
import zipcodes from 'zipcodes';
import { hitRateLimit } from '../../http/rate-limit.ts';
import type { Ctx, PublicCtx } from '../../kit/context.ts';
import { fieldError, tooManyRequests } from '../../kit/errors.ts';
import { firstDayOfChange } from '../../kit/jobs/daily.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import * as repo from './repository.ts';

// time_zone is not seeded: unset, it is the process's own zone.
const SETTING_KEYS = [...Object.keys(DEFAULT_SETTINGS), 'time_zone'] as (keyof Settings)[];

export async function getSettings(ctx: PublicCtx): Promise<Settings> {
  const stored = await repo.readSettings(ctx.db, SETTING_KEYS);
  return {
    lead_time: (stored.get('lead_time') as number | undefined) ?? DEFAULT_SETTINGS.lead_time,
    remake_lead_time: (stored.get('remake_lead_time') as number | undefined) ?? DEFAULT_SETTINGS.remake_lead_time,
    remake_reasons: (stored.get('remake_reasons') as Settings['remake_reasons'] | undefined) ?? {
      reasons: [...DEFAULT_SETTINGS.remake_reasons.reasons],
    },
    tax_rates: (stored.get('tax_rates') as Settings['tax_rates'] | undefined) ?? { ...DEFAULT_SETTINGS.tax_rates },
    shop_state: (stored.get('shop_state') as string | undefined) ?? DEFAULT_SETTINGS.shop_state,
    capacity_per_day: (stored.get('capacity_per_day') as number | undefined) ?? DEFAULT_SETTINGS.capacity_per_day,
    seller_name: (stored.get('seller_name') as string | undefined) ?? DEFAULT_SETTINGS.seller_name,
    seller_address: (stored.get('seller_address') as string | undefined) ?? DEFAULT_SETTINGS.seller_address,
    seller_phone: (stored.get('seller_phone') as string | undefined) ?? DEFAULT_SETTINGS.seller_phone,
    remit_check_payee: (stored.get('remit_check_payee') as string | undefined) ?? DEFAULT_SETTINGS.remit_check_payee,
    remit_wire_details: (stored.get('remit_wire_details') as string | undefined) ?? DEFAULT_SETTINGS.remit_wire_details,
    // A patch names some accounts: the others keep their defaults.
    books_accounts: {
      ...DEFAULT_SETTINGS.books_accounts,
      ...(stored.get('books_accounts') as Settings['books_accounts'] | undefined),
    },
    statement_monthly: (stored.get('statement_monthly') as boolean | undefined) ?? DEFAULT_SETTINGS.statement_monthly,
    time_zone: (stored.get('time_zone') as string | undefined) ?? processTimeZone(),
    stations: (stored.get('stations') as Settings['stations'] | undefined) ?? [],
    payment_terms_days: (stored.get('payment_terms_days') as number | undefined) ?? DEFAULT_SETTINGS.payment_terms_days,
  };
}

/**
 * Settings a day posted late must read as they held that day (decision 0053): each change is also
 * kept with the first day it holds, the day after it is made (as an account's charge settings).
 */
const DATED_SETTINGS: ReadonlySet<keyof Settings> = new Set(['payment_terms_days']);

/** The payment terms in days that held on `day` (the daily charges' due date: the day plus these). */
export async function paymentTermsOnDay(ctx: Pick<PublicCtx, 'db'>, day: string): Promise<number> {
  const dated = await repo.settingOnDay(ctx.db, 'payment_terms_days', day);
  if (dated !== undefined) return dated as number;
  const stored = await repo.readSettings(ctx.db, ['payment_terms_days']);
  return (stored.get('payment_terms_days') as number | undefined) ?? DEFAULT_SETTINGS.payment_terms_days;
}

/**
 * The shop's clock (issue 35, decision 0051): the server serves one shop, so its zone is the
 * process's default for every day it counts (shared dates.ts). It is read at a database's first
 * request and again when older than ZONE_KEPT_MS (so a second server follows a change within
 * seconds), and set at once by a change here. Kept per database: an app on another database (the
 * tests' files, which share one process) reads its own at once.
 */
const ZONE_KEPT_MS = 5_000;
const zoneReadAt = new WeakMap<object, number>();

export async function readShopTimeZone(ctx: Pick<PublicCtx, 'db'>): Promise<string> {
  const stored = await repo.readSettings(ctx.db, ['time_zone']);
  const zone = (stored.get('time_zone') as string | undefined) ?? processTimeZone();
  setShopTimeZone(zone);
  zoneReadAt.set(ctx.db, Date.now());
  return zone;
}

/** Whether the zone was read from this database recently enough to count today with (the request hook's check). */
export const shopTimeZoneIsFresh = (db: object) =>
  Date.now() - (zoneReadAt.get(db) ?? Number.NEGATIVE_INFINITY) < ZONE_KEPT_MS;

/**
 * The stations as kept (issue 35): one the patch names by `id` keeps it, a new one takes the next
 * number after every id given so far (kept in `stations_next_id`, so a removed station's id is
 * never given to another: the productivity report names stations by id).
 */
async function numberStations(ctx: Ctx, list: NonNullable<SettingsPatch['stations']>): Promise<Settings['stations']> {
  const stored = await repo.readSettings(ctx.db, ['stations_next_id']);
  const before = (await getSettings(ctx)).stations;
  let next = Math.max((stored.get('stations_next_id') as number | undefined) ?? 1, ...before.map((s) => s.id + 1));
  const known = new Set(before.map((s) => s.id));
  const out = list.map((s) => ({
    id: s.id !== undefined && known.has(s.id) ? s.id : next++,
    name: s.name.trim(),
    scan_types: [...new Set(s.scan_types)],
  }));
  await repo.upsertSetting(ctx.db, 'stations_next_id', next, ctx.actor.id);
  return out;
}

/** Writes the named settings; each changed key is one 'settings' event (id = the key). */
export async function patchSettings(ctx: Ctx, patch: SettingsPatch) {
  const values = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof Settings, unknown][];
  if (values.length > 0) {
    await transaction(ctx, async (tx) => {
      const before = await getSettings(tx);
      for (const [key, given] of values) {
        const value =
          key === 'stations' ? await numberStations(tx, given as NonNullable<SettingsPatch['stations']>) : given;
        await repo.upsertSetting(tx.db, key, value, ctx.actor.id);
        if (DATED_SETTINGS.has(key)) {
          await repo.recordSettingChange(tx.db, key, before[key], value, firstDayOfChange(tx.at));
        }
        await audit(tx, { entity: 'settings', id: key, action: 'update', before: before[key], after: value });
      }
    });
    if (patch.time_zone !== undefined) await readShopTimeZone(ctx);
  }
  return getSettings(ctx);
}

/** Holidays of a year, sorted; recurring ones are moved into that year. */
export async function holidays(ctx: PublicCtx, year: number) {
  const rows = await repo.holidaysOfYear(ctx.db, year);
  return rows
    .map((h) => ({ date: h.recurring ? `${year}${h.date.slice(4)}` : h.date, name: h.name }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** What the web needs to know about this server (GET core/config). */
export function clientConfig(ctx: PublicCtx) {
  return {
    app_env: ctx.config.appEnv,
    is_test_environment: ctx.config.isTestEnvironment,
    version: ctx.config.version,
    time_zone: shopTimeZone() ?? processTimeZone(),
  };
}

/** The Stripe publishable key (GET core/stripe). */
export const stripeKey = (ctx: Ctx) => ({ pk: ctx.config.stripe.publishableKey });

/** US ZIP (5 or 5+4 digits) -> cities, from the zipcodes package's offline data. */
export function lookupPostalCode(raw: string) {
  const postalCode = raw.trim();
  if (!US_POSTAL_CODE_RE.test(postalCode)) {
    throw fieldError(ERROR_CODES.invalidPostalCode, 'postal_code', MSG.postalCode);
  }
  const found = zipcodes.lookup(postalCode.slice(0, 5));
  if (!found) throw fieldError(ERROR_CODES.invalidPostalCode, 'postal_code', MSG.postalCode);
  return { postal_code: postalCode, cities: [{ city: found.city, state: found.state }] };
}

export async function tags(ctx: PublicCtx) {
  const rows = await repo.allTags(ctx.db);
  return rows.map((t) => ({ id: t.id, name: t.name, value: t.value, display: tagDisplay(t) }));
}

const clip = (value: string | null | undefined) =>
  value == null
    ? null
    : value.length > CLIENT_LOG_LIMITS.fieldChars
      ? value.slice(0, CLIENT_LOG_LIMITS.fieldChars)
      : value;

/** Keeps `data` small: anything that serializes past the field limit is stored as a clipped string. */
function clipData(data: unknown): unknown {
  if (data === undefined) return null;
  const text = JSON.stringify(data) ?? 'null';
  return text.length > CLIENT_LOG_LIMITS.fieldChars ? { truncated: text.slice(0, CLIENT_LOG_LIMITS.fieldChars) } : data;
}

export interface ClientLogInput {
  level: 'warn' | 'error';
  type: string;
  code?: string | null;
  data?: unknown;
  url?: string | null;
  error?: string | null;
  info?: string | null;
  path?: string | null;
}

/** Stores what a client reports; rate limited per client so a broken page cannot flood the table. */
export async function recordClientLog(
  ctx: PublicCtx,
  input: ClientLogInput,
  who: { ip: string; userAgent: string | undefined },
) {
  const key = ctx.actor ? `clientlog:user:${ctx.actor.id}` : `clientlog:ip:${who.ip}`;
  const retryAfter = await hitRateLimit(ctx.db, key, ctx.config.clientLogRateLimitPerMinute);
  if (retryAfter > 0) throw tooManyRequests(MSG.rateLimited, retryAfter);
  const transactionId = randomUUID();
  await repo.insertClientLog(ctx.db, {
    transactionId,
    level: input.level,
    type: clip(input.type) ?? 'unknown',
    code: clip(input.code),
    data: clipData(input.data),
    url: clip(input.url),
    error: clip(input.error),
    info: clip(input.info),
    path: clip(input.path),
    userId: ctx.actor?.id ?? null,
    ip: who.ip,
    userAgent: clip(who.userAgent ?? null),
  });
  return { transaction_id: transactionId };
}

/** `today` + `leadTime` business days (weekends and the shop's holidays skipped), on a business day. */
export async function businessDaysFrom(ctx: Ctx, today: string, leadTime: number): Promise<string> {
  const days = Math.max(0, Math.trunc(Number(leadTime) || 0));
  const year = Number(today.slice(0, 4));
  // Enough years for the lead time (about 261 business days a year), holidays included.
  const years = Array.from({ length: Math.ceil(days / 240) + 1 }, (_, i) => year + i);
  const dates = new Set((await Promise.all(years.map((y) => holidays(ctx, y)))).flat().map((h) => h.date));
  return earliestRequestedDate(today, days, (iso) => dates.has(iso));
}

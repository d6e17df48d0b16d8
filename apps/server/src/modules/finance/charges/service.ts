import type { Executor } from '@cab/db';
import {
  type BasisPoints,
  type Cents,
  MSG,
  type OverdueInterest,
  type overdueInterestBodySchema,
  parseMoney,
  parsePercent,
  type StorageFees,
  type storageFeesBodySchema,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx, RequestContext } from '../../../kit/context.ts';
import { notFound } from '../../../kit/errors.ts';
import { type DailyJob, firstDayOfChange } from '../../../kit/jobs/daily.ts';
import { requiredSlot } from '../../../kit/slots.ts';
import { transaction } from '../../../kit/transaction.ts';
import { companyName } from '../../accounts/index.ts';
import { audit } from '../../audit/index.ts';
import { findUserWithCompany } from '../../auth/index.ts';
import * as repo from './repository.ts';

/**
 * Overdue interest and storage fees (DOMAIN.md: per customer/company settings that add charges to
 * their balance): the settings screens' reads and writes, and the daily job that posts the
 * charges. Posting needs the ledger, which the invoices module owns: its body is the slot
 * `dailyChargesBody`, filled in apps/server/src/wiring.ts; this module gives the job's name and its body
 * (`dailyChargesJob`), which apps/server/src/jobs.ts declares.
 */

export type PartyKind = 'customer' | 'company';

/** The party named in the path: a customer account (not staff) or a company; 404 otherwise. */
async function partyOf(ctx: Ctx, kind: PartyKind, id: number): Promise<repo.Party> {
  if (kind === 'company') {
    if ((await companyName(ctx.db, id)) === null) throw notFound(MSG.companyNotFound);
    return { companyId: id };
  }
  const u = (await findUserWithCompany(ctx.db, id))?.user;
  if (!u || u.accountType === null || u.isStaff || u.isEmployee) throw notFound(MSG.userNotFound);
  return { customerId: id };
}

const DEFAULTS = {
  interestEnabled: false,
  interestMonthly: 0 as BasisPoints,
  interestGraceDays: 0,
  interestOnFees: false,
  storageEnabled: false,
  storageDailyAmount: 0 as Cents,
  storageFreeDays: 0,
};
type Settings = typeof DEFAULTS;

const interestToWire = (s: Settings): OverdueInterest => ({
  enabled: s.interestEnabled,
  monthly_percentage: toWire(s.interestMonthly),
  grace_days: s.interestGraceDays,
  on_fees: s.interestOnFees,
});
const storageToWire = (s: Settings): StorageFees => ({
  enabled: s.storageEnabled,
  daily_amount: toWire(s.storageDailyAmount),
  free_days: s.storageFreeDays,
});

async function read<W>(ctx: Ctx, kind: PartyKind, id: number, toWire: (s: Settings) => W): Promise<W> {
  const party = await partyOf(ctx, kind, id);
  return toWire((await repo.settingsOf(ctx.db, party)) ?? DEFAULTS);
}

async function write<W>(
  ctx: Ctx,
  kind: PartyKind,
  id: number,
  values: repo.ChargeSettingsValues,
  toWire: (s: Settings) => W,
): Promise<W> {
  return transaction(ctx, async (tx) => {
    const party = await partyOf(tx, kind, id);
    const before = toWire((await repo.settingsOf(tx.db, party, true)) ?? DEFAULTS);
    const after = toWire(await repo.upsertSettings(tx.db, party, values, firstDayOfChange(tx.at)));
    await audit(tx, { entity: 'account_charges', id: `${kind}:${id}`, action: 'update', before, after });
    return after;
  });
}

const defined = <V extends Record<string, unknown>>(v: V) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<V>;

export const overdueInterest = (ctx: Ctx, kind: PartyKind, id: number) => read(ctx, kind, id, interestToWire);

export function updateOverdueInterest(
  ctx: Ctx,
  kind: PartyKind,
  id: number,
  body: z.output<typeof overdueInterestBodySchema>,
) {
  const values = defined({
    interestEnabled: body.enabled,
    interestMonthly:
      body.monthly_percentage === undefined ? undefined : (parsePercent(body.monthly_percentage) as BasisPoints),
    interestGraceDays: body.grace_days,
    interestOnFees: body.on_fees,
  });
  return write(ctx, kind, id, values, interestToWire);
}

export const storageFees = (ctx: Ctx, kind: PartyKind, id: number) => read(ctx, kind, id, storageToWire);

export function updateStorageFees(ctx: Ctx, kind: PartyKind, id: number, body: z.output<typeof storageFeesBodySchema>) {
  const values = defined({
    storageEnabled: body.enabled,
    storageDailyAmount: body.daily_amount === undefined ? undefined : (parseMoney(body.daily_amount) as Cents),
    storageFreeDays: body.free_days,
  });
  return write(ctx, kind, id, values, storageToWire);
}

/**
 * Writes a party's settings without a request (the demo seed, whose history says from which day
 * they held: `effectiveFrom`, YYYY-MM-DD UTC; by default from the day after, as a change).
 */
export const setChargeSettings = (
  db: Executor,
  party: repo.Party,
  values: repo.ChargeSettingsValues,
  effectiveFrom: string = firstDayOfChange(),
) => repo.upsertSettings(db, party, values, effectiveFrom);

// ---------------------------------------------------------------------------------------------
// The daily charges

/** The name of the daily job that posts overdue interest and storage fees. */
export const DAILY_CHARGES_JOB = 'finance:daily-charges';

/** One account's settings as the daily charges read them. */
export interface ChargeSettings {
  customerId: number | null;
  companyId: number | null;
  /** `onFees`: storage fees owed count in the interest's base (decision 0045). */
  interest: { enabled: boolean; monthly: BasisPoints; graceDays: number; onFees: boolean };
  storage: { enabled: boolean; dailyAmount: Cents; freeDays: number };
}

/**
 * What posts one day's charges: `ctx.db` is the run's transaction (the day's claim commits with
 * the charges, or neither does), `settings` the accounts with interest or storage fees on.
 */
export type DailyChargesBody = (ctx: RequestContext, day: string, settings: ChargeSettings[]) => Promise<void>;

/**
 * The body that posts the charges to the invoices' ledger (invoices sits above finance), filled in
 * apps/server/src/wiring.ts. Required: empty, a day would be claimed done with nothing posted.
 */
export const dailyChargesBody = requiredSlot<DailyChargesBody>(
  "finance: the daily charges' body (invoices posts them)",
);

/** The accounts with interest or storage fees on, as their settings held on `day` (YYYY-MM-DD, UTC). */
export async function chargeSettings(ctx: RequestContext, day: string): Promise<ChargeSettings[]> {
  return (await repo.settingsOnDay(ctx.db, day)).map((r) => ({
    customerId: r.customerId,
    companyId: r.companyId,
    interest: {
      enabled: r.interestEnabled,
      monthly: r.interestMonthly,
      graceDays: r.interestGraceDays,
      onFees: r.interestOnFees,
    },
    storage: { enabled: r.storageEnabled, dailyAmount: r.storageDailyAmount, freeDays: r.storageFreeDays },
  }));
}

/**
 * The body of `finance:daily-charges`: the day's charges with the settings that held that day,
 * so a day posted late (a catch-up) posts what it would have posted on time.
 */
export const dailyChargesJob: DailyJob = async (ctx, day) =>
  dailyChargesBody.get()(ctx, day, await chargeSettings(ctx, day));

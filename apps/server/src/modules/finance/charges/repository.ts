import { type Executor, schema } from '@cab/db';
import { asc, desc, eq, lte, sql } from 'drizzle-orm';

/**
 * The accounts' overdue interest and storage fee settings (table account_charge_settings) and
 * the days they held (account_charge_settings_history, decision 0039).
 */
const { accountChargeSettings, accountChargeSettingsHistory: history } = schema;

export type ChargeSettingsValues = Partial<
  Omit<typeof accountChargeSettings.$inferInsert, 'id' | 'customerId' | 'companyId' | 'updatedAt'>
>;
export type Party = { customerId: number } | { companyId: number };

const ownerColumn = (p: Party) =>
  'customerId' in p ? accountChargeSettings.customerId : accountChargeSettings.companyId;
const ownerId = (p: Party) => ('customerId' in p ? p.customerId : p.companyId);

/** The party's settings row, locked FOR UPDATE when asked, or undefined when it has none yet. */
export async function settingsOf(db: Executor, party: Party, lock = false) {
  const query = db
    .select()
    .from(accountChargeSettings)
    .where(eq(ownerColumn(party), ownerId(party)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * Writes the party's settings (created on first write) and records them as holding from
 * `effectiveFrom` (YYYY-MM-DD, UTC): a second change with the same first day replaces that day's
 * record.
 */
export async function upsertSettings(db: Executor, party: Party, values: ChargeSettingsValues, effectiveFrom: string) {
  const [row] = await db
    .insert(accountChargeSettings)
    .values({ ...party, ...values })
    .onConflictDoUpdate({ target: ownerColumn(party), set: { ...values, updatedAt: sql`now()` } })
    .returning();
  const held = {
    interestEnabled: row!.interestEnabled,
    interestMonthly: row!.interestMonthly,
    interestGraceDays: row!.interestGraceDays,
    interestOnFees: row!.interestOnFees,
    storageEnabled: row!.storageEnabled,
    storageDailyAmount: row!.storageDailyAmount,
    storageFreeDays: row!.storageFreeDays,
  };
  await db
    .insert(history)
    .values({ ...party, effectiveFrom, ...held })
    .onConflictDoUpdate({
      target: ['customerId' in party ? history.customerId : history.companyId, history.effectiveFrom],
      set: { ...held, createdAt: sql`now()` },
    });
  return row!;
}

/**
 * Each account's settings as they held on `day` (the record with the latest first day on or
 * before it), customers first then companies, by id; accounts with nothing on are left out.
 */
export async function settingsOnDay(db: Executor, day: string) {
  const rows = await db
    .selectDistinctOn([history.customerId, history.companyId])
    .from(history)
    .where(lte(history.effectiveFrom, day))
    .orderBy(asc(history.customerId), asc(history.companyId), desc(history.effectiveFrom));
  return rows.filter((r) => r.interestEnabled || r.storageEnabled);
}

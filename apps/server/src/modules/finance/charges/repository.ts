import { type Executor, schema } from '@cab/db';
import { eq, sql } from 'drizzle-orm';

/** The accounts' overdue interest and storage fee settings (table account_charge_settings). */
const { accountChargeSettings } = schema;

export type ChargeSettingsRow = typeof accountChargeSettings.$inferSelect;
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

/** Writes the party's settings (created on first write). */
export async function upsertSettings(db: Executor, party: Party, values: ChargeSettingsValues) {
  const [row] = await db
    .insert(accountChargeSettings)
    .values({ ...party, ...values })
    .onConflictDoUpdate({ target: ownerColumn(party), set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** Every account with interest or storage fees on (the daily charges read them). */
export function enabledSettings(db: Executor) {
  return db
    .select()
    .from(accountChargeSettings)
    .where(sql`${accountChargeSettings.interestEnabled} or ${accountChargeSettings.storageEnabled}`);
}

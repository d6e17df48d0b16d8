import { type Executor, schema } from '@cab/db';
import { and, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';

const { settings, settingsHistory, holidays, tags, clientLogs } = schema;

export async function readSettings(db: Executor, keys: readonly string[]) {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSetting(db: Executor, key: string, value: unknown, userId: number) {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: userId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}

/** Before-the-first-change day: the value a dated setting had before any change was recorded. */
const SINCE_EVER = '1970-01-01';

/**
 * Records a dated setting's change holding from `effectiveFrom` (a second change with the same
 * first day replaces it); the first change also keeps the value it replaces, from ever.
 */
export async function recordSettingChange(
  db: Executor,
  key: string,
  before: unknown,
  value: unknown,
  effectiveFrom: string,
) {
  await db.insert(settingsHistory).values({ key, effectiveFrom: SINCE_EVER, value: before }).onConflictDoNothing();
  await db
    .insert(settingsHistory)
    .values({ key, effectiveFrom, value })
    .onConflictDoUpdate({ target: [settingsHistory.key, settingsHistory.effectiveFrom], set: { value } });
}

/** A dated setting's value on `day` (YYYY-MM-DD); undefined when it never changed. */
export async function settingOnDay(db: Executor, key: string, day: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settingsHistory.value })
    .from(settingsHistory)
    .where(and(eq(settingsHistory.key, key), lte(settingsHistory.effectiveFrom, day)))
    .orderBy(desc(settingsHistory.effectiveFrom))
    .limit(1);
  return row?.value;
}

/** Holidays of one year: that year's dated ones plus every recurring one. */
export function holidaysOfYear(db: Executor, year: number) {
  return db
    .select()
    .from(holidays)
    .where(
      or(eq(holidays.recurring, true), and(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`))),
    );
}

export function allTags(db: Executor) {
  return db.select().from(tags).orderBy(tags.name, tags.value);
}

export async function insertClientLog(db: Executor, values: typeof clientLogs.$inferInsert) {
  await db.insert(clientLogs).values(values);
}

export async function clientErrorsSince(db: Executor, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clientLogs)
    .where(gte(clientLogs.createdAt, since));
  return row?.n ?? 0;
}

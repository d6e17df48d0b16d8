import { type Executor, schema } from '@cab/db';
import { type AnyColumn, and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { contains, exactCount, type PageWindow, paginate } from '../../../kit/list.ts';

/**
 * The admin screens' SQL over the five rule tables (payment options, payment rules, surcharges,
 * bound discounts, discount codes): the same five statements for each, through `RuleTable`.
 */
const { paymentOptions, paymentRules, surcharges, boundDiscounts, discountCodes } = schema;

export type RuleTable =
  | typeof paymentOptions
  | typeof paymentRules
  | typeof surcharges
  | typeof boundDiscounts
  | typeof discountCodes;
type IdTable = PgTable & { id: PgColumn };

// Drizzle's builders do not accept a union of tables; each statement is the same for all five.
const table = (t: RuleTable) => t as unknown as IdTable;

export function rulePage<T extends RuleTable>(
  db: Executor,
  t: T,
  where: SQL | undefined,
  order: SQL[],
  window: PageWindow,
) {
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(table(t))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as unknown as Promise<T['$inferSelect'][]>,
    exactCount(db, table(t), where),
  );
}

/** One row; `lock` takes it FOR UPDATE (a write's before-image). */
export async function ruleById<T extends RuleTable>(
  db: Executor,
  t: T,
  id: number,
  lock = false,
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table(t))
    .where(eq(table(t).id, id));
  const rows = (await (lock ? query.for('update') : query)) as unknown as T['$inferSelect'][];
  return rows[0];
}

export async function insertRule<T extends RuleTable>(db: Executor, t: T, values: T['$inferInsert']) {
  const rows = (await db
    .insert(table(t))
    .values(values as never)
    .returning()) as unknown as T['$inferSelect'][];
  return rows[0]!;
}

export async function updateRule<T extends RuleTable>(
  db: Executor,
  t: T,
  id: number,
  values: Partial<T['$inferInsert']>,
) {
  if (Object.keys(values).length === 0) return ruleById(db, t, id);
  const rows = (await db
    .update(table(t))
    .set(values as never)
    .where(eq(table(t).id, id))
    .returning()) as unknown as T['$inferSelect'][];
  return rows[0];
}

export async function deleteRule(db: Executor, t: RuleTable, id: number) {
  const rows = await db
    .delete(table(t))
    .where(eq(table(t).id, id))
    .returning({ id: table(t).id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Each list's table, order keys (and the key when none is asked) and filters

const is = <C extends AnyColumn>(column: C, value: unknown) =>
  value === undefined ? undefined : eq(column, value as never);

export const LISTS = {
  paymentOptions: {
    table: paymentOptions,
    order: {
      id: paymentOptions.id,
      name: paymentOptions.name,
      index: paymentOptions.index,
      valid_from: paymentOptions.validFrom,
      valid_to: paymentOptions.validTo,
    },
    fallbackOrder: 'index',
    where: (f: { search?: string; is_active?: boolean; business_only?: boolean }) =>
      and(
        f.search ? contains(paymentOptions.name, f.search) : undefined,
        is(paymentOptions.isActive, f.is_active),
        is(paymentOptions.businessOnly, f.business_only),
      ),
  },
  paymentRules: {
    table: paymentRules,
    order: {
      id: paymentRules.id,
      payment_option: paymentRules.paymentOptionId,
      min_total: paymentRules.minTotal,
      max_total: paymentRules.maxTotal,
    },
    fallbackOrder: 'payment_option',
    where: (f: { payment_option?: number; company?: number; is_active?: boolean }) =>
      and(
        is(paymentRules.paymentOptionId, f.payment_option),
        is(paymentRules.companyId, f.company),
        is(paymentRules.isActive, f.is_active),
      ),
  },
  surcharges: {
    table: surcharges,
    order: { id: surcharges.id, name: surcharges.name, payment_method: surcharges.paymentMethod },
    fallbackOrder: 'name',
    where: (f: { search?: string; is_active?: boolean }) =>
      and(f.search ? contains(surcharges.name, f.search) : undefined, is(surcharges.isActive, f.is_active)),
  },
  boundDiscounts: {
    table: boundDiscounts,
    order: { id: boundDiscounts.id, percentage: boundDiscounts.percentage },
    fallbackOrder: '-id',
    where: (f: { customer?: number; company?: number }) =>
      and(is(boundDiscounts.customerId, f.customer), is(boundDiscounts.companyId, f.company)),
  },
  discountCodes: {
    table: discountCodes,
    order: {
      id: discountCodes.id,
      code: discountCodes.code,
      valid_from: discountCodes.validFrom,
      valid_to: discountCodes.validTo,
      times_used: discountCodes.timesUsed,
    },
    fallbackOrder: 'code',
    where: (f: { search?: string; is_active?: boolean }) =>
      and(
        f.search ? contains(discountCodes.code, f.search.toUpperCase()) : undefined,
        is(discountCodes.isActive, f.is_active),
      ),
  },
} satisfies Record<
  string,
  {
    table: RuleTable;
    order: Record<string, AnyColumn>;
    fallbackOrder: string;
    where: (query: never) => SQL | undefined;
  }
>;

/** The active rules of the given options (the payment option filter). */
export function activeRulesOf(db: Executor, optionIds: number[]) {
  if (optionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentRules)
    .where(and(inArray(paymentRules.paymentOptionId, optionIds), eq(paymentRules.isActive, true)));
}

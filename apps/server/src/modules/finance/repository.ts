import { type Executor, schema } from '@cab/db';
import {
  and,
  asc,
  eq,
  gte,
  type InferInsertModel,
  type InferSelectModel,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

/** The finance tables' SQL: payment options, bound discounts, discount codes, surcharges. */
const { paymentOptions, boundDiscounts, discountCodes, surcharges } = schema;

export type PaymentOptionRow = InferSelectModel<typeof paymentOptions>;
/** What the plain writers take: the row's insert values. */
export type NewPaymentOption = InferInsertModel<typeof paymentOptions>;
export type NewDiscountCode = InferInsertModel<typeof discountCodes>;
export type NewSurcharge = InferInsertModel<typeof surcharges>;
export type NewBoundDiscount = InferInsertModel<typeof boundDiscounts>;

// ---------------------------------------------------------------------------------------------
// Payment options

export async function paymentOptionById(db: Executor, id: number) {
  const [row] = await db.select().from(paymentOptions).where(eq(paymentOptions.id, id));
  return row ?? null;
}

/** Active payment options valid on `date` (inclusive bounds); business-only ones only if asked. */
export function paymentOptionsOn(db: Executor, date: string, includeBusinessOnly: boolean) {
  const conditions: SQL[] = [
    eq(paymentOptions.isActive, true),
    or(isNull(paymentOptions.validFrom), lte(paymentOptions.validFrom, date))!,
    or(isNull(paymentOptions.validTo), gte(paymentOptions.validTo, date))!,
  ];
  if (!includeBusinessOnly) conditions.push(eq(paymentOptions.businessOnly, false));
  return db
    .select()
    .from(paymentOptions)
    .where(and(...conditions))
    .orderBy(asc(paymentOptions.index), asc(paymentOptions.id));
}

export async function insertPaymentOption(db: Executor, values: NewPaymentOption) {
  const [row] = await db.insert(paymentOptions).values(values).returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Surcharges

/** Active surcharges for every method, plus those of `method`. */
export function surchargesFor(db: Executor, method: string | null) {
  const methodMatch =
    method === null
      ? isNull(surcharges.paymentMethod)
      : or(isNull(surcharges.paymentMethod), eq(surcharges.paymentMethod, method));
  return db
    .select()
    .from(surcharges)
    .where(and(eq(surcharges.isActive, true), methodMatch))
    .orderBy(asc(surcharges.id));
}

export async function insertSurcharge(db: Executor, values: NewSurcharge) {
  const [row] = await db.insert(surcharges).values(values).returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Bound discounts

/** The bound discounts of the customer and of the company (either may be missing). */
export function boundDiscountsOf(db: Executor, customerId: number, companyId: number | null) {
  return db
    .select({ customerId: boundDiscounts.customerId, percentage: boundDiscounts.percentage })
    .from(boundDiscounts)
    .where(
      companyId === null
        ? eq(boundDiscounts.customerId, customerId)
        : or(eq(boundDiscounts.customerId, customerId), eq(boundDiscounts.companyId, companyId)),
    );
}

/** Writes the customer's or the company's bound discount (one each: it replaces the one there). */
export async function upsertBoundDiscount(db: Executor, values: NewBoundDiscount) {
  const target = values.customerId != null ? boundDiscounts.customerId : boundDiscounts.companyId;
  const [row] = await db
    .insert(boundDiscounts)
    .values(values)
    .onConflictDoUpdate({ target, set: { percentage: values.percentage, notes: values.notes ?? '' } })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Discount codes

export async function discountCodeById(db: Executor, id: number) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row ?? null;
}

/** The active code stored as `code` (codes are stored upper-cased). */
export async function activeDiscountCode(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), eq(discountCodes.isActive, true)));
  return row ?? null;
}

export async function insertDiscountCode(db: Executor, values: NewDiscountCode) {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row!;
}

/** Claims one use of a code unless its limit is reached; false when none is left. */
export async function claimDiscountCodeUse(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ timesUsed: sql`${discountCodes.timesUsed} + 1` })
    .where(
      and(
        eq(discountCodes.id, id),
        or(isNull(discountCodes.usageLimit), lt(discountCodes.timesUsed, discountCodes.usageLimit)),
      ),
    )
    .returning({ id: discountCodes.id });
  return rows.length === 1;
}

/** Gives back one claimed use of a code (never below zero). */
export async function releaseDiscountCodeUse(db: Executor, id: number) {
  await db
    .update(discountCodes)
    .set({ timesUsed: sql`greatest(${discountCodes.timesUsed} - 1, 0)` })
    .where(eq(discountCodes.id, id));
}

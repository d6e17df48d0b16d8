import { type Executor, schema } from '@cab/db';
import * as repo from './repository.ts';
import { insertRule } from './rules/repository.ts';

/**
 * The finance rules other modules read (the pricing engine's inputs) and the discount code
 * counter. Reads take an executor (the caller's transaction or ctx.db): they run inside the
 * caller's work. The admin screens and the ledger come with the finance work.
 */

export const paymentOptionById = repo.paymentOptionById;
export const surchargesFor = repo.surchargesFor;
export const discountCodeById = repo.discountCodeById;

/** The customer's own bound discount, else the company's (a percentage, or null). */
export async function boundDiscountFor(db: Executor, customerId: number, companyId: number | null) {
  const rows = await repo.boundDiscountsOf(db, customerId, companyId);
  return (rows.find((r) => r.customerId === customerId) ?? rows[0])?.percentage ?? null;
}

/** How a code is stored: trimmed, upper-cased. */
export const normalizeCode = (text: string) => text.trim().toUpperCase();

/** The active code a customer typed (any case, surrounding spaces ignored), or null. */
export const discountCodeByText = (db: Executor, text: string) => repo.activeDiscountCode(db, normalizeCode(text));

/** Claims one use of a code unless its usage limit is reached; false when none is left. */
export const claimCode = (db: Executor, codeId: number) => repo.claimDiscountCodeUse(db, codeId);

/** Gives one claimed use of a code back (never below zero). */
export const releaseCode = (db: Executor, codeId: number) => repo.releaseDiscountCodeUse(db, codeId);

// ---------------------------------------------------------------------------------------------
// Plain writers (the demo seed; the admin screens will go through them too)

export const createPaymentOption = (db: Executor, values: repo.NewPaymentOption) =>
  repo.insertPaymentOption(db, values);
export const createSurcharge = (db: Executor, values: repo.NewSurcharge) => repo.insertSurcharge(db, values);
export const createDiscountCode = (db: Executor, values: repo.NewDiscountCode) =>
  repo.insertDiscountCode(db, { ...values, code: normalizeCode(values.code) });

/** Sets the bound discount of one customer (`customerId`) or one company (`companyId`), replacing theirs. */
export function setBoundDiscount(db: Executor, values: repo.NewBoundDiscount) {
  if ((values.customerId == null) === (values.companyId == null)) {
    throw new Error('setBoundDiscount: exactly one of customerId and companyId');
  }
  return repo.upsertBoundDiscount(db, values);
}

/** Adds a payment rule (the demo seed; the admin screens go through rules/service.ts). */
export const createPaymentRule = (db: Executor, values: typeof schema.paymentRules.$inferInsert) =>
  insertRule(db, schema.paymentRules, values);

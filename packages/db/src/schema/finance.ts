import type { BasisPoints, Cents } from '@cab/shared';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, userRef } from './accounts.ts';
import { createdAt, id } from './columns.ts';

/**
 * The finance rules the pricing engine reads (DOMAIN.md "Order totals"): payment options,
 * bound discounts, code discounts and surcharges. Their admin screens come with the finance
 * work; orders use them now. A rate is basis points, an amount cents; exactly one of the two.
 */

/** One part of a payment option's split (DOMAIN.md "Invoices, milestones, payments"). */
export interface PaymentMilestoneRule {
  label: string;
  /** Share of the order total, basis points; the shares of an option add up to 10,000. */
  percentage: number;
  /** When it falls due. */
  due: 'ON_APPROVAL' | 'BEFORE_PICKUP' | 'DAYS_AFTER_COMPLETION';
  days?: number;
}

export const paymentOptions = pgTable('payment_options', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The discount for choosing this option (e.g. 2 % for paying in full up front). */
  discountPercentage: integer('discount_percentage').$type<BasisPoints>(),
  milestones: jsonb('milestones').$type<PaymentMilestoneRule[]>().notNull(),
  /** Only business accounts (company terms) may pick it, e.g. Net 30. */
  businessOnly: boolean('business_only').notNull().default(false),
  /** Available from/to these dates (inclusive, null open): `payment_options?date=`. */
  validFrom: date('valid_from'),
  validTo: date('valid_to'),
  isActive: boolean('is_active').notNull().default(true),
  index: integer('index').notNull().default(0),
  createdAt: createdAt(),
});

/** A percentage bound to one customer or one company (Finance > Bound Discounts). */
export const boundDiscounts = pgTable(
  'bound_discounts',
  {
    id: id(),
    customerId: userRef('customer_id', 'cascade'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    percentage: integer('percentage').$type<BasisPoints>().notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bound_discounts_customer_key').on(t.customerId),
    uniqueIndex('bound_discounts_company_key').on(t.companyId),
  ],
);

/** A code a customer enters on an order (discount_code); usage is claimed atomically on submit. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    /** Stored upper-cased. */
    code: text('code').notNull(),
    percentage: integer('percentage').$type<BasisPoints>(),
    amount: integer('amount').$type<Cents>(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    minimumTotal: integer('minimum_total').$type<Cents>(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('discount_codes_code_key').on(t.code)],
);

/** A fee: by payment method (a card fee %) or below an order total (a small-order fee). */
export const surcharges = pgTable(
  'surcharges',
  {
    id: id(),
    name: text('name').notNull(),
    percentage: integer('percentage').$type<BasisPoints>(),
    amount: integer('amount').$type<Cents>(),
    /** CARD, ACH, CHECK, WIRE or CASH; null: every method. */
    paymentMethod: text('payment_method'),
    /** A small-order fee applies only while the running total is below this. */
    appliesBelow: integer('applies_below').$type<Cents>(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('surcharges_method_idx').on(t.paymentMethod)],
);

import type { BasisPoints, Cents } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, userRef } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';

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

/**
 * Who may pick a payment option (DOMAIN.md "Invoices, milestones, payments"): an option with no
 * rule is open to every customer; with rules, only to those an active rule admits. Each condition
 * left null admits every value; a total bound is inclusive (cents).
 */
export const paymentRules = pgTable(
  'payment_rules',
  {
    id: id(),
    paymentOptionId: integer('payment_option_id')
      .notNull()
      .references(() => paymentOptions.id, { onDelete: 'cascade' }),
    /** P or B; null: either. */
    accountType: text('account_type').$type<'P' | 'B'>(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    minTotal: integer('min_total').$type<Cents>(),
    maxTotal: integer('max_total').$type<Cents>(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('payment_rules_option_idx').on(t.paymentOptionId)],
);

/**
 * Overdue interest and storage fees of one customer or one company (DOMAIN.md: "per
 * customer/company settings that add charges to their balance"); the daily job reads them.
 */
export const accountChargeSettings = pgTable(
  'account_charge_settings',
  {
    id: id(),
    customerId: userRef('customer_id', 'cascade'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    interestEnabled: boolean('interest_enabled').notNull().default(false),
    /** Monthly interest on overdue balances, basis points. */
    interestMonthly: integer('interest_monthly')
      .$type<BasisPoints>()
      .notNull()
      .default(0 as BasisPoints),
    interestGraceDays: integer('interest_grace_days').notNull().default(0),
    /** Interest also on storage fees owed (issue 34, decision 0045: off unless asked). */
    interestOnFees: boolean('interest_on_fees').notNull().default(false),
    storageEnabled: boolean('storage_enabled').notNull().default(false),
    /** Per day a completed order waits past the free days, cents. */
    storageDailyAmount: integer('storage_daily_amount')
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    storageFreeDays: integer('storage_free_days').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_charge_settings_customer_key').on(t.customerId),
    uniqueIndex('account_charge_settings_company_key').on(t.companyId),
    check('account_charge_settings_one_owner', sql`(${t.customerId} is null) <> (${t.companyId} is null)`),
  ],
);

/**
 * The charge settings as they held, day by day (decision 0039): one row per party and first day
 * (UTC) a value held, written with every change of `account_charge_settings`. The daily charges
 * of a day read the row in effect that day, so a day posted late, or a setting changed after it,
 * gives the same charges.
 */
export const accountChargeSettingsHistory = pgTable(
  'account_charge_settings_history',
  {
    id: id(),
    customerId: userRef('customer_id', 'cascade'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The first day (UTC, the daily job's days) these values held. */
    effectiveFrom: date('effective_from').notNull(),
    interestEnabled: boolean('interest_enabled').notNull(),
    interestMonthly: integer('interest_monthly').$type<BasisPoints>().notNull(),
    interestGraceDays: integer('interest_grace_days').notNull(),
    interestOnFees: boolean('interest_on_fees').notNull().default(false),
    storageEnabled: boolean('storage_enabled').notNull(),
    storageDailyAmount: integer('storage_daily_amount').$type<Cents>().notNull(),
    storageFreeDays: integer('storage_free_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_charge_settings_history_customer_key').on(t.customerId, t.effectiveFrom),
    uniqueIndex('account_charge_settings_history_company_key').on(t.companyId, t.effectiveFrom),
    check('account_charge_settings_history_one_owner', sql`(${t.customerId} is null) <> (${t.companyId} is null)`),
  ],
);

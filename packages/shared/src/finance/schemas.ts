import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { isoDay, listQuery, optionalParam, orderByParam } from '../http/list.ts';
import { MSG } from '../messages.ts';
import { BASIS_POINTS_PER_WHOLE, parseMoney, parsePercent } from '../money.ts';
import { PAYMENT_METHODS } from '../orders/schemas.ts';
import { idField, intField, moneyField, requiredString } from '../validation.ts';
import { FINANCE_TEXT } from './messages.ts';

/**
 * The finance rules on the wire (issue 17): payment options and their rules, surcharges, bound
 * discounts and discount codes, and the accounts' overdue interest and storage fee settings.
 * Money and percentages are two-place decimal strings ("2.50"); cents and basis points inside.
 */

export const MILESTONE_DUES = ['ON_APPROVAL', 'BEFORE_PICKUP', 'DAYS_AFTER_COMPLETION'] as const;
export type MilestoneDue = (typeof MILESTONE_DUES)[number];
const ACCOUNT_TYPES = ['P', 'B'] as const;
/** The longest a milestone, grace or free period may be, in days (ten years). */
const FINANCE_DAYS_MAX = 3650;
const MILESTONES_MAX = 12;

// ---------------------------------------------------------------------------------------------
// Field building blocks

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const nullable = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToNull, schema.nullable());
const hasValue = (v: unknown) => v !== null && v !== undefined && v !== '';

/** A percentage as a decimal ("12.50" or 12.5) within [min, 100], `message` outside. */
const percentIn = (above: 'zero' | 'zeroOrMore', message: string) =>
  z
    .union([z.string(), z.number()], { error: (iss) => (iss.input == null ? MSG.required : MSG.decimal) })
    // A blank field is 'Required' (SPEC 5), not "Must be a valid decimal".
    .refine((v) => typeof v !== 'string' || v.trim() !== '', { message: MSG.required, abort: true })
    .refine((v) => parseMoney(v) !== null, MSG.decimal)
    .refine((v) => {
      const bp = parsePercent(v);
      if (bp === null) return true;
      return (above === 'zero' ? bp > 0 : bp >= 0) && bp <= BASIS_POINTS_PER_WHOLE;
    }, message);

/** SPEC 5: 'percentage must be greater than 0 and less than or equal to 100'. */
const percentAboveZero = () => percentIn('zero', MSG.percentageGreaterThanZero);
/** SPEC 5: 'percentage must be between 0 and 100'. */
const percentZeroTo100 = () => percentIn('zeroOrMore', MSG.percentageBetween);

/** An amount that must be above zero. */
const positiveMoney = () => moneyField().refine((v) => (parseMoney(v) ?? 1) > 0, FINANCE_TEXT.mustBePositive);
/** An amount of zero or more. */
const nonNegativeMoney = () => moneyField().refine((v) => (parseMoney(v) ?? 0) >= 0, FINANCE_TEXT.mustNotBeNegative);
const isoDate = () => isoDay(FINANCE_TEXT.dateInvalid);
/** -3 says it must be 0 or more (intField's bound), 1.5 that it must be whole. */
const days = () => intField({ min: 0, max: FINANCE_DAYS_MAX });
const bool = () => z.boolean({ error: MSG.required });
const notes = () => z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(1000, MSG.textTooLong(1000)));

/** valid_to must not be before valid_from when both are set. */
function datesInOrder(v: { valid_from?: string | null; valid_to?: string | null }, ctx: z.RefinementCtx) {
  if (v.valid_from && v.valid_to && v.valid_to < v.valid_from) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: FINANCE_TEXT.validToBeforeFrom });
  }
}

/** A rate or an amount, never both (on create: exactly one). */
function rateOrAmount(required: boolean) {
  return (v: { percentage?: unknown; amount?: unknown }, ctx: z.RefinementCtx) => {
    if (hasValue(v.percentage) && hasValue(v.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: FINANCE_TEXT.notBoth });
    } else if (required && !hasValue(v.percentage) && !hasValue(v.amount)) {
      ctx.addIssue({ code: 'custom', path: ['percentage'], message: FINANCE_TEXT.percentageOrAmount });
    }
  };
}

const boolParam = () => optionalParam(z.enum(['true', 'false']).transform((v) => v === 'true'));
const idParam = () => optionalParam(idField());
const searchParam = () => optionalParam(z.string().trim().max(100));

// ---------------------------------------------------------------------------------------------
// Payment options

const milestoneBodySchema = z
  .object({
    label: requiredString(100),
    percentage: percentAboveZero(),
    due: z.enum(MILESTONE_DUES, { error: MSG.required }),
    days: z.preprocess(emptyToNull, days().nullable()).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.due === 'DAYS_AFTER_COMPLETION' && (m.days === null || m.days === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: FINANCE_TEXT.daysRequired });
    }
  });

/** The sum of the shares in basis points, or null while one is not a number. */
export function milestoneSharesTotal(milestones: readonly { percentage?: unknown }[]): number | null {
  let total = 0;
  for (const m of milestones) {
    const bp = typeof m.percentage === 'string' || typeof m.percentage === 'number' ? parsePercent(m.percentage) : null;
    if (bp === null) return null;
    total += bp;
  }
  return total;
}

/** The milestones of an option: 1 to 12, shares adding up to exactly 100.00 (400 on `milestones`). */
const milestonesField = () =>
  z
    .array(milestoneBodySchema, { error: MSG.required })
    .min(1, FINANCE_TEXT.milestonesRequired)
    .max(MILESTONES_MAX)
    .superRefine((ms, ctx) => {
      const total = milestoneSharesTotal(ms);
      if (ms.length > 0 && total !== null && total !== BASIS_POINTS_PER_WHOLE) {
        ctx.addIssue({ code: 'custom', message: FINANCE_TEXT.milestonesTotal });
      }
    });

const paymentOptionFields = {
  name: requiredString(100),
  description: notes(),
  discount_percentage: nullable(percentZeroTo100()),
  milestones: milestonesField(),
  business_only: bool(),
  valid_from: nullable(isoDate()),
  valid_to: nullable(isoDate()),
  is_active: bool(),
  index: intField({ min: 0, max: 10_000 }),
};
export const paymentOptionBodySchema = z
  .object({
    ...paymentOptionFields,
    description: paymentOptionFields.description.optional(),
    discount_percentage: paymentOptionFields.discount_percentage.optional(),
    business_only: paymentOptionFields.business_only.optional(),
    valid_from: paymentOptionFields.valid_from.optional(),
    valid_to: paymentOptionFields.valid_to.optional(),
    is_active: paymentOptionFields.is_active.optional(),
    index: paymentOptionFields.index.optional(),
  })
  .superRefine(datesInOrder);
export const paymentOptionPatchSchema = z.object(paymentOptionFields).partial().superRefine(datesInOrder);

const paymentOptionRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  discount_percentage: z.string().nullable(),
  milestones: z.array(
    z.object({
      label: z.string(),
      percentage: z.string(),
      due: z.enum(MILESTONE_DUES),
      days: z.number().int().nullable(),
    }),
  ),
  business_only: z.boolean(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  is_active: z.boolean(),
  index: z.number().int(),
});
export type PaymentOptionRule = z.infer<typeof paymentOptionRuleSchema>;

const PAYMENT_OPTION_ORDER_KEYS = ['id', 'name', 'index', 'valid_from', 'valid_to'] as const;
const paymentOptionListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.financeRules }),
  order_by: orderByParam(PAYMENT_OPTION_ORDER_KEYS),
  search: searchParam(),
  is_active: boolParam(),
  business_only: boolParam(),
});

/** The payment option calls' query, create body, PATCH body and answer (contract.ts `crud`). */
export const paymentOptionCalls = {
  query: paymentOptionListQuerySchema,
  body: paymentOptionBodySchema,
  patch: paymentOptionPatchSchema,
  item: paymentOptionRuleSchema,
};

// ---------------------------------------------------------------------------------------------
// Payment rules

const paymentRuleFields = {
  payment_option: idField(),
  account_type: z.preprocess(emptyToNull, z.enum(ACCOUNT_TYPES, { error: MSG.required }).nullable()),
  company: z.preprocess(emptyToNull, idField().nullable()),
  min_total: nullable(nonNegativeMoney()),
  max_total: nullable(nonNegativeMoney()),
  is_active: bool(),
};
function totalsInOrder(v: { min_total?: unknown; max_total?: unknown }, ctx: z.RefinementCtx) {
  const min = hasValue(v.min_total) ? parseMoney(v.min_total as string) : null;
  const max = hasValue(v.max_total) ? parseMoney(v.max_total as string) : null;
  if (min !== null && max !== null && max < min) {
    ctx.addIssue({ code: 'custom', path: ['max_total'], message: FINANCE_TEXT.maxBelowMin });
  }
}
export const paymentRuleBodySchema = z
  .object({
    payment_option: paymentRuleFields.payment_option,
    account_type: paymentRuleFields.account_type.optional(),
    company: paymentRuleFields.company.optional(),
    min_total: paymentRuleFields.min_total.optional(),
    max_total: paymentRuleFields.max_total.optional(),
    is_active: paymentRuleFields.is_active.optional(),
  })
  .superRefine(totalsInOrder);
export const paymentRulePatchSchema = z.object(paymentRuleFields).partial().superRefine(totalsInOrder);

const paymentRuleSchema = z.object({
  id: z.number().int(),
  payment_option: z.number().int(),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  company: z.number().int().nullable(),
  min_total: z.string().nullable(),
  max_total: z.string().nullable(),
  is_active: z.boolean(),
});
export type PaymentRule = z.infer<typeof paymentRuleSchema>;

const PAYMENT_RULE_ORDER_KEYS = ['id', 'payment_option', 'min_total', 'max_total'] as const;
const paymentRuleListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.financeRules }),
  order_by: orderByParam(PAYMENT_RULE_ORDER_KEYS),
  payment_option: idParam(),
  company: idParam(),
  is_active: boolParam(),
});

/** The payment rule calls' query, create body, PATCH body and answer (contract.ts `crud`). */
export const paymentRuleCalls = {
  query: paymentRuleListQuerySchema,
  body: paymentRuleBodySchema,
  patch: paymentRulePatchSchema,
  item: paymentRuleSchema,
};

// ---------------------------------------------------------------------------------------------
// Surcharges

const surchargeFields = {
  name: requiredString(100),
  percentage: nullable(percentAboveZero()),
  amount: nullable(positiveMoney()),
  payment_method: z.preprocess(emptyToNull, z.enum(PAYMENT_METHODS, { error: MSG.required }).nullable()),
  applies_below: nullable(positiveMoney()),
  is_active: bool(),
};
export const surchargeBodySchema = z
  .object({
    name: surchargeFields.name,
    percentage: surchargeFields.percentage.optional(),
    amount: surchargeFields.amount.optional(),
    payment_method: surchargeFields.payment_method.optional(),
    applies_below: surchargeFields.applies_below.optional(),
    is_active: surchargeFields.is_active.optional(),
  })
  .superRefine(rateOrAmount(true));
export const surchargePatchSchema = z.object(surchargeFields).partial().superRefine(rateOrAmount(false));

const surchargeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percentage: z.string().nullable(),
  amount: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  applies_below: z.string().nullable(),
  is_active: z.boolean(),
});
export type Surcharge = z.infer<typeof surchargeSchema>;

const SURCHARGE_ORDER_KEYS = ['id', 'name', 'payment_method'] as const;
const surchargeListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.financeRules }),
  order_by: orderByParam(SURCHARGE_ORDER_KEYS),
  search: searchParam(),
  is_active: boolParam(),
});

/** The surcharge calls' query, create body, PATCH body and answer (contract.ts `crud`). */
export const surchargeCalls = {
  query: surchargeListQuerySchema,
  body: surchargeBodySchema,
  patch: surchargePatchSchema,
  item: surchargeSchema,
};

// ---------------------------------------------------------------------------------------------
// Bound discounts

const boundDiscountFields = {
  customer: z.preprocess(emptyToNull, idField().nullable()),
  company: z.preprocess(emptyToNull, idField().nullable()),
  // SPEC 5: a bound discount of 0 % is no discount.
  percentage: percentAboveZero(),
  notes: notes(),
};
function oneParty(required: boolean) {
  return (v: { customer?: unknown; company?: unknown }, ctx: z.RefinementCtx) => {
    if (hasValue(v.customer) && hasValue(v.company)) {
      ctx.addIssue({ code: 'custom', path: ['company'], message: FINANCE_TEXT.customerAndCompany });
    } else if (required && !hasValue(v.customer) && !hasValue(v.company)) {
      ctx.addIssue({ code: 'custom', path: ['customer'], message: FINANCE_TEXT.customerOrCompany });
    }
  };
}
export const boundDiscountBodySchema = z
  .object({
    customer: boundDiscountFields.customer.optional(),
    company: boundDiscountFields.company.optional(),
    percentage: boundDiscountFields.percentage,
    notes: boundDiscountFields.notes.optional(),
  })
  .superRefine(oneParty(true));
export const boundDiscountPatchSchema = z.object(boundDiscountFields).partial().superRefine(oneParty(false));

const boundDiscountSchema = z.object({
  id: z.number().int(),
  customer: z.number().int().nullable(),
  company: z.number().int().nullable(),
  percentage: z.string(),
  notes: z.string(),
});
export type BoundDiscount = z.infer<typeof boundDiscountSchema>;

const BOUND_DISCOUNT_ORDER_KEYS = ['id', 'percentage'] as const;
const boundDiscountListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.financeRules }),
  order_by: orderByParam(BOUND_DISCOUNT_ORDER_KEYS),
  customer: idParam(),
  company: idParam(),
});

/** The bound discount calls' query, create body, PATCH body and answer (contract.ts `crud`). */
export const boundDiscountCalls = {
  query: boundDiscountListQuerySchema,
  body: boundDiscountBodySchema,
  patch: boundDiscountPatchSchema,
  item: boundDiscountSchema,
};

// ---------------------------------------------------------------------------------------------
// Discount codes

const discountCodeFields = {
  code: requiredString(50).regex(/^[A-Za-z0-9_-]+$/, MSG.alphanumeric),
  percentage: nullable(percentAboveZero()),
  amount: nullable(positiveMoney()),
  valid_from: nullable(isoDate()),
  valid_to: nullable(isoDate()),
  usage_limit: z.preprocess(emptyToNull, intField({ min: 1, message: FINANCE_TEXT.mustBePositive }).nullable()),
  minimum_total: nullable(nonNegativeMoney()),
  is_active: bool(),
};
export const discountCodeRuleBodySchema = z
  .object({
    code: discountCodeFields.code,
    percentage: discountCodeFields.percentage.optional(),
    amount: discountCodeFields.amount.optional(),
    valid_from: discountCodeFields.valid_from.optional(),
    valid_to: discountCodeFields.valid_to.optional(),
    usage_limit: discountCodeFields.usage_limit.optional(),
    minimum_total: discountCodeFields.minimum_total.optional(),
    is_active: discountCodeFields.is_active.optional(),
  })
  .superRefine(rateOrAmount(true))
  .superRefine(datesInOrder);
export const discountCodePatchSchema = z
  .object(discountCodeFields)
  .partial()
  .superRefine(rateOrAmount(false))
  .superRefine(datesInOrder);

const discountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percentage: z.string().nullable(),
  amount: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  minimum_total: z.string().nullable(),
  is_active: z.boolean(),
  times_used: z.number().int(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

const DISCOUNT_CODE_ORDER_KEYS = ['id', 'code', 'valid_from', 'valid_to', 'times_used'] as const;
const discountCodeListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.financeRules }),
  order_by: orderByParam(DISCOUNT_CODE_ORDER_KEYS),
  search: searchParam(),
  is_active: boolParam(),
});

/** The code discount calls' query, create body, PATCH body and answer (contract.ts `crud`). */
export const discountCodeCalls = {
  query: discountCodeListQuerySchema,
  body: discountCodeRuleBodySchema,
  patch: discountCodePatchSchema,
  item: discountCodeSchema,
};

// ---------------------------------------------------------------------------------------------
// Accounts: reminders, overdue interest, storage fees

export const remindersQueuedSchema = z.object({ queued: z.number().int() });

export const overdueInterestSchema = z.object({
  enabled: z.boolean(),
  monthly_percentage: z.string(),
  grace_days: z.number().int(),
  /** Interest also on the storage fees owed (default off: decision 0045). */
  on_fees: z.boolean(),
});
export type OverdueInterest = z.infer<typeof overdueInterestSchema>;
export const overdueInterestBodySchema = z
  .object({ enabled: bool(), monthly_percentage: percentZeroTo100(), grace_days: days(), on_fees: bool() })
  .partial();
export type OverdueInterestBody = z.input<typeof overdueInterestBodySchema>;

export const storageFeesSchema = z.object({
  enabled: z.boolean(),
  daily_amount: z.string(),
  free_days: z.number().int(),
});
export type StorageFees = z.infer<typeof storageFeesSchema>;
export const storageFeesBodySchema = z
  .object({ enabled: bool(), daily_amount: nonNegativeMoney(), free_days: days() })
  .partial();
export type StorageFeesBody = z.input<typeof storageFeesBodySchema>;

export const financeDeletedSchema = z.object({ detail: z.string() });

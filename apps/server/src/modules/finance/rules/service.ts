import { schema } from '@cab/db';
import {
  type boundDiscountBodySchema,
  type boundDiscountPatchSchema,
  type discountCodePatchSchema,
  type discountCodeRuleBodySchema,
  ERROR_CODES,
  FINANCE_TEXT,
  type paymentOptionBodySchema,
  type paymentOptionPatchSchema,
  type paymentRuleBodySchema,
  type paymentRulePatchSchema,
  type surchargeBodySchema,
  type surchargePatchSchema,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../kit/context.ts';
import { fieldError } from '../../../kit/errors.ts';
import { companyName } from '../../accounts/index.ts';
import { findUserWithCompany } from '../../auth/index.ts';
import { normalizeCode } from '../service.ts';
import { bp, created, money, ruleService, sent } from './kind.ts';
import * as repo from './repository.ts';
import * as wire from './wire.ts';

/** The five rule lists of Finance (issue 17), each a `ruleService` of its table. */
type Out<S extends z.ZodType> = z.output<S>;

const invalid = (field: string, message: string) => fieldError(ERROR_CODES.validation, field, message);

/** The value after a PATCH: the one sent, else the stored one. */
const after = <V>(sent: V | undefined, stored: V) => (sent === undefined ? stored : sent);

/** valid_to not before valid_from, with the stored values filling what a PATCH does not send. */
function checkDates(
  b: { valid_from?: string | null; valid_to?: string | null },
  row: { validFrom: string | null; validTo: string | null },
) {
  const from = after(b.valid_from, row.validFrom);
  const to = after(b.valid_to, row.validTo);
  if (from && to && to < from) throw invalid('valid_to', FINANCE_TEXT.validToBeforeFrom);
}

const milestonesOf = (ms: Out<typeof paymentOptionBodySchema>['milestones']): schema.PaymentMilestoneRule[] =>
  ms.map((m) => ({
    label: m.label,
    percentage: bp(m.percentage) as number,
    due: m.due,
    ...(m.due === 'DAYS_AFTER_COMPLETION' ? { days: m.days ?? 0 } : {}),
  }));

export const paymentOptionRules = ruleService({
  ...repo.LISTS.paymentOptions,
  entity: 'payment_option',
  toWire: wire.paymentOptionToWire,
  label: (r) => r.name,
  inUseMessage: FINANCE_TEXT.optionInUse,
  columns: (b: Out<typeof paymentOptionPatchSchema>) => ({
    name: b.name,
    description: b.description,
    discountPercentage: bp(b.discount_percentage),
    milestones: b.milestones && milestonesOf(b.milestones),
    businessOnly: b.business_only,
    validFrom: b.valid_from,
    validTo: b.valid_to,
    isActive: b.is_active,
    index: b.index,
  }),
  insert: async (_tx, _b: Out<typeof paymentOptionBodySchema>, values) =>
    created(values, {
      description: '',
      discountPercentage: null,
      businessOnly: false,
      validFrom: null,
      validTo: null,
      isActive: true,
      index: 0,
    }),
  patch: async (_tx, b: Out<typeof paymentOptionPatchSchema>, row, values) => {
    checkDates(b, row);
    return values;
  },
});

async function checkOption(tx: Ctx, id: number | undefined) {
  if (id !== undefined && !(await repo.ruleById(tx.db, schema.paymentOptions, id))) {
    throw invalid('payment_option', FINANCE_TEXT.unknownPaymentOption);
  }
}
async function checkCompany(tx: Ctx, id: number | null | undefined, field = 'company') {
  if (id !== undefined && id !== null && (await companyName(tx.db, id)) === null) {
    throw invalid(field, FINANCE_TEXT.unknownCompany);
  }
}
async function checkCustomer(tx: Ctx, id: number | null | undefined) {
  if (id === undefined || id === null) return;
  const found = await findUserWithCompany(tx.db, id);
  const u = found?.user;
  if (!u || u.accountType === null || u.isStaff || u.isEmployee)
    throw invalid('customer', FINANCE_TEXT.unknownCustomer);
}

export const paymentRuleRules = ruleService({
  ...repo.LISTS.paymentRules,
  entity: 'payment_rule',
  toWire: wire.paymentRuleToWire,
  label: (r) => `Payment rule ${r.id}`,
  columns: (b: Out<typeof paymentRulePatchSchema>) => ({
    paymentOptionId: b.payment_option,
    accountType: b.account_type,
    companyId: b.company,
    minTotal: money(b.min_total),
    maxTotal: money(b.max_total),
    isActive: b.is_active,
  }),
  insert: async (tx, b: Out<typeof paymentRuleBodySchema>, values) => {
    await checkOption(tx, b.payment_option);
    await checkCompany(tx, b.company);
    return created(values, {
      accountType: null,
      companyId: null,
      minTotal: null,
      maxTotal: null,
      isActive: true,
    });
  },
  patch: async (tx, b: Out<typeof paymentRulePatchSchema>, row, values) => {
    await checkOption(tx, b.payment_option);
    await checkCompany(tx, b.company);
    const min = after(values.minTotal, row.minTotal);
    const max = after(values.maxTotal, row.maxTotal);
    if (min !== null && max !== null && max < min) throw invalid('max_total', FINANCE_TEXT.maxBelowMin);
    return values;
  },
});

/**
 * Two columns of which one stands (a rate or an amount, a customer or a company): setting one
 * clears the other, and one must remain (`fail` otherwise). `row` is the stored one for a PATCH.
 */
function oneOf<V extends Record<string, unknown>, K extends keyof V & string>(
  values: V,
  [a, b]: [K, K],
  row: Record<K, unknown> | null,
  fail: () => Error,
): V {
  const v = values as Record<K, unknown>;
  if (v[a] != null && v[b] === undefined) v[b] = null;
  if (v[b] != null && v[a] === undefined) v[a] = null;
  if (after(v[a], row?.[a] ?? null) === null && after(v[b], row?.[b] ?? null) === null) throw fail();
  return values;
}

/** A rate or an amount (never both). */
const rateOrAmount = (
  b: { percentage?: string | number | null; amount?: string | number | null },
  row: { percentage: number | null; amount: number | null } | null,
) =>
  oneOf(sent({ percentage: bp(b.percentage), amount: money(b.amount) }), ['percentage', 'amount'], row, () =>
    invalid('percentage', FINANCE_TEXT.percentageOrAmount),
  );

export const surchargeRules = ruleService({
  ...repo.LISTS.surcharges,
  entity: 'surcharge',
  toWire: wire.surchargeToWire,
  label: (r) => r.name,
  columns: (b: Out<typeof surchargePatchSchema>) => ({
    name: b.name,
    paymentMethod: b.payment_method,
    appliesBelow: money(b.applies_below),
    isActive: b.is_active,
  }),
  insert: async (_tx, b: Out<typeof surchargeBodySchema>, values) => ({
    ...created(values, { paymentMethod: null, appliesBelow: null, isActive: true }),
    ...rateOrAmount(b, null),
  }),
  patch: async (_tx, b: Out<typeof surchargePatchSchema>, row, values) => ({ ...values, ...rateOrAmount(b, row) }),
});

const boundTaken = (constraint: string | undefined) =>
  invalid(constraint === 'bound_discounts_company_key' ? 'company' : 'customer', FINANCE_TEXT.boundTaken);

export const boundDiscountRules = ruleService({
  ...repo.LISTS.boundDiscounts,
  entity: 'bound_discount',
  toWire: wire.boundDiscountToWire,
  label: (r) =>
    r.customerId !== null ? `Bound discount of customer ${r.customerId}` : `Bound discount of company ${r.companyId}`,
  taken: boundTaken,
  columns: (b: Out<typeof boundDiscountPatchSchema>) => ({
    customerId: b.customer,
    companyId: b.company,
    percentage: bp(b.percentage) ?? undefined,
    notes: b.notes,
  }),
  insert: async (tx, b: Out<typeof boundDiscountBodySchema>, values) => {
    await checkCustomer(tx, b.customer);
    await checkCompany(tx, b.company);
    return created(values, { customerId: null, companyId: null, notes: '' });
  },
  patch: async (tx, b: Out<typeof boundDiscountPatchSchema>, row, values) => {
    await checkCustomer(tx, b.customer);
    await checkCompany(tx, b.company);
    // One party: naming one clears the other.
    return oneOf(values, ['customerId', 'companyId'], row, () => invalid('customer', FINANCE_TEXT.customerOrCompany));
  },
});

export const discountCodeRules = ruleService({
  ...repo.LISTS.discountCodes,
  entity: 'discount_code',
  toWire: wire.discountCodeToWire,
  label: (r) => r.code,
  taken: () => invalid('code', FINANCE_TEXT.codeTaken),
  inUseMessage: FINANCE_TEXT.codeInUse,
  columns: (b: Out<typeof discountCodePatchSchema>) => ({
    code: b.code === undefined ? undefined : normalizeCode(b.code),
    validFrom: b.valid_from,
    validTo: b.valid_to,
    usageLimit: b.usage_limit,
    minimumTotal: money(b.minimum_total),
    isActive: b.is_active,
  }),
  insert: async (_tx, b: Out<typeof discountCodeRuleBodySchema>, values) => ({
    ...created(values, {
      validFrom: null,
      validTo: null,
      usageLimit: null,
      minimumTotal: null,
      isActive: true,
    }),
    ...rateOrAmount(b, null),
  }),
  patch: async (_tx, b: Out<typeof discountCodePatchSchema>, row, values) => {
    checkDates(b, row);
    return { ...values, ...rateOrAmount(b, row) };
  },
});

import type { schema } from '@cab/db';
import {
  type BasisPoints,
  type BoundDiscount,
  type Cents,
  type DiscountCode,
  type MilestoneDue,
  type PaymentOptionRule,
  type PaymentRule,
  type Surcharge,
  toWire,
} from '@cab/shared';

/** The rule rows on the wire (issue 17): cents and basis points as two-place strings. */

const wire = (n: Cents | BasisPoints | null) => (n === null ? null : toWire(n));

export const paymentOptionToWire = (r: typeof schema.paymentOptions.$inferSelect): PaymentOptionRule => ({
  id: r.id,
  name: r.name,
  description: r.description,
  discount_percentage: wire(r.discountPercentage),
  milestones: r.milestones.map((m) => ({
    label: m.label,
    percentage: toWire(m.percentage as BasisPoints),
    due: m.due as MilestoneDue,
    days: m.days ?? null,
  })),
  business_only: r.businessOnly,
  valid_from: r.validFrom,
  valid_to: r.validTo,
  is_active: r.isActive,
  index: r.index,
});

export const paymentRuleToWire = (r: typeof schema.paymentRules.$inferSelect): PaymentRule => ({
  id: r.id,
  payment_option: r.paymentOptionId,
  account_type: r.accountType,
  company: r.companyId,
  min_total: wire(r.minTotal),
  max_total: wire(r.maxTotal),
  is_active: r.isActive,
});

export const surchargeToWire = (r: typeof schema.surcharges.$inferSelect): Surcharge => ({
  id: r.id,
  name: r.name,
  percentage: wire(r.percentage),
  amount: wire(r.amount),
  payment_method: r.paymentMethod as Surcharge['payment_method'],
  applies_below: wire(r.appliesBelow),
  is_active: r.isActive,
});

export const boundDiscountToWire = (r: typeof schema.boundDiscounts.$inferSelect): BoundDiscount => ({
  id: r.id,
  customer: r.customerId,
  company: r.companyId,
  percentage: toWire(r.percentage),
  notes: r.notes,
});

export const discountCodeToWire = (r: typeof schema.discountCodes.$inferSelect): DiscountCode => ({
  id: r.id,
  code: r.code,
  percentage: wire(r.percentage),
  amount: wire(r.amount),
  valid_from: r.validFrom,
  valid_to: r.validTo,
  usage_limit: r.usageLimit,
  minimum_total: wire(r.minimumTotal),
  is_active: r.isActive,
  times_used: r.timesUsed,
});

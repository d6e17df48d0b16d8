/**
 * Finance (issues 16, 17): the one owner of the tables `payment_options`, `payment_rules`,
 * `bound_discounts`, `discount_codes`, `surcharges` and `account_charge_settings`. Orders read the
 * pricing rules, the payment options the rules admit, and claim or release a code's use through
 * this file; the demo seed writes the rules through its writers. By job: `rules/` (the admin
 * lists of the five rule tables, `admit.ts` the payment option filter), `charges/` (overdue
 * interest and storage fee settings, the daily charges job and its slot `dailyChargesBody`, filled in wiring.ts).
 */

export {
  type ChargeSettings,
  DAILY_CHARGES_JOB,
  dailyChargesBody,
  dailyChargesJob,
  setChargeSettings,
} from './charges/service.ts';
export type { PaymentOptionRow } from './repository.ts';
export { financeRoutes } from './routes.ts';
export { admittedPaymentOptions, type PaymentChooser } from './rules/admit.ts';
export {
  boundDiscountFor,
  claimCode,
  createDiscountCode,
  createPaymentOption,
  createPaymentRule,
  createSurcharge,
  discountCodeById,
  discountCodeByText,
  paymentOptionById,
  releaseCode,
  setBoundDiscount,
  surchargesFor,
} from './service.ts';

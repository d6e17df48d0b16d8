/**
 * Finance (issue 16): the one owner of the tables `payment_options`, `bound_discounts`,
 * `discount_codes` and `surcharges`. Orders read the pricing rules and claim or release a code's
 * use through this file; the demo seed writes the rules through its plain writers. No routes yet:
 * the admin screens, invoices and the ledger come with the finance work.
 */
export type {
  DiscountCodeRow,
  NewBoundDiscount,
  NewDiscountCode,
  NewPaymentOption,
  NewSurcharge,
  PaymentOptionRow,
  SurchargeRow,
} from './repository.ts';
export {
  boundDiscountFor,
  claimCode,
  createDiscountCode,
  createPaymentOption,
  createSurcharge,
  discountCodeById,
  discountCodeByText,
  normalizeCode,
  paymentOptionById,
  paymentOptionsOn,
  releaseCode,
  setBoundDiscount,
  surchargesFor,
} from './service.ts';

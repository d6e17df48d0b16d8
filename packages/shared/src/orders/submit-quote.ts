import { z } from 'zod';
import { emptyToUndefined, optionalParam } from '../http/list.ts';
import { idField } from '../validation.ts';
import { PAYMENT_METHODS, SHIPPING_METHODS } from './schemas.ts';

/**
 * GET {id}/submit_quote/: what the order would cost if submitted with these choices (surcharges
 * of the payment method, the payment option's discount, the tax of the state it is taxed in),
 * priced by the same engine and input the submit uses, so the submit page shows the total it
 * commits to (and sends it back as expected_total).
 */
export const submitQuoteQuerySchema = z.object({
  customer_payment_option: optionalParam(idField()),
  payment_method: z.preprocess(emptyToUndefined, z.enum(PAYMENT_METHODS).optional()),
  shipping_method: z.preprocess(emptyToUndefined, z.enum(SHIPPING_METHODS).optional()),
  shipping_address: optionalParam(idField()),
});
export type SubmitQuoteQuery = z.infer<typeof submitQuoteQuerySchema>;

export const submitQuoteSchema = z.object({
  subtotal: z.string(),
  customer_discount_amount: z.string(),
  order_discount: z.string(),
  total_after_discount: z.string(),
  surcharge: z.string(),
  payment_option_discount: z.string(),
  total_before_tax: z.string(),
  sales_tax_in_percentage: z.string(),
  sales_tax_amount: z.string(),
  total_price: z.string(),
});
export type SubmitQuote = z.infer<typeof submitQuoteSchema>;

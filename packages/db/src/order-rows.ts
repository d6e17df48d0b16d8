import type { OrderPricing } from '@cab/shared';
import type { addresses } from './schema/accounts.ts';
import type { AddressSnapshot, orders } from './schema/orders.ts';

/**
 * How an order stores what it was priced and submitted with, for the orders module and the seed.
 */

/**
 * SPEC 3's price fields as order columns, from the pricing engine's answer: the orders module and
 * the demo seed store a priced order the same way.
 */
export function orderTotalsColumns(p: OrderPricing, pricedAt = new Date()): Partial<typeof orders.$inferInsert> {
  const t = p.totals;
  return {
    subtotal: t.subtotal,
    customerDiscountAmount: t.customer_discount_amount,
    totalAfterCustomerDiscount: t.total_after_customer_discount,
    orderDiscount: t.order_discount,
    totalAfterDiscount: t.total_after_discount,
    surcharge: t.surcharge,
    paymentOptionDiscount: t.payment_option_discount,
    totalBeforeTax: t.total_before_tax,
    salesTaxInPercentage: t.sales_tax_in_percentage,
    salesTaxAmount: t.sales_tax_amount,
    totalAfterTax: t.total_after_tax,
    totalPrice: t.total_price,
    pricingSteps: [...p.steps],
    pricedAt,
  };
}

/** An address as an order keeps it when submitted (editing the address book later changes nothing). */
export const addressSnapshot = (a: typeof addresses.$inferSelect): AddressSnapshot => ({
  id: a.id,
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  state: a.state,
  postal_code: a.postalCode,
  phone: a.phone,
});

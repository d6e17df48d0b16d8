import type { OrderPricing } from '@cab/shared';
import type { orders } from './schema/orders.ts';

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

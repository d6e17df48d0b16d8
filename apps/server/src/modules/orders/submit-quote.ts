import { addressSnapshot } from '@cab/db';
import { priceOrder, type SubmitQuote, type SubmitQuoteQuery, toWire } from '@cab/shared';
import type { Ctx } from '../../kit/context.ts';
import * as lrepo from './lifecycle-repository.ts';
import { frozenGroups, orderLevelInput } from './pricing.ts';
import { loadOrderRow } from './reach.ts';
import * as repo from './repository.ts';

/**
 * GET {id}/submit_quote/: the order priced as the submit would price it with these choices, and
 * nothing saved. The same input builder (orderLevelInput) and engine as submit's reprice, so the
 * submit page shows the total the submit commits to. A choice left out keeps the order's own.
 */
export async function submitQuote(ctx: Ctx, id: number, q: SubmitQuoteQuery): Promise<SubmitQuote> {
  const row = await loadOrderRow(ctx, id);
  let shippingAddress = row.shippingAddress;
  if (q.shipping_method === 'PICKUP') shippingAddress = null;
  else if (q.shipping_address !== undefined) {
    const address = await lrepo.addressOfOwner(ctx.db, q.shipping_address, row.customerId, row.companyId);
    shippingAddress = address ? addressSnapshot(address) : null;
  }
  const chosen: repo.OrderRow = {
    ...row,
    paymentMethod: q.payment_method ?? row.paymentMethod,
    customerPaymentOptionId: q.customer_payment_option ?? row.customerPaymentOptionId,
    shippingMethod: q.shipping_method ?? row.shippingMethod,
    shippingAddress,
  };
  const [groups, items] = await Promise.all([repo.groupsOf(ctx.db, id), repo.itemsOf(ctx.db, id)]);
  const level = await orderLevelInput(ctx, chosen);
  const t = priceOrder({ ...level, groups: frozenGroups(groups, items) }).totals;
  return {
    subtotal: toWire(t.subtotal),
    customer_discount_amount: toWire(t.customer_discount_amount),
    order_discount: toWire(t.order_discount),
    total_after_discount: toWire(t.total_after_discount),
    surcharge: toWire(t.surcharge),
    payment_option_discount: toWire(t.payment_option_discount),
    total_before_tax: toWire(t.total_before_tax),
    sales_tax_in_percentage: toWire(t.sales_tax_in_percentage),
    sales_tax_amount: toWire(t.sales_tax_amount),
    total_price: toWire(t.total_price),
  };
}

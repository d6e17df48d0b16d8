import type { Executor } from '@cab/db';
import {
  frozenRulesOf,
  noChargeRules,
  type OrderPricingInput,
  orderLevelInputOf,
  type PricingGroup,
  pricingGroupOf,
  pricingItemOf,
  taxRateToWire,
  taxStateOf,
  toWire,
} from '@cab/shared';
import { type RequestContext, todayOf } from '../../../kit/context.ts';
import { getSettings } from '../../core/index.ts';
import type { PaymentChooser } from '../../finance/index.ts';
import * as repo from './sources.ts';
import type { PreparedGroup } from './validate.ts';

/**
 * Builds the pricing engine's input from the database (decision 0012): the engine in
 * packages/shared/src/pricing does every sum; this file only resolves what it needs.
 */

/**
 * Today's rules for `order` (as `recalculate` and a bid see them), with the state they tax: the
 * rows read here, the rules applied by the shared `orderLevelInputOf` and `taxStateOf`
 * (decision 0024), as the builder and the seed apply them.
 */
export async function liveRules(ctx: RequestContext, order: repo.OrderRow, today = todayOf(ctx)) {
  const db: Executor = ctx.db;
  const shippingState = order.shippingAddress?.state ?? null;
  const needsDefault = order.shippingMethod !== 'PICKUP' && shippingState === null;
  const [customer, bound, code, fees, option, settings, defaultShippingState] = await Promise.all([
    repo.customerOf(db, order.customerId),
    repo.boundDiscountFor(db, order.customerId, order.companyId),
    order.discountCodeId === null ? null : repo.discountCodeById(db, order.discountCodeId),
    repo.surchargesFor(db, order.paymentMethod),
    order.customerPaymentOptionId === null ? null : repo.paymentOptionById(db, order.customerPaymentOptionId),
    getSettings(ctx),
    needsDefault ? repo.defaultShippingState(db, order.customerId, order.companyId) : null,
  ]);
  const state = taxStateOf({
    shippingMethod: order.shippingMethod,
    shopState: settings.shop_state,
    shopAddress: settings.seller_address,
    shippingState,
    defaultShippingState,
  });
  const input = orderLevelInputOf({
    customerId: order.customerId,
    companyId: order.companyId,
    // Finance picked the customer's own, else the company's (the rule of boundDiscountOf).
    boundDiscounts: bound === null ? [] : [{ customerId: order.customerId, companyId: null, percentage: bound }],
    discountCode: code,
    discountCodeClaimed: order.discountCodeClaimed,
    surcharges: fees,
    paymentMethod: order.paymentMethod,
    paymentOptionDiscount: option?.discountPercentage ?? null,
    taxRates: settings.tax_rates,
    taxState: state,
    taxExempt: Boolean(customer?.taxExempt || customer?.companyTaxExempt),
    today,
  });
  const rules = frozenRulesOf(input, state);
  // An order marked "no charge" (markNoCharge) stays so when today's rules are read again.
  return order.frozenRules?.noCharge ? noChargeRules(rules) : rules;
}

/**
 * Everything but the groups: discounts, fees, payment option and tax of `order`. A submitted
 * order is priced with the rules frozen on it at submit (decision 0017); a bid, or `live` (only
 * recalculate and submit ask for it), with today's.
 */
export async function orderLevelInput(
  ctx: RequestContext,
  order: repo.OrderRow,
  today = todayOf(ctx),
  live = false,
): Promise<Omit<OrderPricingInput, 'groups'>> {
  const rules = !live && order.frozenRules ? order.frozenRules : await liveRules(ctx, order, today);
  const { taxState: _state, noCharge: _free, ...input } = rules;
  return {
    ...input,
    customDiscount: { amount: order.customDiscountAmount, percentage: order.customDiscountPercentage },
    bypassPaymentOptionDiscount: order.bypassPaymentOptionDiscount,
    today,
  };
}

/** The engine's groups from prepared (validated, catalogue-resolved) groups: today's prices. */
export function catalogueGroups(groups: readonly PreparedGroup[]): PricingGroup[] {
  // A line whose catalogue line is gone, or kept as priced (`frozen`), keeps its stored unit price.
  return groups.map((g) =>
    pricingGroupOf({
      premiums: g.premiums,
      items: g.items.map((it) => ({ ...it, storedUnitPrice: it.stored?.unitPrice ?? null })),
    }),
  );
}

/**
 * The engine's groups from the stored lines at their frozen unit prices: each line is given to
 * the engine as a priced unit with nothing added, so the order-level steps and the final price
 * columns are recomputed while no line price moves.
 */
export function frozenGroups(
  groups: readonly repo.OrderGroupRow[],
  items: readonly repo.OrderItemRow[],
): PricingGroup[] {
  return groups.map((g) => ({
    premiums: {},
    items: items
      .filter((it) => it.groupId === g.id)
      .map((it) => pricingItemOf({ ...it, lineItem: null, storedUnitPrice: it.unitPrice })),
  }));
}

/**
 * Freezes today's rules on a submitted order (at submit, and on recalculate): later reprices of
 * it use them (decision 0017). Answers the rules frozen.
 */
export async function freezeRules(ctx: RequestContext, orderId: number) {
  const row = (await repo.orderById(ctx.db, orderId))!;
  const rules = await liveRules(ctx, row);
  await repo.updateOrder(ctx.db, orderId, { frozenRules: rules });
  return rules;
}

/** Every price field of an order as the wire shows it, for the audit trail of a reprice. */
export function everyTotal(row: repo.OrderRow) {
  return {
    subtotal: toWire(row.subtotal),
    customer_discount_amount: toWire(row.customerDiscountAmount),
    total_after_customer_discount: toWire(row.totalAfterCustomerDiscount),
    order_discount: toWire(row.orderDiscount),
    total_after_discount: toWire(row.totalAfterDiscount),
    surcharge: toWire(row.surcharge),
    payment_option_discount: toWire(row.paymentOptionDiscount),
    total_before_tax: toWire(row.totalBeforeTax),
    sales_tax_in_percentage: taxRateToWire(row.salesTaxInPercentage),
    sales_tax_amount: toWire(row.salesTaxAmount),
    total_after_tax: toWire(row.totalAfterTax),
    total_price: toWire(row.totalPrice),
  };
}

/** Who picks an order's payment option, as the payment rules see it (finance's admittedPaymentOptions). */
export const chooserOf = (
  row: repo.OrderRow,
  customer: { accountType: 'P' | 'B' | null } | null,
  date: string,
): PaymentChooser => ({
  date,
  accountType: customer?.accountType ?? null,
  companyId: row.companyId,
  total: row.totalAfterDiscount ?? 0,
});

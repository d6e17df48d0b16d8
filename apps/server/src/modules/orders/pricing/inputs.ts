import type { Executor } from '@cab/db';
import {
  discountCodeInput,
  frozenRulesOf,
  type GroupPremiums,
  type OrderPricingInput,
  type PricingGroup,
  type PricingItem,
  premiumPrice,
  taxRateOf,
  taxRateToWire,
  toWire,
} from '@cab/shared';
import type { RequestContext } from '../../../kit/context.ts';
import { getSettings } from '../../core/index.ts';
import type { PreparedGroup } from '../drafts/validate.ts';
import * as repo from './sources.ts';

/**
 * Builds the pricing engine's input from the database (decision 0012): the engine in
 * packages/shared/src/pricing does every sum; this file only resolves what it needs.
 */

/** Today's date in the server's zone (YYYY-MM-DD): the engine never reads a clock. */
export const todayIso = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * The state an order is taxed in: a PICKUP at the shop's state (global settings shop_state), a
 * DELIVERY at its shipping address's; a bid (no shipping method yet) is estimated as now, at the
 * customer's shipping address or default shipping state.
 */
async function taxStateOf(db: Executor, order: repo.OrderRow, shopState: string): Promise<string | null> {
  if (order.shippingMethod === 'PICKUP') return shopState || null;
  return order.shippingAddress?.state ?? (await repo.defaultShippingState(db, order.customerId, order.companyId));
}

/** Today's rules for `order` (as `recalculate` and a bid see them), with the state they tax. */
export async function liveRules(ctx: RequestContext, order: repo.OrderRow, today = todayIso()) {
  const db: Executor = ctx.db;
  const [customer, bound, code, fees, option, settings] = await Promise.all([
    repo.customerOf(db, order.customerId),
    repo.boundDiscountFor(db, order.customerId, order.companyId),
    order.discountCodeId === null ? null : repo.discountCodeById(db, order.discountCodeId),
    repo.surchargesFor(db, order.paymentMethod),
    order.customerPaymentOptionId === null ? null : repo.paymentOptionById(db, order.customerPaymentOptionId),
    getSettings(ctx),
  ]);
  const state = await taxStateOf(db, order, settings.shop_state);
  return frozenRulesOf(
    {
      customerDiscount: bound,
      discountCode: code ? discountCodeInput(code, order.discountCodeClaimed) : null,
      surcharges: fees.map((s) => ({
        id: String(s.id),
        name: s.name,
        percentage: s.percentage,
        amount: s.amount,
        appliesBelow: s.appliesBelow,
      })),
      paymentOptionDiscount: option?.discountPercentage ? { percentage: option.discountPercentage } : null,
      salesTaxRate: taxRateOf(settings.tax_rates, state),
      taxExempt: Boolean(customer?.taxExempt || customer?.companyTaxExempt),
      today,
    },
    state,
  );
}

/**
 * Everything but the groups: discounts, fees, payment option and tax of `order`. A submitted
 * order is priced with the rules frozen on it at submit (decision 0017); a bid, or `live` (only
 * recalculate and submit ask for it), with today's.
 */
export async function orderLevelInput(
  ctx: RequestContext,
  order: repo.OrderRow,
  today = todayIso(),
  live = false,
): Promise<Omit<OrderPricingInput, 'groups'>> {
  const rules = !live && order.frozenRules ? order.frozenRules : await liveRules(ctx, order, today);
  const { taxState: _state, ...input } = rules;
  return {
    ...input,
    customDiscount: { amount: order.customDiscountAmount, percentage: order.customDiscountPercentage },
    bypassPaymentOptionDiscount: order.bypassPaymentOptionDiscount,
    today,
  };
}

/** The engine's groups from prepared (validated, catalogue-resolved) groups: today's prices. */
export function catalogueGroups(groups: readonly PreparedGroup[]): PricingGroup[] {
  return groups.map((g) => {
    const premiums: GroupPremiums = {};
    for (const [kind, p] of Object.entries(g.premiums) as [keyof GroupPremiums, repo.PremiumRef | null][]) {
      premiums[kind] = p ? premiumPrice(p) : null;
    }
    return {
      premiums,
      items: g.items.map((it): PricingItem => {
        if (!it.lineItem || it.frozen) {
          // The catalogue line is gone, or the line is kept as priced: its frozen unit price stands.
          return { id: it.clientId, price: it.stored!.unitPrice, qty: it.qty, isAttachment: true };
        }
        const li = it.lineItem;
        return {
          id: it.clientId,
          price: li.priceCents,
          qty: it.qty,
          isAttachment: it.isAttachment,
          parentId: it.parentClientId,
          nbBaseDoor: li.nbBaseDoor,
          nbWallDoor: li.nbWallDoor,
          nbTallDoor: li.nbTallDoor,
          nbDrawer: li.nbDrawer,
          finishedSide: it.finishedSide ? premiumPrice(it.finishedSide) : null,
        };
      }),
    };
  });
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
      .map((it) => ({ id: it.clientId, price: it.unitPrice, qty: it.qty, isAttachment: true })),
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

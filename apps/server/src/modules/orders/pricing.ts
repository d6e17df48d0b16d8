import type { Executor } from '@cab/db';
import {
  discountCodeInput,
  type GroupPremiums,
  type OrderPricingInput,
  type PricingGroup,
  type PricingItem,
  premiumPrice,
  taxRateOf,
} from '@cab/shared';
import type { RequestContext } from '../../kit/context.ts';
import { getSettings } from '../core/index.ts';
import * as repo from './repository.ts';
import type { PreparedGroup } from './validate.ts';

/**
 * Builds the pricing engine's input from the database (decision 0012): the engine in
 * packages/shared/src/pricing does every sum; this file only resolves what it needs.
 */

/** Today's date in the server's zone (YYYY-MM-DD): the engine never reads a clock. */
export const todayIso = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Everything but the groups: discounts, fees, payment option and tax of `order`, as of today. */
export async function orderLevelInput(
  ctx: RequestContext,
  order: repo.OrderRow,
  today = todayIso(),
): Promise<Omit<OrderPricingInput, 'groups'>> {
  const db: Executor = ctx.db;
  const [customer, bound, code, fees, option, settings] = await Promise.all([
    repo.customerOf(db, order.customerId),
    repo.boundDiscountFor(db, order.customerId, order.companyId),
    order.discountCodeId === null ? null : repo.discountCodeById(db, order.discountCodeId),
    repo.surchargesFor(db, order.paymentMethod),
    order.customerPaymentOptionId === null ? null : repo.paymentOptionById(db, order.customerPaymentOptionId),
    getSettings(ctx),
  ]);
  const state =
    order.shippingAddress?.state ?? (await repo.defaultShippingState(db, order.customerId, order.companyId));
  const taxExempt = Boolean(customer?.taxExempt || customer?.companyTaxExempt);
  return {
    customerDiscount: bound,
    discountCode: code ? discountCodeInput(code, order.discountCodeClaimed) : null,
    customDiscount: { amount: order.customDiscountAmount, percentage: order.customDiscountPercentage },
    surcharges: fees.map((s) => ({
      id: String(s.id),
      name: s.name,
      percentage: s.percentage,
      amount: s.amount,
      appliesBelow: s.appliesBelow,
    })),
    paymentOptionDiscount: option?.discountPercentage ? { percentage: option.discountPercentage } : null,
    bypassPaymentOptionDiscount: order.bypassPaymentOptionDiscount,
    salesTaxRate: taxRateOf(settings.tax_rates, state),
    taxExempt,
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

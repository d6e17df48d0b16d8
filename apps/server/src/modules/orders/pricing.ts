import type { Executor } from '@cab/db';
import {
  type BasisPoints,
  basisPoints,
  type DiscountCodeInput,
  divRound,
  type GroupPremiums,
  type OrderPricingInput,
  type PremiumPrice,
  type PricingGroup,
  type PricingItem,
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

export const premiumPrice = (p: repo.PremiumRef): PremiumPrice => ({
  id: String(p.id),
  price: p.priceCents,
  percentage: p.percentageBp,
});

/** A code as the engine sees it. A use this order already claimed is its own, not someone else's. */
export function discountCodeInput(code: repo.DiscountCodeRow, order: repo.OrderRow): DiscountCodeInput {
  const claimed = order.discountCodeClaimed;
  return {
    code: code.code,
    percentage: code.percentage,
    amount: code.amount,
    // Once claimed on submit, the code is the order's: later expiry or use-up does not take it away.
    validFrom: claimed ? null : code.validFrom,
    validTo: claimed ? null : code.validTo,
    usageLimit: claimed ? null : code.usageLimit,
    timesUsed: code.timesUsed,
    minimumTotal: code.minimumTotal,
  };
}

/**
 * A settings rate (a percentage with up to 3 decimals, e.g. 8.875) as basis points. Basis points
 * hold two decimals, so a third one is rounded half away from zero (8.875 -> 888 bp); the digits
 * are read from the decimal text, never multiplied as a float.
 */
export function taxRateToBasisPoints(rate: number | undefined): BasisPoints | null {
  if (rate === undefined || rate === null || !Number.isFinite(rate)) return null;
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(String(rate));
  if (!m) return null;
  const thousandths = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return basisPoints(divRound(thousandths, 10));
}

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
    discountCode: code ? discountCodeInput(code, order) : null,
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
    salesTaxRate: state ? taxRateToBasisPoints(settings.tax_rates[state.toUpperCase()]) : null,
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

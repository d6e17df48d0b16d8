import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPoints as bp, cents as c, taxRate as tr } from '../money.ts';
import { allocate } from './allocate.ts';
import { priceOrder } from './order.ts';
import type { GroupPremiums, OrderPricingInput, PremiumPrice, PricingGroup, PricingItem } from './types.ts';

/** Invariants of the engine over generated orders (fast-check). */

const RUNS = { numRuns: 300 };

const premium = (min: number): fc.Arbitrary<PremiumPrice | null> =>
  fc.option(
    fc.oneof(
      fc.integer({ min, max: 50_000 }).map((p) => ({ id: `p${p}`, price: c(p), percentage: null })),
      fc.integer({ min: 0, max: 10_000 }).map((r) => ({ id: `r${r}`, price: null, percentage: bp(r) })),
    ),
  );

const premiums = (min: number): fc.Arbitrary<GroupPremiums> =>
  fc.record({
    wood_species: premium(min),
    finish_option: premium(min),
    base_door_style: premium(min),
    wall_door_style: premium(min),
    tall_door_style: premium(min),
    drawer_style: premium(min),
  });

const item = (min: number): fc.Arbitrary<PricingItem> =>
  fc.record({
    id: fc.uuid(),
    price: fc.integer({ min: min * 10, max: 5_000_000 }).map(c),
    qty: fc.integer({ min: 0, max: 500 }),
    isAttachment: fc.boolean(),
    nbBaseDoor: fc.nat(4),
    nbWallDoor: fc.nat(4),
    nbTallDoor: fc.nat(2),
    nbDrawer: fc.nat(6),
    finishedSide: premium(min),
    finishedSides: fc.nat(3),
  });

const groups = (min: number): fc.Arbitrary<PricingGroup[]> =>
  fc.array(fc.record({ premiums: premiums(min), items: fc.array(item(min), { minLength: 1, maxLength: 12 }) }), {
    minLength: 1,
    maxLength: 4,
  });

const rateOrAmount = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map((r) => ({ percentage: bp(r) })),
  fc.integer({ min: -100_000, max: 100_000 }).map((a) => ({ amount: c(a) })),
);

/** Every adjustment, each maybe absent; `min` is the lowest price (negative: credits). */
const order = (min: number): fc.Arbitrary<OrderPricingInput> =>
  fc.record({
    groups: groups(min),
    customerDiscount: fc.option(fc.integer({ min: 0, max: 10_000 }).map(bp)),
    discountCode: fc.option(
      fc.tuple(rateOrAmount, fc.option(fc.integer({ min: 0, max: 2_000_000 }))).map(([r, minimum]) => ({
        code: 'C',
        ...r,
        minimumTotal: minimum === null ? null : c(minimum),
      })),
    ),
    customDiscount: fc.option(rateOrAmount),
    surcharges: fc
      .array(fc.tuple(rateOrAmount, fc.option(fc.integer({ min: 0, max: 500_000 }))), { maxLength: 2 })
      .map((list) =>
        list.map(([r, below], i) => ({ id: `s${i}`, ...r, appliesBelow: below === null ? null : c(below) })),
      ),
    paymentOptionDiscount: fc.option(rateOrAmount),
    bypassPaymentOptionDiscount: fc.boolean(),
    salesTaxRate: fc.option(fc.integer({ min: 0, max: 15000 }).map(tr)),
    taxExempt: fc.boolean(),
    today: fc.constant('2026-11-20'),
  });

const lines = (input: OrderPricingInput) => priceOrder(input).groups.flatMap((g) => g.items);

describe('pricing invariants (fast-check)', () => {
  it('the spread of order-level amounts over lines sums to total_before_tax exactly', () => {
    fc.assert(
      fc.property(order(-50_000), (input) => {
        const p = priceOrder(input);
        const spread = p.groups.flatMap((g) => g.items).reduce((s, l) => s + l.total_final_price, 0);
        expect(spread).toBe(p.totals.total_before_tax);
      }),
      RUNS,
    );
  });

  it('allocate: parts sum to the total, and each part of a discount over positive lines stays within its line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, f) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const discount = 0 - Math.floor(sum * f);
          const parts = allocate(c(discount), weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(discount);
          parts.forEach((p, i) => {
            expect(p).toBeLessThanOrEqual(0);
            expect(-p).toBeLessThanOrEqual(weights[i] as number);
          });
        },
      ),
      RUNS,
    );
  });

  it('every line total is unit x qty, and every unit the sum of its breakdown', () => {
    fc.assert(
      fc.property(order(-50_000), (input) => {
        for (const l of lines(input)) {
          expect(l.total_price).toBe(l.unit_price * l.qty + 0); // + 0: the engine never answers -0
          const b = l.breakdown;
          const parts = b.premiums.reduce((s, p) => s + p.amount, 0) + (b.finished_side?.amount ?? 0);
          expect(b.unit_price).toBe(b.base_price + parts);
          if (l.is_attachment) expect(b.unit_price).toBe(b.base_price);
        }
      }),
      RUNS,
    );
  });

  it('total_price = total_before_tax + tax, and the steps account for every cent', () => {
    fc.assert(
      fc.property(order(-50_000), (input) => {
        const { totals: t, steps } = priceOrder(input);
        expect(t.total_price).toBe(t.total_before_tax + t.sales_tax_amount);
        expect(t.total_after_tax).toBe(t.total_price);
        expect(
          t.subtotal - t.customer_discount_amount - t.order_discount + t.surcharge - t.payment_option_discount,
        ).toBe(t.total_before_tax);
        for (const s of steps) {
          expect(s.amount).toBeGreaterThanOrEqual(0);
          if (s.kind.endsWith('discount')) expect(s.amount).toBeLessThanOrEqual(Math.max(s.base, 0));
        }
        if (input.taxExempt) expect(t.sales_tax_amount).toBe(0);
        if (input.bypassPaymentOptionDiscount) expect(t.payment_option_discount).toBe(0);
      }),
      RUNS,
    );
  });

  it('the order of groups and of lines within a group does not change the totals', () => {
    const shuffled = order(-50_000).chain((input) =>
      fc
        .tuple(fc.constant(input), fc.shuffledSubarray(input.groups.slice(), { minLength: input.groups.length }))
        .chain(([original, gs]) =>
          fc
            .tuple(...gs.map((g) => fc.shuffledSubarray(g.items.slice(), { minLength: g.items.length })))
            .map(
              (items) =>
                [original, { ...original, groups: gs.map((g, i) => ({ ...g, items: items[i] ?? [] })) }] as const,
            ),
        ),
    );
    fc.assert(
      fc.property(shuffled, ([a, b]) => {
        expect(priceOrder(b).totals).toEqual(priceOrder(a).totals);
      }),
      RUNS,
    );
  });

  it('no adjustment, or only zero ones, is the identity: every total is the subtotal', () => {
    fc.assert(
      fc.property(groups(-50_000), fc.boolean(), (gs, zeros) => {
        const input: OrderPricingInput = zeros
          ? {
              groups: gs,
              customerDiscount: bp(0),
              discountCode: { code: 'Z', percentage: bp(0) },
              customDiscount: { amount: c(0) },
              surcharges: [{ id: 's', percentage: bp(0) }],
              paymentOptionDiscount: { percentage: bp(0) },
              salesTaxRate: tr(0),
              today: '2026-01-01',
            }
          : { groups: gs, today: '2026-01-01' };
        const p = priceOrder(input);
        const t = p.totals;
        for (const v of [t.total_after_customer_discount, t.total_after_discount, t.total_before_tax, t.total_price]) {
          expect(v).toBe(t.subtotal);
        }
        for (const l of p.groups.flatMap((g) => g.items)) expect(l.total_final_price).toBe(l.total_price);
      }),
      RUNS,
    );
  });

  it('with non-negative prices and no thresholds, more of a line never costs less', () => {
    const noThresholds = order(0).map((input) => ({
      ...input,
      discountCode: input.discountCode && { ...input.discountCode, minimumTotal: null },
      surcharges: input.surcharges?.map((s) => ({ ...s, appliesBelow: null })),
    }));
    fc.assert(
      fc.property(noThresholds, fc.nat(), fc.integer({ min: 1, max: 50 }), (input, pick, more) => {
        const g = pick % input.groups.length;
        const group = input.groups[g] as PricingGroup;
        const i = pick % group.items.length;
        const bigger = {
          ...input,
          groups: input.groups.map((gr, gi) =>
            gi !== g ? gr : { ...gr, items: gr.items.map((it, ii) => (ii === i ? { ...it, qty: it.qty + more } : it)) },
          ),
        };
        expect(priceOrder(bigger).totals.total_price).toBeGreaterThanOrEqual(priceOrder(input).totals.total_price);
      }),
      RUNS,
    );
  });
});

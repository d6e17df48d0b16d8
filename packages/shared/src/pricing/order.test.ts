import { describe, expect, it } from 'vitest';
import { basisPoints as bp, cents as c, taxRate as tr } from '../money.ts';
import { priceOrder } from './order.ts';
import type { DiscountCodeInput, OrderPricingInput, PricingItem } from './types.ts';

const line = (id: string, price: number, qty = 1): PricingItem => ({ id, price: c(price), qty });
/** Lines of 100.00 x 1 and 50.00 x 3: subtotal 250.00. */
const order = (over: Partial<OrderPricingInput> = {}): OrderPricingInput => ({
  groups: [{ premiums: {}, items: [line('a', 10000), line('b', 5000, 3)] }],
  today: '2026-11-20',
  ...over,
});
const code = (over: Partial<DiscountCodeInput> = {}): DiscountCodeInput => ({
  code: 'FALL5',
  percentage: bp(500),
  ...over,
});

describe('priceOrder totals (DOMAIN "Order totals")', () => {
  it('without any adjustment every total is the subtotal', () => {
    const { totals, steps } = priceOrder(order());
    expect(totals).toEqual({
      subtotal: 25000,
      customer_discount_amount: 0,
      total_after_customer_discount: 25000,
      order_discount: 0,
      total_after_discount: 25000,
      surcharge: 0,
      payment_option_discount: 0,
      total_before_tax: 25000,
      sales_tax_in_percentage: 0,
      sales_tax_amount: 0,
      total_after_tax: 25000,
      total_price: 25000,
      custom_discount_amount_display: { percentage: null, amount: 0 },
    });
    expect(steps).toEqual([]);
  });

  it('applies every step in order on the running total, each rounded once', () => {
    const p = priceOrder(
      order({
        customerDiscount: bp(1000), // 10 % of 250.00 = 25.00 -> 225.00
        discountCode: code(), // 5 % of 225.00 = 11.25 -> 213.75
        customDiscount: { amount: c(-4000) }, // "-40": 40.00 off -> 173.75
        surcharges: [
          { id: 'card', percentage: bp(300) }, // 3 % of 173.75 = 5.2125 -> 5.21
          { id: 'small', amount: c(2500), appliesBelow: c(20000) }, // 173.75 < 200.00: 25.00
        ], // -> 203.96
        paymentOptionDiscount: { percentage: bp(200) }, // 2 % of 203.96 = 4.0792 -> 4.08 -> 199.88
        salesTaxRate: tr(8250), // 8.25 % of 199.88 = 16.4901 -> 16.49 -> 216.37
      }),
    );
    expect(p.totals).toMatchObject({
      subtotal: 25000,
      customer_discount_amount: 2500,
      total_after_customer_discount: 22500,
      order_discount: 1125 + 4000,
      total_after_discount: 17375,
      surcharge: 521 + 2500,
      payment_option_discount: 408,
      total_before_tax: 19988,
      sales_tax_in_percentage: 8250,
      sales_tax_amount: 1649,
      total_after_tax: 21637,
      total_price: 21637,
      custom_discount_amount_display: { percentage: null, amount: 4000 },
    });
    expect(p.steps.map((s) => [s.kind, s.source, s.base, s.amount])).toEqual([
      ['customer_discount', null, 25000, 2500],
      ['code_discount', 'FALL5', 22500, 1125],
      ['custom_discount', null, 21375, 4000],
      ['surcharge', 'card', 17375, 521],
      ['surcharge', 'small', 17375, 2500],
      ['payment_option_discount', null, 20396, 408],
      ['sales_tax', null, 19988, 1649],
    ]);
    expect(p.discount_code_refusal).toBeNull();
  });

  it('skips the payment option discount when an admin bypassed it', () => {
    const t = priceOrder(
      order({
        paymentOptionDiscount: { percentage: bp(200) },
        bypassPaymentOptionDiscount: true,
        salesTaxRate: tr(8250),
      }),
    ).totals;
    expect(t.payment_option_discount).toBe(0);
    expect(t.total_before_tax).toBe(25000);
    expect(t.sales_tax_amount).toBe(2063); // 20.625 -> 20.63
    expect(t.total_price).toBe(27063);
  });

  it('charges no tax to a tax-exempt customer and reports a 0 rate', () => {
    const t = priceOrder(order({ salesTaxRate: tr(8250), taxExempt: true })).totals;
    expect(t).toMatchObject({ sales_tax_in_percentage: 0, sales_tax_amount: 0, total_price: 25000 });
  });

  it('charges a three-decimal rate exactly (New Jersey 6.625 %, Missouri 4.225 %, NYC 8.875 %)', () => {
    const taxed = (price: number, rate: number) =>
      priceOrder({ groups: [{ premiums: {}, items: [line('a', price)] }], salesTaxRate: tr(rate), today: '2026-01-01' })
        .totals;
    expect(taxed(1_000_000, 6625)).toMatchObject({ sales_tax_in_percentage: 6625, sales_tax_amount: 66250 });
    expect(taxed(1_000_000, 4225).sales_tax_amount).toBe(42250);
    // The review's example C: 8.875 % of 1959.85 = 173.9367 -> 173.94 (basis points gave 174.03).
    expect(taxed(195_985, 8875).sales_tax_amount).toBe(17394);
  });

  it('rounds tax once on the taxable total, half away from zero', () => {
    // 24.99 at 10.75 % = 2.686425 -> 2.69; 0.02 at 25 % = 0.005 -> 0.01.
    const one = (price: number, rate: number) =>
      priceOrder({
        groups: [{ premiums: {}, items: [line('a', price)] }],
        salesTaxRate: tr(rate * 10),
        today: '2026-01-01',
      }).totals.sales_tax_amount;
    expect(one(2499, 1075)).toBe(269);
    expect(one(2, 2500)).toBe(1);
    // Three lines of 0.02 at 25 %: per-line rounding would give 0.03, once on 0.06 gives 0.02 (0.015 -> 0.02).
    const three = priceOrder({
      groups: [{ premiums: {}, items: [line('a', 2), line('b', 2), line('c', 2)] }],
      salesTaxRate: tr(25000),
      today: '2026-01-01',
    }).totals.sales_tax_amount;
    expect(three).toBe(2);
  });

  it("a code discount's 10 % on 399 x 25 is 997.50, not a per-unit sum (Vendure #3003)", () => {
    const t = priceOrder({
      groups: [{ premiums: {}, items: [line('a', 39900, 25)] }],
      discountCode: code({ percentage: bp(1000) }),
      today: '2026-01-01',
    }).totals;
    expect(t.order_discount).toBe(99750);
    expect(t.total_price).toBe(897750);
  });

  it('applies a custom percentage after the code, on the running total, and reports it', () => {
    const t = priceOrder(order({ discountCode: code(), customDiscount: { percentage: bp(1250) } })).totals;
    // 5 % of 250.00 = 12.50 -> 237.50; 12.5 % of 237.50 = 29.6875 -> 29.69.
    expect(t.order_discount).toBe(1250 + 2969);
    expect(t.total_after_discount).toBe(20781);
    expect(t.custom_discount_amount_display).toEqual({ percentage: 1250, amount: 2969 });
  });

  it('never discounts below zero: an amount larger than the total takes it to 0', () => {
    const t = priceOrder(
      order({ discountCode: code({ percentage: null, amount: c(99999) }), salesTaxRate: tr(8000) }),
    ).totals;
    expect(t.order_discount).toBe(25000);
    expect(t.total_before_tax).toBe(0);
    expect(t.total_price).toBe(0);
  });

  it('takes nothing off, and taxes nothing on, an order that is a credit', () => {
    const t = priceOrder({
      groups: [{ premiums: {}, items: [line('credit', -5000)] }],
      customerDiscount: bp(1000),
      customDiscount: { amount: c(100) },
      paymentOptionDiscount: { percentage: bp(200) },
      salesTaxRate: tr(8000),
      today: '2026-01-01',
    }).totals;
    expect(t).toMatchObject({
      customer_discount_amount: 0,
      order_discount: 0,
      sales_tax_amount: 0,
      total_price: -5000,
    });
  });

  it('refuses a custom discount with both a percentage and an amount', () => {
    expect(() => priceOrder(order({ customDiscount: { percentage: bp(100), amount: c(100) } }))).toThrow(RangeError);
  });

  it('does not charge a small-order fee at or above its threshold', () => {
    const t = priceOrder(order({ surcharges: [{ id: 'small', amount: c(2500), appliesBelow: c(25000) }] })).totals;
    expect(t.surcharge).toBe(0);
  });

  it('charges an order with no lines nothing: no small-order fee on $0.00 and no line to spread it over', () => {
    const fees = {
      surcharges: [
        { id: 'small', amount: c(7500), appliesBelow: c(50000) },
        { id: 'card', percentage: bp(300) },
      ],
      paymentOptionDiscount: { amount: c(1000) },
      customDiscount: { amount: c(500) },
      salesTaxRate: tr(8875),
    };
    for (const groups of [
      [],
      [{ premiums: {}, items: [] }],
      [
        { premiums: {}, items: [] },
        { premiums: {}, items: [] },
      ],
    ]) {
      const priced = priceOrder(order({ ...fees, groups }));
      expect(priced.totals).toMatchObject({ subtotal: 0, surcharge: 0, total_before_tax: 0, total_price: 0 });
      expect(priced.steps.filter((st) => st.kind === 'surcharge')).toEqual([]);
      expect(priced.groups.flatMap((g) => g.items)).toEqual([]);
    }
    // One line, even of $0.00, carries the fee (its final price is the fee).
    const free = priceOrder(order({ ...fees, groups: [{ premiums: {}, items: [line('z', 0)] }] }));
    expect(free.totals.surcharge).toBe(7500);
    expect(free.groups[0]?.items[0]?.total_final_price).toBe(free.totals.total_before_tax);
  });

  describe('discount code validity', () => {
    it.each([
      ['not yet valid', { validFrom: '2026-11-21' }, 'not_yet_valid'],
      ['expired', { validTo: '2026-11-19' }, 'expired'],
      ['used up', { usageLimit: 5, timesUsed: 5 }, 'used_up'],
      ['below the minimum (after the customer discount)', { minimumTotal: c(22501) }, 'below_minimum'],
    ] as const)('does not apply a code %s and says why', (_, over, refusal) => {
      const p = priceOrder(order({ customerDiscount: bp(1000), discountCode: code(over) }));
      expect(p.discount_code_refusal).toBe(refusal);
      expect(p.totals.order_discount).toBe(0);
      expect(p.steps.map((s) => s.kind)).toEqual(['customer_discount']);
    });

    it('applies a code on its first and last day, with uses left, at exactly the minimum', () => {
      for (const over of [
        { validFrom: '2026-11-20', validTo: '2026-11-20' },
        { usageLimit: 5, timesUsed: 4 },
        { usageLimit: null, timesUsed: 1000 },
        { minimumTotal: c(22500) },
      ]) {
        const p = priceOrder(order({ customerDiscount: bp(1000), discountCode: code(over) }));
        expect(p.discount_code_refusal).toBeNull();
        expect(p.totals.order_discount).toBe(1125);
      }
    });
  });

  describe('every combination of the order-level adjustments', () => {
    // Independent reference: plain sequential arithmetic on a positive total (Math.round is half up = away from zero here).
    const pctOf = (x: number, rate: number) => Math.round((x * rate) / 10000);
    const ADJ = ['customer', 'code', 'custom', 'surcharge', 'payment'] as const;
    const subsets = Array.from({ length: 1 << ADJ.length }, (_, m) => ADJ.filter((_, i) => m & (1 << i)));
    it.each(subsets.map((s) => [s.join('+') || 'none', s] as const))('%s', (_, on) => {
      const has = (k: (typeof ADJ)[number]) => on.includes(k);
      const t = priceOrder(
        order({
          groups: [{ premiums: {}, items: [line('a', 123457), line('b', 9999, 7)] }],
          customerDiscount: has('customer') ? bp(750) : null,
          discountCode: has('code') ? code({ percentage: bp(1333) }) : null,
          customDiscount: has('custom') ? { amount: c(4050) } : null,
          surcharges: has('surcharge') ? [{ id: 'card', percentage: bp(299) }] : [],
          paymentOptionDiscount: has('payment') ? { percentage: bp(200) } : null,
          salesTaxRate: tr(7250),
        }),
      ).totals;
      let x = 123457 + 9999 * 7;
      const cust = has('customer') ? pctOf(x, 750) : 0;
      x -= cust;
      const codeD = has('code') ? pctOf(x, 1333) : 0;
      x -= codeD;
      const customD = has('custom') ? 4050 : 0;
      x -= customD;
      const sur = has('surcharge') ? pctOf(x, 299) : 0;
      x += sur;
      const pay = has('payment') ? pctOf(x, 200) : 0;
      x -= pay;
      const tax = pctOf(x, 725);
      expect(t).toMatchObject({
        customer_discount_amount: cust,
        order_discount: codeD + customD,
        surcharge: sur,
        payment_option_discount: pay,
        total_before_tax: x,
        sales_tax_amount: tax,
        total_price: x + tax,
      });
    });
  });
});

describe('priceOrder lines', () => {
  it('spreads the pre-tax adjustments over lines, largest remainder, summing exactly', () => {
    const p = priceOrder({
      groups: [
        { premiums: {}, items: [line('a', 10000), line('b', 20000)] },
        { premiums: {}, items: [line('c', 30001)] },
      ],
      customerDiscount: bp(1000), // 6000.1 -> 60.00 off
      salesTaxRate: tr(10000),
      today: '2026-01-01',
    });
    const items = p.groups.flatMap((g) => g.items);
    // Shares -999.98, -1999.97, -3000.05: floors -1000, -2000, -3001; the cent left goes to c.
    expect(items.map((i) => i.total_final_price)).toEqual([9000, 18000, 27001]);
    expect(p.groups.map((g) => g.subtotal)).toEqual([30000, 30001]);
    expect(items.reduce((s, i) => s + i.total_final_price, 0)).toBe(p.totals.total_before_tax);
  });

  it('shows final_price as total_final_price / qty, rounded, for display', () => {
    const p = priceOrder({
      groups: [{ premiums: {}, items: [line('a', 1000, 3)] }],
      customDiscount: { amount: c(100) },
      today: '2026-01-01',
    });
    const [a] = p.groups[0]?.items ?? [];
    expect(a).toMatchObject({ unit_price: 1000, total_price: 3000, total_final_price: 2900, final_price: 967 });
  });

  it('keeps the item ids, attachments and their parents, and each frozen breakdown', () => {
    const p = priceOrder({
      groups: [
        {
          premiums: { wood_species: { id: 'w', price: null, percentage: bp(1000) } },
          items: [line('a', 10000, 2), { id: 'att', price: c(500), qty: 2, isAttachment: true, parentId: 'a' }],
        },
      ],
      today: '2026-01-01',
    });
    const [a, att] = p.groups[0]?.items ?? [];
    expect(a).toMatchObject({ id: 'a', is_attachment: false, parent_id: null, unit_price: 11000, total_price: 22000 });
    expect(att).toMatchObject({ id: 'att', is_attachment: true, parent_id: 'a', unit_price: 500, total_price: 1000 });
    expect(a?.breakdown.premiums[0]).toMatchObject({ kind: 'wood_species', premium_id: 'w', amount: 1000 });
    expect(Object.isFrozen(p) && Object.isFrozen(p.totals) && Object.isFrozen(a)).toBe(true);
  });
});

import {
  type BasisPoints,
  basisPoints,
  type Cents,
  cents,
  divRound,
  percentOf,
  type TaxRate,
  taxOf,
  taxRate as toTaxRate,
} from '../money.ts';
import { allocate } from './allocate.ts';
import { checkDiscountCode } from './discount-code.ts';
import { priceItem } from './item.ts';
import type {
  DiscountCodeRefusal,
  LineBreakdown,
  OrderPricing,
  OrderPricingInput,
  PricedGroup,
  PricedLine,
  PricingStep,
  RateOrAmount,
  StepKind,
} from './types.ts';

const ZERO = cents(0);

/** Order-level percentages work on what is left to charge; nothing is taken off a credit. */
const positive = (amount: number): Cents => cents(amount > 0 ? amount : 0);

function rateOf(r: RateOrAmount): BasisPoints | null {
  if (r.percentage !== null && r.percentage !== undefined) {
    if (r.amount !== null && r.amount !== undefined) throw new RangeError('both a percentage and an amount');
    return r.percentage;
  }
  return null;
}

/**
 * A discount on `base`, rounded once, between 0 and the base. Signs are ignored: SPEC 5 stores a
 * custom percentage without its sign, and an amount typed as "-40" is a $40 discount as "40" is.
 */
function discountOn(base: Cents, r: RateOrAmount): { amount: Cents; percentage: BasisPoints | null } {
  const ceiling = positive(base);
  const rate = rateOf(r);
  let amount = 0;
  if (rate !== null) amount = percentOf(ceiling, basisPoints(Math.abs(rate)));
  else if (r.amount !== null && r.amount !== undefined) amount = Math.abs(r.amount);
  return { amount: cents(Math.min(amount, ceiling)), percentage: rate };
}

/**
 * Prices an order (DOMAIN "Item pricing" and "Order totals"): lines, then each order-level step
 * on the running total, each rounded once, then the pre-tax adjustments spread over lines for
 * the final price columns. Pure and deterministic: the browser and the server agree to the cent.
 */
export function priceOrder(input: OrderPricingInput): OrderPricing {
  const steps: PricingStep[] = [];
  const step = (
    kind: StepKind,
    source: string | null,
    base: Cents,
    percentage: BasisPoints | TaxRate | null,
    amount: Cents,
  ) => steps.push(Object.freeze({ kind, source, base, percentage, amount }));

  // 1. Lines and subtotal (flat, in input order; the groups are rebuilt at the end).
  const breakdowns: LineBreakdown[] = [];
  const lineTotals: number[] = [];
  const ids: string[] = [];
  let subtotal = 0;
  for (const group of input.groups) {
    for (const item of group.items) {
      const breakdown = priceItem(item, group.premiums);
      subtotal += breakdown.total_price;
      breakdowns.push(breakdown);
      lineTotals.push(breakdown.total_price);
      ids.push(item.id);
    }
  }
  let running = cents(subtotal);

  // 2. Bound customer/company discount.
  let customerDiscount = ZERO;
  if (input.customerDiscount) {
    const d = discountOn(running, { percentage: input.customerDiscount });
    customerDiscount = d.amount;
    step('customer_discount', null, running, d.percentage, d.amount);
    running = cents(running - d.amount);
  }
  const totalAfterCustomerDiscount = running;

  // 3. Order discount: the code (one per order), then the admin's custom discount.
  let orderDiscount = 0;
  let refusal: DiscountCodeRefusal | null = null;
  if (input.discountCode) {
    refusal = checkDiscountCode(input.discountCode, { today: input.today, total: running });
    if (refusal === null) {
      const d = discountOn(running, input.discountCode);
      step('code_discount', input.discountCode.code, running, d.percentage, d.amount);
      orderDiscount += d.amount;
      running = cents(running - d.amount);
    }
  }
  let customAmount = ZERO;
  let customPercentage: BasisPoints | null = null;
  const custom = input.customDiscount;
  if (custom && (rateOf(custom) !== null || (custom.amount !== null && custom.amount !== undefined))) {
    const d = discountOn(running, custom);
    customAmount = d.amount;
    customPercentage = d.percentage === null ? null : basisPoints(Math.abs(d.percentage));
    step('custom_discount', null, running, customPercentage, d.amount);
    orderDiscount += d.amount;
    running = cents(running - d.amount);
  }
  const totalAfterDiscount = running;

  // 4. Surcharges, each on the total after discounts (a card fee does not charge on a fee). An
  // order with no lines is charged none: there is nothing to charge a small-order fee on, and no
  // line to carry it (decision 0019).
  let surcharge = 0;
  for (const s of breakdowns.length > 0 ? (input.surcharges ?? []) : []) {
    if (s.appliesBelow !== null && s.appliesBelow !== undefined && totalAfterDiscount >= s.appliesBelow) continue;
    const rate = rateOf(s);
    const amount = rate !== null ? percentOf(positive(totalAfterDiscount), rate) : (s.amount ?? 0);
    const charged = cents(Math.max(amount, 0));
    step('surcharge', s.id, totalAfterDiscount, rate, charged);
    surcharge += charged;
  }
  running = cents(running + surcharge);

  // 5. Payment option discount, unless an admin bypassed it.
  let paymentDiscount = ZERO;
  if (input.paymentOptionDiscount && !input.bypassPaymentOptionDiscount) {
    const d = discountOn(running, input.paymentOptionDiscount);
    paymentDiscount = d.amount;
    step('payment_option_discount', null, running, d.percentage, d.amount);
    running = cents(running - d.amount);
  }
  const totalBeforeTax = running;

  // 6. Sales tax: one rounding on the taxable total.
  const taxRate = input.taxExempt ? toTaxRate(0) : (input.salesTaxRate ?? toTaxRate(0));
  const tax = taxOf(positive(totalBeforeTax), taxRate);
  if (taxRate !== 0) step('sales_tax', null, totalBeforeTax, taxRate, tax);
  const totalAfterTax = cents(totalBeforeTax + tax);

  // Final price columns: the pre-tax adjustments spread over lines (never units).
  const shares = allocate(cents(totalBeforeTax - subtotal), lineTotals, ids);
  let k = 0;
  const groups: PricedGroup[] = input.groups.map((group) => {
    let groupSubtotal = 0;
    const items = group.items.map((item): PricedLine => {
      const breakdown = breakdowns[k] as LineBreakdown;
      groupSubtotal += breakdown.total_price;
      const totalFinal = cents(breakdown.total_price + (shares[k++] as number));
      return Object.freeze({
        id: item.id,
        is_attachment: item.isAttachment ?? false,
        parent_id: item.parentId ?? null,
        unit_price: breakdown.unit_price,
        qty: breakdown.qty,
        total_price: breakdown.total_price,
        breakdown,
        total_final_price: totalFinal,
        final_price: breakdown.qty > 0 ? cents(divRound(totalFinal, breakdown.qty)) : ZERO,
      });
    });
    return Object.freeze({ items: Object.freeze(items), subtotal: cents(groupSubtotal) });
  });

  return Object.freeze({
    groups: Object.freeze(groups),
    steps: Object.freeze(steps),
    discount_code_refusal: refusal,
    totals: Object.freeze({
      subtotal: cents(subtotal),
      customer_discount_amount: customerDiscount,
      total_after_customer_discount: totalAfterCustomerDiscount,
      order_discount: cents(orderDiscount),
      total_after_discount: totalAfterDiscount,
      surcharge: cents(surcharge),
      payment_option_discount: paymentDiscount,
      total_before_tax: totalBeforeTax,
      sales_tax_in_percentage: taxRate,
      sales_tax_amount: tax,
      total_after_tax: totalAfterTax,
      total_price: totalAfterTax,
      custom_discount_amount_display: Object.freeze({ percentage: customPercentage, amount: customAmount }),
    }),
  });
}

import { describe, expect, it } from 'vitest';
import { basisPoints as bp, cents as c, taxRate as tr } from '../money.ts';
import {
  boundDiscountOf,
  groupPremiumsOf,
  orderLevelInputOf,
  orderPricingInput,
  type PricingLineRows,
  type PricingRulesRows,
  pricingItemOf,
  type SurchargeRow,
  stateOfAddress,
  surchargesOf,
  taxStateOf,
} from './inputs.ts';
import { priceOrder } from './order.ts';
import type { PremiumPrice, PricingItem } from './types.ts';

/**
 * The one rows -> engine-input pipeline (decision 0024). Before it there were three copies: the
 * server's (orders/pricing.ts catalogueGroups + liveRules), the web builder's
 * (builder/pricing.ts pricingItem) and the seed's (packages/db seed-orders.ts orderPricingInput).
 * These tests pin that the shared functions give what the copies gave for the same data, and
 * where the copies differed, which one was right (DOMAIN "Item pricing", "Order totals").
 */

const cabinet = { priceCents: c(40_000), nbBaseDoor: 2, nbWallDoor: 0, nbTallDoor: 0, nbDrawer: 1 };
const toeKick = { priceCents: c(2_500), nbBaseDoor: 0, nbWallDoor: 0, nbTallDoor: 0, nbDrawer: 0 };
const sideRow = { id: 9, priceCents: c(3_000), percentageBp: null };
const side: PremiumPrice = { id: '9', price: c(3_000), percentage: null };
const wood = { id: 1, priceCents: null, percentageBp: bp(1_000) };
const door = { id: 2, priceCents: c(1_500), percentageBp: null };

const B24: PricingLineRows = {
  clientId: 'L1',
  parentClientId: null,
  isAttachment: false,
  qty: 2,
  lineItem: cabinet,
  finishedSide: sideRow,
};
const TK8: PricingLineRows = {
  clientId: 'L2',
  parentClientId: 'L1',
  isAttachment: true,
  qty: 1,
  lineItem: toeKick,
  finishedSide: null,
};

describe('pricingItemOf (one line + its catalogue rows -> the engine item)', () => {
  it('a cabinet: catalogue price, door and drawer counts, its finished side (what all three copies gave)', () => {
    const expected: PricingItem = {
      id: 'L1',
      price: c(40_000),
      qty: 2,
      isAttachment: false,
      parentId: null,
      nbBaseDoor: 2,
      nbWallDoor: 0,
      nbTallDoor: 0,
      nbDrawer: 1,
      finishedSide: side,
    };
    expect(pricingItemOf(B24)).toEqual(expected);
    // The builder holds the premium already as the engine's price (with its code): same item.
    expect(pricingItemOf({ ...B24, finishedSide: { ...side, code: 'FS' } as PremiumPrice })).toEqual(expected);
  });

  it('an attachment: its parent, no finished side (the server dropped it, the builder passed it: the server is right)', () => {
    expect(pricingItemOf(TK8)).toMatchObject({ id: 'L2', isAttachment: true, parentId: 'L1', finishedSide: null });
    // The builder's copy gave a chosen finished side to an attachment too; DOMAIN: attachments
    // take no premiums. The engine ignored it, so prices are the same either way.
    const builderLike = { ...pricingItemOf(TK8), finishedSide: side };
    const shared = pricingItemOf({ ...TK8, finishedSide: sideRow });
    expect(shared.finishedSide).toBeNull();
    const price = (item: PricingItem) => priceOrder({ groups: [{ premiums: {}, items: [item] }], today: '2026-01-01' });
    expect(price(shared).totals).toEqual(price(builderLike).totals);
  });

  it("a cabinet has no parent (the builder passed a cabinet's stale parentId through; the server nulled it: the server is right)", () => {
    expect(pricingItemOf({ ...B24, parentClientId: 'L0' }).parentId).toBeNull();
  });

  it('a frozen line, or one whose catalogue line is gone, is a priced unit at its stored unit price (the server copy)', () => {
    const frozen = { id: 'L1', price: c(41_234), qty: 2, isAttachment: true };
    expect(pricingItemOf({ ...B24, frozen: true, storedUnitPrice: c(41_234) })).toEqual(frozen);
    expect(pricingItemOf({ ...B24, lineItem: null, storedUnitPrice: c(41_234) })).toEqual(frozen);
    expect(() => pricingItemOf({ ...B24, lineItem: null })).toThrow();
  });
});

describe('groupPremiumsOf', () => {
  it('every slot, null when not chosen (the seed omitted unset slots, the server and builder gave null: priced alike)', () => {
    const premiums = groupPremiumsOf({ wood_species: wood, base_door_style: door, drawer_style: null });
    expect(premiums).toEqual({
      wood_species: { id: '1', price: null, percentage: 1_000 },
      finish_option: null,
      base_door_style: { id: '2', price: 1_500, percentage: null },
      wall_door_style: null,
      tall_door_style: null,
      drawer_style: null,
    });
    const omitted = { wood_species: premiums.wood_species, base_door_style: premiums.base_door_style };
    const item = pricingItemOf(B24);
    expect(priceOrder({ groups: [{ premiums, items: [item] }], today: '2026-01-01' })).toEqual(
      priceOrder({ groups: [{ premiums: omitted, items: [item] }], today: '2026-01-01' }),
    );
  });
});

const fee = (over: Partial<SurchargeRow>): SurchargeRow => ({
  id: 1,
  name: 'fee',
  percentage: null,
  amount: null,
  paymentMethod: null,
  appliesBelow: null,
  isActive: true,
  ...over,
});
const SMALL = fee({ id: 2, name: 'Small order fee', amount: c(7_500), appliesBelow: c(50_000) });
const CARD = fee({ id: 1, name: 'Card processing fee', percentage: bp(300), paymentMethod: 'CARD' });
const WIRE = fee({ id: 3, name: 'Wire fee', amount: c(2_500), paymentMethod: 'WIRE' });
const OFF = fee({ id: 4, name: 'Old fee', amount: c(100), isActive: false });

describe('surchargesOf (Finance > Surcharges)', () => {
  it("the active ones of the order's payment method and those for every method, in id order", () => {
    expect(surchargesOf([SMALL, CARD, WIRE, OFF], 'CARD').map((s) => s.id)).toEqual(['1', '2']);
    // Before a method is chosen: only those for every method (the server's query and the seed's filter agreed).
    expect(surchargesOf([SMALL, CARD, WIRE, OFF], null).map((s) => s.id)).toEqual(['2']);
    expect(surchargesOf([CARD], 'CARD')).toEqual([
      { id: '1', name: 'Card processing fee', percentage: 300, amount: null, appliesBelow: null },
    ]);
  });
});

describe('surcharges in id order (the server ordered by id, the seed kept row order: the server is right)', () => {
  it('the steps of a small order are the same whatever order the rows were read in', () => {
    const small = [{ premiums: {}, items: [{ ...TK8, parentClientId: null }] }];
    const steps = (surcharges: SurchargeRow[]) =>
      priceOrder(orderPricingInput(small, rules({ discountCode: null, surcharges })))
        .steps.filter((s) => s.kind === 'surcharge')
        .map((s) => s.source);
    expect(steps([SMALL, CARD])).toEqual(['1', '2']);
    expect(steps([CARD, SMALL])).toEqual(['1', '2']);
  });
});

describe('boundDiscountOf (Finance > Bound Discounts)', () => {
  const rows = [
    { customerId: null, companyId: 7, percentage: bp(500) },
    { customerId: 3, companyId: null, percentage: bp(800) },
  ];
  it("the customer's own wins over the company's; the company's otherwise; none without either", () => {
    expect(boundDiscountOf(rows, 3, 7)).toBe(800);
    expect(boundDiscountOf(rows, 4, 7)).toBe(500);
    expect(boundDiscountOf(rows, 4, null)).toBeNull();
    // The server's query only ever saw rows of this customer or company; the rule is the same.
    expect(boundDiscountOf(rows, 3, null)).toBe(800);
  });
});

describe('taxStateOf (decision 0017)', () => {
  it("a pickup at the shop's state, otherwise the shipping address's, before it the default shipping state", () => {
    const base = { shopState: 'NY', shippingState: 'IL', defaultShippingState: 'CA' };
    expect(taxStateOf({ ...base, shippingMethod: 'PICKUP' })).toBe('NY');
    expect(taxStateOf({ ...base, shippingMethod: 'PICKUP', shopState: '' })).toBeNull();
    expect(taxStateOf({ ...base, shippingMethod: 'DELIVERY' })).toBe('IL');
    expect(taxStateOf({ ...base, shippingMethod: null, shippingState: null })).toBe('CA');
  });
});

const rules = (over: Partial<PricingRulesRows> = {}): PricingRulesRows => ({
  customerId: 3,
  companyId: 7,
  boundDiscounts: [{ customerId: null, companyId: 7, percentage: bp(500) }],
  discountCode: {
    code: 'WELCOME10',
    percentage: bp(1_000),
    amount: null,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    usageLimit: 100,
    timesUsed: 100,
    minimumTotal: null,
  },
  discountCodeClaimed: false,
  customDiscountAmount: null,
  customDiscountPercentage: null,
  surcharges: [SMALL, CARD, WIRE],
  paymentMethod: 'CARD',
  paymentOptionDiscount: bp(200),
  bypassPaymentOptionDiscount: false,
  taxRates: { NY: 4, IL: 6.25, NJ: 6.625 },
  taxState: 'nj',
  taxExempt: false,
  today: '2026-06-01',
  ...over,
});

describe('orderLevelInputOf (the order-level rules -> the engine input)', () => {
  it('the bound discount, the code, the fees of the method, the option discount and the exact tax rate', () => {
    expect(orderLevelInputOf(rules())).toEqual({
      customerDiscount: 500,
      // Not claimed: the code as stored, its dates and limit still to be checked.
      discountCode: rules().discountCode,
      customDiscount: { amount: null, percentage: null },
      surcharges: [
        { id: '1', name: 'Card processing fee', percentage: 300, amount: null, appliesBelow: null },
        { id: '2', name: 'Small order fee', percentage: null, amount: 7_500, appliesBelow: 50_000 },
      ],
      paymentOptionDiscount: { percentage: 200 },
      bypassPaymentOptionDiscount: false,
      salesTaxRate: tr(6_625),
      taxExempt: false,
      today: '2026-06-01',
    });
  });

  it('a claimed code is the order’s: its dates and limit no longer refuse it', () => {
    const used = priceOrder(orderPricingInput([{ premiums: {}, items: [B24] }], rules()));
    expect(used.discount_code_refusal).toBe('used_up');
    const claimed = priceOrder(
      orderPricingInput([{ premiums: {}, items: [B24] }], rules({ discountCodeClaimed: true })),
    );
    expect(claimed.discount_code_refusal).toBeNull();
    expect(claimed.totals.order_discount).toBeGreaterThan(0);
  });

  it('no payment option discount for 0 or none; no tax for an unlisted state; the exemption', () => {
    expect(orderLevelInputOf(rules({ paymentOptionDiscount: bp(0) })).paymentOptionDiscount).toBeNull();
    expect(orderLevelInputOf(rules({ paymentOptionDiscount: null })).paymentOptionDiscount).toBeNull();
    expect(orderLevelInputOf(rules({ taxState: 'OR' })).salesTaxRate).toBeNull();
    expect(orderLevelInputOf(rules({ taxState: null })).salesTaxRate).toBeNull();
    expect(orderLevelInputOf(rules({ taxExempt: true })).taxExempt).toBe(true);
  });

  it('no custom discount prices as the seed’s null and the server’s empty one did: alike', () => {
    const groups = [{ premiums: {}, items: [B24, TK8] }];
    const shared = orderPricingInput(groups, rules({ discountCode: null }));
    expect(priceOrder(shared)).toEqual(priceOrder({ ...shared, customDiscount: null }));
    const withCustom = priceOrder(
      orderPricingInput(groups, rules({ discountCode: null, customDiscountAmount: c(1_000) })),
    );
    expect(withCustom.totals.order_discount).toBe(1_000);
  });

  it('the whole input: groups through pricingItemOf, the rules through orderLevelInputOf', () => {
    const input = orderPricingInput([{ premiums: { wood_species: wood }, items: [B24, TK8] }], rules());
    expect(input.groups[0]?.items).toEqual([pricingItemOf(B24), pricingItemOf(TK8)]);
    expect(input.groups[0]?.premiums.wood_species).toEqual({ id: '1', price: null, percentage: 1_000 });
    expect(input.customerDiscount).toBe(500);
    const priced = priceOrder(input);
    // 2 x (400.00 + 10 % wood + 30.00 side) + 25.00 = 965.00; 5 % bound discount.
    expect(priced.totals.subtotal).toBe(96_500);
    expect(priced.totals.customer_discount_amount).toBe(4_825);
  });
});

/**
 * The three copies as they were before decision 0024 (trimmed to what they computed), priced
 * against the shared pipeline on the same rows: the engine's answers are equal.
 */
describe('the former copies price alike', () => {
  const premiumOf = (p: { id: number; priceCents: number | null; percentageBp: number | null } | null) =>
    p ? ({ id: String(p.id), price: p.priceCents, percentage: p.percentageBp } as PremiumPrice) : null;
  // packages/db seed-orders.ts orderPricingInput (items) and server orders/pricing.ts catalogueGroups.
  const serverOrSeedItem = (it: PricingLineRows): PricingItem => ({
    id: it.clientId,
    price: it.lineItem!.priceCents,
    qty: it.qty,
    isAttachment: it.isAttachment,
    parentId: it.parentClientId ?? null,
    nbBaseDoor: it.lineItem!.nbBaseDoor,
    nbWallDoor: it.lineItem!.nbWallDoor,
    nbTallDoor: it.lineItem!.nbTallDoor,
    nbDrawer: it.lineItem!.nbDrawer,
    finishedSide: premiumOf(it.finishedSide as never),
  });
  // apps/web builder/pricing.ts pricingItem: the finished side passed even on an attachment.
  const builderItem = (it: PricingLineRows, sideChosen: PremiumPrice | null): PricingItem => ({
    ...serverOrSeedItem(it),
    finishedSide: sideChosen,
  });
  // packages/db seed-orders.ts orderPricingInput (order level).
  const seedOrderLevel = (r: PricingRulesRows) => ({
    customerDiscount: boundDiscountOf(r.boundDiscounts, r.customerId, r.companyId),
    discountCode: r.discountCode
      ? { ...r.discountCode, validFrom: r.discountCode.validFrom, validTo: r.discountCode.validTo }
      : null,
    customDiscount:
      r.customDiscountAmount != null || r.customDiscountPercentage != null
        ? { amount: r.customDiscountAmount ?? null, percentage: r.customDiscountPercentage ?? null }
        : null,
    // The same filter as the server's query, but in the order the rows came (see 'in id order').
    surcharges: surchargesOf(r.surcharges, r.paymentMethod).sort(
      (a, b) =>
        r.surcharges.findIndex((s) => String(s.id) === a.id) - r.surcharges.findIndex((s) => String(s.id) === b.id),
    ),
    paymentOptionDiscount: r.paymentOptionDiscount ? { percentage: r.paymentOptionDiscount } : null,
    bypassPaymentOptionDiscount: r.bypassPaymentOptionDiscount ?? false,
    salesTaxRate: r.taxState ? (r.taxRates[r.taxState.toUpperCase()] === 6.625 ? tr(6_625) : null) : null,
    taxExempt: r.taxExempt,
    today: r.today,
  });

  const cases: [string, Partial<PricingRulesRows>][] = [
    ['a code in force, card fee, option discount, tax', { discountCode: { ...rules().discountCode!, timesUsed: 1 } }],
    [
      'a custom amount, wire, no option discount',
      { customDiscountAmount: c(5_000), paymentMethod: 'WIRE', paymentOptionDiscount: null },
    ],
    [
      'a custom percentage, no method (a bid), bypassed option',
      { customDiscountPercentage: bp(750), paymentMethod: null, bypassPaymentOptionDiscount: true },
    ],
    ['exempt, the customer without a company', { taxExempt: true, companyId: null, discountCode: null }],
  ];
  it.each(cases)('%s', (_name, over) => {
    const r = rules(over);
    const groups = [
      { premiums: { wood_species: wood, base_door_style: door }, items: [B24, { ...TK8, finishedSide: sideRow }] },
    ];
    const shared = priceOrder(orderPricingInput(groups, r));
    const premiums = { wood_species: premiumOf(wood), base_door_style: premiumOf(door) };
    const seedCopy = priceOrder({
      groups: [{ premiums, items: groups[0]!.items.map(serverOrSeedItem) }],
      ...(seedOrderLevel(r) as Omit<Parameters<typeof priceOrder>[0], 'groups'>),
    });
    const builderCopy = priceOrder({
      groups: [{ premiums, items: [builderItem(B24, side), builderItem(TK8, side)] }],
      today: r.today,
    });
    expect(shared).toEqual(seedCopy);
    expect(
      priceOrder({
        ...orderPricingInput(groups, r),
        ...{
          customerDiscount: null,
          discountCode: null,
          customDiscount: null,
          surcharges: [],
          paymentOptionDiscount: null,
          salesTaxRate: null,
        },
      }).groups,
    ).toEqual(builderCopy.groups);
  });
});

describe('where a pickup is taxed (issue 34)', () => {
  it('reads the state of an address’s last line', () => {
    expect(stateOfAddress('1450 N Halsted St\nChicago, IL 60642')).toBe('IL');
    expect(stateOfAddress('9 Elm St, Austin, tx 73301-1234')).toBe('TX');
    expect(stateOfAddress('')).toBeNull();
    expect(stateOfAddress('Somewhere without a state')).toBeNull();
  });

  it('a pickup is taxed at the shop state, else where the seller is; a delivery at its address', () => {
    const pickup = { shippingMethod: 'PICKUP', shippingState: 'NJ', defaultShippingState: 'NY' };
    const seller = '1450 N Halsted St\nChicago, IL 60642';
    expect(taxStateOf({ ...pickup, shopState: 'WA', shopAddress: seller })).toBe('WA');
    expect(taxStateOf({ ...pickup, shopState: '', shopAddress: seller })).toBe('IL');
    expect(taxStateOf({ ...pickup, shopState: '', shopAddress: '' })).toBeNull();
    expect(taxStateOf({ ...pickup, shippingMethod: 'DELIVERY', shopState: '', shopAddress: seller })).toBe('NJ');
  });
});

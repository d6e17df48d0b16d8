import {
  addBusinessDays,
  type BasisPoints,
  basisPoints,
  type Cents,
  discountCodeInput,
  frozenRulesOf,
  GROUP_PREMIUM_KINDS,
  type GroupPremiumKind,
  type GroupPremiums,
  holidayMatcher,
  ORDER_STATUSES,
  type OrderPricing,
  type OrderPricingInput,
  type OrderStatus,
  type PricingItem,
  premiumPrice,
  priceOrder,
  taxRateOf,
} from '@cab/shared';
import { inArray, sql } from 'drizzle-orm';
import { addressSnapshot, orderTotalsColumns } from './order-rows.ts';
import {
  type AddressSnapshot,
  addresses,
  auditEvents,
  boundDiscounts,
  companies,
  discountCodes,
  doorStyleWoodSpecies,
  holidays,
  lineItems,
  type OrderMetadata,
  orderGroups,
  orderItems,
  orders,
  paymentOptions,
  premiums,
  settings,
  surcharges,
  users,
  woodSpeciesFinishOptions,
} from './schema/index.ts';
import { DEMO_DISCOUNT_CODES, DEMO_PAYMENT_OPTIONS, DEMO_SHOP_STATE, seedFinance } from './seed-finance.ts';
import type { Executor } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Catalogue and finance rows -> pricing engine input (one place; the seed, its test and the bench)

/** The premium columns the engine reads. */
export type PremiumPriceRow = Pick<typeof premiums.$inferSelect, 'id' | 'priceCents' | 'percentageBp'>;
/** The line-item columns the engine reads. */
export type LineItemPriceRow = Pick<
  typeof lineItems.$inferSelect,
  'priceCents' | 'nbBaseDoor' | 'nbWallDoor' | 'nbTallDoor' | 'nbDrawer'
>;
export type BoundDiscountRow = Pick<typeof boundDiscounts.$inferSelect, 'customerId' | 'companyId' | 'percentage'>;
export type DiscountCodeRow = Pick<
  typeof discountCodes.$inferSelect,
  'code' | 'percentage' | 'amount' | 'validFrom' | 'validTo' | 'usageLimit' | 'timesUsed' | 'minimumTotal'
>;
export type SurchargeRow = Pick<
  typeof surcharges.$inferSelect,
  'id' | 'name' | 'percentage' | 'amount' | 'paymentMethod' | 'appliesBelow' | 'isActive'
>;

export interface PricingLineRows {
  /** The client `_id`; an attachment's parentClientId names its parent's. */
  clientId: string;
  parentClientId: string | null;
  isAttachment: boolean;
  qty: number;
  lineItem: LineItemPriceRow;
  finishedSide: PremiumPriceRow | null;
}

export interface PricingGroupRows {
  premiums: Partial<Record<GroupPremiumKind, PremiumPriceRow | null>>;
  items: readonly PricingLineRows[];
}

export interface PricingRulesRows {
  customerId: number;
  companyId: number | null;
  /** Every bound discount that may match: the customer's own wins over the company's. */
  boundDiscounts: readonly BoundDiscountRow[];
  discountCode: DiscountCodeRow | null;
  /** The order claimed a use of the code on submit (orders.discount_code_claimed). */
  discountCodeClaimed: boolean;
  customDiscountAmount: Cents | null;
  customDiscountPercentage: BasisPoints | null;
  /** Every surcharge; inactive ones and those of another payment method are left out here. */
  surcharges: readonly SurchargeRow[];
  paymentMethod: string | null;
  paymentOptionDiscount: BasisPoints | null;
  bypassPaymentOptionDiscount: boolean;
  /**
   * settings.tax_rates (state -> percent) and the state the order ships to: the submitted
   * shipping address's, before that the customer's default shipping address's (null: none).
   */
  taxRates: Readonly<Record<string, number>>;
  taxState: string | null;
  taxExempt: boolean;
  /** YYYY-MM-DD the order is priced on. */
  today: string;
}

/** The bound discount of a customer, else of their company (Finance > Bound Discounts). */
export function boundDiscountOf(
  rows: readonly BoundDiscountRow[],
  customerId: number,
  companyId: number | null,
): BasisPoints | null {
  const own = rows.find((r) => r.customerId === customerId);
  if (own) return own.percentage;
  const company = companyId === null ? undefined : rows.find((r) => r.companyId === companyId);
  return company?.percentage ?? null;
}

/**
 * Turns catalogue and finance rows into the engine's input: group premiums, lines with their
 * catalogue price and door/drawer counts, the bound discount, the code, the custom discount,
 * the surcharges of the order's payment method (and those for every method), the payment
 * option's discount and the shipping state's tax rate.
 */
export function orderPricingInput(groups: readonly PricingGroupRows[], rules: PricingRulesRows): OrderPricingInput {
  return {
    groups: groups.map((g) => {
      const premiumPrices: GroupPremiums = {};
      for (const kind of GROUP_PREMIUM_KINDS) {
        const row = g.premiums[kind];
        if (row) premiumPrices[kind] = premiumPrice(row);
      }
      return {
        premiums: premiumPrices,
        items: g.items.map(
          (it): PricingItem => ({
            id: it.clientId,
            price: it.lineItem.priceCents,
            qty: it.qty,
            isAttachment: it.isAttachment,
            parentId: it.parentClientId,
            nbBaseDoor: it.lineItem.nbBaseDoor,
            nbWallDoor: it.lineItem.nbWallDoor,
            nbTallDoor: it.lineItem.nbTallDoor,
            nbDrawer: it.lineItem.nbDrawer,
            finishedSide: it.finishedSide ? premiumPrice(it.finishedSide) : null,
          }),
        ),
      };
    }),
    customerDiscount: boundDiscountOf(rules.boundDiscounts, rules.customerId, rules.companyId),
    discountCode: rules.discountCode ? discountCodeInput(rules.discountCode, rules.discountCodeClaimed) : null,
    customDiscount:
      rules.customDiscountAmount !== null || rules.customDiscountPercentage !== null
        ? { amount: rules.customDiscountAmount, percentage: rules.customDiscountPercentage }
        : null,
    surcharges: rules.surcharges
      .filter((s) => s.isActive && (s.paymentMethod === null || s.paymentMethod === rules.paymentMethod))
      .map((s) => ({
        id: String(s.id),
        name: s.name,
        percentage: s.percentage,
        amount: s.amount,
        appliesBelow: s.appliesBelow,
      })),
    paymentOptionDiscount: rules.paymentOptionDiscount ? { percentage: rules.paymentOptionDiscount } : null,
    bypassPaymentOptionDiscount: rules.bypassPaymentOptionDiscount,
    salesTaxRate: taxRateOf(rules.taxRates, rules.taxState),
    taxExempt: rules.taxExempt,
    today: rules.today,
  };
}

// ---------------------------------------------------------------------------------------------
// Demo orders

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same demo orders. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

const SURNAMES = [
  'Henderson',
  'Alvarez',
  'Nakamura',
  'Okafor',
  'Whitfield',
  'Brennan',
  'Castillo',
  'Lindqvist',
  'Patel',
  'Moreau',
  'Kowalski',
  'Delgado',
  'Fitzgerald',
  'Haddad',
  'Sorensen',
  'Abernathy',
  'Tanaka',
  'Rossi',
  'McAllister',
  'Nguyen',
];

type Room = 'kitchen' | 'bath' | 'laundry';
type GroupKind = 'perimeter' | 'island' | 'pantry' | 'bar' | 'vanity' | 'linen' | 'laundry';

const ROOMS: { room: Room; label: string[]; groups: GroupKind[][] }[] = [
  {
    room: 'kitchen',
    label: ['kitchen', 'kitchen remodel', 'kitchen and island'],
    groups: [
      ['perimeter'],
      ['perimeter', 'island'],
      ['perimeter', 'island', 'pantry'],
      ['perimeter', 'island', 'pantry', 'bar'],
    ],
  },
  { room: 'bath', label: ['master bath', 'guest bath', 'powder room'], groups: [['vanity'], ['vanity', 'linen']] },
  { room: 'laundry', label: ['laundry room', 'mudroom and laundry'], groups: [['laundry']] },
];

const GROUP_NAMES: Record<GroupKind, string> = {
  perimeter: 'Perimeter',
  island: 'Island',
  pantry: 'Pantry wall',
  bar: 'Coffee bar',
  vanity: 'Vanity',
  linen: 'Linen tower',
  laundry: 'Laundry',
};

/** Cabinets each kind of group is built from (demo catalogue codes, seed-catalog.ts). */
const GROUP_CABINETS: Record<GroupKind, string[]> = {
  perimeter: [
    'B15',
    'B18',
    'B21',
    'B24',
    'B30',
    'B36',
    'SB36',
    'DB18',
    'DB24',
    'W1530',
    'W1836',
    'W2436',
    'W3036',
    'W3342',
    'W3636',
    'F3',
    'WSS',
  ],
  island: ['B24', 'B30', 'B36', 'DB21', 'DB24', 'SB30', 'CTD', 'ROT18'],
  pantry: ['U1884', 'U1890', 'U2490', 'U2496', 'TF396'],
  bar: ['B30', 'B36', 'W3030', 'W3630', 'DB15'],
  vanity: ['SB30', 'SB36', 'DB15', 'B18', 'B12', 'F3'],
  linen: ['U1884', 'U1890', 'W1530'],
  laundry: ['W3030', 'W3630', 'W2430', 'U2484', 'U1884', 'B30', 'SB30', 'F6', 'BWF3'],
};

/** Attachments that follow a cabinet of each base category. */
const ATTACHMENTS_FOR: Record<string, string[]> = {
  BASE: ['TK8', 'FEP-B'],
  WALL: ['CM8', 'LR8', 'FEP-W'],
  TALL: ['FEP-T', 'CM8-L'],
};

const STATUS_PATH: Record<OrderStatus, string[]> = {
  BID: ['create'],
  ORDERED: ['create', 'submit'],
  VERIFIED: ['create', 'submit', 'approve'],
  DECLINED: ['create', 'submit', 'decline'],
  IN_PROGRESS: ['create', 'submit', 'approve', 'start_production'],
  PARTIALLY_COMPLETED: ['create', 'submit', 'approve', 'start_production', 'partially_complete'],
  COMPLETED: ['create', 'submit', 'approve', 'start_production', 'partially_complete', 'complete'],
  SHIPPED: ['create', 'submit', 'approve', 'start_production', 'partially_complete', 'complete', 'ship'],
  CANCELLED: ['create', 'submit', 'approve', 'cancel'],
};

const STATUS_AFTER: Record<string, OrderStatus> = {
  create: 'BID',
  submit: 'ORDERED',
  approve: 'VERIFIED',
  decline: 'DECLINED',
  start_production: 'IN_PROGRESS',
  partially_complete: 'PARTIALLY_COMPLETED',
  complete: 'COMPLETED',
  ship: 'SHIPPED',
  cancel: 'CANCELLED',
};

/** Days between one step and the next (min, max). */
const STEP_DAYS: Record<string, [number, number]> = {
  submit: [1, 6],
  approve: [1, 3],
  decline: [1, 3],
  start_production: [3, 10],
  partially_complete: [2, 8],
  complete: [2, 6],
  ship: [1, 7],
  cancel: [1, 10],
};

const DECLINE_REASONS = [
  'Island depth does not fit the room plan sent with the order; please confirm the dimensions.',
  'The walnut slab doors are out of stock for 10 weeks; please choose another door style.',
  'Painted finish was requested on a stain-grade wood species.',
];
const CANCEL_NOTES = ['Customer postponed the remodel.', 'Duplicate of another order.'];

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

interface DemoCustomer {
  id: number;
  companyId: number | null;
  accountType: 'P' | 'B' | null;
  taxExempt: boolean;
  addresses: AddressSnapshot[];
  billing: AddressSnapshot | null;
  shipping: AddressSnapshot | null;
}

export const DEMO_ORDER_CUSTOMERS = ['personal@demo.test', 'manager@demo.test', 'employee@demo.test'] as const;

/** Statuses that get a second demo order per customer (the ones a shop has most of). */
const BUSY_STATUSES: readonly OrderStatus[] = ['BID', 'ORDERED', 'VERIFIED', 'IN_PROGRESS'];

/**
 * Demo finance rules and a few dozen demo orders for the demo customers, in every status, priced
 * by the engine. Only in a database with the demo accounts, and orders only while there are none.
 * Returns the number of orders created.
 */
/**
 * The demo finance rules alone (payment options, the demo company's bound discount, codes,
 * surcharges, tax rates): browser tests start without demo orders but submit orders, which
 * needs a payment option.
 */
export async function seedDemoFinance(tx: Executor, now = new Date()): Promise<void> {
  const demo = await tx
    .select({ companyId: users.companyId })
    .from(users)
    .where(inArray(users.email, [...DEMO_ORDER_CUSTOMERS]));
  if (demo.length === 0) return;
  await seedFinance(tx, { companyId: demo.find((u) => u.companyId !== null)?.companyId ?? null, today: now });
}

export async function seedDemoOrders(tx: Executor, options: { now?: Date; seed?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const demo = await tx
    .select()
    .from(users)
    .where(inArray(users.email, [...DEMO_ORDER_CUSTOMERS, 'admin@demo.test', 'staff@demo.test']));
  const byEmail = new Map(demo.map((u) => [u.email, u]));
  const customerRows = DEMO_ORDER_CUSTOMERS.map((e) => byEmail.get(e)).filter((u) => u !== undefined);
  if (customerRows.length === 0) return 0;
  const companyId = customerRows.find((u) => u.companyId !== null)?.companyId ?? null;
  await seedFinance(tx, { companyId, today: now });

  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders);
  if (Number(existing?.n ?? 0) > 0) return 0;

  const rng = seededRandom(options.seed ?? 20_261_125);
  const admin = byEmail.get('admin@demo.test') ?? null;
  const staff = byEmail.get('staff@demo.test') ?? admin;

  // Catalogue, finance and settings, read once.
  const items = await tx.select().from(lineItems);
  const itemByCode = new Map(items.map((i) => [i.manufacturerCode, i]));
  const premiumRows = await tx.select().from(premiums);
  const ofType = (type: string) => premiumRows.filter((p) => p.premiumType === type);
  const woodFinishes = await tx.select().from(woodSpeciesFinishOptions);
  const doorWoods = await tx.select().from(doorStyleWoodSpecies);
  const options_ = await tx.select().from(paymentOptions);
  const bound = await tx.select().from(boundDiscounts);
  const codes = await tx.select().from(discountCodes);
  const fees = await tx.select().from(surcharges);
  const settingRows = await tx
    .select()
    .from(settings)
    .where(inArray(settings.key, ['tax_rates', 'lead_time']));
  const taxRates = (settingRows.find((s) => s.key === 'tax_rates')?.value ?? {}) as Record<string, number>;
  const leadTime = Number(settingRows.find((s) => s.key === 'lead_time')?.value ?? 15);
  const holidayRows = await tx.select({ date: holidays.date, recurring: holidays.recurring }).from(holidays);
  const companyRows = companyId === null ? [] : await tx.select().from(companies);
  const userIds = customerRows.map((u) => u.id);
  const addressRows = await tx.select().from(addresses);

  const customers: DemoCustomer[] = customerRows.map((u) => {
    const own = addressRows.filter((a) =>
      u.companyId !== null && u.accountType === 'B' ? a.companyId === u.companyId : a.userId === u.id,
    );
    const billing = own.find((a) => a.kind === 'BILLING') ?? null;
    const shipping =
      own.find((a) => a.kind === 'SHIPPING' && a.isDefault) ?? own.find((a) => a.kind === 'SHIPPING') ?? null;
    return {
      id: u.id,
      companyId: u.companyId,
      accountType: u.accountType,
      taxExempt: u.taxExempt || companyRows.some((c) => c.id === u.companyId && c.taxExempt),
      addresses: own.map(addressSnapshot),
      billing: billing ? addressSnapshot(billing) : null,
      shipping: shipping ? addressSnapshot(shipping) : null,
    };
  });
  if (items.length === 0 || premiumRows.length === 0 || userIds.length === 0) return 0;

  // Premium choices that go together: a finish the wood takes, a door style made in that wood.
  const woods = ofType('WOOD_SPECIES');
  const drawerStyles = ofType('DRAWER_STYLE');
  const finishedSides = ofType('FINISHED_SIDE').filter((p) => p.priceCents !== null || p.percentageBp !== null);
  type PremiumRow = (typeof premiumRows)[number];
  function premiumsFor(): Record<GroupPremiumKind, PremiumRow | null> {
    const wood = rng.pick(woods);
    const finishIds = woodFinishes.filter((w) => w.woodSpeciesId === wood.id).map((w) => w.finishOptionId);
    const finishes = premiumRows.filter((p) => finishIds.includes(p.id));
    const doorIds = doorWoods.filter((d) => d.woodSpeciesId === wood.id).map((d) => d.doorStyleId);
    const doors = premiumRows.filter((p) => doorIds.includes(p.id));
    const door = doors.length ? rng.pick(doors) : null;
    return {
      wood_species: wood,
      finish_option: finishes.length ? rng.pick(finishes) : null,
      base_door_style: door,
      // Now and then the wall doors differ from the base doors (e.g. shaker bases, slab uppers).
      wall_door_style: door && doors.length > 1 && rng.chance(0.2) ? rng.pick(doors) : door,
      tall_door_style: door,
      drawer_style: drawerStyles.length ? rng.pick(drawerStyles) : null,
    };
  }

  type Line = PricingLineRows & { item: (typeof items)[number]; hinge: string | null; finishedSideId: number | null };
  function linesFor(kind: GroupKind, count: number, nextId: () => string): Line[] {
    const out: Line[] = [];
    const pool = GROUP_CABINETS[kind].map((c) => itemByCode.get(c)).filter((i) => i !== undefined);
    if (pool.length === 0) return out;
    while (out.length < count) {
      const item = rng.pick(pool);
      const doors = item.nbBaseDoor + item.nbWallDoor + item.nbTallDoor;
      let hinge = item.hinge;
      if (doors === 1 || item.hinge === 'Left' || item.hinge === 'Right') hinge = rng.pick(['Left', 'Right'] as const);
      const side =
        item.baseCategory !== 'ACCESSORY' && finishedSides.length && rng.chance(0.2) ? rng.pick(finishedSides) : null;
      const id = nextId();
      out.push({
        clientId: id,
        parentClientId: null,
        isAttachment: false,
        qty: rng.chance(0.25) ? 2 : 1,
        lineItem: item,
        finishedSide: side,
        item,
        hinge,
        finishedSideId: side?.id ?? null,
      });
      // Attachments follow their parent (SPEC 4).
      const forKind = ATTACHMENTS_FOR[item.baseCategory ?? ''] ?? [];
      if (out.length < count && forKind.length && rng.chance(0.35)) {
        const att = itemByCode.get(rng.pick(forKind));
        if (att) {
          out.push({
            clientId: nextId(),
            parentClientId: id,
            isAttachment: true,
            qty: rng.int(1, 2),
            lineItem: att,
            finishedSide: null,
            item: att,
            hinge: null,
            finishedSideId: null,
          });
        }
      }
    }
    return out;
  }

  // One plan per (customer, status), a second one for the busy statuses.
  type Plan = { customer: DemoCustomer; status: OrderStatus };
  const plans: Plan[] = [];
  for (const customer of customers) {
    for (const status of ORDER_STATUSES) {
      plans.push({ customer, status });
      if (BUSY_STATUSES.includes(status)) plans.push({ customer, status });
    }
  }

  const optionBy = (name: string) => options_.find((o) => o.name === name) ?? null;
  const codeBy = (code: string) => codes.find((c) => c.code === code) ?? null;
  const claimed = new Map<string, number>();
  let expiredCodeUsed = false;

  interface Built {
    head: typeof orders.$inferInsert;
    groups: { row: Omit<typeof orderGroups.$inferInsert, 'orderId'>; lines: Line[] }[];
    pricing: OrderPricing;
    events: { action: string; at: Date; actorId: number | null; before: unknown; after: unknown }[];
  }
  const built: Built[] = [];
  let nameIndex = 0;

  for (const plan of plans) {
    const { customer, status } = plan;
    const path = STATUS_PATH[status];
    // Status history: gaps between steps, then the whole path placed in the last ~6 months
    // (orders still in flight recent, finished ones anywhere).
    const gaps = path.slice(1).map((step) => {
      const [lo, hi] = STEP_DAYS[step] ?? [1, 3];
      return rng.int(lo, hi) * DAY + rng.int(0, 8 * 3600) * 1000;
    });
    const span = gaps.reduce((a, b) => a + b, 0);
    const inFlight = ['BID', 'ORDERED', 'VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED'].includes(status);
    const slackDays = inFlight ? rng.int(0, 25) : rng.int(0, Math.max(0, 175 - Math.ceil(span / DAY)));
    const createdAt = new Date(now.getTime() - span - slackDays * DAY - rng.int(1, 10 * 3600) * 1000);
    const times = [createdAt];
    for (const g of gaps) times.push(new Date((times.at(-1) as Date).getTime() + g));

    const room = rng.pick(ROOMS);
    const surname = SURNAMES[nameIndex++ % SURNAMES.length] as string;
    const name = `${surname} ${rng.pick(room.label)}`;
    const groupKinds = rng.pick(room.groups);
    const totalLines = Math.max(
      groupKinds.length * 3,
      rng.int(room.room === 'kitchen' ? 12 : 5, room.room === 'kitchen' ? 30 : 14),
    );
    let clientSeq = 0;
    const nextId = () => `L${++clientSeq}`;
    const groups = groupKinds.map((kind, gi) => {
      const share =
        gi === groupKinds.length - 1
          ? totalLines - Math.floor(totalLines / groupKinds.length) * gi
          : Math.floor(totalLines / groupKinds.length);
      const prem = premiumsFor();
      return { kind, prem, lines: linesFor(kind, Math.max(2, share), nextId) };
    });

    const submitted = status !== 'BID';
    const submitAt = submitted ? (times[1] as Date) : null;
    const business = customer.accountType === 'B';
    const paymentOption = submitted
      ? business && rng.chance(0.4)
        ? optionBy(DEMO_PAYMENT_OPTIONS.net30)
        : optionBy(rng.chance(0.5) ? DEMO_PAYMENT_OPTIONS.payInFull : DEMO_PAYMENT_OPTIONS.deposit)
      : null;
    const paymentMethod = submitted ? rng.pick(['CARD', 'CHECK', 'WIRE', 'CARD'] as const) : null;
    const shippingMethod = submitted ? rng.pick(['PICKUP', 'DELIVERY'] as const) : null;
    const pricedAt = submitAt ?? createdAt;
    const today = isoDay(pricedAt);

    // A code on some orders: only one that applies that day, except one bid that shows the refusal.
    let code: (typeof codes)[number] | null = null;
    if (!expiredCodeUsed && status === 'BID' && customer.accountType === 'P') {
      code = codeBy(DEMO_DISCOUNT_CODES.expired);
      expiredCodeUsed = code !== null;
    } else if (rng.chance(0.2)) {
      const candidate = codeBy(rng.chance(0.5) ? DEMO_DISCOUNT_CODES.welcome : DEMO_DISCOUNT_CODES.spring);
      if (candidate) code = candidate;
    }
    const adminDiscount = ['VERIFIED', 'IN_PROGRESS', 'COMPLETED'].includes(status) && rng.chance(0.3);
    const customDiscountPercentage = adminDiscount && rng.chance(0.5) ? basisPoints(500) : null;
    const customDiscountAmount = adminDiscount && customDiscountPercentage === null ? (10_000 as Cents) : null;
    const bypass = paymentOption?.name === DEMO_PAYMENT_OPTIONS.payInFull && rng.chance(0.15);

    const groupRows: PricingGroupRows[] = groups.map((g) => ({ premiums: g.prem, items: g.lines }));
    const rules = (discountCode: DiscountCodeRow | null): PricingRulesRows => ({
      customerId: customer.id,
      companyId: customer.companyId,
      boundDiscounts: bound,
      discountCode,
      // Priced when submitted, as the claim is made: the code had to apply then.
      discountCodeClaimed: false,
      customDiscountAmount,
      customDiscountPercentage,
      surcharges: fees,
      paymentMethod,
      paymentOptionDiscount: paymentOption?.discountPercentage ?? null,
      bypassPaymentOptionDiscount: bypass,
      taxRates,
      // A pickup is taxed at the shop's state (decision 0017).
      taxState: shippingMethod === 'PICKUP' ? DEMO_SHOP_STATE : (customer.shipping?.state ?? null),
      taxExempt: customer.taxExempt,
      today,
    });
    let pricing = priceOrder(orderPricingInput(groupRows, rules(code)));
    if (code && pricing.discount_code_refusal !== null && code.code !== DEMO_DISCOUNT_CODES.expired) {
      // A code the customer could not have used that day: the order goes without it.
      code = null;
      pricing = priceOrder(orderPricingInput(groupRows, rules(null)));
    }
    const codeClaimed = Boolean(code && submitted && pricing.discount_code_refusal === null);
    if (code && codeClaimed) claimed.set(code.code, (claimed.get(code.code) ?? 0) + 1);
    // A submitted order keeps the rules it was priced with (decision 0017).
    const frozenRules = submitted
      ? frozenRulesOf(
          orderPricingInput(groupRows, { ...rules(code), discountCodeClaimed: codeClaimed }),
          rules(code).taxState,
        )
      : null;

    const actorOf = (step: string) => {
      if (step === 'create' || step === 'submit')
        return business && rng.chance(0.15) ? (admin?.id ?? customer.id) : customer.id;
      if (['start_production', 'partially_complete', 'complete'].includes(step)) return staff?.id ?? null;
      return admin?.id ?? null;
    };
    const events = path.map((step, i) => {
      const at = times[i] as Date;
      const after: Record<string, unknown> = { status: STATUS_AFTER[step] };
      if (step === 'create') after.name = name;
      if (step === 'submit') after.total_price = pricing.totals.total_price;
      return {
        action: step,
        at,
        actorId: actorOf(step),
        before: i === 0 ? null : { status: STATUS_AFTER[path[i - 1] as string] },
        after,
      };
    });

    const metadata: OrderMetadata = {};
    const last = events.at(-1)!;
    if (status === 'DECLINED' || status === 'CANCELLED') {
      const note = status === 'DECLINED' ? rng.pick(DECLINE_REASONS) : rng.pick(CANCEL_NOTES);
      metadata.status_notes = [{ status, note, at: last.at.toISOString(), by: last.actorId }];
      (last.after as Record<string, unknown>)[status === 'DECLINED' ? 'reason' : 'note'] = note;
    }

    const requestedDate =
      submitAt && rng.chance(0.5) ? isoDay(new Date(submitAt.getTime() + rng.int(20, 45) * DAY)) : null;
    const dueDate = submitAt
      ? (requestedDate ?? addBusinessDays(isoDay(submitAt), leadTime, holidayMatcher(holidayRows)))
      : null;
    const itemCount = groups.reduce((n, g) => n + g.lines.filter((l) => !l.isAttachment).length, 0);

    built.push({
      head: {
        name,
        poNumber: business && rng.chance(0.6) ? `PO-${rng.int(1000, 9999)}` : null,
        status,
        version: path.length,
        customerId: customer.id,
        companyId: customer.companyId,
        createdById: events[0]?.actorId ?? customer.id,
        errorCount: 0,
        warningCount: 0,
        itemCount,
        customDiscountAmount,
        customDiscountPercentage,
        customDiscountNotes: adminDiscount ? 'Loyal customer, approved by Ada' : '',
        discountCodeId: code ? (codes.find((c) => c.code === code?.code)?.id ?? null) : null,
        discountCodeClaimed: codeClaimed,
        frozenRules,
        bypassPaymentOptionDiscount: bypass,
        customerPaymentOptionId: paymentOption?.id ?? null,
        ...orderTotalsColumns(pricing, pricedAt),
        requestedDate,
        dueDate,
        completionPreference: submitted ? rng.pick(['ALL_AT_ONCE', 'AS_READY'] as const) : null,
        jobPriority: submitted ? (rng.chance(0.15) ? 'RUSH' : 'NORMAL') : null,
        shippingMethod,
        billingAddressId: submitted ? (customer.billing?.id ?? null) : null,
        shippingAddressId: submitted ? (customer.shipping?.id ?? null) : null,
        billingAddress: submitted ? customer.billing : null,
        shippingAddress: submitted ? customer.shipping : null,
        deliveryNotes: shippingMethod === 'DELIVERY' ? 'Call 30 minutes before arrival; side door.' : '',
        deliveryContactName: shippingMethod === 'DELIVERY' ? (customer.shipping?.name ?? '') : '',
        deliveryContactPhone: shippingMethod === 'DELIVERY' ? '(312) 555-0142' : '',
        paymentMethod,
        termsAcceptedAt: submitAt,
        submittedAt: submitAt,
        submittedById: submitted ? (events[1]?.actorId ?? customer.id) : null,
        // From the status history, as the migration backfills existing orders (decision 0018).
        verifiedAt: events.find((e) => e.action === 'approve')?.at ?? null,
        completedAt: events.find((e) => e.action === 'complete')?.at ?? null,
        shippedAt: events.find((e) => e.action === 'ship')?.at ?? null,
        cancelledAt: events.find((e) => e.action === 'cancel')?.at ?? null,
        lastLineNo: groups.reduce((n, g) => n + g.lines.length, 0),
        metadata,
        createdAt,
        updatedAt: last.at,
      },
      groups: groups.map((g, gi) => ({
        row: {
          position: gi,
          name: GROUP_NAMES[g.kind],
          woodSpeciesId: g.prem.wood_species?.id ?? null,
          finishOptionId: g.prem.finish_option?.id ?? null,
          baseDoorStyleId: g.prem.base_door_style?.id ?? null,
          wallDoorStyleId: g.prem.wall_door_style?.id ?? null,
          tallDoorStyleId: g.prem.tall_door_style?.id ?? null,
          drawerStyleId: g.prem.drawer_style?.id ?? null,
          subtotal: pricing.groups[gi]?.subtotal ?? (0 as Cents),
        },
        lines: g.lines,
      })),
      pricing,
      events,
    });
  }

  // Oldest first, so ids grow with created_at as they would have.
  built.sort((a, b) => (a.head.createdAt as Date).getTime() - (b.head.createdAt as Date).getTime());
  const orderIds = await tx
    .insert(orders)
    .values(built.map((b) => b.head))
    .returning({ id: orders.id });
  const groupValues = built.flatMap((b, oi) => b.groups.map((g) => ({ ...g.row, orderId: orderIds[oi]!.id })));
  const groupIds = await tx.insert(orderGroups).values(groupValues).returning({ id: orderGroups.id });

  const itemValues: (typeof orderItems.$inferInsert)[] = [];
  let gk = 0;
  built.forEach((b, oi) => {
    let lineNo = 0;
    b.groups.forEach((g, gi) => {
      const groupId = groupIds[gk++]!.id;
      const finish = g.row.finishOptionId ? (premiumRows.find((p) => p.id === g.row.finishOptionId)?.code ?? '') : '';
      g.lines.forEach((line, li) => {
        const priced = b.pricing.groups[gi]!.items[li]!;
        const it = line.item;
        itemValues.push({
          orderId: orderIds[oi]!.id,
          groupId,
          position: li,
          lineNo: ++lineNo,
          clientId: line.clientId,
          parentClientId: line.parentClientId,
          isAttachment: line.isAttachment,
          lineItemId: it.id,
          qty: line.qty,
          hinge: line.hinge,
          finishedSideId: line.finishedSideId,
          manufacturerCode: it.manufacturerCode,
          description: it.description,
          baseCategory: it.baseCategory,
          width: it.width,
          height: it.height,
          depth: it.depth,
          nbDoor: it.nbBaseDoor + it.nbWallDoor + it.nbTallDoor,
          nbDrawer: it.nbDrawer,
          nbShelf: it.nbAdjustableShelf,
          finish: line.isAttachment ? '' : finish,
          unitPrice: priced.unit_price,
          totalPrice: priced.total_price,
          finalPrice: priced.final_price,
          totalFinalPrice: priced.total_final_price,
          breakdown: priced.breakdown,
        });
      });
    });
  });
  // In slices: PostgreSQL takes at most 65,535 parameters per statement.
  for (let i = 0; i < itemValues.length; i += 1_000) await tx.insert(orderItems).values(itemValues.slice(i, i + 1_000));

  await tx.insert(auditEvents).values(
    built.flatMap((b, oi) =>
      b.events.map((e) => ({
        at: e.at,
        actorId: e.actorId,
        entity: 'order',
        entityId: String(orderIds[oi]!.id),
        action: e.action,
        before: e.before,
        after: e.after,
      })),
    ),
  );
  for (const [code, n] of claimed) {
    await tx
      .update(discountCodes)
      .set({ timesUsed: sql`${discountCodes.timesUsed} + ${n}` })
      .where(sql`${discountCodes.code} = ${code}`);
  }
  return built.length;
}

import { DEMO_SELLER, type Executor, schema } from '@cab/db';
import { basisPoints, cents, stateOfAddress } from '@cab/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  createDiscountCode,
  createPaymentOption,
  createSurcharge,
  setBoundDiscount,
} from '../modules/finance/index.ts';

/**
 * The demo finance rules the pricing engine reads (DOMAIN.md "Order totals" and "Invoices,
 * milestones, payments"), written through the finance module's writers (decision 0024): payment
 * options, a bound discount for the demo company, code discounts, surcharges, and sales tax for a
 * few states. Idempotent: each kind is added only while its table is empty (codes by code), and
 * the tax table only while it is still the empty default, so an admin's own rules are never touched.
 */

/** Names of the demo payment options, referenced by the demo orders. */
export const DEMO_PAYMENT_OPTIONS = {
  payInFull: 'Pay in full',
  deposit: '50 % deposit',
  net30: 'Net 30',
} as const;

/**
 * The demo shop's state, where its pickups change hands and are taxed: the state of the demo
 * seller's own address (Chicago, IL), so the invoice's seller and its pickup tax agree (issue 34).
 */
export const DEMO_SHOP_STATE = stateOfAddress(DEMO_SELLER.seller_address)!;

/** Sales tax % by state (whole or two-place state rates, which basis points hold exactly). */
const DEMO_TAX_RATES: Readonly<Record<string, number>> = {
  NY: 4,
  IL: 6.25,
  CA: 7.25,
  TX: 6.25,
  WA: 6.5,
  FL: 6,
  PA: 6,
};

export const DEMO_DISCOUNT_CODES = { welcome: 'WELCOME10', spring: 'SPRING50', expired: 'FALL15' } as const;

/** The demo customers the demo orders belong to. */
export const DEMO_ORDER_CUSTOMERS = ['personal@demo.test', 'manager@demo.test', 'employee@demo.test'] as const;

const { boundDiscounts, discountCodes, paymentOptions, settings, surcharges, users } = schema;

/** Rows in a finance table (the idempotency checks read; every write goes through modules/finance). */
async function count(tx: Executor, table: typeof paymentOptions | typeof surcharges | typeof boundDiscounts) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
}

export async function seedFinance(tx: Executor, opts: { companyId: number | null; today: Date }): Promise<void> {
  const year = opts.today.getUTCFullYear();

  if ((await count(tx, paymentOptions)) === 0) {
    await createPaymentOption(tx, {
      name: DEMO_PAYMENT_OPTIONS.payInFull,
      description: 'Pay the whole order when it is approved and save 2 %.',
      discountPercentage: basisPoints(200),
      milestones: [{ label: 'Payment in full', percentage: 10_000, due: 'ON_APPROVAL' }],
      index: 0,
    });
    await createPaymentOption(tx, {
      name: DEMO_PAYMENT_OPTIONS.deposit,
      description: 'Half when the order is approved, the balance before pickup or delivery.',
      discountPercentage: null,
      milestones: [
        { label: 'Deposit', percentage: 5_000, due: 'ON_APPROVAL' },
        { label: 'Balance', percentage: 5_000, due: 'BEFORE_PICKUP' },
      ],
      index: 1,
    });
    await createPaymentOption(tx, {
      name: DEMO_PAYMENT_OPTIONS.net30,
      description: 'Business accounts with terms: the whole order 30 days after completion.',
      discountPercentage: null,
      milestones: [{ label: 'Net 30', percentage: 10_000, due: 'DAYS_AFTER_COMPLETION', days: 30 }],
      businessOnly: true,
      index: 2,
    });
  }

  if (opts.companyId !== null && (await count(tx, boundDiscounts)) === 0) {
    await setBoundDiscount(tx, {
      companyId: opts.companyId,
      percentage: basisPoints(500),
      notes: 'Trade account, 5 % on every order',
    });
  }

  const codes = [
    {
      code: DEMO_DISCOUNT_CODES.welcome,
      percentage: basisPoints(1_000),
      validFrom: `${year}-01-01`,
      validTo: `${year}-12-31`,
      usageLimit: 100,
    },
    {
      code: DEMO_DISCOUNT_CODES.spring,
      amount: cents(5_000),
      minimumTotal: cents(100_000),
      validFrom: `${year - 1}-01-01`,
      validTo: `${year + 1}-12-31`,
    },
    {
      code: DEMO_DISCOUNT_CODES.expired,
      percentage: basisPoints(1_500),
      validFrom: `${year - 2}-09-01`,
      validTo: `${year - 2}-11-30`,
      usageLimit: 50,
    },
  ];
  const present = await tx
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(
      inArray(
        discountCodes.code,
        codes.map((c) => c.code),
      ),
    );
  for (const code of codes) {
    if (!present.some((p) => p.code === code.code)) await createDiscountCode(tx, code);
  }

  if ((await count(tx, surcharges)) === 0) {
    await createSurcharge(tx, { name: 'Card processing fee', percentage: basisPoints(300), paymentMethod: 'CARD' });
    await createSurcharge(tx, { name: 'Small order fee', amount: cents(7_500), appliesBelow: cents(50_000) });
  }

  // Global settings have no writer yet (core serves them read-only): the demo tax table and shop
  // state are written here, only while nobody has set them (the default row is {}, seed.ts).
  const [taxRow] = await tx.select().from(settings).where(eq(settings.key, 'tax_rates'));
  const stored = taxRow?.value as Record<string, number> | undefined;
  if (!stored || Object.keys(stored).length === 0) {
    await tx
      .insert(settings)
      .values({ key: 'tax_rates', value: DEMO_TAX_RATES })
      .onConflictDoUpdate({ target: settings.key, set: { value: DEMO_TAX_RATES } });
  }
  const [shopRow] = await tx.select().from(settings).where(eq(settings.key, 'shop_state'));
  if (!shopRow?.value) {
    await tx
      .insert(settings)
      .values({ key: 'shop_state', value: DEMO_SHOP_STATE })
      .onConflictDoUpdate({ target: settings.key, set: { value: DEMO_SHOP_STATE } });
  }
  // lead_time is ensured by @cab/db's seed() with the other defaults.
}

/**
 * The demo finance rules alone (payment options, the demo company's bound discount, codes,
 * surcharges, tax rates), when the demo accounts exist: browser tests start without demo orders
 * but submit orders, which needs a payment option.
 */
export async function seedDemoFinance(tx: Executor, now = new Date()): Promise<void> {
  const demo = await tx
    .select({ companyId: users.companyId })
    .from(users)
    .where(inArray(users.email, [...DEMO_ORDER_CUSTOMERS]));
  if (demo.length === 0) return;
  await seedFinance(tx, { companyId: demo.find((u) => u.companyId !== null)?.companyId ?? null, today: now });
}

import { type DbHandle, schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import {
  GROUP_PREMIUM_KINDS,
  type LineItemPriceRow,
  ORDER_STATUSES,
  orderPricingInput,
  type PremiumPriceRow,
  type PricingGroupRows,
  priceOrder,
} from '@cab/shared';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORDER_CUSTOMERS, DEMO_SHOP_STATE, seed } from '../src/seed/index.ts';

/** The demo orders (apps/server/src/seed/orders.ts): every status, priced as stored, idempotent. */

/** The orders an approved demo remake created (seed/remakes.ts) are the remakes' test's, not these. */
const NOT_A_REMAKE_ORDER = sql`${schema.orders.id} not in (select remake_order_id from remakes where remake_order_id is not null)`;

let handle: DbHandle;
let createdDemoOrders = 0;
beforeAll(async () => {
  handle = await createTestDb();
  ({ createdDemoOrders } = await seed(handle.db, { demoOrders: true }));
});
afterAll(() => handle.close());

const counts = async () => {
  const n = async (table: string) => {
    const res = (await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    return Number(res.rows[0]!.n);
  };
  return {
    orders: await n('orders'),
    groups: await n('order_groups'),
    items: await n('order_items'),
    audit: await n('audit_events'),
    paymentOptions: await n('payment_options'),
    boundDiscounts: await n('bound_discounts'),
    codes: await n('discount_codes'),
    paymentRules: await n('payment_rules'),
    chargeSettings: await n('account_charge_settings'),
    surcharges: await n('surcharges'),
  };
};

describe('demo orders', () => {
  it('every status for each demo customer (personal, business manager, business employee)', async () => {
    const users = await handle.db.select().from(schema.users);
    const rows = await handle.db.select().from(schema.orders).where(NOT_A_REMAKE_ORDER);
    expect(createdDemoOrders).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    for (const email of DEMO_ORDER_CUSTOMERS) {
      const user = users.find((u) => u.email === email)!;
      const statuses = new Set(rows.filter((o) => o.customerId === user.id).map((o) => o.status));
      expect([...statuses].sort(), email).toEqual([...ORDER_STATUSES].sort());
    }
    const manager = users.find((u) => u.email === 'manager@demo.test')!;
    expect(manager.isManager && manager.accountType === 'B').toBe(true);
    // Business orders carry the company; the personal customer's do not.
    for (const o of rows) expect(o.companyId).toBe(users.find((u) => u.id === o.customerId)!.companyId);
    // Created over the last ~6 months, none in the future.
    const ages = rows.map((o) => (Date.now() - o.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    expect(Math.max(...ages)).toBeLessThan(190);
    expect(Math.max(...ages)).toBeGreaterThan(60);
  });

  it('submitted orders have their submit fields; declined ones a reason; the audit trail tells the history', async () => {
    const rows = await handle.db.select().from(schema.orders).where(NOT_A_REMAKE_ORDER);
    const events = await handle.db
      .select()
      .from(schema.auditEvents)
      .where(sql`${schema.auditEvents.entity} = 'order'`)
      .orderBy(asc(schema.auditEvents.id));
    for (const o of rows) {
      const mine = events.filter((e) => e.entityId === String(o.id));
      expect(mine[0]?.action).toBe('create');
      expect((mine.at(-1)!.after as { status: string }).status).toBe(o.status);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.at >= mine[i - 1]!.at).toBe(true);
      if (o.status === 'BID') {
        expect(o.submittedAt).toBeNull();
        continue;
      }
      expect(mine[1]?.action).toBe('submit');
      expect(o.submittedAt).not.toBeNull();
      expect(o.termsAcceptedAt).not.toBeNull();
      expect(o.billingAddress?.line1).toBeTruthy();
      expect(o.shippingAddress?.state).toMatch(/^[A-Z]{2}$/);
      expect(o.customerPaymentOptionId).not.toBeNull();
      expect(o.paymentMethod).toBeTruthy();
      expect(o.completionPreference && o.jobPriority && o.shippingMethod).toBeTruthy();
      expect(o.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(o.dueDate! > o.submittedAt!.toISOString().slice(0, 10)).toBe(true);
      if (o.status === 'DECLINED') {
        expect(o.metadata.status_notes?.[0]?.status).toBe('DECLINED');
        expect(o.metadata.status_notes?.[0]?.note.length).toBeGreaterThan(10);
        expect(mine.at(-1)?.action).toBe('decline');
      }
    }
  });

  it("every order's stored prices equal the engine's, recomputed from its stored lines", async () => {
    const db = handle.db;
    const rows = await db.select().from(schema.orders).where(NOT_A_REMAKE_ORDER);
    const groups = await db.select().from(schema.orderGroups).orderBy(asc(schema.orderGroups.position));
    const items = await db.select().from(schema.orderItems).orderBy(asc(schema.orderItems.position));
    const catalog = new Map((await db.select().from(schema.lineItems)).map((i) => [i.id, i]));
    const premiumRows = new Map((await db.select().from(schema.premiums)).map((p) => [p.id, p]));
    const bound = await db.select().from(schema.boundDiscounts);
    const codes = await db.select().from(schema.discountCodes);
    const fees = await db.select().from(schema.surcharges);
    const options = await db.select().from(schema.paymentOptions);
    const users = await db.select().from(schema.users);
    const [taxRow] = await db.select().from(schema.settings).where(sql`${schema.settings.key} = 'tax_rates'`);
    const taxRates = taxRow!.value as Record<string, number>;
    const addressRows = await db.select().from(schema.addresses);
    const defaultShippingState = (customerId: number, companyId: number | null) =>
      addressRows.find(
        (a) =>
          a.kind === 'SHIPPING' &&
          a.isDefault &&
          (a.userId === customerId || (companyId !== null && a.companyId === companyId)),
      )?.state ?? null;
    expect(Object.keys(taxRates).length).toBeGreaterThan(0);
    expect(bound.length).toBe(1);

    let withCode = 0;
    let withCustomerDiscount = 0;
    let withSurcharge = 0;
    let withTax = 0;
    for (const o of rows) {
      const og = groups.filter((g) => g.orderId === o.id);
      expect(og.length).toBeGreaterThanOrEqual(1);
      expect(og.length).toBeLessThanOrEqual(4);
      const lines = items.filter((i) => i.orderId === o.id);
      expect(lines.length).toBeGreaterThanOrEqual(5);
      expect(lines.length).toBeLessThanOrEqual(32);
      expect(o.itemCount).toBe(lines.filter((l) => !l.isAttachment).length);
      expect(o.errorCount).toBe(og.reduce((n, g) => n + g.errors.length, 0));

      const premium = (id: number | null): PremiumPriceRow | null => (id === null ? null : premiumRows.get(id)!);
      const input: PricingGroupRows[] = og.map((g) => {
        const gl = lines.filter((l) => l.groupId === g.id);
        // Attachments follow their parent: the nearest line above that is not an attachment.
        gl.forEach((l, i) => {
          if (!l.isAttachment) return;
          const parent = gl
            .slice(0, i)
            .reverse()
            .find((p) => !p.isAttachment);
          expect(l.parentClientId).toBe(parent?.clientId);
        });
        return {
          premiums: {
            wood_species: premium(g.woodSpeciesId),
            finish_option: premium(g.finishOptionId),
            base_door_style: premium(g.baseDoorStyleId),
            wall_door_style: premium(g.wallDoorStyleId),
            tall_door_style: premium(g.tallDoorStyleId),
            drawer_style: premium(g.drawerStyleId),
          },
          items: gl.map((l) => {
            const c = catalog.get(l.lineItemId!)!;
            expect(l.manufacturerCode).toBe(c.manufacturerCode);
            // The frozen base price is the catalogue's as seeded.
            expect(l.breakdown.base_price).toBe(c.priceCents);
            const lineItem: LineItemPriceRow = c;
            return {
              clientId: l.clientId,
              parentClientId: l.parentClientId,
              isAttachment: l.isAttachment,
              qty: l.qty,
              lineItem,
              finishedSide: premium(l.finishedSideId),
            };
          }),
        };
      });
      const customer = users.find((u) => u.id === o.customerId)!;
      const code = codes.find((c) => c.id === o.discountCodeId) ?? null;
      const priced = priceOrder(
        orderPricingInput(input, {
          customerId: o.customerId,
          companyId: o.companyId,
          boundDiscounts: bound,
          discountCode: code,
          discountCodeClaimed: o.discountCodeClaimed,
          customDiscountAmount: o.customDiscountAmount,
          customDiscountPercentage: o.customDiscountPercentage,
          surcharges: fees,
          paymentMethod: o.paymentMethod,
          paymentOptionDiscount: options.find((p) => p.id === o.customerPaymentOptionId)?.discountPercentage ?? null,
          bypassPaymentOptionDiscount: o.bypassPaymentOptionDiscount,
          taxRates,
          // A pickup at the shop's state; otherwise the shipping address, before submit the
          // customer's (or company's) default shipping address.
          taxState:
            o.shippingMethod === 'PICKUP'
              ? DEMO_SHOP_STATE
              : (o.shippingAddress?.state ?? defaultShippingState(o.customerId, o.companyId)),
          taxExempt: customer.taxExempt,
          today: o.pricedAt!.toISOString().slice(0, 10),
        }),
      );
      const t = priced.totals;
      expect({
        subtotal: o.subtotal,
        customer_discount_amount: o.customerDiscountAmount,
        total_after_customer_discount: o.totalAfterCustomerDiscount,
        order_discount: o.orderDiscount,
        total_after_discount: o.totalAfterDiscount,
        surcharge: o.surcharge,
        payment_option_discount: o.paymentOptionDiscount,
        total_before_tax: o.totalBeforeTax,
        sales_tax_in_percentage: o.salesTaxInPercentage,
        sales_tax_amount: o.salesTaxAmount,
        total_after_tax: o.totalAfterTax,
        total_price: o.totalPrice,
      }).toEqual({ ...t, custom_discount_amount_display: undefined });
      expect(o.pricingSteps).toEqual(JSON.parse(JSON.stringify(priced.steps)));

      // Independently of the engine: the lines add up to the subtotal, each line is unit x qty,
      // each unit the sum of its breakdown's parts, and the final prices to the pre-tax total.
      let sum = 0;
      let finalSum = 0;
      og.forEach((g, gi) => {
        const gl = lines.filter((l) => l.groupId === g.id);
        expect(g.subtotal).toBe(priced.groups[gi]!.subtotal);
        expect(g.subtotal).toBe(gl.reduce((n, l) => n + l.totalPrice, 0));
        gl.forEach((l, li) => {
          const p = priced.groups[gi]!.items[li]!;
          expect([l.unitPrice, l.totalPrice, l.finalPrice, l.totalFinalPrice]).toEqual([
            p.unit_price,
            p.total_price,
            p.final_price,
            p.total_final_price,
          ]);
          // As every order made through the orders module: each premium part carries its code.
          const withCode = <P extends { premium_id: string | null }>(part: P) => ({
            ...part,
            code: part.premium_id === null ? null : premiumRows.get(Number(part.premium_id))!.code,
          });
          const frozen = {
            ...p.breakdown,
            premiums: p.breakdown.premiums.map(withCode),
            finished_side: p.breakdown.finished_side && withCode(p.breakdown.finished_side),
          };
          expect(l.breakdown).toEqual(JSON.parse(JSON.stringify(frozen)));
          const parts =
            l.breakdown.base_price +
            l.breakdown.premiums.reduce((n, part) => n + part.amount, 0) +
            (l.breakdown.finished_side?.amount ?? 0);
          expect(l.unitPrice).toBe(parts);
          expect(l.totalPrice).toBe(l.unitPrice * l.qty);
          if (l.isAttachment) expect(l.breakdown.premiums).toEqual([]);
          sum += l.totalPrice;
          finalSum += l.totalFinalPrice;
        });
      });
      expect(o.subtotal).toBe(sum);
      expect(o.totalBeforeTax).toBe(finalSum);
      expect(o.totalPrice).toBe(o.totalBeforeTax + o.salesTaxAmount);

      if (o.orderDiscount > 0 && code) withCode++;
      if (o.customerDiscountAmount > 0) withCustomerDiscount++;
      if (o.surcharge > 0) withSurcharge++;
      if (o.salesTaxAmount > 0) withTax++;
      // Premiums are real: every group has a wood, a finish, door and drawer styles.
      for (const g of og) {
        for (const kind of GROUP_PREMIUM_KINDS) expect(input[og.indexOf(g)]!.premiums[kind], kind).toBeTruthy();
      }
    }
    // The demo shows each adjustment somewhere.
    expect(withCustomerDiscount).toBeGreaterThan(0);
    expect(withSurcharge).toBeGreaterThan(0);
    expect(withTax).toBeGreaterThan(0);
    expect(
      withCode + rows.filter((o) => o.customDiscountAmount !== null || o.customDiscountPercentage !== null).length,
    ).toBeGreaterThan(0);
  });

  it('stamps each status time from the status history, and numbers the lines 1..n (decision 0018)', async () => {
    const rows = await handle.db.select().from(schema.orders).where(NOT_A_REMAKE_ORDER);
    const events = await handle.db.select().from(schema.auditEvents);
    const at = (id: number, action: string) =>
      events.find((e) => e.entity === 'order' && e.entityId === String(id) && e.action === action)?.at.getTime() ??
      null;
    for (const o of rows) {
      expect(o.submittedAt?.getTime() ?? null).toBe(at(o.id, 'submit'));
      expect(o.verifiedAt?.getTime() ?? null).toBe(at(o.id, 'approve'));
      expect(o.completedAt?.getTime() ?? null).toBe(at(o.id, 'complete'));
      expect(o.shippedAt?.getTime() ?? null).toBe(at(o.id, 'ship'));
      expect(o.cancelledAt?.getTime() ?? null).toBe(at(o.id, 'cancel'));
    }
    expect(rows.filter((o) => o.shippedAt !== null).length).toBeGreaterThan(0);
    const items = await handle.db
      .select()
      .from(schema.orderItems)
      .innerJoin(schema.orderGroups, sql`${schema.orderGroups.id} = ${schema.orderItems.groupId}`)
      .orderBy(asc(schema.orderGroups.position), asc(schema.orderItems.position));
    for (const o of rows) {
      const numbers = items.filter((r) => r.order_items.orderId === o.id).map((r) => r.order_items.lineNo);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(o.lastLineNo).toBe(numbers.length);
    }
  });

  it('running the seed again adds nothing', async () => {
    const before = await counts();
    // The three the orders use, and the large-order option of the demo payment rules (seed/finance-rules.ts).
    expect(before.paymentOptions).toBe(4);
    expect(before.paymentRules).toBe(4);
    expect(before.chargeSettings).toBe(2);
    expect(before.surcharges).toBe(2);
    expect(before.codes).toBe(3);
    const again = await seed(handle.db, { demoOrders: true });
    expect(again).toEqual({ createdDemoUsers: 0, createdDemoOrders: 0 });
    expect(await counts()).toEqual(before);
  });
});

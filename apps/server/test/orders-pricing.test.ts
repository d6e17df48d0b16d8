import { schema } from '@cab/db';
import {
  auditApi,
  type BasisPoints,
  type Cents,
  coreApi,
  DISCOUNT_CODE_REFUSAL_TEXT,
  MSG,
  ORDER_TEXT,
  ordersApi,
  taxRateFromSettings,
} from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, orderCatalogue, roleUserId, setOrder } from './orders-fixtures.ts';

let t: TestApp;
let c: Catalogue;
let admin: string;
let personal: string;
let manager: string;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await setupTestApp();
  c = await orderCatalogue(t);
  admin = await t.login('ADMIN');
  personal = await t.login('PERSONAL');
  manager = await t.login('BUSINESS_MANAGER');
});
afterAll(() => t.close());

async function newOrder(token = personal, groups = [fullGroup(c)]) {
  const res = await t.call(ordersApi.create, { token, body: { name: 'Priced', groups } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function codeRow(code: string, values: Partial<typeof schema.discountCodes.$inferInsert> = {}) {
  const [row] = await db()
    .insert(schema.discountCodes)
    .values({ code, percentage: 1000 as BasisPoints, ...values })
    .returning();
  return row!;
}

describe('a priced order, computed by hand', () => {
  it('prices lines, discounts, fees, the payment option and tax in DOMAIN order', async () => {
    const paula = await roleUserId(t, 'PERSONAL');
    await db()
      .insert(schema.boundDiscounts)
      .values({ customerId: paula, percentage: 500 as BasisPoints });
    await codeRow('SAVE10');
    await db()
      .insert(schema.surcharges)
      .values([
        { name: 'Handling', amount: 2500 as Cents },
        { name: 'Card fee', percentage: 300 as BasisPoints, paymentMethod: 'CARD' },
        { name: 'Small order', amount: 5000 as Cents, appliesBelow: 50000 as Cents },
        { name: 'Old fee', amount: 9900 as Cents, isActive: false },
      ]);
    const [option] = await db()
      .insert(schema.paymentOptions)
      .values({
        name: 'Pay in full',
        discountPercentage: 200 as BasisPoints,
        milestones: [{ label: 'Full', percentage: 10000, due: 'ON_APPROVAL' }],
      })
      .returning();
    expect((await t.call(coreApi.patchSettings, { token: admin, body: { tax_rates: { NY: 8 } } })).status).toBe(200);

    const order = await newOrder();
    // B24 x2: 300 + 10 % finish (30) + 2 doors x 20 + 1 drawer x 12.50 + maple 50 + finished side 30 = 462.50
    const [a, att, b] = order.groups[0].items;
    expect(a.manufacturer_code).toBe('ZB24');
    expect(a.unit_price).toBe('462.50');
    expect(a.total_price).toBe('925.00');
    expect(a.breakdown.base_price).toBe('300.00');
    expect(a.breakdown.premiums.map((p: any) => [p.kind, p.code, p.multiplier, p.amount])).toEqual([
      ['wood_species', 'ZMAPLE', 1, '50.00'],
      ['finish_option', 'ZSTAIN', 1, '30.00'],
      ['base_door_style', 'ZSHAKER', 2, '40.00'],
      ['drawer_style', 'ZDOVETAIL', 1, '12.50'],
    ]);
    expect(a.breakdown.finished_side).toMatchObject({ code: 'ZFSIDE', amount: '30.00' });
    expect([a.nb_door, a.nb_drawer, a.nb_shelf, a.finish, a.width]).toEqual([2, 1, 1, 'ZSTAIN', 24]);
    // The attachment right after its parent: own price x qty, no premiums.
    expect([att.manufacturer_code, att.unit_price, att.total_price, att.breakdown.premiums]).toEqual([
      'ZATT1',
      '25.00',
      '75.00',
      [],
    ]);
    // W30: 200 + 20 (10 %) + 2 wall doors x 15 + maple 50 = 300.00; no base door, no drawer.
    expect([b.manufacturer_code, b.unit_price, b.total_price]).toEqual(['ZW30', '300.00', '300.00']);
    expect(order.item_count).toBe(2);
    expect(order.error_count).toBe(0);
    expect(order.subtotal).toBe('1300.00');
    // Bound discount 5 %: 65.00. Code 10 % of 1235.00: 123.50. No custom discount yet.
    expect(order.customer_discount_amount).toBe('65.00');
    expect(order.total_after_customer_discount).toBe('1235.00');

    await t.call(ordersApi.discountCode, {
      token: personal,
      params: { id: order.id },
      body: { discount_code: 'save10' },
    });
    const withCustom = await t.call(ordersApi.updateCustomDiscount, {
      token: admin,
      params: { id: order.id },
      body: { custom_discount_amount: '40', custom_discount_notes: 'Loyal customer' },
    });
    expect(withCustom.status, JSON.stringify(withCustom.body)).toBe(200);
    // The payment option is chosen on submit; here it is written directly and the totals redone.
    await setOrder(t, order.id, { customerPaymentOptionId: option!.id });
    const res = await t.call(ordersApi.updateBypassPaymentOptionDiscount, {
      token: admin,
      params: { id: order.id },
      body: { bypass_payment_option_discount: false },
    });
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.discount_code).toBe('SAVE10');
    expect(o.discount_code_refusal).toBeNull();
    // Order discount: code 123.50 + custom 40.00 = 163.50; 1235.00 - 163.50 = 1071.50.
    expect(o.order_discount).toBe('163.50');
    expect(o.total_after_discount).toBe('1071.50');
    expect(o.custom_discount_amount_display).toEqual({ percentage: null, amount: '40.00' });
    // Handling 25.00 only (no card payment; not a small order; the old fee is off).
    expect(o.surcharge).toBe('25.00');
    // Pay in full 2 % of 1096.50 = 21.93.
    expect(o.payment_option_discount).toBe('21.93');
    expect(o.total_before_tax).toBe('1074.57');
    // NY 8 % of 1074.57 = 85.9656 -> 85.97.
    expect(o.sales_tax_in_percentage).toBe('8.00');
    expect(o.sales_tax_amount).toBe('85.97');
    expect(o.total_after_tax).toBe('1160.54');
    expect(o.total_price).toBe('1160.54');
    // The final price columns spread the pre-tax adjustments over the lines exactly.
    const finals = o.groups[0].items.map((i: any) => Math.round(Number(i.total_final_price) * 100));
    expect(finals.reduce((x: number, y: number) => x + y, 0)).toBe(107457);

    // Bypassed: no payment option discount; tax on 1096.50 = 87.72.
    const bypassed = await t.call(ordersApi.updateBypassPaymentOptionDiscount, {
      token: admin,
      params: { id: order.id },
      body: { bypass_payment_option_discount: true },
    });
    expect(bypassed.body.payment_option_discount).toBe('0.00');
    expect(bypassed.body.sales_tax_amount).toBe('87.72');
    expect(bypassed.body.total_price).toBe('1184.22');

    // Tax exempt: no tax at all.
    await db()
      .update(schema.users)
      .set({ taxExempt: true })
      .where(eq(schema.users.id, await roleUserId(t, 'PERSONAL')));
    const exempt = await t.call(ordersApi.updateBypassPaymentOptionDiscount, {
      token: admin,
      params: { id: order.id },
      body: { bypass_payment_option_discount: true },
    });
    expect(exempt.body.sales_tax_in_percentage).toBe('0.00');
    expect(exempt.body.sales_tax_amount).toBe('0.00');
    await db()
      .update(schema.users)
      .set({ taxExempt: false })
      .where(eq(schema.users.id, await roleUserId(t, 'PERSONAL')));
    await db().delete(schema.boundDiscounts);
    await db().delete(schema.surcharges);
  });

  it('a settings rate with three decimals is kept exact (thousandths of a percent)', () => {
    expect(taxRateFromSettings(8.875)).toBe(8875);
    expect(taxRateFromSettings(6.625)).toBe(6625);
    expect(taxRateFromSettings(6)).toBe(6000);
    expect(taxRateFromSettings(undefined)).toBeNull();
  });
});

describe('recalculate', () => {
  it('a catalogue price change leaves the order alone until recalculate', async () => {
    const order = await newOrder();
    const before = order.groups[0].items[0];
    await db()
      .update(schema.lineItems)
      .set({ priceCents: 31000 as Cents })
      .where(eq(schema.lineItems.id, c.base));
    const again = await t.call(ordersApi.detail, { token: personal, params: { id: order.id } });
    expect(again.body.groups[0].items[0].unit_price).toBe(before.unit_price);
    expect(again.body.total_price).toBe(order.total_price);

    // The customer may not recalculate; the shop does.
    expect((await t.call(ordersApi.recalculate, { token: personal, params: { id: order.id }, body: {} })).status).toBe(
      403,
    );
    const res = await t.call(ordersApi.recalculate, { token: admin, params: { id: order.id }, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 310 + 31 (10 %) + 40 + 12.50 + 50 + 30 = 473.50
    expect(res.body.changes).toEqual([
      {
        line_item_number: 1,
        manufacturer_code: 'ZB24',
        old_unit_price: '462.50',
        new_unit_price: '473.50',
        old_total_price: '925.00',
        new_total_price: '947.00',
      },
    ]);
    expect(res.body.order.groups[0].items[0].unit_price).toBe('473.50');
    expect(res.body.order.subtotal).toBe('1322.00');
    expect(res.body.old_total_price).toBe(order.total_price);
    expect(res.body.new_total_price).toBe(res.body.order.total_price);
    const events = await t.call(auditApi.events, {
      token: admin,
      query: { entity: 'order', entity_id: String(order.id) },
    });
    const event = events.body.results.find((e: any) => e.action === 'recalculate');
    expect(event.before.subtotal).toBe('1300.00');
    expect(event.after.subtotal).toBe('1322.00');
    await db()
      .update(schema.lineItems)
      .set({ priceCents: 30000 as Cents })
      .where(eq(schema.lineItems.id, c.base));
  });
});

describe('a 300-line order repriced', () => {
  /** Three groups of 100 lines: the three cabinets, quantities 1-5, an attachment after every tenth line. */
  function manyLines() {
    const cabinets = [c.base, c.wall, c.tall];
    return [0, 1, 2].map((g) => {
      const items: { _id: string; line_item: number; qty: number; is_attachment: boolean; parentId?: string }[] = [];
      for (let k = 0; items.length < 100; k++) {
        const id = `g${g}l${k}`;
        items.push({ _id: id, line_item: cabinets[(g + k) % 3]!, qty: 1 + (k % 5), is_attachment: false });
        if (k % 10 === 0 && items.length < 100)
          items.push({ _id: `${id}a`, line_item: c.att, qty: 1 + (k % 3), is_attachment: true, parentId: id });
      }
      return { name: `Run ${g + 1}`, premiums: { ...fullGroup(c).premiums, tall_door_style: c.td }, items };
    });
  }
  const finals = (order: any) =>
    order.groups.flatMap((g: any) =>
      g.items.map((i: any) => `${i._id} ${i.unit_price} ${i.final_price} ${i.total_final_price}`),
    );
  const detail = async (id: number) => (await t.call(ordersApi.detail, { token: admin, params: { id } })).body;
  /** The same lines priced afresh with the order-level settings of `row` (the insert path, not the reprice). */
  async function pricedAfresh(reference: number, row: typeof schema.orders.$inferSelect, groups: unknown[]) {
    await setOrder(t, reference, { customDiscountAmount: row.customDiscountAmount });
    const res = await t.call(ordersApi.replaceGroups, { token: personal, params: { id: reference }, body: { groups } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }
  const stored = async (id: number) => (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const cents100 = (money: string) => Math.round(Number(money) * 100);
  /** The lines' total final prices add up to the order's total before tax (the engine spreads every adjustment). */
  const lineSum = (order: any) =>
    order.groups.flatMap((g: any) => g.items).reduce((n: number, i: any) => n + cents100(i.total_final_price), 0);

  it('stores every line’s final price after a custom discount and after stop_editing', async () => {
    const groups = manyLines();
    const create = async () => {
      const res = await t.call(ordersApi.create, { token: personal, body: { name: 'Many lines', groups } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const order = await create();
    const reference = await create();
    expect(order.groups.flatMap((g: any) => g.items)).toHaveLength(300);
    const undiscounted = finals(order);

    // A custom discount: repriceTotals rewrites every line's final price; each must equal the
    // price the same lines get when saved afresh with that discount (the insert path).
    const discounted = await t.call(ordersApi.updateCustomDiscount, {
      token: admin,
      params: { id: order.id },
      body: { custom_discount_amount: '-1234.56' },
    });
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(200);
    let shown = await detail(order.id);
    let now = finals(shown);
    expect(now.filter((line: string, i: number) => line === undiscounted[i])).toEqual([]);
    expect(now).toEqual(finals(await pricedAfresh(reference.id, await stored(order.id), groups)));
    expect(lineSum(shown)).toBe(cents100(shown.total_before_tax));

    // stop_editing on an ordered order whose discount changed while it was edited.
    await setOrder(t, order.id, { status: 'ORDERED', inEditingMode: true, customDiscountAmount: -500_000 as Cents });
    const stop = await t.call(ordersApi.stopEditing, { token: admin, params: { id: order.id }, body: {} });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    const before = now;
    shown = await detail(order.id);
    now = finals(shown);
    expect(now.filter((line: string, i: number) => line === before[i])).toEqual([]);
    expect(now).toEqual(finals(await pricedAfresh(reference.id, await stored(order.id), groups)));
    expect(lineSum(shown)).toBe(cents100(shown.total_before_tax));
  });
});

describe('custom discount (SPEC 5)', () => {
  const patch = (id: number, body: object, token = admin) =>
    t.call(ordersApi.updateCustomDiscount, { token, params: { id }, body });

  it('parses a percentage, an amount, refuses anything else, and setting one clears the other', async () => {
    const order = await newOrder();
    let res = await patch(order.id, { custom_discount_amount: '12.5%' });
    expect([res.body.custom_discount_percentage, res.body.custom_discount_amount]).toEqual(['12.50', null]);
    // 12.5 % of 1300.00 = 162.50
    expect(res.body.custom_discount_amount_display).toEqual({ percentage: '12.50', amount: '162.50' });
    res = await patch(order.id, { custom_discount_amount: '-40' });
    expect([res.body.custom_discount_percentage, res.body.custom_discount_amount]).toEqual([null, '-40.00']);
    expect(res.body.order_discount).toBe('40.00');
    res = await patch(order.id, { custom_discount_percentage: '15' });
    expect([res.body.custom_discount_percentage, res.body.custom_discount_amount]).toEqual(['15.00', null]);
    for (const bad of ['abc', '12.345', '150%', '1e5']) {
      const r = await patch(order.id, { custom_discount_amount: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.fields.custom_discount_amount).toEqual([MSG.customDiscount]);
    }
    const badPercent = await patch(order.id, { custom_discount_percentage: 'x%' });
    expect(badPercent.body.fields.custom_discount_percentage).toEqual([MSG.customDiscount]);
    // Still the last valid one.
    expect(
      (await t.call(ordersApi.detail, { token: admin, params: { id: order.id } })).body.custom_discount_percentage,
    ).toBe('15.00');
    res = await patch(order.id, { custom_discount_amount: '', custom_discount_percentage: '' });
    expect([res.body.custom_discount_percentage, res.body.custom_discount_amount, res.body.order_discount]).toEqual([
      null,
      null,
      '0.00',
    ]);
    expect((await patch(order.id, { custom_discount_amount: '5' }, personal)).status).toBe(403);
  });
});

describe('discount codes', () => {
  const enter = (id: number, code: string, token = personal) =>
    t.call(ordersApi.discountCode, { token, params: { id }, body: { discount_code: code } });

  it('refuses unknown, refused and second codes; cancel releases a claimed use', async () => {
    await codeRow('OLD', { validTo: '2000-01-01' });
    await codeRow('LATER', { validFrom: '2999-01-01' });
    await codeRow('GONE', { usageLimit: 1, timesUsed: 1 });
    await codeRow('BIG', { minimumTotal: 10_000_000 as Cents });
    const once = await codeRow('ONCE', { usageLimit: 1 });
    const order = await newOrder();

    const unknown = await enter(order.id, 'NOPE');
    expect([unknown.status, unknown.body.message]).toEqual([400, ORDER_TEXT.discountCodeUnknown]);
    for (const [code, refusal] of [
      ['OLD', 'expired'],
      ['LATER', 'not_yet_valid'],
      ['GONE', 'used_up'],
      ['BIG', 'below_minimum'],
    ] as const) {
      const r = await enter(order.id, code);
      expect(r.status, code).toBe(400);
      expect(r.body.message).toBe(DISCOUNT_CODE_REFUSAL_TEXT[refusal]);
    }
    const ok = await enter(order.id, 'once');
    expect(ok.status).toBe(200);
    expect(ok.body.discount_code).toBe('ONCE');
    expect(ok.body.order_discount).toBe('130.00');
    const second = await enter(order.id, 'SAVE10');
    expect([second.status, second.body.message]).toEqual([400, ORDER_TEXT.discountCodeAlreadySet]);

    // Claimed on submit (the lifecycle files): the order keeps its discount although the code is used up.
    await setOrder(t, order.id, { discountCodeClaimed: true });
    await db().update(schema.discountCodes).set({ timesUsed: 1 }).where(eq(schema.discountCodes.id, once.id));
    const shown = await t.call(ordersApi.detail, { token: personal, params: { id: order.id } });
    expect(shown.body.discount_code_refusal).toBeNull();

    const cancelled = await t.call(ordersApi.cancelDiscountCode, {
      token: personal,
      params: { id: order.id },
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect([cancelled.body.discount_code, cancelled.body.order_discount]).toEqual([null, '0.00']);
    const [code] = await db().select().from(schema.discountCodes).where(eq(schema.discountCodes.id, once.id));
    expect(code!.timesUsed).toBe(0);
    const none = await t.call(ordersApi.cancelDiscountCode, { token: personal, params: { id: order.id }, body: {} });
    expect([none.status, none.body.message]).toEqual([400, ORDER_TEXT.noDiscountCode]);
  });
});

describe('payment options', () => {
  it('answers the active options valid on the date; business-only ones for business customers', async () => {
    await db()
      .insert(schema.paymentOptions)
      .values([
        { name: '50 % deposit', milestones: [{ label: 'Deposit', percentage: 5000, due: 'ON_APPROVAL' }] },
        { name: 'Net 30', businessOnly: true, milestones: [] },
        { name: 'Summer', validFrom: '2030-06-01', validTo: '2030-08-31', milestones: [] },
        { name: 'Retired', isActive: false, milestones: [] },
      ]);
    const mine = await newOrder();
    const names = async (token: string, id: number, date?: string) => {
      const r = await t.call(ordersApi.paymentOptions, { token, params: { id }, query: date ? { date } : {} });
      expect(r.status).toBe(200);
      return r.body.results.map((o: any) => o.name);
    };
    expect(await names(personal, mine.id)).toEqual(['Pay in full', '50 % deposit']);
    expect(await names(personal, mine.id, '2030-07-01')).toEqual(['Pay in full', '50 % deposit', 'Summer']);
    const business = await newOrder(manager);
    expect(await names(manager, business.id)).toContain('Net 30');
    const deposit = (await t.call(ordersApi.paymentOptions, { token: personal, params: { id: mine.id } })).body
      .results[1];
    expect(deposit.milestones).toEqual([{ label: 'Deposit', percentage: '50.00', due: 'ON_APPROVAL', days: null }]);
  });
});

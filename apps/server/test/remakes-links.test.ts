import {
  cabinetBarcode,
  coreApi,
  earliestRequestedDate,
  MSG,
  type Order,
  ordersApi,
  remakesApi,
  todayIn,
} from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { productionOrder } from './labels-fixtures.ts';
import { setOrder } from './orders-fixtures.ts';

/**
 * Issue 29: a remake order says where it came from (`remake_of`), is due after the remake lead
 * time (a setting), ships as its source did; the source order lists its remakes.
 */

let t: TestApp;
let admin: string;
let staff: string;
let personal: string;
let sourceId: number;

const SHIPPING = {
  id: 901,
  name: 'Job site',
  line1: '12 Elm St',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  phone: '217-555-0100',
};
const BILLING = { ...SHIPPING, id: 902, name: 'Office', line1: '1 Main St' };

beforeAll(async () => {
  t = await setupTestApp();
  [admin, staff, personal] = await Promise.all([t.login('ADMIN'), t.login('STAFF'), t.login('PERSONAL')]);
  sourceId = (await productionOrder(t, admin, 'VERIFIED')).id;
  // The source as a submit leaves it: delivered to a job site, with a contact.
  await setOrder(t, sourceId, {
    shippingMethod: 'DELIVERY',
    shippingAddress: SHIPPING,
    billingAddress: BILLING,
    deliveryNotes: 'Call before arriving',
    deliveryContactName: 'Pat Site',
    deliveryContactPhone: '217-555-0199',
    dueDate: '2026-01-15',
  });
});
afterAll(() => t.close());

const detail = async (token: string, id: number) => {
  const res = await t.call(ordersApi.detail, { token, params: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Order;
};

const ask = (notes: string, unit = 1) =>
  t.call(remakesApi.request, {
    token: staff,
    params: { id: sourceId },
    body: {
      items: [{ barcode: cabinetBarcode(sourceId, 1, unit) }],
      reason: 'Production defect',
      source: 'SHOP',
      notes,
    },
  });

/** today + `days` business days, skipping this year's and next year's holidays, as the server counts. */
async function businessDaysFromToday(days: number) {
  const year = Number(todayIn().slice(0, 4));
  const dates = new Set<string>();
  for (const y of [year, year + 1]) {
    const res = await t.call(coreApi.holidays, { token: admin, query: { year: String(y) } });
    for (const h of res.body as { date: string }[]) dates.add(h.date);
  }
  return earliestRequestedDate(todayIn(), days, (d) => dates.has(d));
}

describe('the remake lead time setting', () => {
  it('defaults to 5 business days, is changed by an admin, and refuses what is not 0..365 days', async () => {
    const before = await t.call(coreApi.getSettings, { token: staff });
    expect(before.body.remake_lead_time).toBe(5);
    const bad = await t.call(coreApi.patchSettings, { token: admin, body: { remake_lead_time: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.remake_lead_time).toEqual([MSG.remakeLeadTimeRange]);
    expect((await t.call(coreApi.patchSettings, { token: staff, body: { remake_lead_time: 3 } })).status).toBe(403);
    const ok = await t.call(coreApi.patchSettings, { token: admin, body: { remake_lead_time: 3 } });
    expect(ok.status).toBe(200);
    expect(ok.body.remake_lead_time).toBe(3);
    expect(ok.body.lead_time).toBe(before.body.lead_time);
  });
});

describe('remake links', () => {
  it('the source lists its remakes: an open request without an order, then the approved one with it', async () => {
    expect((await detail(admin, sourceId)).remakes).toEqual([]);
    const asked = await ask('Scratched');
    expect(asked.status).toBe(201);
    // Read (and kept) while open; the approval must show on the next read.
    expect((await detail(staff, sourceId)).remakes).toEqual([
      { id: asked.body.id, status: 'OPEN', remake_order: null },
    ]);

    const approved = await t.call(remakesApi.approve, { token: admin, params: { id: asked.body.id } });
    expect(approved.status).toBe(200);
    const made = approved.body.remake_order as { id: number; name: string };
    const source = await detail(staff, sourceId);
    expect(source.remakes).toEqual([{ id: asked.body.id, status: 'APPROVED', remake_order: made }]);
    expect(source.remake_of).toBeNull();

    const remake = await detail(admin, made.id);
    expect(remake.remake_of).toEqual({ order: { id: sourceId, name: source.name }, remake_id: asked.body.id });
    expect(remake.remakes).toEqual([]);
    // The short view carries the same links.
    const short = await t.call(ordersApi.short, { token: admin, params: { id: made.id } });
    expect(short.body.remake_of).toEqual(remake.remake_of);
    const sourceShort = await t.call(ordersApi.short, { token: admin, params: { id: sourceId } });
    expect(sourceShort.body.remakes).toEqual(source.remakes);
  });

  it('the remake order is due remake_lead_time business days after its approval and ships as the source did', async () => {
    const asked = await ask('Wrong hinge', 2);
    const approved = await t.call(remakesApi.approve, { token: admin, params: { id: asked.body.id } });
    expect(approved.status).toBe(200);
    const remake = await detail(admin, approved.body.remake_order.id);
    // 3 business days (set above), not the source's date nor the 15-day order lead time.
    expect(remake.due_date).toBe(await businessDaysFromToday(3));
    expect(remake.status).toBe('VERIFIED');
    expect(remake.total_price).toBe('0.00');
    expect(remake).toMatchObject({
      shipping_method: 'DELIVERY',
      shipping_address: SHIPPING,
      billing_address: BILLING,
      delivery_notes: 'Call before arriving',
      delivery_contact_name: 'Pat Site',
      delivery_contact_phone: '217-555-0199',
    });
    // Its timeline says where the delivery came from.
    const timeline = await t.call(ordersApi.timeline, { token: admin, params: { id: remake.id } });
    const event = (timeline.body.results as { action: string; after: Record<string, unknown> }[]).find(
      (e) => e.action === 'remake_delivery',
    );
    expect(event?.after).toMatchObject({ remake_of_order: sourceId, due_date: remake.due_date });
  });

  it('a renamed source shows its new name on the remake order', async () => {
    const source = await detail(admin, sourceId);
    const made = source.remakes.find((r) => r.remake_order)!.remake_order!;
    expect((await detail(admin, made.id)).remake_of?.order.name).toBe(source.name);
    await setOrder(t, sourceId, { name: 'Renamed kitchen' });
    expect((await detail(admin, made.id)).remake_of?.order.name).toBe('Renamed kitchen');
  });

  it('a customer sees where the remake came from and the approved remakes, not the open or rejected requests', async () => {
    const open = await ask('Still deciding');
    expect(open.status).toBe(201);
    const rejected = await ask('Not ours');
    await t.call(remakesApi.reject, { token: admin, params: { id: rejected.body.id }, body: { reason: 'No' } });
    const shop = await detail(staff, sourceId);
    expect(shop.remakes.map((r) => r.status)).toEqual(['APPROVED', 'APPROVED', 'OPEN', 'REJECTED']);
    const mine = await detail(personal, sourceId);
    expect(mine.remakes.map((r) => r.status)).toEqual(['APPROVED', 'APPROVED']);
    const remake = await detail(personal, mine.remakes[0]!.remake_order!.id);
    expect(remake.remake_of?.order.id).toBe(sourceId);
  });

  it('an order that is neither a remake nor remade answers null and []', async () => {
    const other = (await productionOrder(t, admin, 'VERIFIED')).id;
    const order = await detail(admin, other);
    expect(order.remake_of).toBeNull();
    expect(order.remakes).toEqual([]);
  });
});

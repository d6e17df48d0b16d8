import { schema } from '@cab/db';
import { cabinetBarcode, coreApi, ordersApi, remakesApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { productionOrder } from './labels-fixtures.ts';

let t: TestApp;
let admin: string;
let staff: string;
let personal: string;
let orderId: number;

const REASON = 'Production defect';

beforeAll(async () => {
  t = await setupTestApp();
  [admin, staff, personal] = await Promise.all([t.login('ADMIN'), t.login('STAFF'), t.login('PERSONAL')]);
  orderId = (await productionOrder(t, admin, 'IN_PROGRESS')).id;
});
afterAll(() => t.close());

const ask = (token: string, body: unknown, id = orderId) => t.call(remakesApi.request, { token, params: { id }, body });

describe('remake requests', () => {
  it('records the cabinets, reason, source and notes, OPEN, by whom and when', async () => {
    const res = await ask(staff, {
      items: [{ barcode: cabinetBarcode(orderId, 1, 2) }, { barcode: cabinetBarcode(orderId, 3, 1) }],
      reason: REASON,
      source: 'SHOP',
      notes: 'Scratched side panel',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      order: { id: orderId, name: 'Label & <test> kitchen' },
      status: 'OPEN',
      reason: REASON,
      source: 'SHOP',
      notes: 'Scratched side panel',
      remake_order: null,
    });
    expect(res.body.items).toEqual([
      { barcode: `${orderId}-01-2`, line_no: 1, unit_no: 2, manufacturer_code: 'ZB24', description: 'Base 24' },
      expect.objectContaining({ barcode: `${orderId}-03-1`, line_no: 3, manufacturer_code: 'ZW30' }),
    ]);
    expect(res.body.requested_by.full_name).not.toBe('');
    const list = await t.call(remakesApi.ofOrder, { token: admin, params: { id: orderId } });
    expect(list.body.total).toBe(1);
  });

  it('refuses a reason outside settings.remake_reasons, a barcode of another order, a duplicate, an attachment alone, and customers', async () => {
    const base = { items: [{ barcode: cabinetBarcode(orderId, 1, 1) }], reason: REASON, source: 'CUSTOMER' };
    const reason = await ask(staff, { ...base, reason: 'Bored' });
    expect(reason.status).toBe(400);
    expect(reason.body.fields.reason).toBeDefined();
    const other = await ask(staff, { ...base, items: [{ barcode: cabinetBarcode(orderId + 1000, 1, 1) }] });
    expect(other.status).toBe(400);
    expect(other.body.fields.items).toBeDefined();
    const twice = await ask(staff, { ...base, items: [...base.items, ...base.items] });
    expect(twice.status).toBe(400);
    const alone = await ask(staff, { ...base, items: [{ barcode: cabinetBarcode(orderId, 2, 1) }] });
    expect(alone.status).toBe(400);
    expect(alone.body.fields.items[0]).toContain('line 01');
    expect((await ask(staff, { ...base, source: 'NOBODY' })).status).toBe(400);
    expect((await ask(staff, { ...base, items: [] })).status).toBe(400);
    expect((await ask(personal, base)).status).toBe(403);
    expect((await t.call(remakesApi.list, { token: personal })).status).toBe(403);
  });
});

describe('the remake list', () => {
  it('shows OPEN by default and filters by search, status and source', async () => {
    const second = await ask(admin, {
      items: [{ barcode: cabinetBarcode(orderId, 1, 1) }],
      reason: 'Wrong finish',
      source: 'INSTALLATION',
      notes: 'Installer found the wrong stain',
    });
    expect(second.status).toBe(201);
    const open = await t.call(remakesApi.list, { token: staff });
    expect(open.status).toBe(200);
    expect(open.body.total).toBe(2);
    const bySource = await t.call(remakesApi.list, { token: staff, query: { source: 'INSTALLATION' } });
    expect(bySource.body.results.map((r: { id: number }) => r.id)).toEqual([second.body.id]);
    const bySearch = await t.call(remakesApi.list, { token: staff, query: { search: 'wrong stain' } });
    expect(bySearch.body.total).toBe(1);
    const byBarcode = await t.call(remakesApi.list, { token: staff, query: { search: `${orderId}-03-1` } });
    expect(byBarcode.body.total).toBe(1);
    const byName = await t.call(remakesApi.list, { token: staff, query: { search: '<TEST>' } });
    expect(byName.body.total).toBe(2);
    const none = await t.call(remakesApi.list, { token: staff, query: { status: 'APPROVED,REJECTED' } });
    expect(none.body.total).toBe(0);
  });
});

describe('approve and reject', () => {
  it('approve creates a linked remake order at $0.00 with the remade cabinets, in production', async () => {
    const [remake] = (await t.call(remakesApi.list, { token: admin, query: { source: 'SHOP' } })).body.results;
    expect((await t.call(remakesApi.approve, { token: staff, params: { id: remake.id } })).status).toBe(403);
    const res = await t.call(remakesApi.approve, { token: admin, params: { id: remake.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'APPROVED', charged: false });
    expect(res.body.decided_by.full_name).not.toBe('');
    const created = await t.call(ordersApi.detail, { token: admin, params: { id: res.body.remake_order.id } });
    expect(created.body.status).toBe('VERIFIED');
    expect(created.body.total_after_discount).toBe('0.00');
    // No shop fee or tax is set up in this database: the whole order is $0.00.
    expect(created.body.total_price).toBe('0.00');
    expect(created.body.customer).toBe(
      (await t.call(ordersApi.detail, { token: admin, params: { id: orderId } })).body.customer,
    );
    const lines = created.body.groups.flatMap((g: { items: { manufacturer_code: string; qty: number }[] }) =>
      g.items.map((i) => [i.manufacturer_code, i.qty]),
    );
    expect(lines.sort()).toEqual([
      ['ZB24', 1],
      ['ZW30', 1],
    ]);
    // Decided once: a second approve or a reject is refused.
    const again = await t.call(remakesApi.approve, { token: admin, params: { id: remake.id } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('remake_not_open');
    expect(
      (await t.call(remakesApi.reject, { token: admin, params: { id: remake.id }, body: { reason: 'x' } })).status,
    ).toBe(400);
    const events = await t.handle.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.entity, 'remake'));
    expect(events.map((e) => e.action).sort()).toEqual(['approve', 'create', 'create']);
  });

  it('approve with charged prices the remake order', async () => {
    const asked = await ask(staff, {
      items: [{ barcode: cabinetBarcode(orderId, 3, 1) }],
      reason: REASON,
      source: 'DELIVERY',
    });
    const res = await t.call(remakesApi.approve, {
      token: admin,
      params: { id: asked.body.id },
      body: { charged: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.charged).toBe(true);
    const created = await t.call(ordersApi.detail, { token: admin, params: { id: res.body.remake_order.id } });
    expect(Number(created.body.total_price)).toBeGreaterThan(0);
  });

  it('reject keeps the reason; approve answers 404 for an unknown remake', async () => {
    const open = (await t.call(remakesApi.list, { token: admin })).body.results[0];
    const bare = await t.call(remakesApi.reject, { token: admin, params: { id: open.id }, body: {} });
    expect(bare.status).toBe(400);
    const res = await t.call(remakesApi.reject, {
      token: admin,
      params: { id: open.id },
      body: { reason: 'Not our fault' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'REJECTED', reject_reason: 'Not our fault', remake_order: null });
    const rejected = await t.call(remakesApi.list, { token: admin, query: { status: 'REJECTED' } });
    expect(rejected.body.total).toBe(1);
    expect((await t.call(remakesApi.approve, { token: admin, params: { id: 999_999 } })).status).toBe(404);
  });
});

describe('a remake order with a shop fee and tax set up', () => {
  it('uncharged totals exactly $0.00 (no surcharge, no tax, also after recalculate); charged is priced normally', async () => {
    // A fixed fee on every order with lines, and a tax rate for every state an order could be taxed in.
    await t.handle.db.insert(schema.surcharges).values({ name: 'Small order', amount: 2500 as never });
    const states = Object.fromEntries(['NY', 'NJ', 'CT', 'CA', 'TX', 'FL', 'PA', 'MA'].map((s) => [s, 8]));
    const settings = await t.call(coreApi.patchSettings, { token: admin, body: { tax_rates: states } });
    expect(settings.status).toBe(200);
    const approve = async (charged: boolean) => {
      const asked = await ask(staff, {
        items: [{ barcode: cabinetBarcode(orderId, 1, 1) }],
        reason: REASON,
        source: 'SHOP',
      });
      expect(asked.status).toBe(201);
      const res = await t.call(remakesApi.approve, { token: admin, params: { id: asked.body.id }, body: { charged } });
      expect(res.status).toBe(200);
      return (await t.call(ordersApi.detail, { token: admin, params: { id: res.body.remake_order.id } })).body;
    };

    const free = await approve(false);
    expect(free).toMatchObject({
      status: 'VERIFIED',
      surcharge: '0.00',
      sales_tax_amount: '0.00',
      total_price: '0.00',
    });
    // An admin's recalculate reads today's rules again: the order stays not charged.
    const again = await t.call(ordersApi.recalculate, { token: admin, params: { id: free.id } });
    expect(again.status).toBe(200);
    expect(again.body.new_total_price).toBe('0.00');

    const paid = await approve(true);
    expect(paid.surcharge).toBe('25.00');
    expect(Number(paid.total_price)).toBeGreaterThan(Number(paid.total_after_discount) + 25);
  });
});

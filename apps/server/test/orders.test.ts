import { schema } from '@cab/db';
import { auditApi, type Cents, MSG, ORDER_LIFECYCLE_CODES, ORDER_TEXT, ordersApi, type Role } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, noPremiums, orderCatalogue, roleUserId, setOrder } from './orders-fixtures.ts';

let t: TestApp;
let c: Catalogue;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  t = await setupTestApp();
  c = await orderCatalogue(t);
  for (const role of ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as Role[]) {
    tokens[role] = await t.login(role);
  }
});
afterAll(() => t.close());

const create = (role: Role, body: object) => t.call(ordersApi.create, { token: tokens[role], body });

describe('create', () => {
  it('a customer creates a bid of their own; the company is the business customer’s', async () => {
    const personal = await create('PERSONAL', { name: 'Mine', groups: [fullGroup(c)] });
    expect(personal.status, JSON.stringify(personal.body)).toBe(201);
    expect(personal.body).toMatchObject({
      status: 'BID',
      customer: await roleUserId(t, 'PERSONAL'),
      customer_display: 'Paula Price',
      company: null,
      can_be_updated: true,
      show_edit_order: true,
      version: 1,
    });
    expect(personal.body.allowed_actions).toContain('submit');
    const employee = await create('BUSINESS_EMPLOYEE', { name: 'Shop job', groups: [] });
    expect(employee.status).toBe(201);
    expect(employee.body.company).toEqual({ name: expect.any(String) });
    // The company and the person kept apart (issue 35: "Acme Kitchens Eli Employee").
    expect(employee.body.customer_display).toBe(`${employee.body.company.name} · Eli Employee`);
    expect(employee.body.account).toEqual({ account_type: 'B', full_name: 'Eli Employee' });
  });

  it('only an admin names the customer, and must', async () => {
    const paula = await roleUserId(t, 'PERSONAL');
    const byCustomer = await create('PERSONAL', { name: 'x', customer: paula, groups: [] });
    expect([byCustomer.status, byCustomer.body.message]).toEqual([403, ORDER_TEXT.customerOnlyForAdmin]);
    const missing = await create('ADMIN', { name: 'x', groups: [] });
    expect([missing.status, missing.body.fields.customer]).toEqual([400, [ORDER_TEXT.customerRequired]]);
    const staffUser = await roleUserId(t, 'STAFF');
    const notCustomer = await create('ADMIN', { name: 'x', customer: staffUser, groups: [] });
    expect([notCustomer.status, notCustomer.body.fields.customer]).toEqual([400, [ORDER_TEXT.customerNotFound]]);
    const ok = await create('ADMIN', { name: 'For Paula', customer: paula, groups: [] });
    expect([ok.status, ok.body.customer]).toEqual([201, paula]);
    expect((await create('STAFF', { name: 'x', groups: [] })).status).toBe(403);
    expect((await t.call(ordersApi.create, { body: { name: 'x', groups: [] } })).status).toBe(401);
  });

  it('records an audit event with the totals, not the lines', async () => {
    const res = await create('PERSONAL', { name: 'Audited', groups: [fullGroup(c)] });
    const events = await t.call(auditApi.events, {
      token: tokens.ADMIN,
      query: { entity: 'order', entity_id: String(res.body.id) },
    });
    expect(events.body.results).toHaveLength(1);
    expect(events.body.results[0]).toMatchObject({ action: 'create', before: null });
    expect(events.body.results[0].after).toMatchObject({ subtotal: '1300.00', item_count: 2, error_count: 0 });
    expect(events.body.results[0].after.groups).toBeUndefined();
  });
});

describe('group validation', () => {
  it('applies SPEC 5’s group rules in SPEC order and counts the errors', async () => {
    const res = await create('PERSONAL', {
      name: 'Rules',
      groups: [
        {
          premiums: noPremiums,
          items: [
            { _id: '1', line_item: c.base, qty: 1, is_attachment: false },
            { _id: '2', line_item: c.wall, qty: 1, is_attachment: false },
            { _id: '3', line_item: c.tall, qty: 1, is_attachment: false },
          ],
        },
        { premiums: noPremiums, items: [] },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.groups[0].errors).toEqual([
      MSG.missingBaseDoorStyle,
      MSG.missingTallDoorStyle,
      MSG.missingWallDoorStyle,
      MSG.missingDrawerStyle,
    ]);
    expect(res.body.groups[1].errors).toEqual([MSG.noItemsAdded]);
    expect(res.body.error_count).toBe(5);
    expect(res.body.item_count).toBe(3);
    expect(res.body.allowed_actions).not.toContain('submit');
  });

  it('appends the server’s checks: unknown ids, attachments, door style and wood species', async () => {
    const res = await create('PERSONAL', {
      name: 'Server checks',
      groups: [
        {
          premiums: { ...noPremiums, wood_species: c.ws, base_door_style: c.oakOnly, drawer_style: 999_999 },
          items: [
            { _id: 'x', line_item: 999_998, qty: 1, is_attachment: false },
            { _id: 'y', line_item: c.att, qty: 1, is_attachment: false },
            { _id: 'z', line_item: c.wall, qty: 1, is_attachment: true, parentId: 'nope' },
          ],
        },
      ],
    });
    expect(res.status).toBe(201);
    const errors: string[] = res.body.groups[0].errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        ORDER_TEXT.premiumNotFound(999_999),
        ORDER_TEXT.lineItemNotFound(999_998),
        ORDER_TEXT.isAnAttachment('ZATT1'),
        ORDER_TEXT.notAnAttachment('ZW30'),
        ORDER_TEXT.attachmentWithoutParent,
        MSG.doorStyleNotInWoodSpecies('ZOAKONLY', 'ZMAPLE'),
      ]),
    );
    // SPEC's rules come first: the wall cabinet (sent as an attachment) is not a cabinet here,
    // so no rule fires and the server's checks are the whole list.
    expect(res.body.error_count).toBe(errors.length);
    // The unknown line is not kept; the others are.
    expect(res.body.groups[0].items.map((i: any) => i._id)).toEqual(['y', 'z']);
  });

  it('puts an attachment right after its parent and numbers lines across groups', async () => {
    const g = fullGroup(c);
    const res = await create('PERSONAL', {
      name: 'Order of lines',
      groups: [
        { ...g, items: [g.items[0], g.items[1], { ...g.items[2], _id: 'c' }] },
        { ...g, items: [{ ...g.items[1], _id: 'w2' }] },
      ],
    });
    expect(res.body.groups[0].items.map((i: any) => [i._id, i.line_item_number, i.parentId])).toEqual([
      ['a', 1, null],
      ['c', 2, 'a'],
      ['b', 3, null],
    ]);
    expect(res.body.groups[1].items[0].line_item_number).toBe(4);
    const dup = await create('PERSONAL', { name: 'Dup', groups: [g, g] });
    expect(dup.body.groups[1].errors).toContain(ORDER_TEXT.duplicateClientId('a'));
  });
});

describe('replacing and adding groups', () => {
  it('replaces the groups of a bid, refuses a stale version with 409', async () => {
    const order = (await create('PERSONAL', { name: 'Draft', groups: [] })).body;
    const put = (body: object, role: Role = 'PERSONAL') =>
      t.call(ordersApi.replaceGroups, { token: tokens[role], params: { id: order.id }, body });
    const res = await put({ groups: [fullGroup(c)], name: 'Draft 2', version: order.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([res.body.name, res.body.subtotal, res.body.version]).toEqual(['Draft 2', '1300.00', order.version + 1]);
    const stale = await put({ groups: [], version: order.version });
    expect([stale.status, stale.body.code]).toEqual([409, ORDER_LIFECYCLE_CODES.changedConcurrently]);
    // STAFF do not build bids.
    const staff = await put({ groups: [] }, 'STAFF');
    expect([staff.status, staff.body.code, staff.body.message]).toEqual([
      400,
      'order_cannot_be_updated',
      ORDER_TEXT.cannotBeUpdated,
    ]);
  });

  it('a submitted order is changed only by the shop in editing mode', async () => {
    const order = (await create('PERSONAL', { name: 'Submitted', groups: [fullGroup(c)] })).body;
    await setOrder(t, order.id, { status: 'ORDERED' });
    const put = (role: Role) =>
      t.call(ordersApi.replaceGroups, { token: tokens[role], params: { id: order.id }, body: { groups: [] } });
    expect((await put('PERSONAL')).body.code).toBe('order_cannot_be_updated');
    expect((await put('STAFF')).body.code).toBe('order_cannot_be_updated');
    const shown = await t.call(ordersApi.detail, { token: tokens.STAFF, params: { id: order.id } });
    expect([shown.body.can_be_updated, shown.body.show_edit_order]).toEqual([false, true]);
    const customerView = await t.call(ordersApi.detail, { token: tokens.PERSONAL, params: { id: order.id } });
    expect([customerView.body.can_be_updated, customerView.body.show_edit_order]).toEqual([false, false]);
    await setOrder(t, order.id, { inEditingMode: true });
    const edited = await put('STAFF');
    expect(edited.status).toBe(200);
    expect(edited.body.groups).toEqual([]);
    expect((await put('PERSONAL')).body.code).toBe('order_cannot_be_updated');
  });

  it('editing a submitted order keeps the frozen price of unchanged lines; new lines are priced today', async () => {
    const order = (await create('PERSONAL', { name: 'Edited', groups: [fullGroup(c)] })).body;
    await setOrder(t, order.id, { status: 'ORDERED', inEditingMode: true });
    await t.handle.db
      .update(schema.lineItems)
      .set({ priceCents: 40000 as Cents })
      .where(eq(schema.lineItems.id, c.base));
    const g = fullGroup(c);
    const res = await t.call(ordersApi.replaceGroups, {
      token: tokens.STAFF,
      params: { id: order.id },
      body: {
        groups: [{ ...g, items: [{ ...g.items[0], qty: 3 }, g.items[1], g.items[2], { ...g.items[0], _id: 'new' }] }],
      },
    });
    await t.handle.db
      .update(schema.lineItems)
      .set({ priceCents: 30000 as Cents })
      .where(eq(schema.lineItems.id, c.base));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = Object.fromEntries(res.body.groups[0].items.map((i: any) => [i._id, i]));
    expect([byId.a.unit_price, byId.a.total_price, byId.a.breakdown.qty]).toEqual(['462.50', '1387.50', 3]);
    expect(byId.new.unit_price).toBe('572.50');
  });

  it('add_group appends a group; the existing lines keep their frozen prices', async () => {
    const order = (await create('PERSONAL', { name: 'Grow', groups: [fullGroup(c)] })).body;
    await t.handle.db
      .update(schema.lineItems)
      .set({ priceCents: 40000 as Cents })
      .where(eq(schema.lineItems.id, c.base));
    const g = fullGroup(c);
    const res = await t.call(ordersApi.addGroup, {
      token: tokens.PERSONAL,
      params: { id: order.id },
      body: { ...g, name: 'Second', items: [{ ...g.items[0], _id: 'n1' }] },
    });
    await t.handle.db
      .update(schema.lineItems)
      .set({ priceCents: 30000 as Cents })
      .where(eq(schema.lineItems.id, c.base));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.groups.map((x: any) => x.name)).toEqual(['Kitchen', 'Second']);
    expect(res.body.groups[0].items[0].unit_price).toBe('462.50');
    // 400 + 40 + 40 + 12.50 + 50 + 30 = 572.50, x2
    expect(res.body.groups[1].items[0].unit_price).toBe('572.50');
    expect(res.body.subtotal).toBe('2445.00');
    expect(res.body.item_count).toBe(3);
    const dup = await t.call(ordersApi.addGroup, { token: tokens.PERSONAL, params: { id: order.id }, body: g });
    expect(dup.body.groups[2].errors).toContain(ORDER_TEXT.duplicateClientId('a'));
    expect(dup.body.error_count).toBe(dup.body.groups[2].errors.length);
  });
});

describe('list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.handle.db.delete(schema.orders);
    const make = async (role: Role, name: string) => (await create(role, { name, groups: [] })).body.id as number;
    ids = {
      p1: await make('PERSONAL', 'Paula kitchen'),
      p2: await make('PERSONAL', 'Paula bath'),
      m1: await make('BUSINESS_MANAGER', 'Acme lobby'),
      e1: await make('BUSINESS_EMPLOYEE', 'Acme kitchen'),
    };
    await setOrder(t, ids.p2!, { status: 'ORDERED', createdAt: new Date(2025, 0, 15, 12) });
    await setOrder(t, ids.m1!, { status: 'VERIFIED' });
  });
  const list = async (role: Role, query: Record<string, string> = {}) => {
    const res = await t.call(ordersApi.list, { token: tokens[role], query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { results: any[]; total: number };
  };
  const names = async (role: Role, query: Record<string, string> = {}) =>
    (await list(role, query)).results.map((r) => r.name);

  it('shows each role what it may see', async () => {
    expect((await list('ADMIN')).total).toBe(4);
    expect((await list('STAFF')).total).toBe(4);
    expect((await names('PERSONAL')).sort()).toEqual(['Paula bath', 'Paula kitchen']);
    expect((await names('BUSINESS_MANAGER')).sort()).toEqual(['Acme kitchen', 'Acme lobby']);
    expect(await names('BUSINESS_EMPLOYEE')).toEqual(['Acme kitchen']);
    expect((await t.call(ordersApi.list, {})).status).toBe(401);
  });

  it('filters by name, status, dates, range and customer; orders and pages', async () => {
    expect((await names('ADMIN', { name: 'KITCHEN' })).sort()).toEqual(['Acme kitchen', 'Paula kitchen']);
    expect((await names('ADMIN', { status: 'ORDERED,VERIFIED' })).sort()).toEqual(['Acme lobby', 'Paula bath']);
    expect(await names('ADMIN', { date_after: '2025-01-15', date_before: '2025-01-15' })).toEqual(['Paula bath']);
    expect(await names('ADMIN', { date_before: '2025-01-14' })).toEqual([]);
    expect((await list('ADMIN', { selected_range: 'today' })).total).toBe(3);
    expect(
      await names('ADMIN', { selected_range: 'custom', date_after: '2025-01-01', date_before: '2025-01-31' }),
    ).toEqual(['Paula bath']);
    const paula = await roleUserId(t, 'PERSONAL');
    expect((await list('ADMIN', { customer: String(paula) })).total).toBe(2);
    // A customer's customer filter is ignored: it never widens what they see.
    const manager = await roleUserId(t, 'BUSINESS_MANAGER');
    expect(await names('BUSINESS_EMPLOYEE', { customer: String(manager) })).toEqual(['Acme kitchen']);
    // Default: newest first.
    expect(await names('ADMIN')).toEqual(['Acme kitchen', 'Acme lobby', 'Paula kitchen', 'Paula bath']);
    expect(await names('ADMIN', { order_by: 'name' })).toEqual([
      'Acme kitchen',
      'Acme lobby',
      'Paula bath',
      'Paula kitchen',
    ]);
    const page2 = await list('ADMIN', { order_by: 'name', page: '2', page_size: '3' });
    expect([page2.total, page2.results.map((r) => r.name)]).toEqual([4, ['Paula kitchen']]);
    const row = (await list('ADMIN', { name: 'lobby' })).results[0];
    expect(row).toMatchObject({
      status: 'VERIFIED',
      total_price: '0.00',
      customer_display: expect.stringMatching(/ /),
    });
    expect(row.groups).toBeUndefined();
  });
});

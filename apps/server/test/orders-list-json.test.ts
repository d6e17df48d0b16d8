import { schema } from '@cab/db';
import { type Cents, ORDER_STATUSES, orderListRowSchema, ordersApi, type Role } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, orderCatalogue, roleUserId, setOrder } from './orders-fixtures.ts';

/**
 * The order list's rows are written by PostgreSQL as JSON (kit/json-rows.ts). Each must be, key for
 * key and in the schema's key order, what the detail endpoint (TypeScript's wire.ts) answers for
 * the same order, including the awkward values: negative money, microsecond timestamps, nulls,
 * an empty first name, a business account with an empty company name.
 */

let t: TestApp;
let c: Catalogue;
const tokens = {} as Record<Role, string>;
const ROLES: Role[] = ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'];
const LIST_KEYS = Object.keys(orderListRowSchema.shape);

beforeAll(async () => {
  t = await setupTestApp();
  c = await orderCatalogue(t);
  for (const role of ROLES) tokens[role] = await t.login(role);
  const create = async (role: Role, body: object) => {
    const res = await t.call(ordersApi.create, { token: tokens[role], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  await create('PERSONAL', { name: 'Plain', groups: [fullGroup(c)] });
  const odd = await create('PERSONAL', { name: 'Odd "quoted" \\ name', po_number: 'PO-1', groups: [] });
  await setOrder(t, odd, {
    totalPrice: -5 as Cents,
    requestedDate: '2026-02-03',
    dueDate: '2026-02-10',
    inEditingMode: true,
    errorCount: 3,
    status: 'VERIFIED',
  });
  await t.handle.db.execute(
    sql`update orders set created_at = '2026-01-02 03:04:05.123789+00', submitted_at = '2026-01-02 23:59:59.999999-05'
        where id = ${odd}`,
  );
  const employeeOrder = await create('BUSINESS_EMPLOYEE', { name: 'Shop job', groups: [fullGroup(c)] });
  await setOrder(t, employeeOrder, { totalPrice: 123456789012 as Cents });
  await create('BUSINESS_MANAGER', { name: 'Manager job', groups: [] });
  await create('ADMIN', { name: 'For Paula', customer: await roleUserId(t, 'PERSONAL'), groups: [] });
  // A personal customer without a first name: the display is the last name alone, not " Price".
  await t.handle.db
    .update(schema.users)
    .set({ firstName: '' })
    .where(eq(schema.users.id, await roleUserId(t, 'PERSONAL')));
});
afterAll(() => t.close());

const listAll = (role: Role, query: Record<string, string> = {}) =>
  t.call(ordersApi.list, {
    token: tokens[role],
    query: { status: ORDER_STATUSES.join(','), page_size: '100', ...query },
  });

describe('the order list written by PostgreSQL', () => {
  it.each(ROLES)('answers %s what the detail answers, key for key', async (role) => {
    const list = await listAll(role);
    expect(list.status).toBe(200);
    expect(list.body.results.length).toBeGreaterThan(0);
    expect(list.body.total).toBe(list.body.results.length);
    for (const row of list.body.results) {
      expect(Object.keys(row)).toEqual(LIST_KEYS);
      expect(orderListRowSchema.parse(row)).toEqual(row);
      const detail = await t.call(ordersApi.detail, { token: tokens[role], params: { id: row.id } });
      expect(detail.status).toBe(200);
      expect(row).toEqual(Object.fromEntries(LIST_KEYS.map((k) => [k, detail.body[k]])));
    }
  });

  it('writes the awkward values as the TypeScript wire does', async () => {
    const { body } = await listAll('PERSONAL');
    const odd = body.results.find((r: { po_number: string | null }) => r.po_number === 'PO-1');
    expect(odd).toMatchObject({
      name: 'Odd "quoted" \\ name',
      total_price: '-0.05',
      created_at: '2026-01-02T03:04:05.123Z',
      submitted_at: '2026-01-03T04:59:59.999Z',
      requested_date: '2026-02-03',
      due_date: '2026-02-10',
      in_editing_mode: true,
      error_count: 3,
      customer_display: 'Price',
      account: { account_type: 'P', full_name: 'Price' },
      company: null,
    });
    const shop = (await listAll('BUSINESS_MANAGER')).body.results.find((r: { name: string }) => r.name === 'Shop job');
    expect(shop.total_price).toBe('1234567890.12');
  });

  it('a business account whose company has an empty name shows the full name', async () => {
    const employee = await roleUserId(t, 'BUSINESS_EMPLOYEE');
    const [user] = await t.handle.db.select().from(schema.users).where(eq(schema.users.id, employee));
    await t.handle.db.update(schema.companies).set({ name: '' }).where(eq(schema.companies.id, user!.companyId!));
    const row = (await listAll('BUSINESS_EMPLOYEE')).body.results[0];
    expect(row).toMatchObject({ customer_display: 'Eli Employee', company: { name: '' } });
    const detail = await t.call(ordersApi.detail, { token: tokens.BUSINESS_EMPLOYEE, params: { id: row.id } });
    expect(detail.body.customer_display).toBe('Eli Employee');
  });

  it('pages with the same total for every caller, counted in the page statement for customers', async () => {
    for (const role of ROLES) {
      const all = await listAll(role);
      const first = await listAll(role, { page_size: '1' });
      expect([first.body.results.length, first.body.total]).toEqual([1, all.body.total]);
      expect(first.body.results[0]).toEqual(all.body.results[0]);
      const beyond = await listAll(role, { page_size: '1', page: String(all.body.total + 1) });
      expect(beyond.body.results).toEqual([]);
    }
  });
});

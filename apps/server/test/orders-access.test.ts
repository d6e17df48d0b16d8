import { canAccess, type Endpoint, ordersApi, type Role } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { fullGroup, orderCatalogue } from './orders-fixtures.ts';

/**
 * Who reaches whose order, for every endpoint of the orders core x every role and no login: the
 * shop reaches all; a personal customer and a business employee their own; a business manager
 * also the company's. An order out of reach answers 404, as if it did not exist.
 */

const ROLES: Role[] = ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'];
const OWNERS = ['PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const;
type Owner = (typeof OWNERS)[number];

const REACHES: Record<Role, Owner[]> = {
  ADMIN: [...OWNERS],
  STAFF: [...OWNERS],
  PERSONAL: ['PERSONAL'],
  BUSINESS_MANAGER: ['BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'],
  BUSINESS_EMPLOYEE: ['BUSINESS_EMPLOYEE'],
};

let t: TestApp;
const tokens = {} as Record<Role, string>;
const orderOf = {} as Record<Owner, number>;
let groups: object[];

beforeAll(async () => {
  t = await setupTestApp();
  groups = [fullGroup(await orderCatalogue(t))];
  for (const role of ROLES) tokens[role] = await t.login(role);
  for (const owner of OWNERS) {
    const res = await t.call(ordersApi.create, { token: tokens[owner], body: { name: `${owner} order`, groups } });
    orderOf[owner] = res.body.id;
  }
});
afterAll(() => t.close());

/** Each endpoint with a valid body and what a caller who reaches the order may get. */
const CASES: { name: string; e: Endpoint; body?: object; query?: Record<string, string>; ok: number[] }[] = [
  { name: 'detail', e: ordersApi.detail, ok: [200] },
  { name: 'short', e: ordersApi.short, ok: [200] },
  { name: 'paymentOptions', e: ordersApi.paymentOptions, query: { date: '2030-01-01' }, ok: [200] },
  // STAFF reach the bid but may not change it (can_be_updated): 400.
  { name: 'replaceGroups', e: ordersApi.replaceGroups, body: { groups: [] }, ok: [200, 400] },
  { name: 'addGroup', e: ordersApi.addGroup, body: { premiums: {}, items: [] }, ok: [200, 400] },
  { name: 'recalculate', e: ordersApi.recalculate, body: {}, ok: [200] },
  {
    name: 'updateCustomDiscount',
    e: ordersApi.updateCustomDiscount,
    body: { custom_discount_percentage: '5' },
    ok: [200],
  },
  {
    name: 'updateBypassPaymentOptionDiscount',
    e: ordersApi.updateBypassPaymentOptionDiscount,
    body: { bypass_payment_option_discount: true },
    ok: [200],
  },
  // No such code / no code on the order: 400 once reached.
  { name: 'discountCode', e: ordersApi.discountCode, body: { discount_code: 'NO-SUCH' }, ok: [400] },
  { name: 'cancelDiscountCode', e: ordersApi.cancelDiscountCode, body: {}, ok: [400] },
];

describe.each(CASES)('$name', ({ e, body, query, ok }) => {
  it.each(ROLES)('as %s', async (role) => {
    for (const owner of OWNERS) {
      const res = await t.call(e, { token: tokens[role], params: { id: orderOf[owner] }, body, query });
      const what = `${role} on ${owner}'s order: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      if (!canAccess(e.access, role)) {
        expect(res.status, what).toBe(403);
      } else if (REACHES[role].includes(owner)) {
        expect(ok, what).toContain(res.status);
      } else {
        expect(res.status, what).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
  });

  it('without a login', async () => {
    const res = await t.call(e, { params: { id: orderOf.PERSONAL }, body, query });
    expect(res.status).toBe(401);
  });
});

describe('a customer cannot change another customer’s order', () => {
  it('leaves it as it was', async () => {
    const before = await t.call(ordersApi.detail, { token: tokens.ADMIN, params: { id: orderOf.BUSINESS_MANAGER } });
    const res = await t.call(ordersApi.replaceGroups, {
      token: tokens.BUSINESS_EMPLOYEE,
      params: { id: orderOf.BUSINESS_MANAGER },
      body: { groups: [] },
    });
    expect(res.status).toBe(404);
    const after = await t.call(ordersApi.detail, { token: tokens.ADMIN, params: { id: orderOf.BUSINESS_MANAGER } });
    expect(after.body.version).toBe(before.body.version);
    expect(after.body.groups).toHaveLength(before.body.groups.length);
  });

  it('an unknown id answers 404 like an unreachable one', async () => {
    const res = await t.call(ordersApi.detail, { token: tokens.ADMIN, params: { id: 999_999 } });
    expect(res.status).toBe(404);
  });
});

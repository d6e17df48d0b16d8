import { schema } from '@cab/db';
import { accountsApi as api, MSG } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let manager: string;
let employee: string;
let personal: string;
let reset: string;
let ids: Record<string, number>;

const nyc = { line1: '350 5th Ave', city: 'New York', state: 'NY', postal_code: '10001' };
const chicago = { line1: '1 Wacker Dr', city: 'Chicago', state: 'IL', postal_code: '60601' };
const addressCount = async () => (await t.handle.db.select().from(schema.addresses)).length;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  manager = await t.login('BUSINESS_MANAGER');
  employee = await t.login('BUSINESS_EMPLOYEE');
  personal = await t.login('PERSONAL');
  // Rita is the other personal customer; her must-change-password flag would answer 403 first.
  await t.handle.db
    .update(schema.users)
    .set({ requirePasswordReset: false })
    .where(eq(schema.users.email, 'reset@demo.test'));
  reset = await t.login('reset@demo.test');
  const users = await t.handle.db.select().from(schema.users);
  ids = Object.fromEntries(users.map((u) => [u.email.split('@')[0]!, u.id]));
});
afterAll(() => t.close());

describe('demo addresses', () => {
  it('the seed gives the personal customer and Acme a default billing and shipping address', async () => {
    const own = await t.call(api.addresses, { token: personal, params: { id: ids.personal! } });
    const acme = await t.call(api.addresses, { token: employee, params: { id: ids.employee! } });
    for (const list of [own.body, acme.body]) {
      expect(list.map((a: { kind: string; is_default: boolean }) => [a.kind, a.is_default])).toEqual([
        ['BILLING', true],
        ['SHIPPING', true],
      ]);
    }
    // Every seeded address passes the checks the API applies (postal code exists, in the state).
    const saved = [
      ...own.body.map((a: object) => [ids.personal, a]),
      ...acme.body.map((a: object) => [ids.manager, a]),
    ];
    for (const [userId, { id: addressId, ...body }] of saved) {
      const res = await t.call(api.updateAddress, { token: admin, params: { id: userId, addressId }, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // The tests below start from no addresses.
    await t.handle.db.delete(schema.addresses);
  });
});

describe("a personal customer's addresses", () => {
  it('the first of a kind is the default; a new default replaces the old one', async () => {
    const first = await t.call(api.addAddress, {
      token: personal,
      params: { id: ids.personal! },
      body: { kind: 'BILLING', name: 'Home', ...nyc },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'BILLING', state: 'NY', postal_code: '10001', is_default: true });

    const second = await t.call(api.addAddress, {
      token: personal,
      params: { id: ids.personal! },
      body: { kind: 'BILLING', ...chicago, is_default: true },
    });
    expect(second.body.is_default).toBe(true);
    const shipping = await t.call(api.addAddress, {
      token: personal,
      params: { id: ids.personal! },
      body: { kind: 'SHIPPING', ...nyc },
    });
    expect(shipping.body.is_default).toBe(true);

    const list = await t.call(api.addresses, { token: personal, params: { id: ids.personal! } });
    expect(list.status).toBe(200);
    const defaults = Object.fromEntries(
      list.body.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default]),
    );
    expect(defaults).toEqual({ [first.body.id]: false, [second.body.id]: true, [shipping.body.id]: true });

    // Making the first default again unsets the second (same kind), not the shipping one.
    const back = await t.call(api.updateAddress, {
      token: personal,
      params: { id: ids.personal!, addressId: first.body.id },
      body: { kind: 'BILLING', ...nyc, line2: 'Floor 2', is_default: true },
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ line2: 'Floor 2', is_default: true });
    const after = await t.call(api.addresses, { token: admin, params: { id: ids.personal! } });
    expect(
      after.body
        .filter((a: { is_default: boolean }) => a.is_default)
        .map((a: { id: number }) => a.id)
        .sort(),
    ).toEqual([first.body.id, shipping.body.id].sort());

    const removed = await t.call(api.deleteAddress, {
      token: personal,
      params: { id: ids.personal!, addressId: second.body.id },
    });
    expect(removed.body).toEqual({ detail: MSG.addressDeleted });
    expect((await t.call(api.addresses, { token: personal, params: { id: ids.personal! } })).body).toHaveLength(2);
  });

  it("another customer's addresses are not found", async () => {
    const mine = await t.call(api.addresses, { token: personal, params: { id: ids.personal! } });
    const addressId = mine.body[0].id as number;
    const before = await addressCount();
    expect((await t.call(api.addresses, { token: reset, params: { id: ids.personal! } })).status).toBe(404);
    expect(
      (await t.call(api.addAddress, { token: reset, params: { id: ids.personal! }, body: { kind: 'BILLING', ...nyc } }))
        .status,
    ).toBe(404);
    expect((await t.call(api.deleteAddress, { token: reset, params: { id: ids.personal!, addressId } })).status).toBe(
      404,
    );
    // Someone else's address id under one's own user id is not found either.
    const viaOwnId = await t.call(api.updateAddress, {
      token: reset,
      params: { id: ids.reset!, addressId },
      body: { kind: 'BILLING', ...nyc },
    });
    expect(viaOwnId.status).toBe(404);
    expect(viaOwnId.body.message).toBe(MSG.addressNotFound);
    expect((await t.call(api.addresses, { token: manager, params: { id: ids.personal! } })).status).toBe(404);
    expect(await addressCount()).toBe(before);
  });

  it('staff accounts have no addresses', async () => {
    expect((await t.call(api.addresses, { token: admin, params: { id: ids.staff! } })).status).toBe(404);
  });
});

describe('postal code checks', () => {
  it('the code must exist and lie in the state; nothing is saved otherwise', async () => {
    const before = await addressCount();
    const unknown = await t.call(api.addAddress, {
      token: admin,
      params: { id: ids.reset! },
      body: { kind: 'BILLING', ...nyc, postal_code: '00000' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ postal_code: [MSG.postalCode] });

    const elsewhere = await t.call(api.addAddress, {
      token: admin,
      params: { id: ids.reset! },
      body: { kind: 'BILLING', ...nyc, state: 'ca' },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields).toEqual({ postal_code: [MSG.postalCodeNotInState('California')] });

    const malformed = await t.call(api.addAddress, {
      token: admin,
      params: { id: ids.reset! },
      body: { kind: 'HOME', line1: '', city: 'X', state: 'ZZ', postal_code: '1234' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toMatchObject({
      kind: [MSG.required],
      line1: [MSG.required],
      state: [MSG.stateInvalid],
      postal_code: [MSG.postalCode],
    });
    expect(await addressCount()).toBe(before);

    const zipPlus4 = await t.call(api.addAddress, {
      token: admin,
      params: { id: ids.reset! },
      body: { kind: 'BILLING', ...nyc, postal_code: '10001-1234' },
    });
    expect(zipPlus4.status).toBe(201);
  });
});

describe("a company's addresses", () => {
  it('its users read and add; only managers (and admins) change or delete', async () => {
    const added = await t.call(api.addAddress, {
      token: employee,
      params: { id: ids.employee! },
      body: { kind: 'SHIPPING', name: 'Job site', ...chicago },
    });
    expect(added.status).toBe(201);
    // The same company rows whichever user of the company names them.
    const viaManager = await t.call(api.addresses, { token: manager, params: { id: ids.manager! } });
    expect(viaManager.body.map((a: { id: number }) => a.id)).toEqual([added.body.id]);
    expect((await t.call(api.addresses, { token: employee, params: { id: ids.manager! } })).status).toBe(200);

    const byEmployee = await t.call(api.updateAddress, {
      token: employee,
      params: { id: ids.employee!, addressId: added.body.id },
      body: { kind: 'SHIPPING', ...nyc },
    });
    expect(byEmployee.status).toBe(403);
    expect(
      (await t.call(api.deleteAddress, { token: employee, params: { id: ids.employee!, addressId: added.body.id } }))
        .status,
    ).toBe(403);

    const byManager = await t.call(api.updateAddress, {
      token: manager,
      params: { id: ids.employee!, addressId: added.body.id },
      body: { kind: 'SHIPPING', name: 'Office', ...nyc },
    });
    expect(byManager.status).toBe(200);
    expect(byManager.body).toMatchObject({ name: 'Office', city: 'New York' });

    // Nobody outside the company: a personal customer, or another company's manager.
    expect((await t.call(api.addresses, { token: personal, params: { id: ids.employee! } })).status).toBe(404);
    const other = await t.call(api.registerBusiness, {
      token: admin,
      body: { email: 'olga@oak.test', first_name: 'Olga', last_name: 'Oak', company_name: 'Oak & Co' },
    });
    const [oakAddress] = await t.handle.db
      .insert(schema.addresses)
      .values({
        companyId: other.body.company.id,
        kind: 'BILLING',
        line1: 'x',
        city: 'Chicago',
        state: 'IL',
        postalCode: '60601',
      })
      .returning();
    expect((await t.call(api.addresses, { token: manager, params: { id: other.body.id } })).status).toBe(404);
    const foreignId = await t.call(api.deleteAddress, {
      token: manager,
      params: { id: ids.manager!, addressId: oakAddress!.id },
    });
    expect(foreignId.status).toBe(404);

    const removed = await t.call(api.deleteAddress, {
      token: admin,
      params: { id: ids.manager!, addressId: added.body.id },
    });
    expect(removed.status).toBe(200);
    expect((await t.call(api.addresses, { token: manager, params: { id: ids.manager! } })).body).toEqual([]);
  });
});

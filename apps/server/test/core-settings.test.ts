import { schema } from '@cab/db';
import { coreApi, MSG } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/** Sales tax rates by state in the global settings (DOMAIN pricing step 6). */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
});
afterAll(() => t.close());

describe('settings tax_rates', () => {
  it('starts empty and is readable by any signed-in user', async () => {
    for (const role of ['STAFF', 'PERSONAL', 'BUSINESS_EMPLOYEE'] as const) {
      const res = await t.call(coreApi.getSettings, { token: await t.login(role) });
      expect(res.status).toBe(200);
      expect(res.body.tax_rates).toEqual({});
    }
  });

  it('an admin sets the table; it is stored and replaces the previous table', async () => {
    const res = await t.call(coreApi.patchSettings, {
      token: admin,
      body: { tax_rates: { NY: 8.875, CA: 7.25, OR: 0 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.tax_rates).toEqual({ NY: 8.875, CA: 7.25, OR: 0 });
    const [row] = await t.handle.db.select().from(schema.settings).where(eq(schema.settings.key, 'tax_rates'));
    expect(row?.value).toEqual({ NY: 8.875, CA: 7.25, OR: 0 });

    // Other settings are untouched by a tax-only patch, and a new table replaces the old one.
    const before = (await t.call(coreApi.getSettings, { token: admin })).body;
    const next = await t.call(coreApi.patchSettings, { token: admin, body: { tax_rates: { TX: 6.25 } } });
    expect(next.body).toEqual({ ...before, tax_rates: { TX: 6.25 } });
    const again = await t.call(coreApi.getSettings, { token: admin });
    expect(again.body.tax_rates).toEqual({ TX: 6.25 });
  });

  it('a patch without tax_rates keeps them', async () => {
    await t.call(coreApi.patchSettings, { token: admin, body: { tax_rates: { WA: 6.5 } } });
    const res = await t.call(coreApi.patchSettings, { token: admin, body: { lead_time: 12 } });
    expect(res.body.tax_rates).toEqual({ WA: 6.5 });
    expect(res.body.lead_time).toBe(12);
  });

  it('rejects rates out of range, with too many decimals or not numbers, and unknown states', async () => {
    const before = (await t.call(coreApi.getSettings, { token: admin })).body;
    const res = await t.call(coreApi.patchSettings, {
      token: admin,
      body: { tax_rates: { CA: 100.5, NY: -1, TX: 6.2501, FL: '6', XX: 5, NJ: 6.625 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['tax_rates.CA']).toEqual([MSG.taxRateRange]);
    expect(res.body.fields['tax_rates.NY']).toEqual([MSG.taxRateRange]);
    expect(res.body.fields['tax_rates.TX']).toEqual([MSG.taxRateRange]);
    expect(res.body.fields['tax_rates.FL']).toEqual([MSG.taxRateRange]);
    expect(res.body.fields['tax_rates.XX']).toEqual([MSG.stateInvalid]);
    expect(res.body.fields['tax_rates.NJ']).toBeUndefined();
    expect((await t.call(coreApi.getSettings, { token: admin })).body).toEqual(before);

    const notARecord = await t.call(coreApi.patchSettings, { token: admin, body: { tax_rates: [5] } });
    expect(notARecord.status).toBe(400);
    expect(notARecord.body.fields.tax_rates).toBeDefined();
  });

  it('accepts the bounds 0 and 100 and three decimals', async () => {
    const res = await t.call(coreApi.patchSettings, {
      token: admin,
      body: { tax_rates: { AL: 0, AK: 100, AZ: 5.6, AR: 0.001 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.tax_rates).toEqual({ AL: 0, AK: 100, AZ: 5.6, AR: 0.001 });
  });

  it('only an admin may change them', async () => {
    const before = (await t.call(coreApi.getSettings, { token: admin })).body.tax_rates;
    for (const role of ['STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const) {
      const res = await t.call(coreApi.patchSettings, { token: await t.login(role), body: { tax_rates: { CA: 1 } } });
      expect(res.status).toBe(403);
    }
    const anonymous = await t.call(coreApi.patchSettings, { body: { tax_rates: { CA: 1 } } });
    expect(anonymous.status).toBe(401);
    expect((await t.call(coreApi.getSettings, { token: admin })).body.tax_rates).toEqual(before);
  });
});

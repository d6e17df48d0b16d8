import { schema } from '@cab/db';
import { coreApi, MSG, todayIn, weekdayOf } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, startInsideRateWindow, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await setupTestApp({ stripe: { publishableKey: 'pk_test_123', secretKey: undefined } }, (app) => {
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('kaboom');
    });
  });
  admin = await t.login('ADMIN');
  staff = await t.login('STAFF');
});
afterAll(() => t.close());

describe('settings', () => {
  it('GET returns the seeded lead_time and remake_reasons', async () => {
    const res = await t.call(coreApi.getSettings, { token: staff });
    expect(res.status).toBe(200);
    expect(res.body.lead_time).toBe(15);
    expect(res.body.remake_reasons.reasons.length).toBeGreaterThan(0);
  });

  it('PATCH (admin) changes only what is sent and keeps it', async () => {
    const res = await t.call(coreApi.patchSettings, {
      token: admin,
      body: { remake_reasons: { reasons: ['Scratched', 'Wrong size'] } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lead_time: 15, remake_reasons: { reasons: ['Scratched', 'Wrong size'] } });
    await t.call(coreApi.patchSettings, { token: admin, body: { lead_time: 20 } });
    const after = await t.call(coreApi.getSettings, { token: admin });
    expect(after.body).toMatchObject({ lead_time: 20, remake_reasons: { reasons: ['Scratched', 'Wrong size'] } });
  });

  it('PATCH rejects bad values with field errors and changes nothing', async () => {
    const before = (await t.call(coreApi.getSettings, { token: admin })).body;
    const res = await t.call(coreApi.patchSettings, {
      token: admin,
      body: { lead_time: 2.5, remake_reasons: { reasons: ['A', 'A'] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.lead_time).toEqual([MSG.leadTimeRange]);
    expect(res.body.fields['remake_reasons.reasons']).toBeDefined();
    expect((await t.call(coreApi.getSettings, { token: admin })).body).toEqual(before);
  });

  it('PATCH is refused to staff', async () => {
    const res = await t.call(coreApi.patchSettings, { token: staff, body: { lead_time: 1 } });
    expect(res.status).toBe(403);
  });
});

describe('holidays', () => {
  it('always include January 1 of the asked year, and stored dated holidays of that year only', async () => {
    await t.handle.db.insert(schema.holidays).values({ date: '2027-07-05', name: 'Independence Day (observed)' });
    const res = await t.call(coreApi.holidays, { token: staff, query: { year: '2027' } });
    expect(res.body).toEqual([
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-07-05', name: 'Independence Day (observed)' },
    ]);
    const other = await t.call(coreApi.holidays, { token: staff, query: { year: '2030' } });
    expect(other.body).toEqual([{ date: '2030-01-01', name: "New Year's Day" }]);
  });

  it('rejects a missing or absurd year', async () => {
    for (const query of [{}, { year: 'abc' }, { year: '12' }] as Record<string, string>[]) {
      const res = await t.call(coreApi.holidays, { token: staff, query });
      expect(res.status).toBe(400);
      expect(res.body.fields.year).toBeDefined();
    }
  });
});

describe('postal code lookup', () => {
  it.each([
    ['10001', 'New York', 'NY'],
    ['90210-1234', 'Beverly Hills', 'CA'],
  ])('%s -> %s', async (code, city, state) => {
    const res = await t.call(coreApi.postalCodeLookup, { query: { postal_code: code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ postal_code: code, cities: [{ city, state }] });
  });

  it.each(['1234', '123456', 'ABCDE', '12345-12', '00000', ''])('"%s" is not a valid postal code', async (code) => {
    const res = await t.call(coreApi.postalCodeLookup, { query: { postal_code: code } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.postalCode);
    expect(res.body.fields).toEqual({ postal_code: [MSG.postalCode] });
  });
});

describe('stripe, tags, config', () => {
  it('gives the configured publishable key', async () => {
    expect((await t.call(coreApi.stripe, { token: staff })).body).toEqual({ pk: 'pk_test_123' });
  });

  it('lists tags with their display', async () => {
    const res = await t.call(coreApi.tags, { token: staff });
    expect(res.body).toContainEqual({ id: expect.any(Number), name: 'lead', value: '2w', display: 'lead:2w' });
    expect(res.body).toContainEqual({ id: expect.any(Number), name: 'new', value: null, display: 'new' });
  });

  it('tells the web app it runs in a test environment', async () => {
    const res = await t.call(coreApi.config);
    expect(res.body).toMatchObject({ app_env: 'test', is_test_environment: true });
  });
});

describe('client logs', () => {
  it('log/warn stores the report and returns its transaction id', async () => {
    const res = await t.call(coreApi.logWarn, {
      token: staff,
      body: { type: 'api', code: 'permission_denied', data: { status: 403 }, url: '/api/core/settings/' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.handle.db
      .select()
      .from(schema.clientLogs)
      .where(eq(schema.clientLogs.transactionId, res.body.transaction_id));
    expect(row).toMatchObject({ level: 'warn', type: 'api', code: 'permission_denied', data: { status: 403 } });
    expect(row?.userId).not.toBeNull();
  });

  it('log/error stores uncaught errors, clipping long fields', async () => {
    const res = await t.call(coreApi.logError, {
      body: { type: 'script', error: 'x'.repeat(9000), info: 'at foo.js:1', path: '/orders' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.handle.db
      .select()
      .from(schema.clientLogs)
      .where(eq(schema.clientLogs.transactionId, res.body.transaction_id));
    expect(row?.error?.length).toBe(4000);
    expect(row?.path).toBe('/orders');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.call(coreApi.logWarn, { body: { type: 'api', data: 'y'.repeat(40_000) } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });
});

describe('client log rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await setupTestApp({ clientLogRateLimitPerMinute: 3 });
  });
  afterAll(() => limited.close());

  it('answers 429 once a client reports too much, and stores nothing more', async () => {
    await startInsideRateWindow(5_000);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await limited.call(coreApi.logError, { body: { type: 'script', error: `e${i}` } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await limited.handle.db.select().from(schema.clientLogs)).toHaveLength(3);
  });
});

describe('dashboard', () => {
  // Issue 29 replaced the role, sessions and user-count cards with the shop's figures
  // (dashboard-cards.test.ts checks each against its list).
  it("admin sees the shop's figures, not its role, sessions or user counts", async () => {
    const res = await t.call(coreApi.dashboard, { token: admin });
    expect(res.body.greeting).toBe('Hello, Ada');
    const cards = Object.fromEntries(res.body.cards.map((c: { key: string; value: unknown }) => [c.key, c.value]));
    // A closed day has no capacity (issue 35); the seed's holidays are checked in dashboard-cards.test.ts.
    const today = todayIn();
    const holidays = (await t.call(coreApi.holidays, { token: admin, query: { year: today.slice(0, 4) } })).body as {
      date: string;
    }[];
    const closed = [0, 6].includes(weekdayOf(today)) || holidays.some((h) => h.date === today);
    expect(cards).toMatchObject({
      orders_in_production: 0,
      orders_late: 0,
      remakes_open: 0,
      capacity_per_day: closed ? 0 : 40,
    });
    for (const gone of ['role', 'sessions', 'admins', 'staff', 'personal', 'business', 'companies']) {
      expect(cards, gone).not.toHaveProperty(gone);
    }
  });

  it("recent activity is the shop's, not the client-error telemetry (that is only counted)", async () => {
    expect((await t.call(coreApi.logError, { body: { type: 'script', error: 'boom' } })).status).toBe(200);
    expect((await t.call(coreApi.logWarn, { token: admin, body: { type: 'api', code: 'x' } })).status).toBe(200);
    const res = await t.call(coreApi.dashboard, { token: admin });
    const texts = res.body.recent.map((r: { text: string }) => r.text);
    // The shop's events (orders moved, remakes, payments: none on this fresh database), not sign-ins.
    expect(texts).not.toContain('Signed in');
    expect(texts.filter((x: string) => /client|script|api/i.test(x))).toEqual([]);
    const errors = res.body.cards.find((c: { key: string }) => c.key === 'client_errors');
    expect(errors.value).toBeGreaterThanOrEqual(2);
  });

  it('a business employee sees their company size, not account figures', async () => {
    const res = await t.call(coreApi.dashboard, { token: await t.login('BUSINESS_EMPLOYEE') });
    const keys = res.body.cards.map((c: { key: string }) => c.key);
    expect(keys).toContain('company_members');
    expect(keys).not.toContain('admins');
  });
});

describe('error shape', () => {
  it('an unknown /api path is a 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: MSG.notFound });
  });

  it('an unexpected failure is a 500 with a transaction id and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      code: 'internal_error',
      message: MSG.internalError,
      extra: { transaction_id: res.headers['x-request-id'] },
    });
    expect(JSON.stringify(body)).not.toContain('kaboom');
  });

  it('malformed JSON is a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('serves the OpenAPI document with every contract path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const e of Object.values(coreApi)) expect(paths).toContain(e.path);
  });
});

import { DEMO_PASSWORD, schema } from '@cab/db';
import { usingPostgres } from '@cab/db/testing';
import { accountsApi as api, authApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/modules/auth/index.ts';
import { SESSION_TTL_MS, SessionCache } from '../src/modules/auth/session-cache.ts';
import { SESSION_CHANNEL } from '../src/modules/auth/session-changes.ts';
import { ROLE_EMAILS, setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  const users = await t.handle.db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users);
  ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const me = (token: string) => t.call(authApi.me, { token }).then((r) => r.status);

/** Removes a token behind the server's back (as another server or a script would, without telling it). */
const deleteTokenRow = (token: string) =>
  t.handle.db.delete(schema.authTokens).where(eq(schema.authTokens.tokenHash, hashToken(token)));

describe('session cache', () => {
  it('serves a known token from memory for at most the TTL, then reads the database again', async () => {
    const token = await t.login('STAFF');
    expect(await me(token)).toBe(200);
    await deleteTokenRow(token);
    // Cached: the row is gone but nobody said so.
    expect(await me(token)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_TTL_MS + 1);
    expect(await me(token)).toBe(401);
  });

  it('refuses a token at once after its sign-out, on the same server', async () => {
    const token = await t.login('STAFF');
    expect(await me(token)).toBe(200);
    expect(await me(token)).toBe(200);
    expect((await t.call(authApi.logout, { token })).status).toBe(200);
    expect(await me(token)).toBe(401);
  });

  it('refuses a deactivated user at once, and keeps refusing after reactivation (signed out)', async () => {
    const token = await t.login('STAFF');
    expect(await me(token)).toBe(200);
    const id = ids[ROLE_EMAILS.STAFF]!;
    const off = await t.call(api.updateStaff, { token: admin, params: { id }, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(await me(token)).toBe(401);
    await t.call(api.updateStaff, { token: admin, params: { id }, body: { is_active: true } });
    expect(await me(token)).toBe(401);
  });

  it('applies a role change to a cached session at once', async () => {
    const token = await t.login('STAFF');
    const id = ids[ROLE_EMAILS.STAFF]!;
    const staffList = () => t.call(api.staff, { token }).then((r) => r.status);
    expect(await staffList()).toBe(403);
    expect((await t.call(api.updateStaff, { token: admin, params: { id }, body: { role: 'ADMIN' } })).status).toBe(200);
    expect(await staffList()).toBe(200);
    expect((await t.call(api.updateStaff, { token: admin, params: { id }, body: { role: 'STAFF' } })).status).toBe(200);
    expect(await staffList()).toBe(403);
  });

  it('signs the other sessions out at once on a password change', async () => {
    const mine = await t.login('PERSONAL');
    const other = await t.login('PERSONAL');
    expect(await me(mine)).toBe(200);
    expect(await me(other)).toBe(200);
    const res = await t.call(authApi.passwordUpdate, {
      token: mine,
      body: { old_password: DEMO_PASSWORD, new_password: 'N3w-passw0rd!x', confirm_password: 'N3w-passw0rd!x' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await me(other)).toBe(401);
    expect(await me(mine)).toBe(200);
  });

  it('answers /me from the session, and shows a new name or company name at once', async () => {
    const token = await t.login('BUSINESS_MANAGER');
    const first = await t.call(authApi.me, { token });
    expect(first.status).toBe(200);
    const companyId = first.body.company.id as number;
    const id = ids[ROLE_EMAILS.BUSINESS_MANAGER]!;
    await t.call(authApi.me, { token });
    const named = await t.call(api.updateProfile, { token: admin, params: { id }, body: { first_name: 'Mona' } });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((await t.call(authApi.me, { token })).body.first_name).toBe('Mona');
    const renamed = await t.call(api.updateCompanyProfile, {
      token: admin,
      params: { id: companyId },
      body: { name: 'Renamed Cabinets' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await t.call(authApi.me, { token });
    expect(after.body.company).toEqual({ id: companyId, name: 'Renamed Cabinets' });
    expect(after.body.full_name).toBe(`Mona ${first.body.last_name}`.trim());
  });

  it.runIf(usingPostgres())('drops a session when another server NOTIFYs a change (PostgreSQL)', async () => {
    const token = await t.login('BUSINESS_EMPLOYEE');
    expect(await me(token)).toBe(200);
    await deleteTokenRow(token);
    expect(await me(token)).toBe(200);
    // What another server's sign-out sends (repository.ts sessionsChanged), on a connection of its own.
    const { pool } = t.handle as unknown as { pool: pg.Pool };
    const other = new pg.Client(pool.options);
    await other.connect();
    try {
      await other.query('select pg_notify($1, $2)', [SESSION_CHANNEL, String(ids[ROLE_EMAILS.BUSINESS_EMPLOYEE])]);
    } finally {
      await other.end();
    }
    // Well within the TTL: the notification, not the expiry, dropped it.
    const until = Date.now() + SESSION_TTL_MS / 2;
    let status = 200;
    while (status === 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
      status = await me(token);
    }
    expect(status).toBe(401);
  });
});

describe('SessionCache', () => {
  const session = (id: number) =>
    ({ id, tokenId: 1, lastUsedAt: new Date(), isActive: true }) as unknown as Parameters<SessionCache['set']>[1];

  it('does not store a lookup that was in flight during an invalidation', () => {
    const cache = new SessionCache();
    cache.enabled = true;
    const generation = cache.generation;
    cache.invalidate({ userId: 5 });
    cache.set('h', session(5), generation);
    expect(cache.get('h')).toBeUndefined();
    cache.set('h', session(5), cache.generation);
    expect(cache.get('h')?.id).toBe(5);
  });

  it("drops only the user's entries, expires after its TTL, and stores nothing while disabled", () => {
    const cache = new SessionCache(1_000);
    cache.enabled = true;
    cache.set('a', session(1), cache.generation, 0);
    cache.set('b', session(2), cache.generation, 0);
    cache.invalidate({ userId: 1 });
    expect(cache.get('a', 10)).toBeUndefined();
    expect(cache.get('b', 10)?.id).toBe(2);
    expect(cache.get('b', 1_001)).toBeUndefined();
    cache.disable();
    cache.set('c', session(3), cache.generation, 0);
    expect(cache.size).toBe(0);
  });
});

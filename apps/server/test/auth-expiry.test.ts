import { schema } from '@cab/db';
import { authApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { hashToken } from '../src/modules/auth/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * Tokens expire on the server (issue 36, decision 0058): SESSION_IDLE_DAYS after their last use
 * and SESSION_MAX_DAYS after sign-in; an expired token is answered as a missing one (401).
 */

const DAY = 24 * 60 * 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

/** A new sign-in whose token was made and last used this many days ago. */
async function tokenAged(madeDaysAgo: number, usedDaysAgo: number): Promise<string> {
  const token = await t.login('STAFF');
  await t.handle.db
    .update(schema.authTokens)
    .set({ createdAt: new Date(Date.now() - madeDaysAgo * DAY), lastUsedAt: new Date(Date.now() - usedDaysAgo * DAY) })
    .where(eq(schema.authTokens.tokenHash, hashToken(token)));
  return token;
}

describe('token expiry', () => {
  it('defaults to 30 days idle and 90 days in all, read from SESSION_IDLE_DAYS and SESSION_MAX_DAYS', () => {
    const defaults = loadConfig({});
    expect([defaults.sessionIdleMs, defaults.sessionMaxMs]).toEqual([30 * DAY, 90 * DAY]);
    const set = loadConfig({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '0' });
    expect([set.sessionIdleMs, set.sessionMaxMs]).toEqual([7 * DAY, 0]);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: 'a week' })).toThrow(/SESSION_IDLE_DAYS/);
  });

  it('answers a token unused for longer than the idle limit 401, as a missing one', async () => {
    const missing = await t.call(authApi.me, {});
    const idle = await t.call(authApi.me, { token: await tokenAged(31, 31) });
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual(missing.body);
    expect((await t.call(authApi.me, { token: await tokenAged(31, 29) })).status).toBe(200);
  });

  it('answers a token older than the absolute limit 401, however recently used', async () => {
    expect((await t.call(authApi.me, { token: await tokenAged(91, 0) })).status).toBe(401);
    expect((await t.call(authApi.me, { token: await tokenAged(89, 0) })).status).toBe(200);
  });

  it('keeps every token with both limits at 0', async () => {
    const config = t.app.deps.config;
    const before = { idle: config.sessionIdleMs, max: config.sessionMaxMs };
    Object.assign(config, { sessionIdleMs: 0, sessionMaxMs: 0 });
    try {
      expect((await t.call(authApi.me, { token: await tokenAged(400, 400) })).status).toBe(200);
    } finally {
      Object.assign(config, { sessionIdleMs: before.idle, sessionMaxMs: before.max });
    }
  });
});

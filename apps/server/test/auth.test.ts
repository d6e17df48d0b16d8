import { DEMO_PASSWORD, schema } from '@cab/db';
import { authApi, coreApi, deriveRole, MSG } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/index.ts';
import { ROLE_EMAILS, setupTestApp, startInsideRateWindow, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('POST /api/users/token/', () => {
  it('returns a token for the right password, case-insensitive e-mail, and stores only its hash', async () => {
    const res = await t.call(authApi.login, { body: { email: 'ADMIN@Demo.Test', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[0-9a-f]{64}$/);
    const rows = await t.handle.db.select().from(schema.authTokens);
    expect(rows.some((r) => r.tokenHash === hashToken(res.body.token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === res.body.token)).toBe(false);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await t.call(authApi.login, { body: { email: 'staff@demo.test', password: 'not-the-password' } });
    const unknown = await t.call(authApi.login, { body: { email: 'ghost@demo.test', password: 'not-the-password' } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ code: 'invalid_credentials', message: MSG.invalidCredentials });
  });

  it('rejects bad input with field errors', async () => {
    const res = await t.call(authApi.login, { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.fields).toEqual({ email: [MSG.emailInvalid], password: [MSG.required] });
  });
});

describe('GET /api/users/me/', () => {
  it.each(Object.entries(ROLE_EMAILS))('describes %s with the fields of SPEC 3', async (role, email) => {
    const token = await t.login(email);
    const res = await t.call(authApi.me, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'id',
        'email',
        'first_name',
        'last_name',
        'full_name',
        'account_type',
        'is_staff',
        'is_employee',
        'is_manager',
        'is_superuser',
        'require_password_reset',
        'company',
      ].sort(),
    );
    expect(deriveRole(res.body)).toBe(role);
    expect(res.body.full_name).toBe(`${res.body.first_name} ${res.body.last_name}`);
    if (role.startsWith('BUSINESS'))
      expect(res.body.company).toEqual({ id: expect.any(Number), name: 'Acme Kitchens' });
    else expect(res.body.company).toBeNull();
  });

  it('401 for a missing, malformed or unknown token', async () => {
    for (const header of [undefined, 'Bearer abc', 'Token short', `Token ${'a'.repeat(64)}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me/',
        headers: header ? { authorization: header } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'not_authenticated', message: MSG.notAuthenticated });
    }
  });
});

describe('POST /api/users/logout/', () => {
  it('revokes only the token it was called with', async () => {
    const a = await t.login('PERSONAL');
    const b = await t.login('PERSONAL');
    expect((await t.call(authApi.logout, { token: a })).status).toBe(200);
    expect((await t.call(authApi.me, { token: a })).status).toBe(401);
    expect((await t.call(authApi.me, { token: b })).status).toBe(200);
  });
});

describe('password update and change', () => {
  it('PUT password/update/ needs the current password, then signs out other sessions', async () => {
    const email = 'manager@demo.test';
    const token = await t.login(email);
    const other = await t.login(email);

    const wrong = await t.call(authApi.passwordUpdate, {
      token,
      body: { old_password: 'nope-nope', new_password: 'NewPass123!', confirm_password: 'NewPass123!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ old_password: [MSG.wrongCurrentPassword] });

    const mismatch = await t.call(authApi.passwordUpdate, {
      token,
      body: { old_password: DEMO_PASSWORD, new_password: 'NewPass123!', confirm_password: 'Other123!' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ confirm_password: [MSG.passwordsDoNotMatch] });

    const short = await t.call(authApi.passwordUpdate, {
      token,
      body: { old_password: DEMO_PASSWORD, new_password: 'short', confirm_password: 'short' },
    });
    expect(short.body.fields.new_password).toEqual([MSG.passwordTooShort]);

    const ok = await t.call(authApi.passwordUpdate, {
      token,
      body: { old_password: DEMO_PASSWORD, new_password: 'NewPass123!', confirm_password: 'NewPass123!' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call(authApi.me, { token })).status).toBe(200);
    expect((await t.call(authApi.me, { token: other })).status).toBe(401);
    const oldLogin = await t.call(authApi.login, { body: { email, password: DEMO_PASSWORD } });
    expect(oldLogin.status).toBe(400);
    const newLogin = await t.call(authApi.login, { body: { email, password: 'NewPass123!' } });
    expect(newLogin.status).toBe(200);
  });

  it('PATCH password/change/ works only while a reset is required, and clears the flag', async () => {
    const notRequired = await t.call(authApi.passwordChange, {
      token: await t.login('STAFF'),
      body: { new_password: 'NewPass123!', confirm_password: 'NewPass123!' },
    });
    expect(notRequired.status).toBe(400);
    expect(notRequired.body.code).toBe('password_reset_not_required');

    const token = await t.login('reset@demo.test');
    expect((await t.call(authApi.me, { token })).body.require_password_reset).toBe(true);
    const same = await t.call(authApi.passwordChange, {
      token,
      body: { new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual({ new_password: [MSG.passwordSameAsOld] });

    const ok = await t.call(authApi.passwordChange, {
      token,
      body: { new_password: 'Fresh123!', confirm_password: 'Fresh123!' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call(authApi.me, { token })).body.require_password_reset).toBe(false);
    const [row] = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'reset@demo.test'));
    expect(row?.requirePasswordReset).toBe(false);
  });
});

describe('require_password_reset on the server', () => {
  it('refuses every other call of a flagged token with 403; no login gets 401, a normal user 200', async () => {
    const email = ROLE_EMAILS.STAFF;
    await t.handle.db.update(schema.users).set({ requirePasswordReset: true }).where(eq(schema.users.email, email));
    const flagged = await t.login(email);
    const second = await t.login(email);
    const normal = await t.login('PERSONAL');
    const dashboard = coreApi.dashboard;

    expect((await t.call(dashboard, {})).status).toBe(401);
    const refused = await t.call(dashboard, { token: flagged });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'password_change_required', message: MSG.passwordChangeRequired });
    expect((await t.call(dashboard, { token: normal })).status).toBe(200);

    // What the forced change needs still works: read me, change the password, sign out.
    expect((await t.call(authApi.me, { token: flagged })).body.require_password_reset).toBe(true);
    expect((await t.call(authApi.logout, { token: second })).status).toBe(200);
    expect((await t.call(authApi.me, { token: second })).status).toBe(401);
    const wrongOld = await t.call(authApi.passwordUpdate, {
      token: flagged,
      body: { old_password: 'not-it-at-all', new_password: 'Fresh456!', confirm_password: 'Fresh456!' },
    });
    expect(wrongOld.body.code).toBe('wrong_password');
    const changed = await t.call(authApi.passwordChange, {
      token: flagged,
      body: { new_password: 'Fresh456!', confirm_password: 'Fresh456!' },
    });
    expect(changed.status).toBe(200);
    // The flag is read on every request: the same token now reaches the rest of the API.
    expect((await t.call(dashboard, { token: flagged })).status).toBe(200);
    expect((await t.call(authApi.logout, { token: flagged })).status).toBe(200);
  });
});

describe('login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await setupTestApp({ loginRateLimitPerMinute: 5 });
  });
  afterAll(() => limited.close());

  it('rate limits repeated attempts on one e-mail with 429 and a clear message', async () => {
    await startInsideRateWindow();
    const attempt = () =>
      limited.call(authApi.login, { body: { email: 'employee@demo.test', password: 'wrong-password' } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
    expect(blocked.body.message).toBe(MSG.loginRateLimited);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits for the window to pass.
    const right = await limited.call(authApi.login, { body: { email: 'employee@demo.test', password: DEMO_PASSWORD } });
    expect(right.status).toBe(429);
  });
});

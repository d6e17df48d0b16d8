import { DEMO_PASSWORD, schema } from '@cab/db';
import { accountsApi as api, authApi, emailApi, MSG, PUBLIC_FORM_LIMIT_PER_HOUR } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let nextIp = 1;

/**
 * Public forms are limited per client address: each test sends from its own address (the app
 * trusts X-Forwarded-For, like behind a load balancer) unless it tests the limit itself.
 */
async function post(endpoint: { method: string; path: string }, body: unknown, ip = `10.0.0.${nextIp++}`) {
  const res = await t.app.inject({
    method: endpoint.method as 'POST',
    url: endpoint.path,
    payload: body as object,
    headers: { 'x-forwarded-for': ip },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function mailsTo(email: string) {
  const res = await t.call(emailApi.outbox, { token: admin, query: { page_size: '250' } });
  return (res.body.results as { to: string; body: string; template_name: string }[]).filter((m) => m.to === email);
}

/** The limits count in fixed one-hour windows: do not start a burst in the last seconds of one. */
async function startInsideHourWindow(needMs = 15_000) {
  const intoHour = Date.now() % 3_600_000;
  if (intoHour > 3_600_000 - needMs) await new Promise((r) => setTimeout(r, 3_600_500 - intoHour));
}

const request = (email: string, extra: object = {}) => ({
  email,
  first_name: 'Rae',
  last_name: 'Requester',
  account_type: 'P',
  message: 'Please let me in',
  ...extra,
});

beforeAll(async () => {
  // Behind a load balancer: the client address comes from X-Forwarded-For (off by default).
  t = await setupTestApp({ trustProxy: true });
  admin = await t.login('ADMIN');
});
afterAll(() => t.close());

describe('access requests', () => {
  it('a visitor sends a request and gets an e-mail; the admin sees it pending', async () => {
    const res = await post(api.sendAccessRequest, request('Rae@Example.com', { phone: '555 0101' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: MSG.accessRequestSent });
    const [mail] = await mailsTo('rae@example.com');
    expect(mail!.template_name).toBe('access_request_received');
    expect(mail!.body).toContain('Hello Rae');

    const list = await t.call(api.accessRequests, { token: admin, query: { status: 'PENDING' } });
    expect(list.body.results[0]).toMatchObject({
      email: 'rae@example.com',
      full_name: 'Rae Requester',
      phone: '555 0101',
      status: 'PENDING',
      decided_at: null,
    });
  });

  it('refuses a second pending request, an existing account, and a business request without a company', async () => {
    const again = await post(api.sendAccessRequest, request('rae@example.com'));
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ email: [MSG.accessRequestPendingExists] });
    const existing = await post(api.sendAccessRequest, request('personal@demo.test'));
    expect(existing.body).toMatchObject({ code: 'email_taken', fields: { email: [MSG.emailTaken] } });
    const noCompany = await post(api.sendAccessRequest, request('biz@example.com', { account_type: 'B' }));
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.fields).toEqual({ company_name: [MSG.required] });
    expect(await mailsTo('biz@example.com')).toEqual([]);
  });

  it('is rate limited per client address and per e-mail, with Retry-After', async () => {
    await startInsideHourWindow();
    const ip = '10.9.9.9';
    for (let i = 0; i < PUBLIC_FORM_LIMIT_PER_HOUR; i++) {
      expect((await post(api.sendAccessRequest, request(`flood${i}@example.com`), ip)).status).toBe(201);
    }
    const limited = await post(api.sendAccessRequest, request('flood-last@example.com'), ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: MSG.publicFormRateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo('flood-last@example.com')).toEqual([]);

    // One e-mail from many addresses is limited too.
    const statuses: number[] = [];
    for (let i = 0; i <= PUBLIC_FORM_LIMIT_PER_HOUR; i++) {
      statuses.push((await post(api.sendAccessRequest, request('victim@example.com'))).status);
    }
    expect(statuses[0]).toBe(201);
    expect(statuses.at(-1)).toBe(429);
  });

  it('accepting a personal request opens the account and e-mails the invitation', async () => {
    const [row] = await t.handle.db
      .select()
      .from(schema.accessRequests)
      .where(eq(schema.accessRequests.email, 'rae@example.com'));
    const res = await t.call(api.acceptAccessRequest, { token: admin, params: { id: row!.id } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ACCEPTED');
    expect(res.body.decided_at).not.toBeNull();
    const invitation = (await mailsTo('rae@example.com')).find((m) => m.template_name === 'invitation');
    expect(invitation!.body).toMatch(/\/invitation\/[0-9a-f-]{36}\/accept/);
    const [stored] = await t.handle.db
      .select()
      .from(schema.accessRequests)
      .where(eq(schema.accessRequests.id, row!.id));
    const user = await t.call(api.customer, { token: admin, params: { id: stored!.userId! } });
    expect(user.body).toMatchObject({ email: 'rae@example.com', role: 'PERSONAL', invitation_pending: true });

    const twice = await t.call(api.acceptAccessRequest, { token: admin, params: { id: row!.id } });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ code: 'access_request_not_pending', message: MSG.accessRequestNotPending });
  });

  it('accepting a business request opens its company with the requester as manager', async () => {
    await post(api.sendAccessRequest, request('bea@example.com', { account_type: 'B', company_name: 'Beech Homes' }));
    const list = await t.call(api.accessRequests, { token: admin, query: { search: 'beech' } });
    expect(list.body.total).toBe(1);
    const res = await t.call(api.acceptAccessRequest, { token: admin, params: { id: list.body.results[0].id } });
    expect(res.status).toBe(200);
    const users = await t.call(api.customers, { token: admin, query: { search: 'bea@example.com' } });
    expect(users.body.results[0]).toMatchObject({ role: 'BUSINESS_MANAGER', company: { name: 'Beech Homes' } });
  });

  it('rejecting tells the requester the reason; a decided request cannot be decided again', async () => {
    await post(api.sendAccessRequest, request('nina@example.com'));
    const { results } = (await t.call(api.accessRequests, { token: admin, query: { search: 'nina' } })).body;
    const id = results[0].id as number;
    const res = await t.call(api.rejectAccessRequest, {
      token: admin,
      params: { id },
      body: { reason: 'We only serve the trade.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'REJECTED', reason: 'We only serve the trade.' });
    const mail = (await mailsTo('nina@example.com')).find((m) => m.template_name === 'access_request_rejected');
    expect(mail!.body).toContain('We only serve the trade.');
    expect((await t.call(api.rejectAccessRequest, { token: admin, params: { id }, body: {} })).status).toBe(400);
    expect((await t.call(api.acceptAccessRequest, { token: admin, params: { id } })).status).toBe(400);
    const rejected = await t.call(api.accessRequests, { token: admin, query: { status: 'REJECTED' } });
    expect(rejected.body.results.map((r: { id: number }) => r.id)).toEqual([id]);
    // Once answered, the same person may ask again.
    expect((await post(api.sendAccessRequest, request('nina@example.com'))).status).toBe(201);
  });

  it('POST invite with access_request marks that request accepted; unknown ids are 404', async () => {
    await post(api.sendAccessRequest, request('ivan@example.com'));
    const { results } = (await t.call(api.accessRequests, { token: admin, query: { search: 'ivan' } })).body;
    const res = await t.call(api.invite, {
      token: admin,
      body: {
        email: 'ivan@example.com',
        first_name: 'Ivan',
        last_name: 'I',
        role: 'PERSONAL',
        access_request: results[0].id,
      },
    });
    expect(res.status).toBe(201);
    const after = (await t.call(api.accessRequests, { token: admin, query: { search: 'ivan' } })).body.results[0];
    expect(after.status).toBe('ACCEPTED');
    expect((await t.call(api.acceptAccessRequest, { token: admin, params: { id: 999_999 } })).status).toBe(404);
  });
});

describe('forgotten password', () => {
  async function resetToken(email: string) {
    const mail = (await mailsTo(email)).find((m) => m.template_name === 'password_reset');
    const match = /\/reset-password\?token=([0-9a-f]+)/.exec(mail?.body ?? '');
    if (!match) throw new Error(`no reset link for ${email}`);
    return match[1]!;
  }

  it('answers the same for an unknown e-mail; only a real account gets a link', async () => {
    const known = await post(api.forgetPassword, { email: 'Personal@demo.test' });
    const unknown = await post(api.forgetPassword, { email: 'ghost@demo.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ detail: MSG.passwordResetSent });
    expect(await mailsTo('ghost@demo.test')).toEqual([]);
    const token = await resetToken('personal@demo.test');
    // Only a hash of the token is stored.
    const rows = await t.handle.db.select().from(schema.passwordResets);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('a reset link works once, sets the password and signs out every session', async () => {
    const session = await t.login('PERSONAL');
    await post(api.forgetPassword, { email: 'personal@demo.test' });
    const token = await resetToken('personal@demo.test');

    const mismatch = await post(api.resetPassword, { token, new_password: 'Fresh1234!', confirm_password: 'x' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ confirm_password: [MSG.passwordsDoNotMatch] });

    const res = await post(api.resetPassword, { token, new_password: 'Fresh1234!', confirm_password: 'Fresh1234!' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: MSG.passwordResetDone });
    expect((await t.call(authApi.me, { token: session })).status).toBe(401);
    const old = await t.call(authApi.login, { body: { email: 'personal@demo.test', password: DEMO_PASSWORD } });
    expect(old.status).toBe(400);
    const fresh = await t.call(authApi.login, { body: { email: 'personal@demo.test', password: 'Fresh1234!' } });
    expect(fresh.status).toBe(200);

    const again = await post(api.resetPassword, { token, new_password: 'Other1234!', confirm_password: 'Other1234!' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'reset_link_invalid', fields: { token: [MSG.resetLinkInvalid] } });
    // The older link from the first test stopped working with this reset too.
    const mails = (await mailsTo('personal@demo.test')).filter((m) => m.template_name === 'password_reset');
    const oldest = /token=([0-9a-f]+)/.exec(mails.at(-1)!.body)![1]!;
    expect(oldest).not.toBe(token);
    const older = await post(api.resetPassword, {
      token: oldest,
      new_password: 'Other1234!',
      confirm_password: 'Other1234!',
    });
    expect(older.body.code).toBe('reset_link_invalid');
    const unknown = await post(api.resetPassword, {
      token: 'f'.repeat(64),
      new_password: 'Other1234!',
      confirm_password: 'Other1234!',
    });
    expect(unknown.body.code).toBe('reset_link_invalid');
  });

  it('an expired link says so and changes nothing', async () => {
    await post(api.forgetPassword, { email: 'staff@demo.test' });
    const token = await resetToken('staff@demo.test');
    await t.handle.db
      .update(schema.passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResets.tokenHash, hashToken(token)));
    const res = await post(api.resetPassword, { token, new_password: 'Fresh1234!', confirm_password: 'Fresh1234!' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'reset_link_expired', fields: { token: [MSG.resetLinkExpired] } });
    expect((await t.call(authApi.login, { body: { email: 'staff@demo.test', password: DEMO_PASSWORD } })).status).toBe(
      200,
    );
  });

  it('clears a forced password change, and ends an open invitation', async () => {
    await t.call(api.register, {
      token: admin,
      body: { email: 'invitee@example.com', first_name: 'In', last_name: 'Vitee' },
    });
    const invitation = (await mailsTo('invitee@example.com'))[0]!;
    const uuid = /\/invitation\/([0-9a-f-]{36})\/accept/.exec(invitation.body)![1]!;
    await post(api.forgetPassword, { email: 'invitee@example.com' });
    const token = await resetToken('invitee@example.com');
    expect(
      (await post(api.resetPassword, { token, new_password: 'Fresh1234!', confirm_password: 'Fresh1234!' })).status,
    ).toBe(200);
    expect((await t.call(api.invitation, { params: { uuid } })).body.code).toBe('invitation_used');

    await post(api.forgetPassword, { email: 'reset@demo.test' });
    const forced = await resetToken('reset@demo.test');
    await post(api.resetPassword, { token: forced, new_password: 'Fresh1234!', confirm_password: 'Fresh1234!' });
    const login = await t.call(authApi.login, { body: { email: 'reset@demo.test', password: 'Fresh1234!' } });
    const me = await t.call(authApi.me, { token: login.body.token });
    expect(me.body.require_password_reset).toBe(false);
  });

  it('an inactive account gets no link', async () => {
    const [emp] = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'employee@demo.test'));
    await t.handle.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, emp!.id));
    const res = await post(api.forgetPassword, { email: 'employee@demo.test' });
    expect(res.body).toEqual({ detail: MSG.passwordResetSent });
    expect(await mailsTo('employee@demo.test')).toEqual([]);
    await t.handle.db.update(schema.users).set({ isActive: true }).where(eq(schema.users.id, emp!.id));
  });

  it('is rate limited per client address', async () => {
    await startInsideHourWindow();
    const ip = '10.8.8.8';
    for (let i = 0; i < PUBLIC_FORM_LIMIT_PER_HOUR; i++) {
      expect((await post(api.forgetPassword, { email: `who${i}@example.com` }, ip)).status).toBe(200);
    }
    const limited = await post(api.forgetPassword, { email: 'personal@demo.test' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MSG.publicFormRateLimited);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

import { schema } from '@cab/db';
import { accountsApi as api, auditApi, authApi, coreApi, emailApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * Every accounts write (and the settings, e-mail template and announcement writes) leaves an
 * audit event in its own transaction: who did it, in which request, and the wire shape before
 * and after; never a password hash, token or invitation link.
 */

let t: TestApp;
let admin: string;
let adminId: number;
let manager: string;
let managerId: number;
let personalId: number;

interface Event {
  actor: { id: number } | null;
  request_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: any;
  after: any;
}

/** An entity's history, newest first, as the admin reads it. */
async function history(entity: string, id: number | string): Promise<Event[]> {
  const res = await t.call(auditApi.events, { token: admin, query: { entity, entity_id: String(id) } });
  expect(res.status).toBe(200);
  return res.body.results;
}

async function total(entity: string) {
  return (await t.call(auditApi.events, { token: admin, query: { entity } })).body.total as number;
}

/** The one event of `action` on an entity, checked to belong to the write's request and actor. */
async function eventOf(
  res: { headers: Record<string, unknown> },
  entity: string,
  id: number | string,
  action: string,
  actorId: number | null,
) {
  const found = (await history(entity, id)).filter(
    (e) => e.action === action && e.request_id === res.headers['x-request-id'],
  );
  expect(found).toHaveLength(1);
  const [event] = found;
  expect(event!.actor?.id ?? null).toBe(actorId);
  expect(event!.request_id).toMatch(/^[0-9a-f-]{36}$/);
  return event!;
}

/** No secrets in the trail. */
function expectNoSecrets(event: Event, ...secrets: string[]) {
  const text = JSON.stringify(event);
  expect(text).not.toMatch(/password_?hash|passwordHash|token_?hash|"uuid"/i);
  for (const s of secrets) expect(text).not.toContain(s);
}

async function outboxBodyTo(email: string) {
  const res = await t.call(emailApi.outbox, { token: admin, query: { page_size: '250' } });
  return (res.body.results as { to: string; body: string }[]).find((m) => m.to === email)?.body ?? '';
}

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  manager = await t.login('BUSINESS_MANAGER');
  const rows = await t.handle.db.select().from(schema.users);
  const idOf = (email: string) => rows.find((u) => u.email === email)!.id;
  adminId = idOf('admin@demo.test');
  managerId = idOf('manager@demo.test');
  personalId = idOf('personal@demo.test');
});
afterAll(() => t.close());

describe('opening accounts', () => {
  it('creating staff records the user as created by the admin, with its wire shape', async () => {
    const res = await t.call(api.createStaff, {
      token: admin,
      body: { email: 'sam@audit.test', first_name: 'Sam', last_name: 'Staff', role: 'STAFF' },
    });
    expect(res.status).toBe(201);
    const event = await eventOf(res, 'user', res.body.id, 'create', adminId);
    expect(event.before).toBeNull();
    expect(event.after).toMatchObject({ id: res.body.id, email: 'sam@audit.test', role: 'STAFF', is_active: true });
    expectNoSecrets(event);
    // Its invitation is recorded in the same request, without the link.
    const invitations = await t.call(auditApi.events, { token: admin, query: { entity: 'invitation' } });
    const invitation = (invitations.body.results as Event[]).find((e) => e.request_id === res.headers['x-request-id']);
    expect(invitation).toMatchObject({ action: 'create', after: { user_id: res.body.id, email: 'sam@audit.test' } });
    const link = /\/invitation\/([0-9a-f-]{36})\/accept/.exec(await outboxBodyTo('sam@audit.test'))![1]!;
    expectNoSecrets(invitation!, link);
  });

  it('a failed write (e-mail in use) leaves no event', async () => {
    const before = await total('user');
    const res = await t.call(api.createStaff, {
      token: admin,
      body: { email: 'sam@audit.test', first_name: 'Sam', last_name: 'Again' },
    });
    expect(res.status).toBe(400);
    expect(await total('user')).toBe(before);
    const events = await t.call(auditApi.events, { token: admin, query: { actor: String(adminId) } });
    expect((events.body.results as Event[]).some((e) => e.request_id === res.headers['x-request-id'])).toBe(false);
  });

  it('registering a business records the company and its first manager', async () => {
    const res = await t.call(api.registerBusiness, {
      token: admin,
      body: { email: 'cora@cedar.test', first_name: 'Cora', last_name: 'Cedar', company_name: 'Cedar Cabinets' },
    });
    expect(res.status).toBe(201);
    const user = await eventOf(res, 'user', res.body.id, 'create', adminId);
    expect(user.after).toMatchObject({ role: 'BUSINESS_MANAGER', company: { name: 'Cedar Cabinets' } });
    const company = await eventOf(res, 'company', res.body.company.id, 'create', adminId);
    expect(company.after).toMatchObject({ id: res.body.company.id, name: 'Cedar Cabinets' });
  });

  it('registering a personal customer and adding a business user are recorded', async () => {
    const personal = await t.call(api.register, {
      token: admin,
      body: { email: 'pat@audit.test', first_name: 'Pat', last_name: 'Person' },
    });
    expect(personal.status).toBe(201);
    expect((await eventOf(personal, 'user', personal.body.id, 'create', adminId)).after).toMatchObject({
      role: 'PERSONAL',
    });
    const employee = await t.call(api.createBusinessUser, {
      token: manager,
      body: { email: 'eve@audit.test', first_name: 'Eve', last_name: 'Employee' },
    });
    expect(employee.status).toBe(201);
    expect((await eventOf(employee, 'user', employee.body.id, 'create', managerId)).after).toMatchObject({
      role: 'BUSINESS_EMPLOYEE',
    });
  });

  it('inviting a new manager records user, new company and invitation; accepting is recorded without an actor', async () => {
    const res = await t.call(api.invite, {
      token: admin,
      body: {
        email: 'ivy@ivy.test',
        first_name: 'Ivy',
        last_name: 'Invited',
        role: 'BUSINESS_MANAGER',
        company_name: 'Ivy Interiors',
      },
    });
    expect(res.status).toBe(201);
    await eventOf(res, 'user', res.body.user_id, 'create', adminId);
    await eventOf(res, 'company', res.body.company.id, 'create', adminId);
    const invited = await eventOf(res, 'invitation', res.body.id, 'create', adminId);
    expect(invited.after).toEqual(res.body);

    const uuid = /\/invitation\/([0-9a-f-]{36})\/accept/.exec(await outboxBodyTo('ivy@ivy.test'))![1]!;
    const accepted = await t.call(api.acceptInvitation, {
      params: { uuid },
      body: { new_password: 'Welcome123!', confirm_password: 'Welcome123!' },
    });
    expect(accepted.status).toBe(200);
    const event = await eventOf(accepted, 'invitation', res.body.id, 'accept', null);
    expect(event.after).toMatchObject({ user_id: res.body.user_id });
    expectNoSecrets(event, uuid, accepted.body.token);
  });
});

describe('editing accounts', () => {
  it('updating staff records before and after', async () => {
    const created = await t.call(api.createStaff, {
      token: admin,
      body: { email: 'stan@audit.test', first_name: 'Stan', last_name: 'Old' },
    });
    const res = await t.call(api.updateStaff, {
      token: admin,
      params: { id: created.body.id },
      body: { last_name: 'New', role: 'ADMIN' },
    });
    expect(res.status).toBe(200);
    const event = await eventOf(res, 'user', created.body.id, 'update', adminId);
    expect(event.before).toMatchObject({ last_name: 'Old', role: 'STAFF' });
    expect(event.after).toMatchObject({ last_name: 'New', role: 'ADMIN' });
  });

  it('updating a business user and making it manager are recorded', async () => {
    const created = await t.call(api.createBusinessUser, {
      token: manager,
      body: { email: 'bea@audit.test', first_name: 'Bea', last_name: 'Before' },
    });
    const updated = await t.call(api.updateBusinessUser, {
      token: manager,
      params: { id: created.body.id },
      body: { phone: '555 0199' },
    });
    expect(updated.status).toBe(200);
    const update = await eventOf(updated, 'user', created.body.id, 'update', managerId);
    expect(update.before).toMatchObject({ phone: '' });
    expect(update.after).toMatchObject({ phone: '555 0199' });

    const promoted = await t.call(api.makeManager, {
      token: manager,
      params: { id: created.body.id },
      body: { is_manager: true },
    });
    expect(promoted.status).toBe(200);
    const event = await eventOf(promoted, 'user', created.body.id, 'make_manager', managerId);
    expect(event.before).toMatchObject({ is_manager: false, role: 'BUSINESS_EMPLOYEE' });
    expect(event.after).toMatchObject({ is_manager: true, role: 'BUSINESS_MANAGER' });
  });

  it('profile and company profile updates are recorded', async () => {
    const profile = await t.call(api.updateProfile, {
      token: admin,
      params: { id: personalId },
      body: { phone: '555 0111', tax_exempt: true },
    });
    expect(profile.status).toBe(200);
    const event = await eventOf(profile, 'user', personalId, 'update_profile', adminId);
    expect(event.before).toMatchObject({ tax_exempt: false });
    expect(event.after).toMatchObject({ phone: '555 0111', tax_exempt: true });

    const companyId = (await t.call(authApi.me, { token: manager })).body.company.id;
    const company = await t.call(api.updateCompanyProfile, {
      token: manager,
      params: { id: companyId },
      body: { website: 'https://acme.example' },
    });
    expect(company.status).toBe(200);
    const companyEvent = await eventOf(company, 'company', companyId, 'update', managerId);
    expect(companyEvent.before).toMatchObject({ website: '' });
    expect(companyEvent.after).toMatchObject({ website: 'https://acme.example' });
  });

  it('adding, changing and deleting an address are recorded', async () => {
    const address = { line1: '350 5th Ave', city: 'New York', state: 'NY', postal_code: '10001' };
    const added = await t.call(api.addAddress, {
      token: admin,
      params: { id: personalId },
      body: { kind: 'SHIPPING', ...address },
    });
    expect(added.status).toBe(201);
    const create = await eventOf(added, 'address', added.body.id, 'create', adminId);
    expect(create.after).toEqual(added.body);

    const changed = await t.call(api.updateAddress, {
      token: admin,
      params: { id: personalId, addressId: added.body.id },
      body: { kind: 'SHIPPING', ...address, line2: 'Floor 2' },
    });
    expect(changed.status).toBe(200);
    const update = await eventOf(changed, 'address', added.body.id, 'update', adminId);
    expect(update.before).toEqual(added.body);
    expect(update.after).toEqual(changed.body);

    const deleted = await t.call(api.deleteAddress, {
      token: admin,
      params: { id: personalId, addressId: added.body.id },
    });
    expect(deleted.status).toBe(200);
    const remove = await eventOf(deleted, 'address', added.body.id, 'delete', adminId);
    expect(remove.before).toEqual(changed.body);
    expect(remove.after).toBeNull();
  });
});

describe('access requests and passwords', () => {
  it('a public access request is recorded with no actor; accepting and rejecting by the admin', async () => {
    const visitor = (email: string) => ({
      email,
      first_name: 'Rae',
      last_name: 'Requester',
      account_type: 'P',
      message: 'Please',
    });
    const sent = await t.call(api.sendAccessRequest, { body: visitor('rae@audit.test') });
    expect(sent.status).toBe(201);
    const list = await t.call(api.accessRequests, { token: admin, query: { status: 'PENDING' } });
    const request = (list.body.results as { id: number; email: string }[]).find((r) => r.email === 'rae@audit.test')!;
    const created = await eventOf(sent, 'access_request', request.id, 'create', null);
    expect(created.after).toMatchObject({ email: 'rae@audit.test', status: 'PENDING' });

    const accepted = await t.call(api.acceptAccessRequest, { token: admin, params: { id: request.id } });
    expect(accepted.status).toBe(200);
    const accept = await eventOf(accepted, 'access_request', request.id, 'accept', adminId);
    expect(accept.before).toMatchObject({ status: 'PENDING' });
    expect(accept.after).toMatchObject({ status: 'ACCEPTED' });
    // The account it opened is recorded in the same request.
    const [opened] = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'rae@audit.test'));
    await eventOf(accepted, 'user', opened!.id, 'create', adminId);

    await t.call(api.sendAccessRequest, { body: visitor('ray@audit.test') });
    const again = await t.call(api.accessRequests, { token: admin, query: { status: 'PENDING' } });
    const other = (again.body.results as { id: number; email: string }[]).find((r) => r.email === 'ray@audit.test')!;
    const rejected = await t.call(api.rejectAccessRequest, {
      token: admin,
      params: { id: other.id },
      body: { reason: 'Not a customer' },
    });
    expect(rejected.status).toBe(200);
    const reject = await eventOf(rejected, 'access_request', other.id, 'reject', adminId);
    expect(reject.before).toMatchObject({ status: 'PENDING', reason: '' });
    expect(reject.after).toMatchObject({ status: 'REJECTED', reason: 'Not a customer' });
  });

  it('a password reset records only that it happened', async () => {
    const asked = await t.call(api.forgetPassword, { body: { email: 'personal@demo.test' } });
    expect(asked.status).toBe(200);
    const request = await eventOf(asked, 'user', personalId, 'password_reset_request', null);
    const token = /\/reset-password\?token=([0-9a-f]+)/.exec(await outboxBodyTo('personal@demo.test'))![1]!;
    expect(request.before).toBeNull();
    expect(request.after).toBeNull();
    expectNoSecrets(request, token);

    const reset = await t.call(api.resetPassword, {
      body: { token, new_password: 'Changed123!', confirm_password: 'Changed123!' },
    });
    expect(reset.status).toBe(200);
    const event = await eventOf(reset, 'user', personalId, 'password_reset', null);
    expect(event.before).toBeNull();
    expect(event.after).toBeNull();
    expectNoSecrets(event, token);
  });
});

describe('settings, e-mail templates and announcements', () => {
  it('a settings change records each key with its old and new value', async () => {
    const before = (await t.call(coreApi.getSettings, { token: admin })).body.lead_time;
    const res = await t.call(coreApi.patchSettings, { token: admin, body: { lead_time: before + 3 } });
    expect(res.status).toBe(200);
    const event = await eventOf(res, 'settings', 'lead_time', 'update', adminId);
    expect(event.before).toBe(before);
    expect(event.after).toBe(before + 3);
  });

  it('a template update records the template before and after', async () => {
    const current = (await t.call(emailApi.getTemplate, { token: admin, params: { name: 'access_request_rejected' } }))
      .body;
    const res = await t.call(emailApi.updateTemplate, {
      token: admin,
      params: { name: 'access_request_rejected' },
      body: { subject: 'About your request', body: current.body },
    });
    expect(res.status).toBe(200);
    const event = await eventOf(res, 'email_template', 'access_request_rejected', 'update', adminId);
    expect(event.before).toMatchObject({ subject: current.subject });
    expect(event.after).toMatchObject({ subject: 'About your request' });
  });

  it('sending and expiring an announcement are recorded', async () => {
    const sent = await t.call(emailApi.sendAnnouncement, {
      token: admin,
      body: {
        title: 'Closed Friday',
        message: 'The shop is closed on Friday.',
        audience: 'STAFF',
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(sent.status).toBe(201);
    const send = await eventOf(sent, 'announcement', sent.body.id, 'send', adminId);
    expect(send.after).toEqual(sent.body);

    const expired = await t.call(emailApi.expireAnnouncement, { token: admin, params: { id: sent.body.id } });
    expect(expired.status).toBe(200);
    const expire = await eventOf(expired, 'announcement', sent.body.id, 'expire', adminId);
    expect(expire.before).toEqual(sent.body);
    expect(expire.after).toEqual(expired.body);
  });
});

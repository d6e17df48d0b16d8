import { DEMO_PASSWORD, schema } from '@cab/db';
import { accountsApi as api, authApi, DEFAULT_ORDER_STATUS_FILTER, emailApi, MSG, ROLES, WEB_TEXT } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let manager: string;
let employee: string;
let personal: string;
let acmeId: number;
let ids: Record<string, number>;
/** A second company ("Birch") with its own manager, opened through the API. */
let birch: { id: number; managerId: number; manager: string };

const NEW_PASSWORD = 'Welcome123!';

async function mailsTo(email: string) {
  const res = await t.call(emailApi.outbox, { token: admin, query: { page_size: '250' } });
  return (res.body.results as { to: string; subject: string; body: string; template_name: string }[]).filter(
    (m) => m.to === email,
  );
}

/** The uuid of the newest invitation link e-mailed to this address. */
async function invitationUuid(email: string) {
  const [mail] = await mailsTo(email);
  const match = /\/invitation\/([0-9a-f-]{36})\/accept/.exec(mail?.body ?? '');
  if (!match) throw new Error(`no invitation link for ${email}`);
  return match[1]!;
}

async function acceptInvitation(email: string) {
  const uuid = await invitationUuid(email);
  const res = await t.call(api.acceptInvitation, {
    params: { uuid },
    body: { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const userCount = async () => (await t.handle.db.select().from(schema.users)).length;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  manager = await t.login('BUSINESS_MANAGER');
  employee = await t.login('BUSINESS_EMPLOYEE');
  personal = await t.login('PERSONAL');
  const users = await t.handle.db.select().from(schema.users);
  ids = Object.fromEntries(users.map((u) => [u.email.split('@')[0]!, u.id]));
  acmeId = users.find((u) => u.email === 'manager@demo.test')!.companyId!;

  const opened = await t.call(api.registerBusiness, {
    token: admin,
    body: { email: 'bob@birch.test', first_name: 'Bob', last_name: 'Birch', company_name: 'Birch Builders' },
  });
  expect(opened.status).toBe(201);
  birch = { id: opened.body.company.id, managerId: opened.body.id, manager: await acceptInvitation('bob@birch.test') };
});
afterAll(() => t.close());

describe('lists', () => {
  it('customers: personal and business users, not staff, ordered by last name, with a total', async () => {
    const res = await t.call(api.customers, { token: admin });
    expect(res.status).toBe(200);
    const emails = res.body.results.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['personal@demo.test', 'manager@demo.test', 'employee@demo.test']));
    expect(emails).not.toContain('admin@demo.test');
    expect(emails).not.toContain('staff@demo.test');
    expect(res.body.total).toBe(res.body.results.length);
    const lastNames = res.body.results.map((u: { last_name: string }) => u.last_name);
    expect(lastNames).toEqual([...lastNames].sort((a: string, b: string) => a.localeCompare(b)));
    const mona = res.body.results.find((u: { email: string }) => u.email === 'manager@demo.test');
    expect(mona).toMatchObject({
      role: 'BUSINESS_MANAGER',
      company: { id: acmeId, name: 'Acme Kitchens' },
      invitation_pending: false,
    });
  });

  it('search matches names, e-mail and company name case-insensitively; pages', async () => {
    const byCompany = await t.call(api.customers, { token: admin, query: { search: 'aCmE' } });
    expect(byCompany.body.results.map((u: { email: string }) => u.email).sort()).toEqual([
      'employee@demo.test',
      'manager@demo.test',
    ]);
    const byName = await t.call(api.customers, { token: admin, query: { search: 'PRICE' } });
    expect(byName.body.results.map((u: { email: string }) => u.email)).toEqual(['personal@demo.test']);
    const page2 = await t.call(api.customers, { token: admin, query: { page: '2', page_size: '1' } });
    const all = await t.call(api.customers, { token: admin });
    expect(page2.body.results).toHaveLength(1);
    expect(page2.body.results[0].id).toBe(all.body.results[1].id);
    expect(page2.body.total).toBe(all.body.total);
  });

  it('personal and staff lists', async () => {
    const p = await t.call(api.personal, { token: admin });
    expect(p.body.results.every((u: { account_type: string }) => u.account_type === 'P')).toBe(true);
    expect(p.body.results.map((u: { email: string }) => u.email)).toContain('personal@demo.test');
    const s = await t.call(api.staff, { token: admin });
    expect(s.body.results.map((u: { role: string }) => u.role).sort()).toEqual(['ADMIN', 'STAFF']);
  });

  it('companies with their managers and user counts', async () => {
    const res = await t.call(api.companies, { token: admin, query: { search: 'acme' } });
    expect(res.body.total).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      id: acmeId,
      name: 'Acme Kitchens',
      users_count: 2,
      managers: [{ id: ids.manager, full_name: 'Mona Manager', email: 'manager@demo.test' }],
    });
  });

  it('business_user: an admin names the company; a manager gets only its own', async () => {
    const missing = await t.call(api.businessUsers, { token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ company: [MSG.companyRequired] });

    const asAdmin = await t.call(api.businessUsers, { token: admin, query: { company: String(acmeId) } });
    expect(asAdmin.body.total).toBe(2);
    const own = await t.call(api.businessUsers, { token: manager });
    expect(own.body.results.map((u: { email: string }) => u.email).sort()).toEqual([
      'employee@demo.test',
      'manager@demo.test',
    ]);
    const other = await t.call(api.businessUsers, { token: manager, query: { company: String(birch.id) } });
    expect(other.status).toBe(404);
    const birchOwn = await t.call(api.businessUsers, { token: birch.manager });
    expect(birchOwn.body.results.map((u: { email: string }) => u.email)).toEqual(['bob@birch.test']);
  });
});

describe('details', () => {
  it("customers/{id}: an admin any user; a manager only its company's users, others are not found", async () => {
    expect((await t.call(api.customer, { token: admin, params: { id: ids.personal! } })).status).toBe(200);
    const own = await t.call(api.customer, { token: manager, params: { id: ids.employee! } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ role: 'BUSINESS_EMPLOYEE', company: { id: acmeId } });
    expect((await t.call(api.customer, { token: manager, params: { id: ids.personal! } })).status).toBe(404);
    expect((await t.call(api.customer, { token: birch.manager, params: { id: ids.employee! } })).status).toBe(404);
  });

  it('companies/{id}: an admin, or its own users', async () => {
    const res = await t.call(api.company, { token: employee, params: { id: acmeId } });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { email: string }) => u.email).sort()).toEqual([
      'employee@demo.test',
      'manager@demo.test',
    ]);
    expect((await t.call(api.company, { token: admin, params: { id: birch.id } })).body.users_count).toBe(1);
    expect((await t.call(api.company, { token: birch.manager, params: { id: acmeId } })).status).toBe(404);
  });
});

describe('opening accounts', () => {
  it('POST staff creates an invited admin and e-mails the invitation', async () => {
    const res = await t.call(api.createStaff, {
      token: admin,
      body: { email: 'New.Admin@Example.com', first_name: 'Nia', last_name: 'New', role: 'ADMIN' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'new.admin@example.com',
      role: 'ADMIN',
      is_staff: true,
      is_employee: false,
      invitation_pending: true,
    });
    const [mail] = await mailsTo('new.admin@example.com');
    expect(mail!.template_name).toBe('invitation');
    expect(mail!.body).toContain('Ada Admin invited you');
    expect(mail!.body).toMatch(/http:\/\/localhost:\d+\/invitation\/[0-9a-f-]{36}\/accept/);
    // Until accepted, no password works.
    const login = await t.call(authApi.login, { body: { email: 'new.admin@example.com', password: DEMO_PASSWORD } });
    expect(login.status).toBe(400);
  });

  it('a taken e-mail is a field error and creates nothing', async () => {
    const before = await userCount();
    const res = await t.call(api.createStaff, {
      token: admin,
      body: { email: 'STAFF@demo.test', first_name: 'S', last_name: 'S' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'email_taken', fields: { email: [MSG.emailTaken] } });
    expect(await userCount()).toBe(before);
  });

  it('invalid input answers field errors and creates nothing', async () => {
    const before = await userCount();
    const res = await t.call(api.register, { token: admin, body: { email: 'nope', last_name: 'X', phone: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      email: [MSG.emailInvalid],
      first_name: [MSG.required],
      phone: [MSG.phoneInvalid],
    });
    expect(await userCount()).toBe(before);
  });

  it('register opens a personal account; register/business a company with its first manager', async () => {
    const p = await t.call(api.register, {
      token: admin,
      body: { email: 'pat@example.com', first_name: 'Pat', last_name: 'Person' },
    });
    expect(p.status).toBe(201);
    expect(p.body).toMatchObject({ account_type: 'P', role: 'PERSONAL', company: null, invitation_pending: true });
    const personalMail = await mailsTo('pat@example.com');
    expect(personalMail).toHaveLength(1);
    // No company: the sentence ends after the app's name (an empty name used to print " for .").
    expect(personalMail[0]!.body).toContain(`invited you to ${WEB_TEXT.appName}.\n`);
    expect(personalMail[0]!.body).not.toContain(' for .');

    const b = await t.call(api.registerBusiness, {
      token: admin,
      body: { email: 'cleo@cedar.test', first_name: 'Cleo', last_name: 'Cedar', company_name: 'Cedar Co' },
    });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ role: 'BUSINESS_MANAGER', company: { name: 'Cedar Co' } });
    expect((await mailsTo('cleo@cedar.test'))[0]!.body).toContain('for Cedar Co');
  });

  it('POST business_user: an admin must choose the company; a manager adds to its own only', async () => {
    const before = await userCount();
    const noCompany = await t.call(api.createBusinessUser, {
      token: admin,
      body: { email: 'x1@example.com', first_name: 'X', last_name: 'One' },
    });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.fields).toEqual({ company: [MSG.companyRequired] });
    const foreign = await t.call(api.createBusinessUser, {
      token: manager,
      body: { email: 'x2@example.com', first_name: 'X', last_name: 'Two', company: birch.id },
    });
    expect(foreign.status).toBe(400);
    expect(await userCount()).toBe(before);

    const own = await t.call(api.createBusinessUser, {
      token: manager,
      body: { email: 'x3@example.com', first_name: 'X', last_name: 'Three' },
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ role: 'BUSINESS_EMPLOYEE', company: { id: acmeId } });
    const byAdmin = await t.call(api.createBusinessUser, {
      token: admin,
      body: { email: 'x4@example.com', first_name: 'X', last_name: 'Four', company: birch.id, is_manager: true },
    });
    expect(byAdmin.body).toMatchObject({ role: 'BUSINESS_MANAGER', company: { id: birch.id } });
  });
});

describe('invitations', () => {
  it('invite -> e-mail link -> info -> accept (signed in) -> the link is used up', async () => {
    const res = await t.call(api.invite, {
      token: admin,
      body: { email: 'ivy@example.com', first_name: 'Ivy', last_name: 'Invited', role: 'PERSONAL' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'ivy@example.com', role: 'PERSONAL', company: null });
    const uuid = await invitationUuid('ivy@example.com');
    // The table keeps only a hash of the link, like every other token: a copy of it opens nothing.
    const stored = await t.handle.db
      .select()
      .from(schema.invitations)
      .where(eq(schema.invitations.userId, res.body.user_id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.uuid).not.toBe(uuid);
    expect(stored[0]!.uuid).toBe(
      hashToken(uuid)
        .slice(0, 32)
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
    );
    const asLink = await t.call(api.invitation, { params: { uuid: stored[0]!.uuid } });
    expect(asLink.status).not.toBe(200);
    expect(asLink.body.email).toBeUndefined();

    const info = await t.call(api.invitation, { params: { uuid } });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ email: 'ivy@example.com', first_name: 'Ivy', role: 'PERSONAL' });

    const mismatch = await t.call(api.acceptInvitation, {
      params: { uuid },
      body: { new_password: NEW_PASSWORD, confirm_password: 'other-one' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ confirm_password: [MSG.passwordsDoNotMatch] });

    const accepted = await t.call(api.acceptInvitation, {
      params: { uuid },
      body: { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    const me = await t.call(authApi.me, { token: accepted.body.token });
    expect(me.body.email).toBe('ivy@example.com');
    const login = await t.call(authApi.login, { body: { email: 'ivy@example.com', password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
    const detail = await t.call(api.customer, { token: admin, params: { id: res.body.user_id } });
    expect(detail.body.invitation_pending).toBe(false);

    const again = await t.call(api.acceptInvitation, {
      params: { uuid },
      body: { new_password: 'Hijack1234!', confirm_password: 'Hijack1234!' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'invitation_used', message: MSG.invitationUsed });
    expect((await t.call(api.invitation, { params: { uuid } })).body.code).toBe('invitation_used');
    // An account in use cannot be invited again.
    const reinvite = await t.call(api.invite, {
      token: admin,
      body: { email: 'ivy@example.com', first_name: 'Ivy', last_name: 'Invited', role: 'PERSONAL' },
    });
    expect(reinvite.body.code).toBe('email_taken');
  });

  it('two accepts at once: exactly one wins', async () => {
    await t.call(api.invite, {
      token: admin,
      body: { email: 'race@example.com', first_name: 'Ray', last_name: 'Race', role: 'PERSONAL' },
    });
    const uuid = await invitationUuid('race@example.com');
    const body = { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };
    const results = await Promise.all([1, 2].map(() => t.call(api.acceptInvitation, { params: { uuid }, body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('an expired link says so; an unknown one is invalid', async () => {
    await t.call(api.invite, {
      token: admin,
      body: { email: 'late@example.com', first_name: 'Lee', last_name: 'Late', role: 'STAFF' },
    });
    const uuid = await invitationUuid('late@example.com');
    await t.handle.db
      .update(schema.invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.invitations.email, 'late@example.com'));
    const info = await t.call(api.invitation, { params: { uuid } });
    expect(info.status).toBe(400);
    expect(info.body).toEqual({ code: 'invitation_expired', message: MSG.invitationExpired });
    const accept = await t.call(api.acceptInvitation, {
      params: { uuid },
      body: { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(accept.body.code).toBe('invitation_expired');

    const unknown = await t.call(api.invitation, { params: { uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'invitation_invalid', message: MSG.invitationInvalid });
  });

  it('inviting someone who never accepted sends a fresh link; the old one stops working', async () => {
    const body = { email: 'again@example.com', first_name: 'Al', last_name: 'Again', role: 'PERSONAL' };
    const first = await t.call(api.invite, { token: admin, body });
    const oldUuid = await invitationUuid('again@example.com');
    const second = await t.call(api.invite, { token: admin, body });
    expect(second.status).toBe(201);
    expect(second.body.user_id).toBe(first.body.user_id);
    expect(await mailsTo('again@example.com')).toHaveLength(2);
    const newUuid = await invitationUuid('again@example.com');
    expect(newUuid).not.toBe(oldUuid);
    expect((await t.call(api.invitation, { params: { uuid: oldUuid } })).status).toBe(404);
    expect((await t.call(api.invitation, { params: { uuid: newUuid } })).status).toBe(200);
  });

  it('a manager invites only business roles, into its own company', async () => {
    const staff = await t.call(api.invite, {
      token: manager,
      body: { email: 'nope@example.com', first_name: 'N', last_name: 'O', role: 'STAFF' },
    });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe(MSG.inviteRoleNotAllowed);
    const other = await t.call(api.invite, {
      token: manager,
      body: {
        email: 'nope@example.com',
        first_name: 'N',
        last_name: 'O',
        role: 'BUSINESS_EMPLOYEE',
        company: birch.id,
      },
    });
    expect(other.status).toBe(400);
    const ok = await t.call(api.invite, {
      token: manager,
      body: { email: 'emma@example.com', first_name: 'Emma', last_name: 'Employee', role: 'BUSINESS_EMPLOYEE' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ role: 'BUSINESS_EMPLOYEE', company: { id: acmeId } });
    // Someone invited by another company is not re-invited from here.
    const foreign = await t.call(api.invite, {
      token: birch.manager,
      body: { email: 'emma@example.com', first_name: 'Emma', last_name: 'E', role: 'BUSINESS_EMPLOYEE' },
    });
    expect(foreign.body.code).toBe('email_taken');
  });

  it('an admin names the company of a business invitee, or a new company for a manager', async () => {
    const before = await userCount();
    const employeeNoCompany = await t.call(api.invite, {
      token: admin,
      body: { email: 'e1@example.com', first_name: 'E', last_name: 'One', role: 'BUSINESS_EMPLOYEE' },
    });
    expect(employeeNoCompany.body.fields).toEqual({ company: [MSG.companyRequired] });
    const managerNoCompany = await t.call(api.invite, {
      token: admin,
      body: { email: 'm1@example.com', first_name: 'M', last_name: 'One', role: 'BUSINESS_MANAGER' },
    });
    expect(managerNoCompany.body.fields).toEqual({ company_name: [MSG.companyNameRequired] });
    expect(await userCount()).toBe(before);
    const created = await t.call(api.invite, {
      token: admin,
      body: {
        email: 'm1@example.com',
        first_name: 'M',
        last_name: 'One',
        role: 'BUSINESS_MANAGER',
        company_name: 'Maple Works',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.company.name).toBe('Maple Works');
  });
});

describe('editing accounts', () => {
  it('PATCH staff/{id}: names, role and active; only staff accounts', async () => {
    const staffToken = await t.login('STAFF');
    const res = await t.call(api.updateStaff, {
      token: admin,
      params: { id: ids.staff! },
      body: { phone: '555-0100', role: 'ADMIN' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '555-0100', role: 'ADMIN', is_staff: true, is_employee: false });
    await t.call(api.updateStaff, { token: admin, params: { id: ids.staff! }, body: { role: 'STAFF' } });

    expect((await t.call(api.updateStaff, { token: admin, params: { id: ids.personal! }, body: {} })).status).toBe(404);

    const self = await t.call(api.updateStaff, {
      token: admin,
      params: { id: ids.admin! },
      body: { is_active: false },
    });
    expect(self.status).toBe(400);
    expect(self.body.fields).toEqual({ is_active: [MSG.cannotDeactivateSelf] });

    // An admin cannot demote itself either (the last admin rule is tested below).
    for (const role of ['STAFF', 'ADMIN'] as const) {
      // ADMIN is is_staff (deriveRole).
      const admins = await t.handle.db.select().from(schema.users).where(eq(schema.users.isStaff, true));
      expect(admins.map((u) => u.id)).toContain(ids.admin!);
      const demote = await t.call(api.updateStaff, { token: admin, params: { id: ids.admin! }, body: { role } });
      if (role === 'STAFF') {
        expect(demote.status).toBe(400);
        expect(demote.body.fields).toEqual({ role: [MSG.cannotDemoteSelf] });
      } else {
        expect(demote.status).toBe(200);
      }
    }
    expect((await t.call(authApi.me, { token: admin })).body.is_staff).toBe(true);

    // Deactivating signs the user out at once.
    expect((await t.call(authApi.me, { token: staffToken })).status).toBe(200);
    const off = await t.call(api.updateStaff, { token: admin, params: { id: ids.staff! }, body: { is_active: false } });
    expect(off.body.is_active).toBe(false);
    expect((await t.call(authApi.me, { token: staffToken })).status).toBe(401);
    await t.call(api.updateStaff, { token: admin, params: { id: ids.staff! }, body: { is_active: true } });
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const promoted = await t.call(api.updateStaff, {
      token: admin,
      params: { id: ids.staff! },
      body: { role: 'ADMIN' },
    });
    expect(promoted.status).toBe(200);
    const other = await t.login('STAFF');
    const activeAdmins = async () =>
      (await t.handle.db.select().from(schema.users)).filter((u) => u.isStaff && u.isActive).map((u) => u.id);
    const before = await activeAdmins();
    expect(before).toEqual(expect.arrayContaining([ids.admin, ids.staff]));
    // Every other admin steps aside first, so these two are the last ones.
    const others = before.filter((id) => id !== ids.admin && id !== ids.staff);
    for (const id of others)
      await t.handle.db.update(schema.users).set({ isStaff: false }).where(eq(schema.users.id, id));
    try {
      const [a, b] = await Promise.all([
        t.call(api.updateStaff, { token: admin, params: { id: ids.staff! }, body: { role: 'STAFF' } }),
        t.call(api.updateStaff, { token: other, params: { id: ids.admin! }, body: { role: 'STAFF' } }),
      ]);
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
      expect(await activeAdmins()).toHaveLength(1);
      // The last admin cannot be deactivated or demoted by anyone.
      const [last] = await activeAdmins();
      const lastToken = last === ids.admin ? admin : other;
      const refused = await t.call(api.updateStaff, {
        token: lastToken,
        params: { id: last! },
        body: { role: 'STAFF' },
      });
      expect(refused.status).toBe(400);
    } finally {
      for (const id of [...others, ids.admin!]) {
        await t.handle.db.update(schema.users).set({ isStaff: true }).where(eq(schema.users.id, id));
      }
      await t.handle.db
        .update(schema.users)
        .set({ isStaff: false, isEmployee: true })
        .where(eq(schema.users.id, ids.staff!));
    }
  });

  it("PATCH business_user/{id}: a manager edits its own company's users; another company's are not found", async () => {
    const ok = await t.call(api.updateBusinessUser, {
      token: manager,
      params: { id: ids.employee! },
      body: { first_name: 'Elias' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.full_name).toBe('Elias Employee');
    const foreign = await t.call(api.updateBusinessUser, {
      token: birch.manager,
      params: { id: ids.employee! },
      body: { first_name: 'Hacked' },
    });
    expect(foreign.status).toBe(404);
    const employeeTries = await t.call(api.updateBusinessUser, {
      token: employee,
      params: { id: ids.manager! },
      body: { first_name: 'Hacked' },
    });
    expect(employeeTries.status).toBe(403);
    const personalUser = await t.call(api.updateBusinessUser, {
      token: admin,
      params: { id: ids.personal! },
      body: { first_name: 'x' },
    });
    expect(personalUser.status).toBe(404);
    const detail = await t.call(api.customer, { token: admin, params: { id: ids.manager! } });
    expect(detail.body.first_name).toBe('Mona');
  });

  it('a company keeps at least one active manager', async () => {
    const self = await t.call(api.updateBusinessUser, {
      token: birch.manager,
      params: { id: birch.managerId },
      body: { is_active: false },
    });
    expect(self.body.fields).toEqual({ is_active: [MSG.cannotDeactivateSelf] });

    // Birch has Bob (active) and x4 (a manager who has not accepted yet, but active): deactivate x4 first.
    const x4 = (await t.call(api.businessUsers, { token: admin, query: { company: String(birch.id), search: 'x4' } }))
      .body.results[0];
    expect(
      (await t.call(api.makeManager, { token: admin, params: { id: x4.id }, body: { is_manager: false } })).status,
    ).toBe(200);

    const last = await t.call(api.updateBusinessUser, {
      token: admin,
      params: { id: birch.managerId },
      body: { is_active: false },
    });
    expect(last.status).toBe(400);
    expect(last.body).toEqual({ code: 'last_manager', message: MSG.lastManager });
    const stepDown = await t.call(api.makeManager, {
      token: birch.manager,
      params: { id: birch.managerId },
      body: { is_manager: false },
    });
    expect(stepDown.body.code).toBe('last_manager');

    // With a second manager, the first may step down.
    const promoted = await t.call(api.makeManager, { token: birch.manager, params: { id: x4.id }, body: {} });
    expect(promoted.body.role).toBe('BUSINESS_MANAGER');
    const stepped = await t.call(api.makeManager, {
      token: birch.manager,
      params: { id: birch.managerId },
      body: { is_manager: false },
    });
    expect(stepped.status).toBe(200);
    expect(stepped.body.role).toBe('BUSINESS_EMPLOYEE');
    await t.call(api.makeManager, { token: admin, params: { id: birch.managerId }, body: { is_manager: true } });
    birch.manager = (
      await t.call(authApi.login, { body: { email: 'bob@birch.test', password: NEW_PASSWORD } })
    ).body.token;
  });
});

describe('profiles', () => {
  it('the user itself, an admin, or its company manager; nobody else', async () => {
    expect((await t.call(api.profile, { token: personal, params: { id: ids.personal! } })).status).toBe(200);
    expect((await t.call(api.profile, { token: personal, params: { id: ids.reset! } })).status).toBe(404);
    expect((await t.call(api.profile, { token: manager, params: { id: ids.employee! } })).status).toBe(200);
    expect((await t.call(api.profile, { token: employee, params: { id: ids.manager! } })).status).toBe(404);
    expect((await t.call(api.profile, { token: birch.manager, params: { id: ids.employee! } })).status).toBe(404);
    expect(
      (await t.call(api.updateProfile, { token: personal, params: { id: ids.reset! }, body: { phone: '1' } })).status,
    ).toBe(404);
  });

  it('tax_exempt and e-mail are admin-only; the rest the user may change', async () => {
    const taxed = await t.call(api.updateProfile, {
      token: personal,
      params: { id: ids.personal! },
      body: { tax_exempt: true, email: 'paula@elsewhere.test' },
    });
    expect(taxed.status).toBe(403);
    expect(taxed.body.fields).toEqual({ email: [MSG.adminOnlyField], tax_exempt: [MSG.adminOnlyField] });
    const ok = await t.call(api.updateProfile, {
      token: personal,
      params: { id: ids.personal! },
      body: { phone: '(555) 010-2000', email: 'personal@demo.test', tax_exempt: false },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ phone: '(555) 010-2000', tax_exempt: false, email: 'personal@demo.test' });

    const taken = await t.call(api.updateProfile, {
      token: admin,
      params: { id: ids.personal! },
      body: { email: 'staff@demo.test' },
    });
    expect(taken.body).toMatchObject({ code: 'email_taken', fields: { email: [MSG.emailTaken] } });
    const byAdmin = await t.call(api.updateProfile, {
      token: admin,
      params: { id: ids.personal! },
      body: { tax_exempt: true },
    });
    expect(byAdmin.body.tax_exempt).toBe(true);
  });

  it('company profile: read by its users, edited by its managers; tax_exempt and notes admin-only', async () => {
    expect((await t.call(api.companyProfile, { token: employee, params: { id: acmeId } })).status).toBe(200);
    expect((await t.call(api.companyProfile, { token: birch.manager, params: { id: acmeId } })).status).toBe(404);
    const byEmployee = await t.call(api.updateCompanyProfile, {
      token: employee,
      params: { id: acmeId },
      body: { phone: '1' },
    });
    expect(byEmployee.status).toBe(403);
    const foreign = await t.call(api.updateCompanyProfile, {
      token: birch.manager,
      params: { id: acmeId },
      body: { name: 'Stolen' },
    });
    expect(foreign.status).toBe(404);
    const notes = await t.call(api.updateCompanyProfile, {
      token: manager,
      params: { id: acmeId },
      body: { notes: 'pays late', tax_exempt: true },
    });
    expect(notes.status).toBe(403);
    expect(Object.keys(notes.body.fields).sort()).toEqual(['notes', 'tax_exempt']);
    const ok = await t.call(api.updateCompanyProfile, {
      token: manager,
      params: { id: acmeId },
      body: { website: 'https://acme.test', email: 'office@acme.test' },
    });
    expect(ok.body).toMatchObject({ name: 'Acme Kitchens', website: 'https://acme.test', notes: '' });
    const admins = await t.call(api.updateCompanyProfile, {
      token: admin,
      params: { id: acmeId },
      body: { tax_exempt: true, notes: 'VIP' },
    });
    expect(admins.body).toMatchObject({ tax_exempt: true, notes: 'VIP' });
  });
});

describe('me', () => {
  it('options: account types, address kinds, states and the roles one may invite', async () => {
    const a = await t.call(api.meOptions, { token: admin });
    expect(a.body.invite_roles).toEqual([...ROLES]);
    expect(a.body.account_types).toEqual([
      { value: 'P', label: 'Personal' },
      { value: 'B', label: 'Business' },
    ]);
    expect(a.body.address_kinds).toEqual(['BILLING', 'SHIPPING']);
    expect(a.body.states).toContainEqual({ code: 'NY', name: 'New York' });
    expect((await t.call(api.meOptions, { token: manager })).body.invite_roles).toEqual([
      'BUSINESS_EMPLOYEE',
      'BUSINESS_MANAGER',
    ]);
    expect((await t.call(api.meOptions, { token: employee })).body.invite_roles).toEqual([]);
  });

  it('filters: the server default, a saved order filter, and clearing it', async () => {
    const initial = await t.call(api.meFilters, { token: employee });
    expect(initial.body).toEqual({
      status_filter_list: [...DEFAULT_ORDER_STATUS_FILTER],
      default_date_filter: 'all',
      default_order_from_date_filter: null,
      default_order_to_date_filter: null,
      order_filter: null,
    });
    const saved = {
      name: 'kitchen',
      status: ['ORDERED'],
      date_after: '2026-01-01',
      date_before: null,
      selected_range: null,
    };
    const patched = await t.call(api.updateMeFilters, { token: employee, body: { order_filter: saved } });
    expect(patched.body.order_filter).toEqual(saved);
    expect((await t.call(api.meFilters, { token: employee })).body.order_filter).toEqual(saved);
    // Each user has its own.
    expect((await t.call(api.meFilters, { token: manager })).body.order_filter).toBeNull();
    const bad = await t.call(api.updateMeFilters, { token: employee, body: { order_filter: { status: 'x' } } });
    expect(bad.status).toBe(400);
    await t.call(api.updateMeFilters, { token: employee, body: { order_filter: null } });
    expect((await t.call(api.meFilters, { token: employee })).body.order_filter).toBeNull();
  });
});

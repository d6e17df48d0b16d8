import { schema } from '@cab/db';
import { emailApi, MSG, type Role } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens = {} as Record<Role, string>;
beforeAll(async () => {
  t = await setupTestApp();
  for (const role of ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as Role[]) {
    tokens[role] = await t.login(role);
  }
  // An inactive business customer: never e-mailed, never counted.
  await t.handle.db.insert(schema.users).values({
    email: 'gone@demo.test',
    passwordHash: 'x',
    firstName: 'Gone',
    lastName: 'Away',
    accountType: 'B',
    isActive: false,
  });
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const body = (over: Record<string, unknown> = {}) => ({
  title: 'Holiday hours',
  message: 'Closed on {{ January }} 1.',
  audience: 'BUSINESS',
  expires_at: inDays(7),
  ...over,
});

const outboxTo = (subject: string) =>
  t.handle.db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.subject, subject))
    .then((rows) => rows.map((r) => r.toAddress).sort());

describe('validation', () => {
  it('requires title, message, audience and a date-time expiry', async () => {
    const res = await t.call(emailApi.sendAnnouncement, { token: tokens.ADMIN, body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['audience', 'expires_at', 'message', 'title']);
    expect(res.body.fields.title).toEqual([MSG.required]);
    const blank = await t.call(emailApi.sendAnnouncement, { token: tokens.ADMIN, body: body({ title: '   ' }) });
    expect(blank.body.fields.title).toEqual([MSG.required]);
    const audience = await t.call(emailApi.sendAnnouncement, { token: tokens.ADMIN, body: body({ audience: 'ALL' }) });
    expect(Object.keys(audience.body.fields)).toEqual(['audience']);
  });

  it('refuses an expiry in the past on its field and sends nothing', async () => {
    const res = await t.call(emailApi.sendAnnouncement, {
      token: tokens.ADMIN,
      body: body({ title: 'Too late', expires_at: inDays(-1) }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ expires_at: [MSG.expiryInPast] });
    expect(await outboxTo('Too late')).toEqual([]);
    const list = await t.call(emailApi.announcements, { token: tokens.ADMIN });
    expect(list.body.results.map((a: { title: string }) => a.title)).not.toContain('Too late');
  });
});

describe('audiences', () => {
  it.each([
    ['ALL_CUSTOMERS', ['employee@demo.test', 'manager@demo.test', 'personal@demo.test', 'reset@demo.test']],
    ['BUSINESS', ['employee@demo.test', 'manager@demo.test']],
    ['PERSONAL', ['personal@demo.test', 'reset@demo.test']],
    ['STAFF', ['admin@demo.test', 'staff@demo.test']],
  ])('%s: preview counts the active recipients, send queues one e-mail each', async (audience, emails) => {
    const title = `To ${audience}`;
    const preview = await t.call(emailApi.previewAnnouncement, {
      token: tokens.ADMIN,
      body: body({ title, message: 'See you soon.', audience }),
    });
    expect(preview.status).toBe(200);
    expect(preview.body.recipients).toBe(emails.length);
    expect(preview.body.subject).toBe(title);
    expect(preview.body.body).toMatch(/^Hello \w+,\n\nSee you soon\.$/);
    expect(await outboxTo(title)).toEqual([]); // a preview sends nothing

    const sent = await t.call(emailApi.sendAnnouncement, {
      token: tokens.ADMIN,
      body: body({ title, message: 'See you soon.', audience }),
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ title, message: 'See you soon.', audience, recipients: emails.length });
    expect(sent.body.created_by).toBe('Ada Admin');
    expect(await outboxTo(title)).toEqual(emails);
  });

  it('renders each e-mail for its recipient and keeps Liquid out of the message', async () => {
    await t.call(emailApi.sendAnnouncement, {
      token: tokens.ADMIN,
      body: body({ title: 'Personal note', audience: 'PERSONAL' }),
    });
    const [row] = await t.handle.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.toAddress, 'personal@demo.test'))
      .orderBy(schema.emailOutbox.id);
    expect(row).toBeDefined();
    const mails = await t.call(emailApi.outbox, { token: tokens.ADMIN, query: { status: 'PENDING' } });
    const mine = mails.body.results.find(
      (m: { to: string; subject: string }) => m.to === 'personal@demo.test' && m.subject === 'Personal note',
    );
    expect(mine.template_name).toBe('announcement');
    // The message is data, not template source: its braces arrive as written.
    expect(mine.body).toBe('Hello Paula,\n\nClosed on {{ January }} 1.');
  });
});

describe('list, expire and current', () => {
  it('lists newest first, paged, with who sent it', async () => {
    const all = await t.call(emailApi.announcements, { token: tokens.ADMIN });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const ids = all.body.results.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await t.call(emailApi.announcements, { token: tokens.ADMIN, query: { page: '2', page_size: '2' } });
    expect(page2.body.results.map((a: { id: number }) => a.id)).toEqual(ids.slice(2, 4));
  });

  it('shows each user the current announcements of their audience; expiring one hides it', async () => {
    const send = async (title: string, audience: string) =>
      (await t.call(emailApi.sendAnnouncement, { token: tokens.ADMIN, body: body({ title, audience }) })).body.id;
    const all = await send('Current all', 'ALL_CUSTOMERS');
    const business = await send('Current business', 'BUSINESS');
    const personal = await send('Current personal', 'PERSONAL');
    const staff = await send('Current staff', 'STAFF');

    const seen = async (role: Role) => {
      const res = await t.call(emailApi.currentAnnouncements, { token: tokens[role] });
      expect(res.status).toBe(200);
      return res.body
        .map((a: { id: number }) => a.id)
        .filter((id: number) => [all, business, personal, staff].includes(id));
    };
    expect(await seen('BUSINESS_MANAGER')).toEqual([business, all]);
    expect(await seen('BUSINESS_EMPLOYEE')).toEqual([business, all]);
    expect(await seen('PERSONAL')).toEqual([personal, all]);
    expect(await seen('ADMIN')).toEqual([staff]);
    expect(await seen('STAFF')).toEqual([staff]);
    expect((await t.call(emailApi.currentAnnouncements)).status).toBe(401);

    const expired = await t.call(emailApi.expireAnnouncement, { token: tokens.ADMIN, params: { id: business } });
    expect(expired.status).toBe(200);
    expect(new Date(expired.body.expires_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await seen('BUSINESS_MANAGER')).toEqual([all]);

    // Expiring again keeps the first expiry.
    const again = await t.call(emailApi.expireAnnouncement, { token: tokens.ADMIN, params: { id: business } });
    expect(again.body.expires_at).toBe(expired.body.expires_at);
  });

  it('expiring an unknown announcement is a 404', async () => {
    const res = await t.call(emailApi.expireAnnouncement, { token: tokens.ADMIN, params: { id: 999_999 } });
    expect(res.status).toBe(404);
  });

  it('only admins preview, send, list and expire', async () => {
    for (const role of ['STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as Role[]) {
      const token = tokens[role];
      expect((await t.call(emailApi.sendAnnouncement, { token, body: body({ title: 'Sneaky' }) })).status).toBe(403);
      expect((await t.call(emailApi.previewAnnouncement, { token, body: body() })).status).toBe(403);
      expect((await t.call(emailApi.announcements, { token })).status).toBe(403);
      expect((await t.call(emailApi.expireAnnouncement, { token, params: { id: 1 } })).status).toBe(403);
    }
    expect((await t.call(emailApi.sendAnnouncement, { body: body({ title: 'Sneaky' }) })).status).toBe(401);
    expect(await outboxTo('Sneaky')).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { schema } from '@cab/db';
import {
  addDays,
  approvalsApi,
  coreApi,
  formatWireMoney,
  ordersApi,
  PROPOSAL_CODES,
  PROPOSAL_TEXT,
  proposalsApi,
  todayIn,
} from '@cab/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireProposalsJob } from '../src/modules/proposals/index.ts';
import { png, upload } from './catalog-helpers.ts';
import { silent, startInsideRateWindow } from './helpers.ts';
import {
  type Fixture,
  makeOrder,
  orderRow,
  otherCompanyManager,
  setOrder,
  setupFixture,
} from './orders-lifecycle-helpers.ts';
import { pdfText } from './pdf-text.ts';

/**
 * Dealer proposals (issue 37): making one from a BID (cost frozen, markups, overrides, extras,
 * tax), who reaches it, DRAFT-only changes, send, the homeowner's page (viewed, accept, decline,
 * expired, withdrawn, order changed), the order on its way, the PDF and public answer without any
 * cost or shop name, settings and logo, the list, the report, the rate limit.
 */

let f: Fixture;
let companyId: number;
let otherManager: string;
let otherPersonal: string;
const SHOP_NAME = 'Shopwright Cabinet Works';
const { proposals, emailOutbox, liveEvents, users, auditEvents } = schema;

beforeAll(async () => {
  f = await setupFixture();
  const other = await otherCompanyManager(f);
  ({ companyId, token: otherManager } = other);
  await f.t.handle.db.insert(users).values({
    email: 'other-personal@demo.test',
    passwordHash: other.passwordHash,
    firstName: 'Pete',
    lastName: 'Private',
    accountType: 'P',
  });
  otherPersonal = await f.t.login('other-personal@demo.test');
  const res = await f.t.call(coreApi.patchSettings, { token: f.tokens.ADMIN, body: { seller_name: SHOP_NAME } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
afterAll(() => f.close());

const client = { name: 'Hank Homeowner', email: 'hank@example.com', phone: '555 0100', address: '1 Elm St' };

const create = (orderId: number, body: unknown, token: string | null = f.tokens.PERSONAL) =>
  f.t.call(proposalsApi.create, { token, params: { id: orderId }, body });
const detail = (id: number, token: string | null = f.tokens.PERSONAL) =>
  f.t.call(proposalsApi.detail, { token, params: { id } });
const send = (id: number, token: string | null = f.tokens.PERSONAL) =>
  f.t.call(proposalsApi.send, { token, params: { id } });
const tokenOf = (p: { public_url: string }) => p.public_url.split('/p/')[1]!;
const open = (token: string) => f.t.call(proposalsApi.publicDetail, { params: { token } });
const accept = (token: string, body: unknown = { name: 'Hank Homeowner', accept_terms: true }) =>
  f.t.call(proposalsApi.publicAccept, { params: { token }, body });
const decline = (token: string, body: unknown = { note: 'Too dear' }) =>
  f.t.call(proposalsApi.publicDecline, { params: { token }, body });

/** The order's lines (id, group, unit cost) as its customer reads it. */
async function orderLines(orderId: number, token = f.tokens.PERSONAL) {
  const res = await f.t.call(ordersApi.detail, { token, params: { id: orderId } });
  expect(res.status).toBe(200);
  return res.body.groups.flatMap((g: any) =>
    g.items.map((it: any) => ({ line: it.id, group: g.id, cost: it.final_price as string, qty: it.qty as number })),
  );
}

/** A BID of `owner` and a DRAFT proposal of it (25 % markup unless said). */
async function made(owner: 'PERSONAL' | 'BUSINESS_MANAGER' | 'BUSINESS_EMPLOYEE' = 'PERSONAL', body: object = {}) {
  const order = await makeOrder(f, owner, { items: 2 });
  const res = await create(order.id, { client, markup_percent: '25', ...body }, f.tokens[owner]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { order, p: res.body };
}

/** A proposal sent to its client. */
async function sent(owner: 'PERSONAL' | 'BUSINESS_MANAGER' | 'BUSINESS_EMPLOYEE' = 'PERSONAL', body: object = {}) {
  const { order, p } = await made(owner, body);
  const res = await send(p.id, f.tokens[owner]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { order, p: res.body, token: tokenOf(p) };
}

const cents = (wire: string) => Math.round(Number.parseFloat(wire) * 100);
/** cost x (1 + bp/10000) rounded half away from zero, in cents (the test's own arithmetic). */
const markedUp = (costCents: number, bp: number) => {
  const part = (costCents * bp) / 10_000;
  return costCents + Math.sign(part) * Math.round(Math.abs(part));
};

describe('making a proposal: POST /api/orders/{id}/proposals/', () => {
  it("freezes the order's lines as cost and prices them: group markup, line override, extras, tax", async () => {
    const order = await makeOrder(f, 'PERSONAL', { items: 3 });
    const lines = await orderLines(order.id);
    const [first, second] = lines;
    const res = await create(order.id, {
      client,
      markup_percent: '20',
      group_markups: [{ group: first.group, percent: '30' }],
      line_overrides: [{ line: second.line, price: '999.99' }],
      extra_lines: [
        { description: 'Installation', amount: '1500.00', taxable: false },
        { description: 'Hardware', amount: '100.00', taxable: true },
      ],
      tax_rate: '8.875',
      valid_until: addDays(todayIn(), 10),
      terms: 'Half down.',
      notes: 'Thanks!',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body;
    expect(p.number).toMatch(/^P-\d{6}$/);
    expect(p.status).toBe('DRAFT');
    expect(p.public_url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
    expect(p.client).toEqual(client);
    expect(p.order).toMatchObject({ id: order.id, name: order.name });
    expect(p.order_changed).toBe(false);
    expect(p.lines).toHaveLength(3);
    let subtotal = 0;
    let cost = 0;
    for (const l of p.lines) {
      const source = lines.find((x: any) => x.line === l.line)!;
      expect(l.cost).toBe(source.cost);
      const expected = l.line === second.line ? 99_999 : markedUp(cents(source.cost), 3000);
      expect(cents(l.price)).toBe(expected);
      expect(cents(l.total)).toBe(expected * l.qty);
      subtotal += expected * l.qty;
      cost += cents(source.cost) * l.qty;
    }
    subtotal += 160_000;
    const taxable = subtotal - 150_000;
    const tax = Math.round((taxable * 8875) / 100_000);
    expect(cents(p.subtotal)).toBe(subtotal);
    expect(cents(p.tax)).toBe(tax);
    expect(cents(p.total)).toBe(subtotal + tax);
    expect(cents(p.cost_total)).toBe(cost);
    expect(cents(p.margin)).toBe(subtotal - cost);
    expect(p.tax_rate).toBe('8.875');
    expect(p.markup_percent).toBe('20.00');
    expect(p.extra_lines).toEqual([
      { description: 'Installation', amount: '1500.00', taxable: false },
      { description: 'Hardware', amount: '100.00', taxable: true },
    ]);
    expect(p.terms).toBe('Half down.');
    // The order page reads its proposals here.
    const ofOrder = await f.t.call(proposalsApi.ofOrder, { token: f.tokens.PERSONAL, params: { id: order.id } });
    expect(ofOrder.body.map((r: any) => [r.id, r.number, r.status])).toEqual([[p.id, p.number, 'DRAFT']]);
  });

  it('takes the dealer settings as defaults: markup, tax rate, validity days, terms', async () => {
    const set = await f.t.call(proposalsApi.updateMySettings, {
      token: f.tokens.PERSONAL,
      body: { default_markup_percent: '40', tax_rate: '6.625', validity_days: 14, default_terms: 'Net 10' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const order = await makeOrder(f, 'PERSONAL');
    const res = await create(order.id, { client });
    expect(res.body.markup_percent).toBe('40.00');
    expect(res.body.tax_rate).toBe('6.625');
    expect(res.body.valid_until).toBe(addDays(todayIn(), 14));
    expect(res.body.terms).toBe('Net 10');
  });

  it.each([
    [{ markup_percent: '-100.01' }, 'markup_percent', PROPOSAL_TEXT.markupRange],
    [{ markup_percent: '1000.01' }, 'markup_percent', PROPOSAL_TEXT.markupRange],
    [{ markup_percent: 'lots' }, 'markup_percent', PROPOSAL_TEXT.percentInvalid],
    [{ extra_lines: [{ description: 'x', amount: '-1.00' }] }, 'extra_lines.0.amount', PROPOSAL_TEXT.priceNotNegative],
    [{ tax_rate: '100.001' }, 'tax_rate', PROPOSAL_TEXT.taxRateRange],
    [{ client: { email: 'a@b.co' } }, 'client.name', 'Required'],
    [{ client: { name: 'No mail' } }, 'client.email', 'Required'],
    [{ client: { name: 'Bad mail', email: 'nope' } }, 'client.email', undefined],
    [{ valid_until: '2001-01-01' }, 'valid_until', PROPOSAL_TEXT.validUntilPast],
  ])('refuses %j with 400 on its field and makes nothing', async (over, field, message) => {
    const order = await makeOrder(f, 'PERSONAL');
    const res = await create(order.id, { client, ...over });
    expect(res.status).toBe(400);
    expect(res.body.fields[field], JSON.stringify(res.body)).toBeDefined();
    if (message) expect(res.body.fields[field]).toContain(message);
    const rows = await f.t.handle.db.select().from(proposals).where(eq(proposals.orderId, order.id));
    expect(rows).toEqual([]);
  });

  it('refuses a negative line price, an unknown group or line, each on its place in the list', async () => {
    const order = await makeOrder(f, 'PERSONAL');
    const [line] = await orderLines(order.id);
    const negative = await create(order.id, { client, line_overrides: [{ line: line.line, price: '-0.01' }] });
    expect(negative.status).toBe(400);
    expect(negative.body.fields['line_overrides.0.price']).toContain(PROPOSAL_TEXT.priceNotNegative);
    const unknown = await create(order.id, {
      client,
      group_markups: [
        { group: line.group, percent: '10' },
        { group: 999_999, percent: '10' },
      ],
      line_overrides: [{ line: 999_999, price: '1.00' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields['group_markups.1.group']).toEqual([PROPOSAL_TEXT.unknownGroup]);
    expect(unknown.body.fields['line_overrides.0.line']).toEqual([PROPOSAL_TEXT.unknownLine]);
  });

  it('names an unnamed group as the order page does, never blank on the client side', async () => {
    const order = await makeOrder(f, 'PERSONAL', { items: 1 });
    await f.t.handle.db.update(schema.orderGroups).set({ name: '' }).where(eq(schema.orderGroups.orderId, order.id));
    const res = await create(order.id, { client, markup_percent: '10' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.lines.map((l: { group_name: string }) => l.group_name)).toEqual(['Group 1']);
  });

  it('refuses an order that is not a BID with a field error on order', async () => {
    const order = await makeOrder(f, 'PERSONAL');
    await setOrder(f, order.id, { status: 'ORDERED' });
    const res = await create(order.id, { client });
    expect(res.status).toBe(400);
    expect(res.body.fields.order).toEqual([PROPOSAL_TEXT.notBid]);
  });
});

describe('who reaches a proposal', () => {
  it("the order's customer and ADMIN read it; another customer and another company get 404; STAFF 403", async () => {
    const { p } = await made('PERSONAL');
    expect((await detail(p.id)).status).toBe(200);
    const admin = await detail(p.id, f.tokens.ADMIN);
    expect(admin.status).toBe(200);
    expect(admin.body.cost_total).toBe(p.cost_total);
    expect((await detail(p.id, otherPersonal)).status).toBe(404);
    expect((await detail(p.id, otherManager)).status).toBe(404);
    expect((await detail(p.id, f.tokens.BUSINESS_MANAGER)).status).toBe(404);
    expect((await detail(p.id, f.tokens.STAFF)).status).toBe(403);
    // ADMIN reads, never writes (403 before anything).
    expect((await send(p.id, f.tokens.ADMIN)).status).toBe(403);
    const list = await f.t.call(proposalsApi.list, { token: otherPersonal, query: {} });
    expect(list.body.results.map((r: any) => r.id)).not.toContain(p.id);
  });

  it("a company's manager reaches its employees' proposals; an employee only those of its own orders", async () => {
    const { p: byEmployee } = await made('BUSINESS_EMPLOYEE');
    const { p: byManager } = await made('BUSINESS_MANAGER');
    expect((await detail(byEmployee.id, f.tokens.BUSINESS_MANAGER)).status).toBe(200);
    expect((await detail(byManager.id, f.tokens.BUSINESS_EMPLOYEE)).status).toBe(404);
    expect((await detail(byEmployee.id, otherManager)).status).toBe(404);
    const other = await makeOrder(f, 'PERSONAL');
    expect((await create(other.id, { client }, f.tokens.BUSINESS_MANAGER)).status).toBe(404);
  });
});

describe('PATCH /api/proposals/{id}/ (DRAFT only)', () => {
  it('changes a draft, reprices it, and takes an empty body; a sent one answers 409', async () => {
    const { p } = await made();
    const empty = await f.t.call(proposalsApi.update, { token: f.tokens.PERSONAL, params: { id: p.id }, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.total).toBe(p.total);
    const res = await f.t.call(proposalsApi.update, {
      token: f.tokens.PERSONAL,
      params: { id: p.id },
      body: { markup_percent: '0', client: { ...client, name: 'Hannah Homeowner' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subtotal).toBe(res.body.cost_total);
    expect(res.body.margin).toBe('0.00');
    expect(res.body.client.name).toBe('Hannah Homeowner');
    await send(p.id);
    const late = await f.t.call(proposalsApi.update, {
      token: f.tokens.PERSONAL,
      params: { id: p.id },
      body: { notes: 'x' },
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(PROPOSAL_CODES.notDraft);
  });
});

const mails = (to: string, template: string) =>
  f.t.handle.db
    .select({ subject: emailOutbox.subject, body: emailOutbox.body })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.templateName, template)))
    .orderBy(desc(emailOutbox.id));

describe('send and the homeowner page', () => {
  it('send e-mails the client the link (proposal_sent); sending twice is 409', async () => {
    const { p, token } = await sent();
    expect(p.status).toBe('SENT');
    expect(p.sent_at).not.toBeNull();
    const [mail] = await mails(client.email, 'proposal_sent');
    expect(mail!.body).toContain(`/p/${token}`);
    expect(mail!.subject).toContain(p.number);
    const again = await send(p.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(PROPOSAL_CODES.notSendable);
  });

  it('the first open marks VIEWED, tells the dealer once (live event, proposal_viewed), shows no cost', async () => {
    const { p, token } = await sent();
    const before = (await mails('personal@demo.test', 'proposal_viewed')).length;
    const first = await open(token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.status).toBe('VIEWED');
    expect(first.body.can_respond).toBe(true);
    expect(first.body.status_message).toBe(PROPOSAL_TEXT.pageState.VIEWED);
    await open(token);
    expect((await mails('personal@demo.test', 'proposal_viewed')).length).toBe(before + 1);
    const events = await f.t.handle.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.kind, 'proposal'), sql`(${liveEvents.data}->>'id')::int = ${p.id}`));
    expect(events.map((e) => (e.data as any).status)).toEqual(['VIEWED']);
    expect((await detail(p.id)).body.viewed_at).not.toBeNull();
    const text = JSON.stringify(first.body);
    for (const l of p.lines) expect(text).not.toContain(`"${l.cost}"`);
    expect(text).not.toContain(p.cost_total);
    expect(text).not.toContain(SHOP_NAME);
    for (const key of ['cost', 'cost_total', 'margin', 'margin_percent']) expect(text).not.toContain(`"${key}"`);
  });

  it('send, withdraw and new_version take no payload: no body, {} or an empty JSON body', async () => {
    const authorization = `Token ${f.tokens.PERSONAL}`;
    const { p } = await made();
    const post = (url: string, payload?: unknown, json = false) =>
      f.t.app.inject({
        method: 'POST',
        url,
        headers: json ? { authorization, 'content-type': 'application/json' } : { authorization },
        ...(payload !== undefined ? { payload: payload as string } : {}),
      });
    expect((await post(`/api/proposals/${p.id}/send/`, '', true)).statusCode).toBe(200);
    const next = await post(`/api/proposals/${p.id}/new_version/`, {});
    expect(next.statusCode, next.body).toBe(201);
    expect((await post(`/api/proposals/${next.json().id}/withdraw/`)).statusCode).toBe(200);
  });

  it('an unknown token is 404', async () => {
    expect((await open('not-a-token')).status).toBe(404);
  });

  it('accept records name, time, IP, user agent and the hash of what was shown; twice is 409', async () => {
    const { p, token } = await sent();
    const shown = (await open(token)).body;
    expect((await accept(token, { name: 'Hank Homeowner' })).status).toBe(400);
    expect((await accept(token, { name: 'Hank', accept_terms: false })).body.fields.accept_terms).toEqual([
      PROPOSAL_TEXT.acceptTerms,
    ]);
    expect((await accept(token, { name: '  ', accept_terms: true })).status).toBe(400);
    const res = await f.t.app.inject({
      method: 'POST',
      url: `/api/public/proposals/${token}/accept/`,
      payload: { name: 'Hank Homeowner', accept_terms: true },
      headers: { 'user-agent': 'HomeownerBrowser/1.0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('ACCEPTED');
    expect(res.json().accepted.name).toBe('Hank Homeowner');
    const dealer = (await detail(p.id)).body;
    expect(dealer.status).toBe('ACCEPTED');
    expect(dealer.acceptance).toMatchObject({ name: 'Hank Homeowner', user_agent: 'HomeownerBrowser/1.0' });
    expect(dealer.acceptance.ip).not.toBe('');
    const { status: _s, status_message: _m, can_respond: _c, accepted: _a, ...offer } = shown;
    const canonical = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(canonical).join(',')}]`
        : v && typeof v === 'object'
          ? `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`)
              .join(',')}}`
          : JSON.stringify(v);
    expect(dealer.acceptance.hash).toBe(createHash('sha256').update(canonical(offer)).digest('hex'));
    const twice = await accept(token);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: PROPOSAL_CODES.closed, message: PROPOSAL_TEXT.alreadyAccepted });
    expect((await decline(token)).status).toBe(409);
    expect((await mails('personal@demo.test', 'proposal_accepted'))[0]!.body).toContain('Hank Homeowner');
  });

  it('decline keeps the note and tells the dealer; then the page says DECLINED', async () => {
    const { p, token } = await sent();
    const res = await decline(token, { note: 'We chose oak elsewhere' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('DECLINED');
    expect(res.body.can_respond).toBe(false);
    expect((await detail(p.id)).body.decline_note).toBe('We chose oak elsewhere');
    expect((await mails('personal@demo.test', 'proposal_declined'))[0]!.body).toContain('We chose oak elsewhere');
    // A decline without a payload: no body, {} and an empty JSON body alike.
    const other = await sent();
    const bare = await f.t.app.inject({
      method: 'POST',
      url: `/api/public/proposals/${other.token}/decline/`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('past valid_until it reads EXPIRED and cannot be accepted; the daily job writes it', async () => {
    const { p, token } = await sent();
    await f.t.handle.db.update(proposals).set({ validUntil: '2020-01-01' }).where(eq(proposals.id, p.id));
    const page = await open(token);
    expect(page.body.status).toBe('EXPIRED');
    expect(page.body.can_respond).toBe(false);
    expect(page.body.status_message).toBe(PROPOSAL_TEXT.pageState.EXPIRED);
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: PROPOSAL_CODES.closed, message: PROPOSAL_TEXT.expired });
    const ctx = { db: f.t.handle.db, log: silent } as any;
    await expireProposalsJob(ctx, todayIn());
    const [row] = await f.t.handle.db.select().from(proposals).where(eq(proposals.id, p.id));
    expect(row!.status).toBe('EXPIRED');
  });

  it('withdrawn: its page says so and accepting is 409; withdrawing twice is 409', async () => {
    const { p, token } = await sent();
    const res = await f.t.call(proposalsApi.withdraw, { token: f.tokens.PERSONAL, params: { id: p.id } });
    expect(res.body.status).toBe('WITHDRAWN');
    expect((await open(token)).body.status_message).toBe(PROPOSAL_TEXT.pageState.WITHDRAWN);
    expect((await accept(token)).body.message).toBe(PROPOSAL_TEXT.withdrawn);
    const again = await f.t.call(proposalsApi.withdraw, { token: f.tokens.PERSONAL, params: { id: p.id } });
    expect(again.status).toBe(409);
  });

  it('the order changed after sending: accepting is 409; a new version withdraws the old with the new cost', async () => {
    const { order, p, token } = await sent();
    const row = await orderRow(f, order.id);
    await setOrder(f, order.id, { version: row.version + 1 });
    expect((await detail(p.id)).body.order_changed).toBe(true);
    expect((await open(token)).body.can_respond).toBe(false);
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(PROPOSAL_CODES.orderChanged);
    const next = await f.t.call(proposalsApi.newVersion, { token: f.tokens.PERSONAL, params: { id: p.id } });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.status).toBe('DRAFT');
    expect(next.body.previous).toEqual({ id: p.id, number: p.number });
    expect(next.body.order_changed).toBe(false);
    expect(next.body.public_url).not.toBe(p.public_url);
    const old = (await detail(p.id)).body;
    expect(old.status).toBe('WITHDRAWN');
    expect(old.next).toEqual({ id: next.body.id, number: next.body.number });
  });
});

describe('accepted -> on its way', () => {
  it('LEAVE (default): the order stays a BID for the dealer; its audit names the proposal', async () => {
    await f.t.call(proposalsApi.updateMySettings, { token: f.tokens.PERSONAL, body: { accept_action: 'LEAVE' } });
    const { order, p, token } = await sent();
    expect((await accept(token)).status).toBe(200);
    expect((await orderRow(f, order.id)).status).toBe('BID');
    const [event] = await f.t.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'order'), eq(auditEvents.entityId, String(order.id))))
      .orderBy(desc(auditEvents.id));
    expect(event!.action).toBe('proposal_accept');
    expect(event!.after).toMatchObject({ proposal: p.number, submitted: false });
  });

  it('SUBMIT: the order is submitted through the submit path (ORDERED), the proposal number as PO', async () => {
    await f.t.call(proposalsApi.updateMySettings, { token: f.tokens.PERSONAL, body: { accept_action: 'SUBMIT' } });
    const { order, p, token } = await sent();
    expect((await accept(token)).status).toBe(200);
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('ORDERED');
    expect(row.poNumber).toBe(p.number);
    await f.t.call(proposalsApi.updateMySettings, { token: f.tokens.PERSONAL, body: { accept_action: 'LEAVE' } });
  });

  it("SUBMIT of an employee's order under the company's ALWAYS rule waits for a manager", async () => {
    const setRule = (approval_required: string) =>
      f.t.call(approvalsApi.updateCompanyApprovals, {
        token: f.tokens.BUSINESS_MANAGER,
        params: { id: companyId },
        body: { approval_required },
      });
    await setRule('ALWAYS');
    await f.t.call(proposalsApi.updateCompanySettings, {
      token: f.tokens.BUSINESS_MANAGER,
      params: { id: companyId },
      body: { accept_action: 'SUBMIT' },
    });
    const { order, token } = await sent('BUSINESS_EMPLOYEE');
    expect((await accept(token)).status).toBe(200);
    const read = await f.t.call(ordersApi.detail, { token: f.tokens.BUSINESS_EMPLOYEE, params: { id: order.id } });
    expect(read.body.status).toBe('BID');
    expect(read.body.approval?.status).toBe('PENDING');
    await setRule('NONE');
    await f.t.call(proposalsApi.updateCompanySettings, {
      token: f.tokens.BUSINESS_MANAGER,
      params: { id: companyId },
      body: { accept_action: 'LEAVE' },
    });
  });
});

describe('the paper: GET /api/proposals/{id}/pdf/', () => {
  it("shows the dealer's name, licence, the client and prices; never a cost figure or the shop's name", async () => {
    await f.t.call(proposalsApi.updateMySettings, {
      token: f.tokens.PERSONAL,
      body: { display_name: 'Dana Designs', licence_number: 'LIC-42', phone: '555 0199' },
    });
    const { p, token } = await sent('PERSONAL', { extra_lines: [{ description: 'Installation', amount: '750.00' }] });
    const res = await f.t.call(proposalsApi.pdf, { token: f.tokens.PERSONAL, params: { id: p.id } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('application/pdf');
    const raw = await f.t.app.inject({
      method: 'GET',
      url: `/api/proposals/${p.id}/pdf/`,
      headers: { authorization: `Token ${f.tokens.PERSONAL}` },
    });
    const text = pdfText(raw.rawPayload);
    expect(text).toContain('Dana Designs');
    expect(text).toContain('Licence LIC-42');
    expect(text).toContain(client.name);
    expect(text).toContain('Installation');
    expect(text).toContain(formatWireMoney(p.total));
    for (const l of p.lines) {
      expect(text).toContain(formatWireMoney(l.price));
      expect(text).not.toContain(formatWireMoney(l.cost));
    }
    expect(text).not.toContain(formatWireMoney(p.cost_total));
    expect(text).not.toContain(SHOP_NAME);
    const publicPdf = await f.t.app.inject({ method: 'GET', url: `/api/public/proposals/${token}/pdf/` });
    expect(publicPdf.statusCode).toBe(200);
    expect(pdfText(publicPdf.rawPayload)).toContain('Dana Designs');
  });
});

describe('settings', () => {
  it("the company's: its manager and ADMIN; another company's manager 404; an employee 403", async () => {
    const get = (token: string, id = companyId) => f.t.call(proposalsApi.companySettings, { token, params: { id } });
    const res = await get(f.tokens.BUSINESS_MANAGER);
    expect(res.status).toBe(200);
    expect(res.body.accept_action).toBeDefined();
    expect((await get(f.tokens.ADMIN)).status).toBe(200);
    expect((await get(otherManager)).status).toBe(404);
    expect((await get(f.tokens.BUSINESS_EMPLOYEE)).status).toBe(403);
    expect((await get(f.tokens.ADMIN, 999_999)).status).toBe(404);
    const bad = await f.t.call(proposalsApi.updateCompanySettings, {
      token: f.tokens.BUSINESS_MANAGER,
      params: { id: companyId },
      body: { default_markup_percent: '1001', validity_days: 0, accept_action: 'MAYBE' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['accept_action', 'default_markup_percent', 'validity_days']);
  });

  it('a logo: png/jpeg/gif only, served on the public page', async () => {
    const bytes = await png(80, 40);
    const up = await upload(f.t, proposalsApi.myLogo, f.tokens.PERSONAL, {}, [
      { name: 'logo', filename: 'logo.png', contentType: 'image/png', bytes },
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.logo_url).not.toBeNull();
    const wrong = await upload(f.t, proposalsApi.myLogo, f.tokens.PERSONAL, {}, [
      { name: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: Buffer.from('not an image') },
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.logo).toEqual([PROPOSAL_TEXT.logoType]);
    const { token } = await sent();
    const page = await open(token);
    expect(page.body.dealer.logo_url).toBe(`/api/public/proposals/${token}/logo/`);
    const logo = await f.t.app.inject({ method: 'GET', url: page.body.dealer.logo_url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(logo.rawPayload, bytes)).toBe(0);
  });
});

describe('the list and the report', () => {
  it('GET /api/proposals/ filters by status, client and dates', async () => {
    const { p } = await sent('PERSONAL');
    await f.t.call(proposalsApi.update, { token: f.tokens.PERSONAL, params: { id: p.id }, body: {} });
    const list = (query: Record<string, string>) =>
      f.t.call(proposalsApi.list, { token: f.tokens.PERSONAL, query: { page_size: '100', ...query } });
    const bySent = await list({ status: 'SENT' });
    expect(bySent.body.results.every((r: any) => r.status === 'SENT')).toBe(true);
    expect(bySent.body.results.map((r: any) => r.id)).toContain(p.id);
    expect((await list({ client: 'HANK@' })).body.results.map((r: any) => r.id)).toContain(p.id);
    expect((await list({ client: 'nobody-such' })).body.total).toBe(0);
    expect((await list({ date_after: addDays(todayIn(), 1) })).body.total).toBe(0);
    expect((await list({ date_before: todayIn() })).body.results.map((r: any) => r.id)).toContain(p.id);
    expect((await list({ status: 'MAYBE' })).status).toBe(400);
    // Past its last day a SENT one is listed as EXPIRED, before the daily job writes it.
    await f.t.handle.db.update(proposals).set({ validUntil: '2020-01-01' }).where(eq(proposals.id, p.id));
    expect((await list({ status: 'SENT' })).body.results.map((r: any) => r.id)).not.toContain(p.id);
    const expired = await list({ status: 'EXPIRED' });
    expect(expired.body.results.find((r: any) => r.id === p.id)?.status).toBe('EXPIRED');
  });

  it('by month sent: sent, viewed, accepted, rate, revenue and margin; CSV', async () => {
    const res = await f.t.call(proposalsApi.report, { token: f.tokens.PERSONAL, query: {} });
    expect(res.status).toBe(200);
    const month = todayIn().slice(0, 7);
    const row = res.body.results.find((r: any) => r.month === month);
    const rows = await f.t.handle.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.customerId, f.userIds.PERSONAL), sql`${proposals.sentAt} is not null`));
    const accepted = rows.filter((r) => r.status === 'ACCEPTED');
    expect(row.sent).toBe(rows.length);
    expect(row.accepted).toBe(accepted.length);
    expect(cents(row.revenue)).toBe(accepted.reduce((s, r) => s + r.total, 0));
    expect(cents(row.margin)).toBe(accepted.reduce((s, r) => s + r.subtotal - r.costTotal, 0));
    expect(row.acceptance_rate).toBe(((accepted.length / rows.length) * 100).toFixed(2));
    const csv = await f.t.app.inject({
      method: 'GET',
      url: '/api/proposals/report/?format=csv',
      headers: { authorization: `Token ${f.tokens.PERSONAL}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(PROPOSAL_TEXT.reportColumns.join(','));
    expect(csv.body).toContain(`${month},${row.sent},`);
  });
});

describe('the public endpoints are rate limited per token', () => {
  it('answers 429 past the limit', async () => {
    const { token } = await sent();
    await startInsideRateWindow();
    let last = 0;
    for (let i = 0; i < 62 && last !== 429; i++) last = (await open(token)).status;
    expect(last).toBe(429);
  });
});

import { allContracts, canAccess, type Endpoint, ERROR_CODES, MSG, ordersApi, ROLES, type Role } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeSamples } from './finance-access-samples.ts';
import { setupTestApp, type TestApp } from './helpers.ts';
import { invoicesSamples } from './invoices-access-samples.ts';
import { labelsAndRemakesSamples } from './labels-fixtures.ts';
import { opsSamples } from './ops-fixtures.ts';
import { productionSamples } from './production-access-samples.ts';
import { reportsSamples, transferSamples } from './transfer-fixtures.ts';

/** A valid request for each endpoint, so a 400 can never hide a missing 401/403. */
const SAMPLE: Record<
  string,
  { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown }
> = {
  'authApi.login': { body: { email: 'nobody@demo.test', password: 'whatever1' } },
  'authApi.passwordUpdate': {
    body: { old_password: 'wrong-password', new_password: 'Another123!', confirm_password: 'Another123!' },
  },
  'authApi.passwordChange': { body: { new_password: 'Another123!', confirm_password: 'Another123!' } },
  'coreApi.patchSettings': { body: { lead_time: 10 } },
  'coreApi.holidays': { query: { year: '2027' } },
  'coreApi.postalCodeLookup': { query: { postal_code: '10001' } },
  'coreApi.logWarn': { body: { type: 'api', code: 'x', data: {}, url: '/' } },
  'coreApi.logError': { body: { type: 'script', error: 'boom', info: '', path: '/' } },
  'emailApi.getTemplate': { params: { name: 'invitation' } },
  'emailApi.previewTemplate': { params: { name: 'invitation' }, body: { subject: 'Hi', body: 'Hello' } },
  // A name that does not exist: a permitted write answers 404 and changes nothing.
  'emailApi.updateTemplate': { params: { name: 'no_such_template' }, body: { subject: 'Hi', body: 'Hello' } },
  'emailApi.previewAnnouncement': { body: announcementSample() },
  'emailApi.sendAnnouncement': { body: announcementSample() },
  'emailApi.expireAnnouncement': { params: { id: 999_999 } },
  // A job no server runs: a permitted call answers 404 and changes nothing.
  'opsApi.runJob': { params: { name: 'no_such_job' } },

  // Catalogue: ids that do not exist, so a permitted write answers 404/400 and changes nothing.
  ...catalogSamples(),
  // Accounts: ids that do not exist and e-mails already taken, so permitted writes change nothing.
  ...accountsSamples(),
  // Orders: an order that does not exist, so a permitted call answers 404 and changes nothing.
  ...ordersSamples(),
  // Labels and remakes: ids that do not exist (labels-fixtures.ts).
  ...labelsAndRemakesSamples(),
  // Finance: ids that do not exist (apps/server/test/finance-access-samples.ts).
  ...financeSamples(),
  // Production: ids that do not exist (production-access-samples.ts).
  ...productionSamples(),
  // Imports, exports, reports and the planner (decisions 0030, 0031).
  ...transferSamples(),
  ...reportsSamples(),
  ...invoicesSamples(),
  // The statements of a party that does not exist (404 for whoever may call); the exports of this month.
  'booksApi.customerStatement': { params: { id: 999_999 } },
  'booksApi.companyStatement': { params: { id: 999_999 } },
  'booksApi.customerStatementMail': { params: { id: 999_999 }, body: {} },
  'booksApi.companyStatementMail': { params: { id: 999_999 }, body: {} },
  // Health checks: no input (ops-fixtures.ts).
  ...opsSamples(),
  // Business approvals (issue 30): a company and an order that do not exist, so a permitted call answers 404.
  'approvalsApi.companyApprovals': { params: { id: 999_999 } },
  'approvalsApi.updateCompanyApprovals': { params: { id: 999_999 }, body: { approval_required: 'ALWAYS' } },
  'approvalsApi.queue': { query: { status: 'PENDING' } },
  'approvalsApi.approve': { params: { id: 999_999 }, body: {} },
  'approvalsApi.decline': { params: { id: 999_999 }, body: { reason: 'Over budget' } },
  // Dealer proposals (issue 37): an order, a proposal, a company and a token that do not exist.
  ...proposalsSamples(),
};

function proposalsSamples() {
  const id = { id: 999_999 };
  const token = { token: 'no-such-proposal-token' };
  const client = { name: 'Hank Homeowner', email: 'hank@example.com' };
  return {
    'proposalsApi.create': { params: id, body: { client } },
    'proposalsApi.ofOrder': { params: id },
    'proposalsApi.list': { query: { status: 'SENT' } },
    'proposalsApi.report': { query: {} },
    'proposalsApi.detail': { params: id },
    'proposalsApi.update': { params: id, body: { notes: 'x' } },
    'proposalsApi.send': { params: id, body: {} },
    'proposalsApi.newVersion': { params: id, body: {} },
    'proposalsApi.withdraw': { params: id, body: {} },
    'proposalsApi.pdf': { params: id },
    'proposalsApi.companySettings': { params: id },
    'proposalsApi.updateCompanySettings': { params: id, body: { phone: '555' } },
    'proposalsApi.companyLogo': { params: id },
    'proposalsApi.mySettings': {},
    'proposalsApi.updateMySettings': { body: { phone: '555 0100' } },
    'proposalsApi.myLogo': {},
    'proposalsApi.publicDetail': { params: token },
    'proposalsApi.publicAccept': { params: token, body: { name: 'Hank Homeowner', accept_terms: true } },
    'proposalsApi.publicDecline': { params: token, body: {} },
    'proposalsApi.publicPdf': { params: token },
    'proposalsApi.publicLogo': { params: token },
  };
}

function announcementSample() {
  const expires_at = new Date(Date.now() + 7 * 86_400_000).toISOString();
  return { title: 'Access test', message: 'Hello', audience: 'STAFF', expires_at };
}

function catalogSamples() {
  const none = 999_999;
  const kind = { kind: 'wood_species' };
  const kindId = { kind: 'wood_species', id: none };
  const premium = { code: 'ACCESS1', categories: [none], export_name: 'x' };
  const item = { manufacturer_code: 'ACCESS1', price: '1.00', category: none, export_name_1: 'x' };
  const move = { moved: none, above: none + 1 };
  return {
    'catalogApi.categoryDetail': { params: { id: none } },
    'catalogApi.categoryCreate': { body: { name: 'Access test', category_type: 'LINE_ITEM' } },
    'catalogApi.categoryUpdate': { params: { id: none }, body: { name: 'x' } },
    'catalogApi.categoryDelete': { params: { id: none } },
    'catalogApi.premiumList': { params: kind },
    'catalogApi.premiumCreate': { params: kind, body: premium },
    'catalogApi.premiumDetail': { params: kindId },
    'catalogApi.premiumUpdate': { params: kindId, body: { description: 'x' } },
    'catalogApi.premiumDelete': { params: kindId },
    'catalogApi.premiumImportCsv': { params: kind },
    'catalogApi.premiumExportCsv': { params: kind },
    'catalogApi.premiumAddImages': { params: kindId },
    'catalogApi.premiumDeleteImage': { params: { ...kindId, imageId: none } },
    'catalogApi.premiumMoveImage': { params: kindId, body: move },
    'catalogApi.premiumGroupList': { query: { premium_type: 'DOOR_STYLE' } },
    'catalogApi.premiumGroupCreate': {
      query: { premium_type: 'WOOD_SPECIES' },
      body: { name: 'Access group', index: 0 },
    },
    'catalogApi.premiumGroupUpdate': { params: { id: none }, body: { index: 1 } },
    'catalogApi.itemCreate': { body: item },
    'catalogApi.itemDetail': { params: { id: none } },
    'catalogApi.itemUpdate': { params: { id: none }, body: { description: 'x' } },
    'catalogApi.itemDelete': { params: { id: none } },
    'catalogApi.itemBulkUpdate': { body: { ids: [none], data: { is_corner_cabinet: 'NO CHANGE' } } },
    'catalogApi.itemGroup': { params: { id: none } },
    'catalogApi.attachmentCreate': { body: item },
    'catalogApi.attachmentDetail': { params: { id: none } },
    'catalogApi.attachmentUpdate': { params: { id: none }, body: { description: 'x' } },
    'catalogApi.attachmentDelete': { params: { id: none } },
    'catalogApi.groupDetail': { params: { id: none } },
    'catalogApi.groupUpdate': { params: { id: none }, body: { note: 'x' } },
    'catalogApi.groupAddImages': { params: { id: none } },
    'catalogApi.groupDelete': { params: { id: none } },
    'catalogApi.groupDeleteImage': { params: { id: none } },
    'catalogApi.groupMoveImage': { params: { id: none }, body: move },
    'catalogApi.subcategoryCreate': { body: { name: 'Access sub', category: none } },
    'catalogApi.subcategoryDetail': { params: { id: none } },
    'catalogApi.subcategoryUpdate': { params: { id: none }, body: { name: 'x' } },
    'catalogApi.subcategoryDelete': { params: { id: none } },
    'catalogApi.subcategoryMoveGroup': { params: { id: none }, body: { group: none, index: 0 } },
    'catalogApi.subcategoryAddGroup': { params: { id: none }, body: { group: none } },
    'catalogApi.subcategoryRemoveGroup': { params: { id: none }, body: { group: none } },
    'catalogApi.validate': { body: { door_styles: [none], wood_species: none } },
  };
}

function ordersSamples() {
  const id = { id: 999_999 };
  const samples: Record<string, { params?: Record<string, string | number>; body?: unknown }> = {
    'ordersApi.create': { body: { name: 'Access test', groups: [] } },
  };
  for (const [name, e] of Object.entries(ordersApi)) {
    if (!e.path.includes(':id')) continue;
    samples[`ordersApi.${name}`] = {
      params: {
        ...id,
        ...(e.path.includes(':todoId') ? { todoId: 1 } : {}),
        ...(e.path.includes(':fileId') ? { fileId: 1 } : {}),
      },
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { body: {} }),
    };
  }
  return samples;
}

function accountsSamples() {
  const none = 999_999;
  const person = { email: 'staff@demo.test', first_name: 'Access', last_name: 'Test' };
  const address = { kind: 'BILLING', line1: '1 Main St', city: 'New York', state: 'NY', postal_code: '10001' };
  const password = { new_password: 'Another123!', confirm_password: 'Another123!' };
  return {
    'accountsApi.customer': { params: { id: none } },
    'accountsApi.company': { params: { id: none } },
    'accountsApi.createStaff': { body: person },
    'accountsApi.updateStaff': { params: { id: none }, body: { first_name: 'x' } },
    'accountsApi.businessUsers': { query: { company: String(none) } },
    'accountsApi.createBusinessUser': { body: { ...person, company: none } },
    'accountsApi.updateBusinessUser': { params: { id: none }, body: { first_name: 'x' } },
    'accountsApi.makeManager': { params: { id: none }, body: { is_manager: true } },
    'accountsApi.register': { body: person },
    'accountsApi.registerBusiness': { body: { ...person, company_name: 'Access Co' } },
    'accountsApi.profile': { params: { id: none } },
    'accountsApi.updateProfile': { params: { id: none }, body: { first_name: 'x' } },
    'accountsApi.companyProfile': { params: { id: none } },
    'accountsApi.updateCompanyProfile': { params: { id: none }, body: { name: 'x' } },
    'accountsApi.addresses': { params: { id: none } },
    'accountsApi.addAddress': { params: { id: none }, body: address },
    'accountsApi.updateAddress': { params: { id: none, addressId: none }, body: address },
    'accountsApi.deleteAddress': { params: { id: none, addressId: none } },
    'accountsApi.updateMeFilters': { body: { order_filter: null } },
    'accountsApi.invite': { body: { ...person, role: 'BUSINESS_EMPLOYEE', company: none } },
    'accountsApi.invitation': { params: { uuid: '00000000-0000-4000-8000-000000000000' } },
    'accountsApi.acceptInvitation': { params: { uuid: '00000000-0000-4000-8000-000000000000' }, body: password },
    'accountsApi.sendAccessRequest': { body: { ...person, account_type: 'P' } },
    'accountsApi.acceptAccessRequest': { params: { id: none } },
    'accountsApi.rejectAccessRequest': { params: { id: none }, body: { reason: 'x' } },
    'accountsApi.forgetPassword': { body: { email: 'nobody@demo.test' } },
    'accountsApi.resetPassword': { body: { token: 'not-a-real-token-000', ...password } },
  };
}

/**
 * Streams (GET /api/events/) answer their headers and never end: only the status is read (and an
 * error's body), then the stream is dropped; the app's close ends it on the server.
 */
const STREAMS = new Set(['eventsApi.stream']);
async function callOnce(key: string, e: Endpoint, options: NonNullable<Parameters<TestApp['call']>[1]>) {
  if (!STREAMS.has(key)) return t.call(e, options);
  const res = await t.app.inject({
    method: e.method,
    url: e.path,
    headers: options.token ? { authorization: `Token ${options.token}` } : {},
    payloadAsStream: true,
  });
  const stream = res.stream();
  if (res.statusCode === 200) {
    stream.destroy();
    return { status: 200, body: null as any };
  }
  let text = '';
  for await (const chunk of stream) text += chunk;
  return { status: res.statusCode, body: JSON.parse(text) };
}

/** Endpoints that end the caller's session; they run last for each role. */
const SESSION_ENDING = new Set(['authApi.logout']);

// Every contract of the product (API_CONTRACTS in packages/shared/src/contracts.ts).
const entries = allContracts().sort((a, b) => Number(SESSION_ENDING.has(a.key)) - Number(SESSION_ENDING.has(b.key)));

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('route table', () => {
  it('every /api route declares who may call it', () => {
    const undeclared = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.access === undefined);
    expect(undeclared).toEqual([]);
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(entries.length);
  });

  it('every contract is served', () => {
    for (const { key, e } of entries) {
      const served = t.app.routeTable.some((r) => r.url === e.path && r.method === e.method);
      expect(served, key).toBe(true);
    }
  });
});

describe.each([...ROLES, null] as (Role | null)[])('as %s', (role) => {
  let token: string | null = null;
  beforeAll(async () => {
    token = role ? await t.login(role) : null;
  });

  it.each(entries)('$key answers by its access rule', async ({ key, e }) => {
    const res = await callOnce(key, e, { token, ...SAMPLE[key] });
    if (e.access === 'public' || (role && canAccess(e.access, role))) {
      expect([401, 403], `${key} ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else if (!role) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('not_authenticated');
    } else {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('permission_denied');
    }
  });
});

describe('a user who must change the password (require_password_reset)', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.login('reset@demo.test');
  });

  it.each(entries.filter(({ e }) => e.access !== 'public' && !e.allowedDuringPasswordReset))(
    '$key answers 403 password_change_required',
    async ({ key, e }) => {
      const res = await callOnce(key, e, { token, ...SAMPLE[key] });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: ERROR_CODES.passwordChangeRequired, message: MSG.passwordChangeRequired });
    },
  );

  it('reaches only me, logout and the two password calls among the authenticated endpoints', () => {
    const exempt = entries.filter(({ e }) => e.access !== 'public' && e.allowedDuringPasswordReset).map((x) => x.key);
    expect(exempt.sort()).toEqual(['authApi.logout', 'authApi.me', 'authApi.passwordChange', 'authApi.passwordUpdate']);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, type Executor, schema } from '@cab/db';
import { basisPoints, buildPath, type Endpoint, ordersApi, type Role } from '@cab/shared';
import { and, eq, sql } from 'drizzle-orm';
import { multipart, type Part } from './catalog-helpers.ts';
import { ROLE_EMAILS, setupTestApp, type TestApp } from './helpers.ts';
import { noPremiums } from './orders-fixtures.ts';

/** Fixtures of the orders lifecycle and conversation tests. */

export const ROLES: Role[] = ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'];

export interface Fixture {
  t: TestApp;
  dataDir: string;
  tokens: Record<Role, string>;
  userIds: Record<Role, number>;
  /** A catalogue line that needs no premium (no doors, no drawers). */
  plainItem: number;
  /** A BASE line with doors: without a base door style its group has an error. */
  doorItem: number;
  /** Addresses: the personal customer's and the company's. */
  addresses: { personalBilling: number; personalShipping: number; companyBilling: number; companyShipping: number };
  paymentOptions: { payInFull: number; businessOnly: number; expired: number };
  close(): Promise<void>;
}

export async function setupFixture(): Promise<Fixture> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-orders-'));
  const t = await setupTestApp({ dataDir, uploadMaxBytes: 200_000 });
  const db = t.handle.db;
  const tokens = {} as Record<Role, string>;
  const userIds = {} as Record<Role, number>;
  for (const role of ROLES) {
    tokens[role] = await t.login(role);
    const [u] = await db.select().from(schema.users).where(eq(schema.users.email, ROLE_EMAILS[role]));
    userIds[role] = u!.id;
  }
  const li = schema.lineItems;
  const plain = await plainLineItem(db);
  const [door] = await db
    .select({ id: li.id })
    .from(li)
    .where(and(eq(li.isAttachment, false), eq(li.baseCategory, 'BASE'), sql`${li.nbBaseDoor} > 0`))
    .limit(1);
  if (!plain || !door) throw new Error('the catalogue seed has no plain or door line item');

  const addr = await db.select().from(schema.addresses);
  const pick = (owner: 'user' | 'company', kind: 'BILLING' | 'SHIPPING') =>
    addr.find((a) => (owner === 'user' ? a.userId === userIds.PERSONAL : a.companyId !== null) && a.kind === kind)!.id;

  const po = schema.paymentOptions;
  const full = { label: 'Full', percentage: 10_000, due: 'ON_APPROVAL' as const };
  const [payInFull] = await db
    .insert(po)
    .values({ name: 'Pay in full', milestones: [full], discountPercentage: basisPoints(200) })
    .returning();
  const [businessOnly] = await db
    .insert(po)
    .values({ name: 'Net 30', milestones: [full], businessOnly: true })
    .returning();
  const [expired] = await db
    .insert(po)
    .values({ name: 'Old deal', milestones: [full], validTo: '2000-01-01' })
    .returning();

  return {
    t,
    dataDir,
    tokens,
    userIds,
    plainItem: plain.id,
    doorItem: door.id,
    addresses: {
      personalBilling: pick('user', 'BILLING'),
      personalShipping: pick('user', 'SHIPPING'),
      companyBilling: pick('company', 'BILLING'),
      companyShipping: pick('company', 'SHIPPING'),
    },
    paymentOptions: { payInFull: payInFull!.id, businessOnly: businessOnly!.id, expired: expired!.id },
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A BID of `owner` (created by that customer, or by the admin for the shop roles' tests):
 * `items` plain lines, or with `withErrors` one door line without a door style.
 */
export async function makeOrder(
  f: Fixture,
  owner: Role = 'PERSONAL',
  options: { items?: number; withErrors?: boolean; name?: string } = {},
): Promise<any> {
  const items = Array.from({ length: options.items ?? 1 }, (_, i) => ({
    _id: `i${i}`,
    line_item: f.plainItem,
    qty: 2,
    is_attachment: false,
  }));
  if (options.withErrors) items.push({ _id: 'door', line_item: f.doorItem, qty: 1, is_attachment: false });
  const byShop = owner === 'ADMIN' || owner === 'STAFF';
  const res = await f.t.call(ordersApi.create, {
    token: byShop ? f.tokens.ADMIN : f.tokens[owner],
    body: {
      name: options.name ?? 'Kitchen',
      groups: items.length ? [{ name: 'G1', premiums: noPremiums, items }] : [],
      ...(byShop ? { customer: f.userIds.PERSONAL } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The order row as stored. */
export async function orderRow(f: Fixture, id: number) {
  const [row] = await f.t.handle.db.select().from(schema.orders).where(eq(schema.orders.id, id));
  return row!;
}

export async function setOrder(f: Fixture, id: number, values: Partial<typeof schema.orders.$inferInsert>) {
  await f.t.handle.db.update(schema.orders).set(values).where(eq(schema.orders.id, id));
}

/** The order's audit events (oldest first), optionally of one action. */
export async function orderEvents(f: Fixture, id: number, action?: string) {
  const e = schema.auditEvents;
  return f.t.handle.db
    .select()
    .from(e)
    .where(and(eq(e.entity, 'order'), eq(e.entityId, String(id)), action ? eq(e.action, action) : undefined))
    .orderBy(e.id);
}

/** Today in the server's zone (YYYY-MM-DD), as the server computes it. */
export const todayLocal = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Counted here independently of the server: step day by day, skip Sat/Sun and `holidays` (MM-DD or full dates). */
export function expectedEarliest(today: string, leadTime: number, holidays: string[]): string {
  const d = new Date(`${today}T12:00:00Z`);
  let left = leadTime;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const iso = d.toISOString().slice(0, 10);
    const day = d.getUTCDay();
    const holiday = holidays.includes(iso) || holidays.includes(iso.slice(5));
    if (day !== 0 && day !== 6 && !holiday) left--;
  }
  return d.toISOString().slice(0, 10);
}

/** The submit form of SPEC 3, valid for the personal customer; `over` replaces (undefined removes) fields. */
export function submitForm(f: Fixture, over: Record<string, string | undefined> = {}, owner: Role = 'PERSONAL') {
  const company = owner === 'BUSINESS_MANAGER' || owner === 'BUSINESS_EMPLOYEE';
  const base: Record<string, string | undefined> = {
    completion_preference: 'ALL_AT_ONCE',
    job_priority: 'NORMAL',
    shipping_method: 'DELIVERY',
    billing_address: String(company ? f.addresses.companyBilling : f.addresses.personalBilling),
    shipping_address: String(company ? f.addresses.companyShipping : f.addresses.personalShipping),
    customer_payment_option: String(f.paymentOptions.payInFull),
    payment_method: 'CHECK',
    password: DEMO_PASSWORD,
    terms_of_use: 'true',
    po_number: 'PO-77',
    delivery_notes: 'Side door',
    ...over,
  };
  return Object.entries(base)
    .filter(([, v]) => v !== undefined)
    .map(([name, value]): Part => ({ name, value }));
}

export const filePart = (name: string, bytes: Buffer | string, field = 'files'): Part => ({
  name: field,
  filename: name,
  contentType: 'application/octet-stream',
  bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
});

/** A multipart call with or without a token. */
export async function send(
  f: Fixture,
  endpoint: Endpoint,
  token: string | null,
  params: Record<string, string | number>,
  parts: Part[],
) {
  const { payload, headers } = multipart(parts);
  const res = await f.t.app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, params),
    payload,
    headers: { ...headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
  let body: any = res.body;
  try {
    body = res.json();
  } catch {}
  return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
}

export const submit = (f: Fixture, token: string | null, id: number, parts: Part[]) =>
  send(f, ordersApi.submit, token, { id }, parts);

/** A seeded line item with no doors or drawers (no door or drawer premiums price it). */
export async function plainLineItem(db: Executor) {
  const li = schema.lineItems;
  const [plain] = await db
    .select({ id: li.id })
    .from(li)
    .where(
      and(
        eq(li.isAttachment, false),
        eq(li.nbBaseDoor, 0),
        eq(li.nbWallDoor, 0),
        eq(li.nbTallDoor, 0),
        eq(li.nbDrawer, 0),
      ),
    )
    .limit(1);
  return plain;
}

/**
 * Another company ("Other Kitchens") with its own manager, signed in: it reaches none of the demo
 * company's records. Returns the demo company's id (the demo manager's) and the other manager's token.
 */
export async function otherCompanyManager(f: Fixture) {
  const db = f.t.handle.db;
  const { users, companies } = schema;
  const [manager] = await db.select().from(users).where(eq(users.id, f.userIds.BUSINESS_MANAGER));
  const [other] = await db.insert(companies).values({ name: 'Other Kitchens' }).returning();
  await db.insert(users).values({
    email: 'other-manager@demo.test',
    passwordHash: manager!.passwordHash,
    firstName: 'Olga',
    lastName: 'Other',
    accountType: 'B',
    isManager: true,
    companyId: other!.id,
  });
  return {
    companyId: manager!.companyId!,
    passwordHash: manager!.passwordHash,
    token: await f.t.login('other-manager@demo.test'),
  };
}

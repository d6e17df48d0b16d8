import { schema } from '@cab/db';
import { type Cents, coreApi, type DashboardCard, invoicesApi, parseMoney, type Role, toWire } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder, call, depositOption } from './invoices-helpers.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';

/**
 * What a customer sees of its money (issue 27): its credit (a manager its company's), and the
 * dashboard's cards equal to what the invoice list and the credit answer say.
 */

let f: Fixture;
let companyId: number;
let otherCompanyId: number;
beforeAll(async () => {
  f = await setupFixture();
  const deposit = await depositOption(f);
  const db = f.t.handle.db;
  const [manager] = await db.select().from(schema.users).where(eq(schema.users.id, f.userIds.BUSINESS_MANAGER));
  companyId = manager!.companyId!;
  const [other] = await db.insert(schema.companies).values({ name: 'Other Cabinets LLC' }).returning();
  otherCompanyId = other!.id;

  // PERSONAL: one invoice due (deposit today), one overdue, one paid; 25.00 of credit, 5.00 of it applied.
  await approvedOrder(f, { option: deposit });
  const overdue = await approvedOrder(f, { option: deposit, items: 2 });
  await db
    .update(schema.invoiceMilestones)
    .set({ dueDate: '2020-01-02' })
    .where(eq(schema.invoiceMilestones.invoiceId, overdue.invoice.id));
  const paid = await approvedOrder(f);
  await pay(paid.invoice.id);
  const memo = await call(f, invoicesApi.customerCreditCreate, 'ADMIN', {
    params: { id: f.userIds.PERSONAL },
    body: { amount: '25.00', notes: 'Goodwill' },
  });
  expect(memo.status).toBe(201);
  await pay(overdue.invoice.id, '5.00', { method: 'CREDIT', credit_memo: memo.body.id });

  // The company: the manager's and the employee's invoices; 40.00 of company credit.
  await approvedOrder(f, { owner: 'BUSINESS_MANAGER', option: deposit });
  const late = await approvedOrder(f, { owner: 'BUSINESS_EMPLOYEE', option: deposit });
  await db
    .update(schema.invoiceMilestones)
    .set({ dueDate: '2021-03-04' })
    .where(eq(schema.invoiceMilestones.invoiceId, late.invoice.id));
  const company = await call(f, invoicesApi.companyCreditCreate, 'ADMIN', {
    params: { id: companyId },
    body: { amount: '40.00' },
  });
  expect(company.status).toBe(201);
  // The employee's own credit: not the manager's card (the manager sees the company's).
  await call(f, invoicesApi.customerCreditCreate, 'ADMIN', {
    params: { id: f.userIds.BUSINESS_EMPLOYEE },
    body: { amount: '3.00' },
  });
});
afterAll(() => f.close());

async function pay(invoiceId: number, amount?: string, extra: Record<string, unknown> = { method: 'CASH' }) {
  const inv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: invoiceId } })).body;
  const res = await call(f, invoicesApi.pay, 'ADMIN', {
    params: { id: inv.milestones[0].id },
    body: { ...extra, amount: amount ?? inv.milestones[0].balance },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const cents = (wire: string) => parseMoney(wire)!;
const sum = (values: string[]) => values.reduce((s, v) => s + cents(v), 0);

describe('GET /api/accounts/customers/{id}/credit/', () => {
  it('a customer reads its own credit; ADMIN any customer’s', async () => {
    const own = await call(f, invoicesApi.customerCredit, 'PERSONAL', { params: { id: f.userIds.PERSONAL } });
    expect(own.status).toBe(200);
    expect(own.body.available).toBe('20.00');
    expect(own.body.results).toHaveLength(1);
    expect(own.body.results[0]).toMatchObject({ amount: '25.00', applied: '5.00', available: '20.00' });
    const admin = await call(f, invoicesApi.customerCredit, 'ADMIN', { params: { id: f.userIds.PERSONAL } });
    expect(admin.body).toEqual(own.body);
    const employee = await call(f, invoicesApi.customerCredit, 'BUSINESS_EMPLOYEE', {
      params: { id: f.userIds.BUSINESS_EMPLOYEE },
    });
    expect(employee.status).toBe(200);
    expect(employee.body.available).toBe('3.00');
    const manager = await call(f, invoicesApi.customerCredit, 'BUSINESS_MANAGER', {
      params: { id: f.userIds.BUSINESS_MANAGER },
    });
    expect(manager.status).toBe(200);
    expect(manager.body).toMatchObject({ available: '0.00', results: [] });
  });

  it('another customer’s credit is 404 to a customer (as its other records), 403 to staff, 401 signed out', async () => {
    const cases: [Role, Role][] = [
      ['PERSONAL', 'BUSINESS_EMPLOYEE'],
      ['PERSONAL', 'BUSINESS_MANAGER'],
      ['BUSINESS_EMPLOYEE', 'PERSONAL'],
      ['BUSINESS_EMPLOYEE', 'BUSINESS_MANAGER'],
      ['BUSINESS_MANAGER', 'PERSONAL'],
      // A manager reads the company's credit on the company's endpoint, not an employee's own.
      ['BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'],
    ];
    for (const [who, whose] of cases) {
      const res = await call(f, invoicesApi.customerCredit, who, { params: { id: f.userIds[whose] } });
      expect(res.status, `${who} -> ${whose}`).toBe(404);
    }
    const staff = await call(f, invoicesApi.customerCredit, 'STAFF', { params: { id: f.userIds.STAFF } });
    expect(staff.status).toBe(403);
    const anon = await call(f, invoicesApi.customerCredit, null, { params: { id: f.userIds.PERSONAL } });
    expect(anon.status).toBe(401);
  });
});

describe('GET /api/accounts/companies/{id}/credit/', () => {
  it('the manager reads its company’s; ADMIN any; another company 404; other roles 403; signed out 401', async () => {
    const mine = await call(f, invoicesApi.companyCredit, 'BUSINESS_MANAGER', { params: { id: companyId } });
    expect(mine.status).toBe(200);
    expect(mine.body.available).toBe('40.00');
    expect((await call(f, invoicesApi.companyCredit, 'ADMIN', { params: { id: companyId } })).body).toEqual(mine.body);
    const other = await call(f, invoicesApi.companyCredit, 'BUSINESS_MANAGER', { params: { id: otherCompanyId } });
    expect(other.status).toBe(404);
    expect((await call(f, invoicesApi.companyCredit, 'ADMIN', { params: { id: otherCompanyId } })).status).toBe(200);
    for (const who of ['PERSONAL', 'BUSINESS_EMPLOYEE', 'STAFF'] as const) {
      expect((await call(f, invoicesApi.companyCredit, who, { params: { id: companyId } })).status, who).toBe(403);
    }
    expect((await call(f, invoicesApi.companyCredit, null, { params: { id: companyId } })).status).toBe(401);
  });
});

/** The dashboard's cards by key. */
async function cards(who: Role) {
  const res = await call(f, coreApi.dashboard, who);
  expect(res.status).toBe(200);
  return new Map<string, DashboardCard>(res.body.cards.map((c: DashboardCard) => [c.key, c]));
}

/** What the invoice list says: its open rows, its OVERDUE rows (every page). */
async function listOf(who: Role, query: Record<string, string> = {}) {
  const res = await call(f, invoicesApi.list, who, { query: { page_size: '200', ...query } });
  expect(res.status).toBe(200);
  expect(res.body.results.length).toBe(res.body.total);
  return res.body.results as { balance: string; next_due_date: string | null; status: string }[];
}

const ACCOUNT_KEYS = ['balance_due', 'balance_overdue', 'interest_fees', 'next_due_date', 'credit_available'];

describe('the customer dashboard (GET /api/core/dashboard/)', () => {
  it.each([
    ['PERSONAL', 'customer'],
    ['BUSINESS_MANAGER', 'company'],
  ] as const)(
    '%s: balance due, overdue, next due date and credit equal the invoice list and credit',
    async (who, kind) => {
      const c = await cards(who);
      for (const key of ACCOUNT_KEYS) expect(c.has(key), key).toBe(true);
      const open = await listOf(who);
      const overdue = await listOf(who, { status: 'OVERDUE' });
      expect(open.length).toBeGreaterThan(1);
      expect(overdue.length).toBe(1);
      expect(c.get('balance_due')).toMatchObject({
        value: sumWire(open.map((r) => r.balance)),
        href: '/invoices?page=1',
      });
      expect(cents(c.get('balance_due')!.value as string)).toBeGreaterThan(0);
      expect(c.get('balance_overdue')).toMatchObject({
        value: sumWire(overdue.map((r) => r.balance)),
        href: '/invoices?status=OVERDUE',
      });
      const dues = open.map((r) => r.next_due_date).filter((d): d is string => d !== null);
      expect(c.get('next_due_date')).toMatchObject({ value: dues.sort()[0], href: '/invoices?order_by=next_due_date' });
      expect(c.get('next_due_date')!.value).toBe(kind === 'customer' ? '2020-01-02' : '2021-03-04');
      const credit =
        kind === 'customer'
          ? await call(f, invoicesApi.customerCredit, who, { params: { id: f.userIds.PERSONAL } })
          : await call(f, invoicesApi.companyCredit, who, { params: { id: companyId } });
      expect(credit.status).toBe(200);
      expect(c.get('credit_available')).toMatchObject({
        value: credit.body.available,
        href: kind === 'customer' ? '/invoices?page=1#credit' : `/settings/users/company/${companyId}/invoices`,
      });
      expect(c.get('credit_available')!.value).toBe(kind === 'customer' ? '20.00' : '40.00');
      for (const key of ACCOUNT_KEYS) expect(c.get(key)!.label).toMatch(/\S/);
    },
  );

  it('a customer with nothing open: zeros and no next due date', async () => {
    const db = f.t.handle.db;
    const [u] = await db
      .insert(schema.users)
      .values({
        email: 'empty@demo.test',
        firstName: 'Emma',
        lastName: 'Empty',
        accountType: 'P',
        passwordHash: (await db.select().from(schema.users).where(eq(schema.users.id, f.userIds.PERSONAL)))[0]!
          .passwordHash,
      })
      .returning();
    const token = await f.t.login('empty@demo.test');
    const res = await f.t.call(coreApi.dashboard, { token });
    const c = new Map<string, DashboardCard>(res.body.cards.map((x: DashboardCard) => [x.key, x]));
    expect(u).toBeDefined();
    expect(c.get('balance_due')!.value).toBe('0.00');
    expect(c.get('balance_overdue')!.value).toBe('0.00');
    expect(c.get('interest_fees')!.value).toBe('0.00');
    expect(c.get('next_due_date')!.value).toBe('');
    expect(c.get('credit_available')!.value).toBe('0.00');
  });

  it('ADMIN, STAFF and BUSINESS_EMPLOYEE get no customer money cards; signed out 401', async () => {
    for (const who of ['ADMIN', 'STAFF', 'BUSINESS_EMPLOYEE'] as const) {
      const c = await cards(who);
      for (const key of ACCOUNT_KEYS) expect(c.has(key), `${who} ${key}`).toBe(false);
      // Issue 29: the sessions card gave way to each role's figures (orders in production for all three).
      expect(c.has('orders_in_production')).toBe(true);
    }
    expect((await call(f, coreApi.dashboard, null)).status).toBe(401);
  });

  it('a payment moves the cards with the list', async () => {
    const before = await cards('PERSONAL');
    const open = await call(f, invoicesApi.list, 'PERSONAL', { query: { status: 'DUE' } });
    await pay(open.body.results[0].id, '1.00');
    const after = await cards('PERSONAL');
    expect(cents(after.get('balance_due')!.value as string)).toBe(
      cents(before.get('balance_due')!.value as string) - 100,
    );
    expect(after.get('balance_due')!.value).toBe(sumWire((await listOf('PERSONAL')).map((r) => r.balance)));
  });
});

const sumWire = (values: string[]) => toWire(sum(values) as Cents);

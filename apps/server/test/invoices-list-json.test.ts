import { schema } from '@cab/db';
import {
  INVOICE_ORDER_BY,
  type InvoiceRow,
  invoiceListQuerySchema,
  invoicesApi,
  MILESTONE_STATUSES,
  ordersApi,
  type Paged,
  type Role,
} from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, systemContext } from '../src/kit/context.ts';
import { listInvoiceRows } from '../src/modules/invoices/index.ts';
import { approvedOrder, call, depositOption } from './invoices-helpers.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';

/**
 * The invoice list's rows are written by PostgreSQL as JSON (decision 0015). For invoices in every
 * status, each caller's page must be, byte for byte, what the TypeScript mapping (listInvoiceRows,
 * the detail's toWireRow) gives for the same query, with the awkward values: negative and large
 * money, microsecond timestamps, text JSON must escape, an empty first name, a company's name.
 */

let f: Fixture;
const ROLES = ['ADMIN', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const satisfies Role[];
const ALL = MILESTONE_STATUSES.join(',');

const pay = async (invoiceId: number, amount?: string) => {
  const inv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: invoiceId } })).body;
  const res = await call(f, invoicesApi.pay, 'ADMIN', {
    params: { id: inv.milestones[0].id },
    body: { method: 'CASH', ...(amount ? { amount } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

beforeAll(async () => {
  f = await setupFixture();
  const deposit = await depositOption(f);
  const db = f.t.handle.db;
  await approvedOrder(f); // DUE
  const partial = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', option: deposit });
  await pay(partial.invoice.id, '0.01');
  const paid = await approvedOrder(f, { owner: 'BUSINESS_EMPLOYEE' });
  await pay(paid.invoice.id);
  const overdue = await approvedOrder(f, { owner: 'BUSINESS_MANAGER', option: deposit });
  // The trigger on milestones moves the invoice's next due date into the past.
  await db
    .update(schema.invoiceMilestones)
    .set({ dueDate: '2020-01-02' })
    .where(eq(schema.invoiceMilestones.invoiceId, overdue.invoice.id));
  const cancelled = await approvedOrder(f, { owner: 'BUSINESS_EMPLOYEE' });
  expect((await call(f, ordersApi.cancel, 'ADMIN', { params: { id: cancelled.id }, body: {} })).status).toBe(200);
  // A reprice after a payment: version 1 superseded (VOID), version 2 PARTIAL.
  const repriced = await approvedOrder(f, { option: deposit });
  await pay(repriced.invoice.id, '1.00');
  const discount = await call(f, ordersApi.updateCustomDiscount, 'ADMIN', {
    params: { id: repriced.id },
    body: { custom_discount_amount: '2.00', custom_discount_notes: 'Goodwill' },
  });
  expect(discount.status).toBe(200);
  // Awkward values, written past the services.
  const odd = await approvedOrder(f);
  await db.execute(sql`update invoices set order_name = ${'Odd "quoted" \\ name \u00e9\u2713\n'}, total = -5,
    issued_at = '2026-01-02 23:59:59.999999-05' where id = ${odd.invoice.id}`);
  await db.execute(sql`update invoices set total = 123456789012, issued_at = '2026-01-02 03:04:05.123789+00'
    where id = ${paid.invoice.id}`);
  await db.update(schema.users).set({ firstName: '' }).where(eq(schema.users.id, f.userIds.PERSONAL));
  await db
    .update(schema.users)
    .set({ firstName: 'Mo "Max"', lastName: 'O\\Brien ' })
    .where(eq(schema.users.id, f.userIds.BUSINESS_MANAGER));
  await db.update(schema.companies).set({ name: 'Acme "Kitchens" & Co' });
}, 120_000);
afterAll(() => f.close());

/** The list's answer as sent (text) and as the TypeScript mapping gives it, for the same query. */
async function bothLists(role: (typeof ROLES)[number], query: Record<string, string>) {
  const res = await f.t.app.inject({
    method: 'GET',
    url: '/api/invoices/',
    query,
    headers: { authorization: `Token ${f.tokens[role]}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [user] = await f.t.handle.db.select().from(schema.users).where(eq(schema.users.id, f.userIds[role]));
  const ctx: Ctx = {
    ...systemContext(f.t.app.deps, f.t.app.log),
    actor: {
      id: user!.id,
      email: user!.email,
      role,
      companyId: user!.companyId,
      tokenId: 0,
      mustChangePassword: false,
    },
  };
  const parsed = invoiceListQuerySchema.parse(query);
  return { text: res.body, mapped: await listInvoiceRows(ctx, parsed) };
}

describe('the invoice list written by PostgreSQL', () => {
  it('has invoices in every status', async () => {
    const { mapped } = await bothLists('ADMIN', { status: ALL, page_size: '100' });
    expect(new Set(mapped.results.map((r) => r.status))).toEqual(new Set(MILESTONE_STATUSES));
  });

  it.each(ROLES)('answers %s what the TypeScript mapping gives, byte for byte', async (role) => {
    const queries: Record<string, string>[] = [
      { status: ALL, page_size: '100' },
      {},
      { status: 'PAID,VOID', page_size: '100' },
      { status: 'OVERDUE', page_size: '100' },
      { status: ALL, page_size: '2', page: '2', order_by: 'balance,-number' },
      ...INVOICE_ORDER_BY.flatMap((key) => [
        { status: ALL, order_by: key },
        { status: ALL, order_by: `-${key}` },
      ]),
    ];
    for (const query of queries) {
      const { text, mapped } = await bothLists(role, query);
      expect(JSON.parse(text)).toEqual(mapped);
      expect(text).toBe(JSON.stringify(mapped));
    }
    const all = await bothLists(role, { status: ALL, page_size: '100' });
    expect(all.mapped.results.length).toBeGreaterThan(role === 'ADMIN' ? 7 : 0);
  });

  it('writes the awkward values as the TypeScript wire does', async () => {
    const { text } = await bothLists('ADMIN', { status: ALL, page_size: '100' });
    const { results } = JSON.parse(text) as Paged<InvoiceRow>;
    expect(results.find((r) => r.total === '-0.05')).toMatchObject({
      order: { name: 'Odd "quoted" \\ name \u00e9\u2713\n' },
      issued_at: '2026-01-03T04:59:59.999Z',
      customer_display: 'Price',
    });
    expect(results.find((r) => r.total === '1234567890.12')).toMatchObject({
      issued_at: '2026-01-02T03:04:05.123Z',
      status: 'PAID',
    });
    expect(results.map((r) => r.customer_display)).toContain('Mo "Max" O\\Brien (Acme "Kitchens" & Co)');
  });

  it('a company with an empty name shows the person alone, for the scoped callers too', async () => {
    const [manager] = await f.t.handle.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, f.userIds.BUSINESS_MANAGER));
    await f.t.handle.db.update(schema.companies).set({ name: '' }).where(eq(schema.companies.id, manager!.companyId!));
    for (const role of ROLES) {
      const { text, mapped } = await bothLists(role, { status: ALL, page_size: '100' });
      expect(text).toBe(JSON.stringify(mapped));
    }
    const { mapped } = await bothLists('BUSINESS_MANAGER', { status: ALL, page_size: '100' });
    expect(mapped.results.map((r) => r.customer_display)).toContain('Mo "Max" O\\Brien');
  });
});

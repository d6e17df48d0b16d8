import { DEMO_SELLER, schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotal } from '../src/modules/invoices/index.ts';
import { seed } from '../src/seed/index.ts';

/** The demo money (apps/server/src/seed/invoices.ts): every screen of issue 17 has something to show. */

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
  await seed(handle.db, { demoOrders: true });
}, 240_000);
afterAll(() => handle.close());

describe('demo invoices', () => {
  it('approved demo orders have invoices; payments of each manual method; credit applied and reversed; a bank to verify', async () => {
    const db = handle.db;
    const orders = await db.select().from(schema.orders);
    const invoices = await db.select().from(schema.invoices);
    const approved = orders.filter((o) => o.verifiedAt !== null);
    expect(approved.length).toBeGreaterThan(0);
    expect(new Set(invoices.map((i) => i.orderId))).toEqual(new Set(approved.map((o) => o.id)));
    const payments = await db.select().from(schema.payments);
    expect(new Set(payments.map((p) => p.method))).toEqual(new Set(['CHECK', 'CASH', 'WIRE', 'CREDIT']));
    const memos = await db.select().from(schema.creditMemos);
    expect(memos.map((m) => m.status).sort()).toEqual(['ACTIVE', 'REVERSED']);
    const banks = await db.select().from(schema.bankAccounts);
    expect(banks.map((b) => b.status)).toContain('PENDING_VERIFICATION');
    // The demo interest and storage fees of the last days (seed/charges.ts, decision 0035).
    const entries = await db.select().from(schema.ledgerEntries);
    const interest = entries.filter((e) => e.kind === 'INTEREST');
    const fees = entries.filter((e) => e.kind === 'FEE');
    expect(interest.length + fees.length).toBeGreaterThan(0);
    const extra = [...interest, ...fees].reduce((a, e) => a + e.amount, 0);
    // The ledger adds up: charges + interest and fees - payments - active credit.
    const charged = invoices.filter((i) => i.supersededAt === null).reduce((a, i) => a + i.total, 0);
    const paid = payments
      .filter((p) => p.method !== 'CREDIT' && p.status === 'SUCCEEDED')
      .reduce((a, p) => a + p.amount, 0);
    const credited = memos.filter((m) => m.status === 'ACTIVE').reduce((a, m) => a + m.amount, 0);
    expect(await ledgerTotal(db)).toBe(charged + extra - paid - credited);
  });

  it('numbers the demo invoices in the order they were issued (issue 27), each version with its -n', async () => {
    const invoices = await handle.db.select().from(schema.invoices);
    const firsts = invoices
      .filter((i) => i.version === 1)
      .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.id - b.id);
    expect(firsts.map((i) => i.number)).toEqual(firsts.map((_, k) => `INV-${String(k + 1).padStart(6, '0')}`));
    const base = new Map(firsts.map((i) => [i.orderId, i.number]));
    for (const later of invoices.filter((i) => i.version > 1)) {
      expect(later.number).toBe(`${base.get(later.orderId)}-${later.version}`);
    }
    // The seller on the demo's papers.
    const [name] = await handle.db.select().from(schema.settings).where(eq(schema.settings.key, 'seller_name'));
    expect(name?.value).toBe(DEMO_SELLER.seller_name);
    // Pickups are taxed where the seller is (Chicago, IL), at a rate the demo's table has (issue 34).
    const setting = async (key: string) =>
      (await handle.db.select().from(schema.settings).where(eq(schema.settings.key, key)))[0]?.value;
    expect(await setting('shop_state')).toBe('IL');
    expect(DEMO_SELLER.seller_address).toMatch(/, IL \d{5}$/);
    expect((await setting('tax_rates')) as Record<string, number>).toHaveProperty('IL', 6.25);
  });

  it('running the seed again adds nothing', async () => {
    const before = (await handle.db.select().from(schema.ledgerEntries)).length;
    await seed(handle.db, { demoOrders: true });
    expect((await handle.db.select().from(schema.ledgerEntries)).length).toBe(before);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schema } from '@cab/db';
import { auditApi, financeApi, MSG, ordersApi } from '@cab/shared';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The account pages' finance calls (issue 17): payment and pickup reminders queue the templates'
 * e-mails in the outbox and answer { queued }; overdue interest and storage fee settings are
 * stored per customer and per company, bounded, audited.
 */

let t: TestApp;
let admin: string;
let dataDir: string;
let personalId: number;
let companyId: number;
let managerEmail: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-finance-acc-'));
  t = await setupTestApp({ dataDir });
  admin = await t.login('ADMIN');
  const users = await t.handle.db.select().from(schema.users);
  personalId = users.find((u) => u.email === 'personal@demo.test')!.id;
  const manager = users.find((u) => u.email === 'manager@demo.test')!;
  companyId = manager.companyId!;
  managerEmail = manager.email;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (e: Parameters<TestApp['call']>[0], o: Parameters<TestApp['call']>[1] = {}) =>
  t.call(e, { token: admin, ...o });

/** The outbox rows written after `afterId`. */
const outboxAfter = (afterId: number) =>
  t.handle.db
    .select()
    .from(schema.emailOutbox)
    .where(gt(schema.emailOutbox.id, afterId))
    .orderBy(schema.emailOutbox.id);
async function lastOutboxId() {
  const rows = await t.handle.db.select({ id: schema.emailOutbox.id }).from(schema.emailOutbox);
  return Math.max(0, ...rows.map((r) => r.id));
}

describe('reminders', () => {
  it('a payment reminder to a customer queues one e-mail from the template, with no body, {} or empty JSON', async () => {
    for (const body of [undefined, {}]) {
      const before = await lastOutboxId();
      const res = await call(financeApi.customerPaymentReminder, { params: { id: personalId }, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ queued: 1 });
      const [mail, ...more] = await outboxAfter(before);
      expect(more).toHaveLength(0);
      expect(mail).toMatchObject({
        toAddress: 'personal@demo.test',
        templateName: 'payment_reminder',
        status: 'PENDING',
      });
      expect(mail!.subject).toContain('Payment reminder');
    }
    const events = await call(auditApi.events, { query: { entity: 'user', entity_id: String(personalId) } });
    expect(events.body.results[0]).toMatchObject({ action: 'send_payment_reminder', after: { queued: 1 } });
  });

  it("a company's reminder goes to its active managers", async () => {
    const before = await lastOutboxId();
    const res = await call(financeApi.companyPaymentReminder, { params: { id: companyId } });
    expect(res.status).toBe(200);
    const mails = await outboxAfter(before);
    expect(res.body.queued).toBe(mails.length);
    expect(mails.map((m) => m.toAddress)).toContain(managerEmail);
  });

  it('a pickup reminder queues one e-mail per completed order waiting', async () => {
    const none = await call(financeApi.customerPickupReminder, { params: { id: personalId } });
    expect(none.body).toEqual({ queued: 0 });
    const ids: number[] = [];
    for (const name of ['Kitchen ready', 'Bath ready']) {
      const order = await call(ordersApi.create, { body: { name, groups: [], customer: personalId } });
      ids.push(order.body.id);
    }
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 60_000);
    await t.handle.db
      .update(schema.orders)
      .set({ status: 'COMPLETED', completedAt: threeDaysAgo })
      .where(eq(schema.orders.id, ids[0]!));
    await t.handle.db.update(schema.orders).set({ status: 'COMPLETED' }).where(eq(schema.orders.id, ids[1]!));
    const before = await lastOutboxId();
    const res = await call(financeApi.customerPickupReminder, { params: { id: personalId } });
    expect(res.body).toEqual({ queued: 2 });
    const mails = await outboxAfter(before);
    expect(mails.map((m) => m.templateName)).toEqual(['pickup_reminder', 'pickup_reminder']);
    expect(mails[0]!.subject).toContain('Kitchen ready');
    expect(mails[0]!.body).toContain('ready for 3 days');
  });

  it('404 for an unknown or a staff account, and for an unknown company', async () => {
    const staff = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'staff@demo.test'));
    for (const id of [999_999, staff[0]!.id]) {
      const res = await call(financeApi.customerPaymentReminder, { params: { id } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.userNotFound);
    }
    expect((await call(financeApi.companyPickupReminder, { params: { id: 999_999 } })).status).toBe(404);
  });
});

describe('overdue interest and storage fees', () => {
  it('answer the defaults before anything is set', async () => {
    expect((await call(financeApi.customerOverdueInterest, { params: { id: personalId } })).body).toEqual({
      enabled: false,
      monthly_percentage: '0.00',
      grace_days: 0,
      on_fees: false,
    });
    expect((await call(financeApi.companyStorageFees, { params: { id: companyId } })).body).toEqual({
      enabled: false,
      daily_amount: '0.00',
      free_days: 0,
    });
  });

  it('store per customer and per company; a PATCH changes only what it sends', async () => {
    const res = await call(financeApi.customerUpdateOverdueInterest, {
      params: { id: personalId },
      body: { enabled: true, monthly_percentage: '1.5', grace_days: 10 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ enabled: true, monthly_percentage: '1.50', grace_days: 10, on_fees: false });
    const fees = await call(financeApi.customerUpdateStorageFees, {
      params: { id: personalId },
      body: { enabled: true, daily_amount: '15', free_days: 7 },
    });
    expect(fees.body).toEqual({ enabled: true, daily_amount: '15.00', free_days: 7 });
    // The interest is untouched by the fees' write, and a partial PATCH keeps the rest.
    const partial = await call(financeApi.customerUpdateOverdueInterest, {
      params: { id: personalId },
      body: { grace_days: 5 },
    });
    expect(partial.body).toEqual({ enabled: true, monthly_percentage: '1.50', grace_days: 5, on_fees: false });
    const company = await call(financeApi.companyUpdateStorageFees, {
      params: { id: companyId },
      body: { enabled: true, daily_amount: '20.00', free_days: 3 },
    });
    expect(company.body).toEqual({ enabled: true, daily_amount: '20.00', free_days: 3 });
    expect((await call(financeApi.companyOverdueInterest, { params: { id: companyId } })).body.enabled).toBe(false);

    const rows = await t.handle.db
      .select()
      .from(schema.accountChargeSettings)
      .where(and(eq(schema.accountChargeSettings.customerId, personalId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ interestMonthly: 150, interestGraceDays: 5, storageDailyAmount: 1500 });
    const events = await call(auditApi.events, {
      query: { entity: 'account_charges', entity_id: `customer:${personalId}` },
    });
    expect(events.body.results[0]).toMatchObject({
      action: 'update',
      after: { grace_days: 5 },
      before: { grace_days: 10 },
    });
  });

  it('bound every number', async () => {
    const res = await call(financeApi.customerUpdateOverdueInterest, {
      params: { id: personalId },
      body: { enabled: 'yes', monthly_percentage: '100.01', grace_days: 3651 },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.monthly_percentage).toEqual([MSG.percentageBetween]);
    expect(Object.keys(res.body.fields).sort()).toEqual(['enabled', 'grace_days', 'monthly_percentage']);
    const fees = await call(financeApi.companyUpdateStorageFees, {
      params: { id: companyId },
      body: { daily_amount: '-1', free_days: -1 },
    });
    expect(Object.keys(fees.body.fields).sort()).toEqual(['daily_amount', 'free_days']);
    const huge = await call(financeApi.companyUpdateStorageFees, {
      params: { id: companyId },
      body: { daily_amount: '1e9' },
    });
    expect(huge.status).toBe(400);
    expect((await call(financeApi.companyStorageFees, { params: { id: 999_999 } })).status).toBe(404);
  });
});

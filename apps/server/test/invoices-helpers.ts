import { schema } from '@cab/db';
import { type Endpoint, ordersApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { type Fixture, makeOrder, submit, submitForm } from './orders-lifecycle-helpers.ts';

/** Fixtures of the invoices tests: approved orders, with a 50/50 payment option. */

/** A payment option "50 % deposit": half on approval, half 30 days after completion. */
export async function depositOption(f: Fixture) {
  const [row] = await f.t.handle.db
    .insert(schema.paymentOptions)
    .values({
      name: '50 % deposit',
      milestones: [
        { label: 'Deposit', percentage: 5_000, due: 'ON_APPROVAL' },
        { label: 'Balance', percentage: 5_000, due: 'DAYS_AFTER_COMPLETION', days: 30 },
      ],
    })
    .returning();
  return row!.id;
}

/** A BID of `owner`, submitted with `option` and approved by the admin: answers the order as approved. */
export async function approvedOrder(
  f: Fixture,
  options: { owner?: 'PERSONAL' | 'BUSINESS_MANAGER' | 'BUSINESS_EMPLOYEE'; option?: number; items?: number } = {},
): Promise<any> {
  const owner = options.owner ?? 'PERSONAL';
  const order = await makeOrder(f, owner, { items: options.items ?? 1 });
  const form = submitForm(f, options.option ? { customer_payment_option: String(options.option) } : {}, owner);
  const submitted = await submit(f, f.tokens[owner], order.id, form);
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const approved = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: order.id }, body: {} });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  return approved.body;
}

export const call = (
  f: Fixture,
  e: Endpoint,
  who: keyof Fixture['tokens'] | null,
  o: Parameters<Fixture['t']['call']>[1] = {},
) => f.t.call(e, { ...o, token: who ? f.tokens[who] : null });

export async function ledgerRows(f: Fixture) {
  return f.t.handle.db.select().from(schema.ledgerEntries).orderBy(schema.ledgerEntries.id);
}

export async function paymentRows(f: Fixture, milestoneId: number) {
  return f.t.handle.db.select().from(schema.payments).where(eq(schema.payments.milestoneId, milestoneId));
}

/** The payment receipts queued in the outbox, newest last. */
export async function receiptMails(f: Fixture) {
  const o = schema.emailOutbox;
  return f.t.handle.db.select().from(o).where(eq(o.templateName, 'payment_receipt')).orderBy(o.id);
}

/**
 * `work` with the server's clock at noon of `day` in the shop (the database's clock is not moved):
 * a check received on a later day is recorded that day, as a received date after the shop's
 * today is refused (issue 34).
 */
export async function onDay<T>(day: string, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T17:00:00Z`));
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

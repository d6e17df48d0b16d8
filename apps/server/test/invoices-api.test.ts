import { schema } from '@cab/db';
import { addDays, formatWireMoney, INVOICE_TEXT, invoicesApi, ordersApi, todayIn } from '@cab/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder, call, depositOption, ledgerRows, paymentRows, receiptMails } from './invoices-helpers.ts';
import { type Fixture, makeOrder, setupFixture } from './orders-lifecycle-helpers.ts';

let f: Fixture;
let deposit: number;
beforeAll(async () => {
  f = await setupFixture();
  deposit = await depositOption(f);
});
afterAll(() => f.close());

const cents = (wire: string) => Math.round(Number(wire) * 100);

describe('approve issues the invoice', () => {
  it('in the same transaction: milestones from the payment option add up to the total to the cent', async () => {
    const order = await approvedOrder(f, { option: deposit, items: 3 });
    expect(order.invoice).not.toBeNull();
    expect(order.invoice.total_price).toBe(order.total_price);
    expect(order.invoice.status).toBe('DUE');
    const inv = await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } });
    expect(inv.status).toBe(200);
    const ms = inv.body.milestones;
    expect(ms.map((m: any) => m.label)).toEqual(['Deposit', 'Balance']);
    expect(cents(ms[0].amount) + cents(ms[1].amount)).toBe(cents(order.total_price));
    expect(ms[0].due_date).not.toBeNull();
    // Due 30 days after completion: not known before the order is completed.
    expect(ms[1].due_date).toBeNull();
    expect(inv.body.versions).toHaveLength(1);
    const events = await f.t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entity, 'invoice'), eq(schema.auditEvents.entityId, String(order.invoice.id))));
    expect(events.map((e) => e.action)).toEqual(['issue']);
  });

  it('an order before approval has no invoice', async () => {
    const bid = await makeOrder(f);
    const res = await call(f, ordersApi.detail, 'PERSONAL', { params: { id: bid.id } });
    expect(res.body.invoice).toBeNull();
  });

  it('the split gives the last milestone the remainder (odd cents)', async () => {
    const { splitTotal } = await import('../src/modules/invoices/index.ts');
    expect(splitTotal(10001 as never, [{ percentage: 5000 }, { percentage: 5000 }])).toEqual([5001, 5000]);
    expect(splitTotal(100 as never, [{ percentage: 3333 }, { percentage: 3333 }, { percentage: 3334 }])).toEqual([
      33, 33, 34,
    ]);
  });
});

describe('visibility', () => {
  it('a customer lists its own invoices, a manager the company’s, ADMIN all; others get 404', async () => {
    const mine = await approvedOrder(f);
    const company = await approvedOrder(f, { owner: 'BUSINESS_MANAGER' });
    const ids = async (who: 'PERSONAL' | 'BUSINESS_MANAGER' | 'BUSINESS_EMPLOYEE' | 'ADMIN') =>
      (await call(f, invoicesApi.list, who, { query: { page_size: '200' } })).body.results.map((r: any) => r.id);
    expect(await ids('PERSONAL')).toContain(mine.invoice.id);
    expect(await ids('PERSONAL')).not.toContain(company.invoice.id);
    expect(await ids('BUSINESS_MANAGER')).toContain(company.invoice.id);
    expect(await ids('BUSINESS_MANAGER')).not.toContain(mine.invoice.id);
    expect(await ids('ADMIN')).toEqual(expect.arrayContaining([mine.invoice.id, company.invoice.id]));
    expect((await call(f, invoicesApi.detail, 'BUSINESS_MANAGER', { params: { id: mine.invoice.id } })).status).toBe(
      404,
    );
    expect((await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: company.invoice.id } })).status).toBe(404);
    expect((await call(f, invoicesApi.detail, 'STAFF', { params: { id: mine.invoice.id } })).status).toBe(403);
    const row = (await call(f, invoicesApi.list, 'ADMIN', { query: { order: String(mine.id) } })).body.results[0];
    expect(row).toMatchObject({ order: { id: mine.id }, status: 'DUE', paid: '0.00', credited: '0.00' });
    expect(row.customer_display).toMatch(/\S/);
  });

  it('the PDFs are PDFs', async () => {
    const order = await approvedOrder(f);
    const res = await f.t.app.inject({
      method: 'GET',
      url: `/api/invoices/${order.invoice.id}/pdf/`,
      headers: { authorization: `Token ${f.tokens.PERSONAL}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('paying by hand', () => {
  it('an admin records a check: the milestone and the invoice become PAID; one audit event', async () => {
    const order = await approvedOrder(f);
    const inv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body;
    const m = inv.milestones[0];
    const res = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m.id },
      body: { method: 'CHECK', reference: 'CHK 1001', received_on: addDays(todayIn(), -30) },
    });
    expect(res.status).toBe(201);
    expect(res.body.payment).toMatchObject({ method: 'CHECK', amount: m.amount, status: 'SUCCEEDED' });
    expect(res.body.client_secret).toBeNull();
    const after = (await call(f, ordersApi.detail, 'PERSONAL', { params: { id: order.id } })).body.invoice;
    expect(after).toMatchObject({ status: 'PAID', paid: m.amount, balance: '0.00' });
    expect((await call(f, ordersApi.detail, 'PERSONAL', { params: { id: order.id } })).body.has_payments_made).toBe(
      true,
    );
    const paidList = await call(f, invoicesApi.list, 'PERSONAL', {
      query: { status: 'PAID', order: String(order.id) },
    });
    expect(paidList.body.results).toHaveLength(1);
    const due = await call(f, invoicesApi.list, 'PERSONAL', { query: { order: String(order.id) } });
    expect(due.body.results).toHaveLength(0);
    const events = await f.t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(
        and(eq(schema.auditEvents.entity, 'payment'), eq(schema.auditEvents.entityId, String(res.body.payment.id))),
      );
    expect(events).toHaveLength(1);
    const mail = (await receiptMails(f)).at(-1)!;
    expect(mail.toAddress).toBe('personal@demo.test');
    expect(mail.subject).toContain(formatWireMoney(m.amount));
    const receipts = await call(f, invoicesApi.payments, 'PERSONAL', { query: { order: String(order.id) } });
    expect(receipts.body.results.map((p: any) => p.id)).toEqual([res.body.payment.id]);
    const other = await call(f, invoicesApi.payments, 'BUSINESS_MANAGER', { query: { order: String(order.id) } });
    expect(other.body.results).toEqual([]);
  });

  it('a partial payment leaves the milestone PARTIAL; more than the balance is refused', async () => {
    const order = await approvedOrder(f, { option: deposit });
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body.milestones[0];
    const part = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m.id },
      body: { method: 'CASH', amount: '0.01' },
    });
    expect(part.status).toBe(201);
    const ms = await call(f, invoicesApi.milestone, 'PERSONAL', { params: { id: m.id } });
    expect(ms.body).toMatchObject({ status: 'PARTIAL', paid: '0.01' });
    const tooMuch = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m.id },
      body: { method: 'WIRE', amount: m.amount },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('payment_amount_too_large');
    expect(tooMuch.body.fields.amount).toBeDefined();
  });

  it('customers may not record checks; card and ACH without Stripe answer stripe_not_configured', async () => {
    const order = await approvedOrder(f);
    const m = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body.milestones[0];
    const check = await call(f, invoicesApi.pay, 'PERSONAL', { params: { id: m.id }, body: { method: 'CHECK' } });
    expect(check.status).toBe(400);
    expect(check.body.code).toBe('payment_method_not_allowed');
    const card = await call(f, invoicesApi.pay, 'PERSONAL', { params: { id: m.id }, body: { method: 'CARD' } });
    expect(card.status).toBe(400);
    expect(card.body).toMatchObject({
      code: 'stripe_not_configured',
      message: 'Card and bank payments are not configured',
    });
    expect(await paymentRows(f, m.id)).toHaveLength(0);
  });

  it('the same idempotency key answers the same payment and changes nothing (also when sent at once)', async () => {
    const order = await approvedOrder(f, { option: deposit });
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body.milestones[0];
    const before = (await ledgerRows(f)).length;
    const body = { method: 'CHECK', amount: '1.00', idempotency_key: `dbl-${m.id}` };
    const [a, b] = await Promise.all([
      call(f, invoicesApi.pay, 'ADMIN', { params: { id: m.id }, body }),
      call(f, invoicesApi.pay, 'ADMIN', { params: { id: m.id }, body }),
    ]);
    const c = await call(f, invoicesApi.pay, 'ADMIN', { params: { id: m.id }, body });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.payment.id, b.body.payment.id, c.body.payment.id]).size).toBe(1);
    expect(await paymentRows(f, m.id)).toHaveLength(1);
    expect((await ledgerRows(f)).length).toBe(before + 1);
  });
});

describe('credit memos', () => {
  it('credit a company, split it over two invoices, reverse it: the balances come back, nothing deleted', async () => {
    const one = await approvedOrder(f, { owner: 'BUSINESS_MANAGER' });
    const two = await approvedOrder(f, { owner: 'BUSINESS_MANAGER' });
    const companyId = (await f.t.handle.db.select().from(schema.orders).where(eq(schema.orders.id, one.id)))[0]!
      .companyId!;
    const memo = await call(f, invoicesApi.companyCreditCreate, 'ADMIN', {
      params: { id: companyId },
      body: { amount: '10.00', notes: 'Damaged door' },
    });
    expect(memo.status).toBe(201);
    expect(memo.body).toMatchObject({ amount: '10.00', applied: '0.00', available: '10.00', status: 'ACTIVE' });
    const m1 = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: one.invoice.id } })).body.milestones[0];
    const m2 = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: two.invoice.id } })).body.milestones[0];
    for (const [m, amount] of [
      [m1, '4.00'],
      [m2, '6.00'],
    ] as const) {
      const res = await call(f, invoicesApi.pay, 'ADMIN', {
        params: { id: m.id },
        body: { method: 'CREDIT', credit_memo: memo.body.id, amount },
      });
      expect(res.status).toBe(201);
    }
    const over = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m1.id },
      body: { method: 'CREDIT', credit_memo: memo.body.id, amount: '0.01' },
    });
    expect(over.body.code).toBe('credit_unavailable');
    const list = await call(f, invoicesApi.companyCredit, 'BUSINESS_MANAGER', { params: { id: companyId } });
    expect(list.body.results[0]).toMatchObject({ applied: '10.00', available: '0.00' });
    const credited = (await call(f, invoicesApi.milestone, 'ADMIN', { params: { id: m1.id } })).body;
    expect(credited).toMatchObject({ credited: '4.00', status: 'PARTIAL' });
    const entries = (await ledgerRows(f)).length;

    const reversed = await call(f, invoicesApi.reverseCredit, 'ADMIN', {
      params: { id: memo.body.id },
      body: { notes: 'Issued in error' },
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ status: 'REVERSED', reversal_notes: 'Issued in error' });
    expect((await call(f, invoicesApi.milestone, 'ADMIN', { params: { id: m1.id } })).body).toMatchObject({
      credited: '0.00',
      balance: m1.amount,
      status: 'DUE',
    });
    expect((await call(f, invoicesApi.milestone, 'ADMIN', { params: { id: m2.id } })).body.balance).toBe(m2.amount);
    expect((await ledgerRows(f)).length).toBeGreaterThan(entries);
    const again = await call(f, invoicesApi.reverseCredit, 'ADMIN', {
      params: { id: memo.body.id },
      body: { notes: 'x' },
    });
    expect(again.body.code).toBe('credit_memo_reversed');
    const noNotes = await call(f, invoicesApi.reverseCredit, 'ADMIN', { params: { id: memo.body.id }, body: {} });
    expect(noNotes.status).toBe(400);
    const audits = await f.t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entity, 'credit_memo'), eq(schema.auditEvents.entityId, String(memo.body.id))));
    expect(audits.map((a) => a.action)).toEqual(['create', 'reverse']);
  });

  it('a memo pays only its own party’s invoices', async () => {
    const order = await approvedOrder(f);
    const memo = await call(f, invoicesApi.customerCreditCreate, 'ADMIN', {
      params: { id: f.userIds.BUSINESS_MANAGER },
      body: { amount: '5.00' },
    });
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body.milestones[0];
    const res = await call(f, invoicesApi.pay, 'ADMIN', {
      params: { id: m.id },
      body: { method: 'CREDIT', credit_memo: memo.body.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.credit_memo).toBeDefined();
  });
});

describe('the ledger', () => {
  it('refuses UPDATE and DELETE', async () => {
    const refused = async (q: ReturnType<typeof sql>) => {
      try {
        await f.t.handle.db.execute(q);
        return 'allowed';
      } catch (err) {
        return String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
      }
    };
    expect(await refused(sql`update ledger_entries set amount = 0`)).toMatch(/append-only/);
    expect(await refused(sql`delete from ledger_entries`)).toMatch(/append-only/);
  });

  it('cancel is refused while the invoice has payments; without any it voids the milestones', async () => {
    const paid = await approvedOrder(f);
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: paid.invoice.id } })).body.milestones[0];
    await call(f, invoicesApi.pay, 'ADMIN', { params: { id: m.id }, body: { method: 'CASH', amount: '0.50' } });
    const refused = await call(f, ordersApi.cancel, 'ADMIN', { params: { id: paid.id }, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('order_has_payments');
    // The one refusal is the invoices' cancel listener's (the lifecycle table does not know payments).
    expect(refused.body.message).toBe(INVOICE_TEXT.orderHasPayments);
    expect((await call(f, ordersApi.detail, 'ADMIN', { params: { id: paid.id } })).body.status).toBe('VERIFIED');

    const open = await approvedOrder(f);
    const cancelled = await call(f, ordersApi.cancel, 'ADMIN', { params: { id: open.id }, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.invoice).toBeNull();
    const inv = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: open.invoice.id } })).body;
    expect(inv.status).toBe('VOID');
    expect(inv.balance).toBe('0.00');
  });

  it('a reprice after approval issues a new version; the old one stays readable and the payment moves', async () => {
    const order = await approvedOrder(f, { option: deposit });
    const m = (await call(f, invoicesApi.detail, 'ADMIN', { params: { id: order.invoice.id } })).body.milestones[0];
    await call(f, invoicesApi.pay, 'ADMIN', { params: { id: m.id }, body: { method: 'CHECK', amount: '1.00' } });
    const res = await call(f, ordersApi.updateCustomDiscount, 'ADMIN', {
      params: { id: order.id },
      body: { custom_discount_amount: '2.00', custom_discount_notes: 'Goodwill' },
    });
    expect(res.status).toBe(200);
    expect(res.body.invoice.id).not.toBe(order.invoice.id);
    expect(res.body.invoice.total_price).toBe(res.body.total_price);
    expect(res.body.invoice.paid).toBe('1.00');
    const v2 = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: res.body.invoice.id } })).body;
    expect(v2.versions.map((v: any) => v.version)).toEqual([1, 2]);
    expect(v2.number).toMatch(/-2$/);
    expect(cents(v2.balance)).toBe(cents(res.body.total_price) - 100);
    const v1 = (await call(f, invoicesApi.detail, 'PERSONAL', { params: { id: order.invoice.id } })).body;
    expect(v1).toMatchObject({ status: 'VOID', balance: '0.00', total: order.invoice.total_price });
  });
});

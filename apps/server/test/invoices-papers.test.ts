import { schema } from '@cab/db';
import { type Cents, coreApi, formatWireMoney, invoicesApi, ordersApi, parseMoney, toWire } from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, depositOption, ledgerRows, receiptMails } from './invoices-helpers.ts';
import { noPremiums } from './orders-fixtures.ts';
import { type Fixture, makeOrder, setupFixture, submit, submitForm, todayLocal } from './orders-lifecycle-helpers.ts';
import { pdfText } from './pdf-text.ts';

/**
 * Issue 27: the papers a customer files (the invoice and the receipt, read as text), the day a
 * payment was received kept everywhere, a reissued invoice's payments on its own milestones, the
 * receipts newest first, invoice numbers in issue order.
 */

let f: Fixture;
let deposit: number;
const SELLER = {
  seller_name: 'Birch & Oak Cabinetry',
  seller_address: '12 Mill Road\nSpringfield, IL 62701',
  seller_phone: '(217) 555-0199',
};
beforeAll(async () => {
  f = await setupFixture();
  deposit = await depositOption(f);
  // A handling fee on checks: every order here pays by check, so each invoice has a surcharge.
  await f.t.handle.db
    .insert(schema.surcharges)
    .values({ name: 'Check handling', amount: 500 as Cents, paymentMethod: 'CHECK' });
  const patched = await call(f, coreApi.patchSettings, 'ADMIN', { body: SELLER });
  expect(patched.status).toBe(200);
});
afterAll(() => f.close());

const cents = (wire: string) => parseMoney(wire)!;
const plusDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** How the papers print a day. */
const printed = (iso: string) =>
  new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** Received days within the last 366 days (a received date further back is refused, issue 34). */
const checkDay = plusDays(todayLocal(), -60);
const firstDay = plusDays(todayLocal(), -20);
const secondDay = plusDays(todayLocal(), -19);
/** The day of a wire instant in the server's zone (the tests run in the server's process). */
const dayOf = (instant: string) => todayLocal(new Date(instant));

async function paper(url: string, who: keyof Fixture['tokens'] = 'PERSONAL') {
  const res = await f.t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${f.tokens[who]}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

/** A submitted (ORDERED) bid of the personal customer; `groups` as the create call takes them. */
async function orderedBid(groups?: unknown[], option?: number) {
  let order: any;
  if (groups) {
    const res = await call(f, ordersApi.create, 'PERSONAL', { body: { name: 'Paper kitchen', groups } });
    expect(res.status).toBe(201);
    order = res.body;
  } else order = await makeOrder(f);
  const form = submitForm(f, option ? { customer_payment_option: String(option) } : {});
  const submitted = await submit(f, f.tokens.PERSONAL, order.id, form);
  expect(submitted.status).toBe(200);
  return submitted.body;
}

const approve = async (id: number) => {
  const res = await call(f, ordersApi.approve, 'ADMIN', { params: { id }, body: {} });
  expect(res.status).toBe(200);
  return res.body;
};
const detail = async (id: number, who: keyof Fixture['tokens'] = 'ADMIN') =>
  (await call(f, invoicesApi.detail, who, { params: { id } })).body;
const payCheck = async (milestone: number, body: Record<string, string>) => {
  const res = await call(f, invoicesApi.pay, 'ADMIN', {
    params: { id: milestone },
    body: { method: 'CHECK', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payment;
};
const reprice = async (orderId: number, amount = '2.00') => {
  const res = await call(f, ordersApi.updateCustomDiscount, 'ADMIN', {
    params: { id: orderId },
    body: { custom_discount_amount: amount, custom_discount_notes: 'Goodwill' },
  });
  expect(res.status).toBe(200);
  return res.body;
};

describe('the invoice PDF', () => {
  it('has the seller, both addresses, each line with its attachment, every price step, the schedule, payments and balance', async () => {
    const db = f.t.handle.db;
    const [attachment] = await db
      .select()
      .from(schema.lineItems)
      .where(eq(schema.lineItems.isAttachment, true))
      .limit(1);
    const [cabinet] = await db.select().from(schema.lineItems).where(eq(schema.lineItems.id, f.plainItem));
    const bid = await orderedBid([
      {
        name: 'Island',
        premiums: noPremiums,
        items: [
          { _id: 'cab', line_item: f.plainItem, qty: 2, is_attachment: false },
          { _id: 'mod', line_item: attachment!.id, qty: 3, is_attachment: true, parentId: 'cab' },
        ],
      },
    ]);
    // The shop's goodwill on review, then approval: the invoice carries the discount.
    await reprice(bid.id, '3.00');
    const order = await approve(bid.id);
    const inv = await detail(order.invoice.id);
    const pay = await payCheck(inv.milestones[0].id, {
      amount: '1.00',
      reference: 'CHK 4410',
      received_on: checkDay,
    });

    // Part of the check given back (recorded at once for a check).
    const refund = await call(f, invoicesApi.refund, 'ADMIN', {
      params: { id: pay.id },
      // Owed again (not a credit note, decision 0044): the balance below counts it.
      body: {
        amount: '0.40',
        reason: 'Overcharged hinge',
        credit_note: false,
        idempotency_key: `papers-refund-${pay.id}`,
      },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    const text = await paper(`/api/invoices/${inv.id}/pdf/`);
    // The seller (global settings).
    expect(text).toContain('Birch & Oak Cabinetry');
    expect(text).toContain('12 Mill Road');
    expect(text).toContain('Springfield, IL 62701');
    expect(text).toContain('(217) 555-0199');
    expect(text).toContain(`Invoice ${inv.number}`);
    // Bill to and ship to, as the order took them at submit.
    const full = (await call(f, ordersApi.detail, 'PERSONAL', { params: { id: order.id } })).body;
    expect(text).toContain('Bill to');
    expect(text).toContain('Ship to');
    expect(text).toContain(full.billing_address.line1);
    expect(text).toContain(full.shipping_address.line2);
    expect(text).toContain(
      `${full.shipping_address.city}, ${full.shipping_address.state} ${full.shipping_address.postal_code}`,
    );
    // Each line: code, description, quantity, unit price, line total; the attachment under its cabinet.
    const [cab, mod] = full.groups[0].items;
    expect(text).toContain('Cabinet group: Island');
    expect(text).toContain(cabinet!.manufacturerCode);
    expect(text).toContain(cab.description);
    expect(text).toContain(`+ ${mod.description}`);
    expect(text.indexOf(`+ ${mod.description}`)).toBeGreaterThan(text.indexOf(cab.description));
    expect(text).toContain(formatWireMoney(cab.unit_price));
    expect(text).toContain(formatWireMoney(cab.total_price));
    expect(text).toContain(formatWireMoney(mod.total_price));
    // Subtotal, each discount and surcharge, tax, total.
    expect(text).toContain(`Subtotal`);
    expect(text).toContain(formatWireMoney(full.subtotal));
    expect(text).toContain('Discount (Goodwill)');
    expect(text).toContain(`-${formatWireMoney('3.00')}`);
    expect(full.surcharge).toBe('5.00');
    expect(text).toContain('Surcharge');
    expect(text).toContain(`+${formatWireMoney('5.00')}`);
    expect(text).toContain('Sales tax');
    expect(text).toContain(formatWireMoney(inv.total));
    // The schedule, the payment received, the balance.
    expect(text).toContain('Payment option discount (Pay in full)');
    expect(text).toContain(`-${formatWireMoney(full.payment_option_discount)}`);
    expect(text).toContain('Payment schedule');
    expect(text).toContain(`Full (Partial)`);
    expect(text).toContain('Payments received');
    expect(text).toContain(`Check R-${String(pay.id).padStart(6, '0')}`);
    expect(text).toContain('CHK 4410');
    expect(text).toContain(printed(checkDay));
    expect(text).toContain('Refunds');
    expect(text).toContain(`Refund of R-${String(pay.id).padStart(6, '0')}`);
    expect(text).toContain('Overcharged hinge');
    expect(text).toContain(`-${formatWireMoney('0.40')}`);
    expect(text).toContain('Refunds');
    expect(text).toContain(`Balance due`);
    expect(text).toContain(formatWireMoney(toWire((cents(inv.total) - 60) as Cents)));
  });

  it('a superseded version says so, with its own figures', async () => {
    const order = await approve((await orderedBid(undefined, deposit)).id);
    const repriced = await reprice(order.id);
    expect(repriced.invoice.id).not.toBe(order.invoice.id);
    const text = await paper(`/api/invoices/${order.invoice.id}/pdf/`);
    expect(text).toContain('this version is void');
    expect(text).toContain(formatWireMoney(order.invoice.total_price));
  });
});

describe('the receipt PDF', () => {
  it('has the seller, payer, invoice and milestone, method, reference, received date, amount and the balance left after it', async () => {
    const order = await approve((await orderedBid(undefined, deposit)).id);
    const inv = await detail(order.invoice.id);
    const m = inv.milestones[0];
    const first = await payCheck(m.id, { amount: '1.00', reference: 'CHK 501', received_on: firstDay });
    const second = await payCheck(m.id, { amount: '2.00', reference: 'CHK 502', received_on: secondDay });

    const text = await paper(`/api/payments/${first.id}/receipt/`);
    expect(text).toContain('Birch & Oak Cabinetry');
    expect(text).toContain('Springfield, IL 62701');
    expect(text).toContain(`Receipt R-${String(first.id).padStart(6, '0')}`);
    expect(text).toContain(first.payer);
    expect(text).toContain(inv.number);
    expect(text).toContain('Deposit');
    expect(text).toContain('Check');
    expect(text).toContain('CHK 501');
    expect(text).toContain(printed(firstDay));
    expect(text).toContain(formatWireMoney('1.00'));
    // What was left on the milestone right after this payment, not after the later one.
    expect(text).toContain('Balance left on Deposit');
    expect(text).toContain(formatWireMoney(toWire((cents(m.amount) - 100) as Cents)));
    const later = await paper(`/api/payments/${second.id}/receipt/`);
    expect(later).toContain(formatWireMoney(toWire((cents(m.amount) - 300) as Cents)));
    expect(later).toContain(printed(secondDay));
    // Another customer's receipt stays out of reach.
    const other = await f.t.app.inject({
      method: 'GET',
      url: `/api/payments/${first.id}/receipt/`,
      headers: { authorization: `Token ${f.tokens.BUSINESS_MANAGER}` },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('received_on is the payment’s received_at everywhere', () => {
  it('the answer, the list, the invoice, the ledger, the receipt and its e-mail say the day the check came', async () => {
    const day = plusDays(todayLocal(), -40);
    const order = await approve((await orderedBid()).id);
    const inv = await detail(order.invoice.id);
    const p = await payCheck(inv.milestones[0].id, {
      amount: inv.milestones[0].amount,
      reference: 'CHK 77',
      received_on: day,
    });
    expect(dayOf(p.received_at)).toBe(day);
    const listed = (await call(f, invoicesApi.payments, 'PERSONAL', { query: { order: String(order.id) } })).body
      .results[0];
    expect(listed.id).toBe(p.id);
    expect(dayOf(listed.received_at)).toBe(day);
    const onInvoice = (await detail(inv.id, 'PERSONAL')).payments.find((x: any) => x.id === p.id);
    expect(dayOf(onInvoice.received_at)).toBe(day);
    const entries = (await ledgerRows(f)).filter((e) => e.paymentId === p.id && e.kind === 'PAYMENT');
    expect(entries.map((e) => e.effectiveDate)).toEqual([day]);
    expect(await paper(`/api/payments/${p.id}/receipt/`)).toContain(printed(day));
    const mail = (await receiptMails(f)).at(-1)!;
    expect(JSON.stringify(mail)).toContain(printed(day));
  });
});

describe('the receipts list', () => {
  it('is in received date order, newest first, whatever order they were recorded in', async () => {
    const today = todayLocal();
    const order = await approve((await orderedBid(undefined, deposit)).id);
    const m = (await detail(order.invoice.id)).milestones[0];
    const a = await payCheck(m.id, { amount: '1.00', received_on: plusDays(today, -30) });
    const b = await payCheck(m.id, { amount: '1.00', received_on: plusDays(today, -50) });
    const c = await payCheck(m.id, { amount: '1.00', received_on: plusDays(today, -10) });
    const list = await call(f, invoicesApi.payments, 'ADMIN', { query: { order: String(order.id) } });
    expect(list.body.results.map((p: any) => p.id)).toEqual([c.id, a.id, b.id]);
  });
});

describe('a reissued invoice’s payments', () => {
  it('name its own milestones (where their money was carried), on the invoice and the list; the receipt stays as issued', async () => {
    const order = await approve((await orderedBid(undefined, deposit)).id);
    const v1 = await detail(order.invoice.id);
    const p = await payCheck(v1.milestones[0].id, { amount: '1.00', reference: 'CHK 9' });
    const repriced = await reprice(order.id);
    const v2 = await detail(repriced.invoice.id, 'PERSONAL');
    expect(v2.payments.map((x: any) => x.id)).toEqual([p.id]);
    expect(v2.payments[0].milestone).toBe(v2.milestones[0].id);
    expect(v2.payments[0].invoice).toEqual({ id: v2.id, number: v2.number });
    expect(v2.milestones[0]).toMatchObject({ paid: '1.00', status: expect.not.stringMatching('VOID') });
    const listed = (await call(f, invoicesApi.payments, 'PERSONAL', { query: { order: String(order.id) } })).body
      .results;
    expect(listed.map((x: any) => x.milestone)).toEqual([v2.milestones[0].id]);
    // The receipt stays as it was issued, on the first version (issue 34: a record of a moment).
    const receipt = await paper(`/api/payments/${p.id}/receipt/`);
    expect(receipt).toContain(v1.number);
    expect(receipt).toContain(formatWireMoney(toWire((cents(v1.milestones[0].amount) - 100) as Cents)));
    const moved = await f.t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entity, 'payment'), eq(schema.auditEvents.entityId, String(p.id))));
    expect(moved.map((e) => e.action)).toContain('move');
  });
});

describe('invoice numbers', () => {
  const seq = (number: string) => Number(/^INV-(\d{6,})$/.exec(number)?.[1]);

  it('follow the order invoices are issued in, not the order ids; a reissue keeps its number with -2', async () => {
    const first = await orderedBid();
    const second = await orderedBid();
    expect(second.id).toBeGreaterThan(first.id);
    // The later order is approved first: it gets the lower number.
    const b = await approve(second.id);
    const a = await approve(first.id);
    expect(seq(b.invoice.number)).toBeGreaterThan(0);
    expect(seq(a.invoice.number)).toBe(seq(b.invoice.number) + 1);
    const repriced = await reprice(first.id);
    expect(repriced.invoice.number).toBe(`${a.invoice.number}-2`);
    const again = await reprice(first.id, '4.00');
    expect(again.invoice.number).toBe(`${a.invoice.number}-3`);
    // The next invoice still comes after every one before it.
    const c = await approve((await orderedBid()).id);
    expect(seq(c.invoice.number)).toBe(seq(a.invoice.number) + 1);
  });

  it('approvals at the same time draw distinct numbers, one after another', async () => {
    const bids = [await orderedBid(), await orderedBid(), await orderedBid(), await orderedBid()];
    const approved = await Promise.all(bids.map((b) => approve(b.id)));
    const numbers = approved.map((o) => seq(o.invoice.number)).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(4);
    expect(numbers.at(-1)! - numbers[0]!).toBe(3);
  });
});

describe('the seller settings', () => {
  it('are global settings an admin reads and changes', async () => {
    const read = await call(f, coreApi.getSettings, 'ADMIN');
    expect(read.body).toMatchObject(SELLER);
    const tooLong = await call(f, coreApi.patchSettings, 'ADMIN', { body: { seller_name: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.fields ?? {})).toEqual(['seller_name']);
  });
});

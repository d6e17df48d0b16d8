import { readdirSync } from 'node:fs';
import path from 'node:path';
import { schema } from '@cab/db';
import {
  basisPoints,
  cents,
  DISCOUNT_CODE_REFUSAL_TEXT,
  INVOICE_CODES,
  invoicesApi,
  MSG,
  ORDER_LIFECYCLE_CODES,
  ORDER_TEXT,
  type OrderAction,
  ordersApi,
} from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../src/kit/context.ts';
import { transaction } from '../src/kit/transaction.ts';
import { applyMove } from '../src/modules/orders/lifecycle/status.ts';
import { orderById } from '../src/modules/orders/repository.ts';
import { approvedOrder } from './invoices-helpers.ts';
import {
  expectedEarliest,
  type Fixture,
  filePart,
  makeOrder,
  orderEvents,
  orderRow,
  setOrder,
  setupFixture,
  submit,
  submitForm,
  todayLocal,
} from './orders-lifecycle-helpers.ts';

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const storedFilesOf = (orderId: number): string[] => {
  try {
    return readdirSync(path.join(f.dataDir, 'uploads', 'orders', String(orderId)));
  } catch {
    return [];
  }
};

/** Submitted order (ORDERED) of the personal customer. */
async function orderedOrder(options: { withErrors?: boolean } = {}) {
  const order = await makeOrder(f, 'PERSONAL', options);
  const res = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('submit', () => {
  it('refuses a NUL in a form field or a file name with the field named, and keeps the order a BID', async () => {
    const order = await makeOrder(f, 'PERSONAL');
    const inField = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f, { po_number: 'PO\u00007' }));
    expect(inField.status).toBe(400);
    expect(inField.body.fields).toEqual({ po_number: [MSG.textHasNul] });
    const inName = await submit(f, f.tokens.PERSONAL, order.id, [
      ...submitForm(f),
      filePart('plan\u0000.pdf', 'x', 'supplement_documentation'),
    ]);
    expect(inName.status).toBe(400);
    expect(inName.body.fields).toEqual({ supplement_documentation: [MSG.textHasNul] });
    expect((await orderById(f.t.handle.db, order.id))?.status).toBe('BID');
  });

  it('moves a BID to ORDERED with the submit fields, snapshots, files and one event', async () => {
    const order = await makeOrder(f, 'PERSONAL', { items: 2 });
    const earliest = expectedEarliest(todayLocal(), 15, ['01-01']);
    const res = await submit(f, f.tokens.PERSONAL, order.id, [
      ...submitForm(f, { requested_date: earliest, payment_method: 'CARD' }),
      filePart('plan.pdf', '%PDF-1.4 plan', 'supplement_documentation'),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body;
    expect(o.status).toBe('ORDERED');
    expect(o.requested_date).toBe(earliest);
    expect(o.due_date).toBe(earliest);
    expect(o.po_number).toBe('PO-77');
    expect(o.payment_method).toBe('CARD');
    expect(o.customer_payment_option).toBe(f.paymentOptions.payInFull);
    expect(o.billing_address).toMatchObject({ id: f.addresses.personalBilling, city: 'New York', state: 'NY' });
    expect(o.shipping_address).toMatchObject({ id: f.addresses.personalShipping, line2: 'Apt 12' });
    expect(o.submitted_at).not.toBeNull();
    // Repriced with the payment option's 2 % discount.
    expect(o.payment_option_discount).not.toBe('0.00');
    expect(o.allowed_actions).not.toContain('submit');
    expect(o.can_be_updated).toBe(false);
    const row = await orderRow(f, order.id);
    expect(row.submittedById).toBe(f.userIds.PERSONAL);
    expect(row.version).toBeGreaterThan(order.version);
    const events = await orderEvents(f, order.id, 'submit');
    expect(events).toHaveLength(1);
    expect(events[0]!.before).toMatchObject({ status: 'BID', in_editing_mode: false });
    expect(events[0]!.after).toMatchObject({ status: 'ORDERED', supplement_documentation: ['plan.pdf'] });
    expect(events[0]!.actorId).toBe(f.userIds.PERSONAL);
    const files = await f.t.call(ordersApi.files, { token: f.tokens.PERSONAL, params: { id: order.id } });
    expect(files.body.results).toMatchObject([{ kind: 'SUPPLEMENT', name: 'plan.pdf', size: 13 }]);
    expect(storedFilesOf(order.id)).toHaveLength(1);
  });

  it('computes the due date from lead_time business days, skipping weekends and holidays', async () => {
    const today = todayLocal();
    // A holiday on the next weekday: the earliest date moves one business day later.
    const next = expectedEarliest(today, 1, []);
    await f.t.handle.db.insert(schema.holidays).values({ date: next, name: 'Shop closed', recurring: false });
    await f.t.handle.db.update(schema.settings).set({ value: 3 }).where(eq(schema.settings.key, 'lead_time'));
    try {
      const earliest = expectedEarliest(today, 3, ['01-01', next]);
      const order = await makeOrder(f);
      const tooSoon = expectedEarliest(today, 2, ['01-01', next]);
      const refused = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f, { requested_date: tooSoon }));
      expect(refused.status).toBe(400);
      expect(refused.body.fields.requested_date).toEqual([ORDER_TEXT.requestedDateTooSoon(earliest)]);
      const ok = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.requested_date).toBeNull();
      expect(ok.body.due_date).toBe(earliest);
    } finally {
      await f.t.handle.db.update(schema.settings).set({ value: 15 }).where(eq(schema.settings.key, 'lead_time'));
      await f.t.handle.db.delete(schema.holidays).where(eq(schema.holidays.date, next));
    }
  });

  const refusals: [string, Record<string, string | undefined>, string, string?][] = [
    ['completion_preference missing', { completion_preference: undefined }, 'completion_preference', MSG.required],
    ['job_priority missing', { job_priority: undefined }, 'job_priority', MSG.required],
    ['shipping_method missing', { shipping_method: undefined }, 'shipping_method', MSG.required],
    ['billing_address missing', { billing_address: undefined }, 'billing_address'],
    ['payment option missing', { customer_payment_option: undefined }, 'customer_payment_option'],
    ['payment_method missing', { payment_method: undefined }, 'payment_method', MSG.required],
    ['password missing', { password: undefined }, 'password'],
    ['terms not accepted', { terms_of_use: 'false' }, 'terms_of_use', ORDER_TEXT.termsRequired],
    ['terms missing', { terms_of_use: undefined }, 'terms_of_use', ORDER_TEXT.termsRequired],
    [
      'delivery without a shipping address',
      { shipping_address: undefined },
      'shipping_address',
      ORDER_TEXT.shippingAddressRequired,
    ],
    ['ACH without a bank', { payment_method: 'ACH' }, 'bank', ORDER_TEXT.bankRequired],
    ['a bad requested_date', { requested_date: '31/12/2030' }, 'requested_date', ORDER_TEXT.dateInvalid],
    ['requested_date today', { requested_date: todayLocal() }, 'requested_date'],
    ['wrong password', { password: 'not-my-password' }, 'password', ORDER_TEXT.passwordWrong],
    ['the password of another user', { password: 'x' }, 'password', ORDER_TEXT.passwordWrong],
    ['unknown billing address', { billing_address: '999999' }, 'billing_address', ORDER_TEXT.addressNotYours],
    ['payment option of business customers', {}, 'customer_payment_option', ORDER_TEXT.paymentOptionUnavailable],
    ['expired payment option', {}, 'customer_payment_option', ORDER_TEXT.paymentOptionUnavailable],
    ['unknown payment option', { customer_payment_option: '999999' }, 'customer_payment_option'],
  ];

  it.each(refusals)('refuses %s, and changes nothing', async (label, over, field, message) => {
    const order = await makeOrder(f);
    const form = { ...over };
    if (label === 'payment option of business customers')
      form.customer_payment_option = String(f.paymentOptions.businessOnly);
    if (label === 'expired payment option') form.customer_payment_option = String(f.paymentOptions.expired);
    const res = await submit(f, f.tokens.PERSONAL, order.id, [
      ...submitForm(f, form),
      filePart('plan.pdf', 'x', 'supplement_documentation'),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
    if (message) expect(res.body.fields[field]).toContain(message);
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('BID');
    expect(row.version).toBe(order.version);
    expect(row.submittedAt).toBeNull();
    expect(await orderEvents(f, order.id, 'submit')).toHaveLength(0);
    expect(storedFilesOf(order.id)).toEqual([]);
  });

  it("refuses another customer's address (the company's, for the personal customer)", async () => {
    const order = await makeOrder(f);
    const res = await submit(
      f,
      f.tokens.PERSONAL,
      order.id,
      submitForm(f, { billing_address: String(f.addresses.companyBilling) }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.billing_address).toEqual([ORDER_TEXT.addressNotYours]);
  });

  it("takes the company's addresses and business-only options for a business customer; the admin submits with its own password", async () => {
    const order = await makeOrder(f, 'BUSINESS_EMPLOYEE');
    const form = submitForm(f, { customer_payment_option: String(f.paymentOptions.businessOnly) }, 'BUSINESS_EMPLOYEE');
    // The customer's password is not the admin's: the admin re-enters its own (both are the demo one here).
    const res = await submit(f, f.tokens.ADMIN, order.id, form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.billing_address.id).toBe(f.addresses.companyBilling);
    expect((await orderRow(f, order.id)).submittedById).toBe(f.userIds.ADMIN);
  });

  it('refuses an order without items or with group errors (the table guards), before reading the form', async () => {
    const empty = await makeOrder(f, 'PERSONAL', { items: 0 });
    const r1 = await submit(f, f.tokens.PERSONAL, empty.id, submitForm(f));
    expect(r1.status).toBe(400);
    expect(r1.body.code).toBe(ORDER_LIFECYCLE_CODES.noItems);
    const broken = await makeOrder(f, 'PERSONAL', { withErrors: true });
    expect(broken.error_count).toBeGreaterThan(0);
    // Even an empty form: the move is refused first.
    const r2 = await submit(f, f.tokens.PERSONAL, broken.id, []);
    expect(r2.status).toBe(400);
    expect(r2.body.code).toBe(ORDER_LIFECYCLE_CODES.hasGroupErrors);
    for (const o of [empty, broken]) {
      expect((await orderRow(f, o.id)).status).toBe('BID');
      expect(await orderEvents(f, o.id, 'submit')).toHaveLength(0);
    }
  });

  it("answers 404 for another customer's order and 403 for staff", async () => {
    const order = await makeOrder(f);
    for (const role of ['BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const) {
      const res = await submit(f, f.tokens[role], order.id, submitForm(f));
      expect(res.status).toBe(404);
    }
    expect((await submit(f, f.tokens.STAFF, order.id, submitForm(f))).status).toBe(403);
    expect((await submit(f, null, order.id, submitForm(f))).status).toBe(401);
    expect((await orderRow(f, order.id)).status).toBe('BID');
  });

  it('claims the discount code once under a concurrent double submit (one ORDERED event)', async () => {
    const [code] = await f.t.handle.db
      .insert(schema.discountCodes)
      .values({ code: 'TWICE10', percentage: basisPoints(1000), usageLimit: 5 })
      .returning();
    const order = await makeOrder(f);
    const entered = await f.t.call(ordersApi.discountCode, {
      token: f.tokens.PERSONAL,
      params: { id: order.id },
      body: { discount_code: 'TWICE10' },
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    const [a, b] = await Promise.all([
      submit(f, f.tokens.PERSONAL, order.id, submitForm(f)),
      submit(f, f.tokens.PERSONAL, order.id, submitForm(f)),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const loser = a.status === 200 ? b : a;
    expect([ORDER_LIFECYCLE_CODES.statusNotAllowed, ORDER_LIFECYCLE_CODES.changedConcurrently]).toContain(
      loser.body.code,
    );
    const [after] = await f.t.handle.db
      .select()
      .from(schema.discountCodes)
      .where(eq(schema.discountCodes.id, code!.id));
    expect(after!.timesUsed).toBe(1);
    expect((await orderRow(f, order.id)).discountCodeClaimed).toBe(true);
    expect(await orderEvents(f, order.id, 'submit')).toHaveLength(1);
  });

  it('refuses a submit whose code is used up, with the used_up text, and changes nothing', async () => {
    const [code] = await f.t.handle.db
      .insert(schema.discountCodes)
      .values({ code: 'ONCE', amount: cents(500), usageLimit: 1, timesUsed: 1 })
      .returning();
    const order = await makeOrder(f);
    await setOrder(f, order.id, { discountCodeId: code!.id });
    const before = await orderRow(f, order.id);
    const res = await submit(f, f.tokens.PERSONAL, order.id, [
      ...submitForm(f),
      filePart('a.pdf', 'abc', 'supplement_documentation'),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DISCOUNT_CODE_REFUSAL_TEXT.used_up);
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('BID');
    expect(row.version).toBe(before.version);
    expect(row.discountCodeClaimed).toBe(false);
    expect(await orderEvents(f, order.id, 'submit')).toHaveLength(0);
    // The supplement document stored before the transaction was removed again.
    expect(storedFilesOf(order.id)).toEqual([]);
    const [after] = await f.t.handle.db
      .select()
      .from(schema.discountCodes)
      .where(eq(schema.discountCodes.id, code!.id));
    expect(after!.timesUsed).toBe(1);
  });
});

describe('the status writer', () => {
  it('two concurrent approves: exactly one wins, one event', async () => {
    const order = await orderedOrder();
    const [a, b] = await Promise.all(
      [0, 1].map(() => f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: order.id }, body: {} })),
    );
    const statuses = [a!.status, b!.status].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    expect((await orderRow(f, order.id)).status).toBe('VERIFIED');
    expect(await orderEvents(f, order.id, 'approve')).toHaveLength(1);
  });

  it('a move decided on a stale read loses the compare-and-set: 409, nothing written', async () => {
    const order = await orderedOrder();
    const admin = f.t.app.deps;
    const ctx: Ctx = {
      db: admin.db,
      config: admin.config,
      storage: admin.storage,
      actor: {
        id: f.userIds.ADMIN,
        email: 'admin@demo.test',
        role: 'ADMIN',
        companyId: null,
        tokenId: 0,
        mustChangePassword: false,
      },
      requestId: null,
      log: f.t.app.log,
    };
    const stale = (await orderById(ctx.db, order.id))!;
    // Someone else starts editing it meanwhile.
    const edit = await f.t.call(ordersApi.startEditing, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
    expect(edit.status).toBe(200);
    const err = await transaction(ctx, (tx) => applyMove(tx, stale, 'approve')).catch((e) => e);
    expect(err.status).toBe(409);
    expect(err.code).toBe(ORDER_LIFECYCLE_CODES.changedConcurrently);
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('ORDERED');
    expect(row.inEditingMode).toBe(true);
    expect(await orderEvents(f, order.id, 'approve')).toHaveLength(0);
  });

  it('refuses every move the table does not allow with 400 and its code, and changes nothing', async () => {
    const bid = await makeOrder(f);
    const ordered = await orderedOrder();
    const editing = await orderedOrder();
    expect(
      (await f.t.call(ordersApi.startEditing, { token: f.tokens.ADMIN, params: { id: editing.id }, body: {} })).status,
    ).toBe(200);
    // A payment on its invoice: the invoices' cancel listener refuses it, not the lifecycle table.
    const paid = await approvedOrder(f);
    const deposit = (await f.t.call(invoicesApi.detail, { token: f.tokens.ADMIN, params: { id: paid.invoice.id } }))
      .body.milestones[0];
    const payment = await f.t.call(invoicesApi.pay, {
      token: f.tokens.ADMIN,
      params: { id: deposit.id },
      body: { method: 'CASH', amount: '0.50' },
    });
    expect(payment.status).toBe(201);
    const declined = await orderedOrder();
    expect(
      (
        await f.t.call(ordersApi.decline, {
          token: f.tokens.ADMIN,
          params: { id: declined.id },
          body: { reason: 'No' },
        })
      ).status,
    ).toBe(200);

    const cases: [string, any, keyof typeof ordersApi, string, unknown?][] = [
      ['approve a bid', bid, 'approve', ORDER_LIFECYCLE_CODES.statusNotAllowed],
      ['decline a bid', bid, 'decline', ORDER_LIFECYCLE_CODES.statusNotAllowed, { reason: 'x' }],
      ['start editing a bid', bid, 'startEditing', ORDER_LIFECYCLE_CODES.statusNotAllowed],
      ['stop editing an order not edited', ordered, 'stopEditing', ORDER_LIFECYCLE_CODES.notInEditingMode],
      ['fix an order without errors', ordered, 'fix', ORDER_LIFECYCLE_CODES.notFlagged],
      ['approve while editing', editing, 'approve', ORDER_LIFECYCLE_CODES.inEditingMode],
      ['decline while editing', editing, 'decline', ORDER_LIFECYCLE_CODES.inEditingMode, { reason: 'x' }],
      ['cancel while editing', editing, 'cancel', ORDER_LIFECYCLE_CODES.inEditingMode],
      ['start editing twice', editing, 'startEditing', ORDER_LIFECYCLE_CODES.inEditingMode],
      ['cancel with payments (the invoices refuse)', paid, 'cancel', INVOICE_CODES.orderHasPayments],
      ['cancel a declined order', declined, 'cancel', ORDER_LIFECYCLE_CODES.statusNotAllowed],
      ['approve a declined order', declined, 'approve', ORDER_LIFECYCLE_CODES.statusNotAllowed],
    ];
    for (const [label, order, key, code, body] of cases) {
      const before = await orderRow(f, order.id);
      const eventsBefore = (await orderEvents(f, order.id)).length;
      const res = await f.t.call(ordersApi[key], { token: f.tokens.ADMIN, params: { id: order.id }, body: body ?? {} });
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toBe(code);
      expect(res.body.message, label).toBeTruthy();
      const after = await orderRow(f, order.id);
      expect([after.status, after.inEditingMode, after.version], label).toEqual([
        before.status,
        before.inEditingMode,
        before.version,
      ]);
      expect((await orderEvents(f, order.id)).length, label).toBe(eventsBefore);
    }
  });
});

describe('moves', () => {
  it('approve: ORDERED -> VERIFIED with its event', async () => {
    const order = await orderedOrder();
    const res = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id: order.id }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('VERIFIED');
    expect(res.body.version).toBe(order.version + 1);
    const [event] = await orderEvents(f, order.id, 'approve');
    expect(event!.before).toEqual({ status: 'ORDERED', in_editing_mode: false, version: order.version });
    expect(event!.after).toEqual({ status: 'VERIFIED', in_editing_mode: false, version: order.version + 1 });
    expect(event!.actorId).toBe(f.userIds.ADMIN);
  });

  it('decline keeps the reason in metadata.status_notes; the customer clones it into a new bid', async () => {
    const order = await orderedOrder();
    const res = await f.t.call(ordersApi.decline, {
      token: f.tokens.ADMIN,
      params: { id: order.id },
      body: { reason: 'Sizes do not fit the wall' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('DECLINED');
    expect(res.body.metadata.status_notes).toEqual([
      { status: 'DECLINED', note: 'Sizes do not fit the wall', at: expect.any(String), by: f.userIds.ADMIN },
    ]);
    const [event] = await orderEvents(f, order.id, 'decline');
    expect(event!.after).toMatchObject({ status: 'DECLINED', reason: 'Sizes do not fit the wall' });

    const clone = await f.t.call(ordersApi.clone, { token: f.tokens.PERSONAL, params: { id: order.id }, body: {} });
    expect(clone.status, JSON.stringify(clone.body)).toBe(201);
    const copy = clone.body;
    expect(copy.id).not.toBe(order.id);
    expect(copy.status).toBe('BID');
    expect(copy.name).toBe('Kitchen (copy)');
    expect(copy.customer).toBe(f.userIds.PERSONAL);
    expect(copy.groups).toHaveLength(order.groups.length);
    expect(copy.groups[0].items.map((i: any) => [i.line_item, i.qty])).toEqual(
      order.groups[0].items.map((i: any) => [i.line_item, i.qty]),
    );
    expect(copy.subtotal).toBe(order.subtotal);
    expect(copy.submitted_at).toBeNull();
    expect((await orderRow(f, order.id)).status).toBe('DECLINED');
    const [cloned] = await orderEvents(f, order.id, 'clone');
    expect(cloned!.after).toEqual({ cloned_to: copy.id });
    const [created] = await orderEvents(f, copy.id, 'create');
    expect(created!.after).toMatchObject({ cloned_from: order.id });
  });

  it("clone: a manager clones the employee's order for the employee; another customer gets 404; staff 403", async () => {
    const order = await makeOrder(f, 'BUSINESS_EMPLOYEE', { name: 'Shop fit' });
    const res = await f.t.call(ordersApi.clone, {
      token: f.tokens.BUSINESS_MANAGER,
      params: { id: order.id },
      body: {},
    });
    expect(res.status).toBe(201);
    expect(res.body.customer).toBe(f.userIds.BUSINESS_EMPLOYEE);
    expect(res.body.name).toBe('Shop fit (copy)');
    expect(
      (await f.t.call(ordersApi.clone, { token: f.tokens.PERSONAL, params: { id: order.id }, body: {} })).status,
    ).toBe(404);
    expect(
      (await f.t.call(ordersApi.clone, { token: f.tokens.STAFF, params: { id: order.id }, body: {} })).status,
    ).toBe(403);
  });

  it('start_editing / stop_editing: stop reprices, revalidates and is refused while errors remain', async () => {
    const order = await orderedOrder();
    const start = await f.t.call(ordersApi.startEditing, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
    expect(start.status).toBe(200);
    expect(start.body.in_editing_mode).toBe(true);
    expect(start.body.can_be_updated).toBe(true);
    // The shop's edit leaves a group with an error (a door line without a door style).
    const groups = [
      {
        name: 'G1',
        premiums: order.groups[0].premiums,
        items: [
          ...order.groups[0].items.map((i: any) => ({
            _id: i._id,
            line_item: i.line_item,
            qty: i.qty,
            is_attachment: false,
          })),
          { _id: 'door', line_item: f.doorItem, qty: 1, is_attachment: false },
        ],
      },
    ];
    const edit = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.STAFF,
      params: { id: order.id },
      body: { groups },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.error_count).toBeGreaterThan(0);
    const before = await orderRow(f, order.id);
    const refused = await f.t.call(ordersApi.stopEditing, {
      token: f.tokens.STAFF,
      params: { id: order.id },
      body: {},
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ORDER_LIFECYCLE_CODES.hasGroupErrors);
    const still = await orderRow(f, order.id);
    expect([still.inEditingMode, still.version]).toEqual([true, before.version]);

    // Fixed: the door line goes; stop_editing closes it.
    const fixed = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.STAFF,
      params: { id: order.id },
      body: { groups: [{ ...groups[0], items: groups[0]!.items.slice(0, -1) }] },
    });
    expect(fixed.status).toBe(200);
    const stop = await f.t.call(ordersApi.stopEditing, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.in_editing_mode).toBe(false);
    expect(stop.body.status).toBe('ORDERED');
    expect(await orderEvents(f, order.id, 'start_editing')).toHaveLength(1);
    expect(await orderEvents(f, order.id, 'stop_editing')).toHaveLength(1);
  });

  it('stop_editing and fix keep the frozen line prices after a catalogue change (only recalculate reprices)', async () => {
    const order = await orderedOrder();
    const unit = order.groups[0].items[0].unit_price;
    const [item] = await f.t.handle.db.select().from(schema.lineItems).where(eq(schema.lineItems.id, f.plainItem));
    await f.t.handle.db
      .update(schema.lineItems)
      .set({ priceCents: cents(item!.priceCents + 12_345) })
      .where(eq(schema.lineItems.id, f.plainItem));
    try {
      await f.t.call(ordersApi.startEditing, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
      const stop = await f.t.call(ordersApi.stopEditing, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(stop.body.groups[0].items[0].unit_price).toBe(unit);
      expect(stop.body.total_price).toBe(order.total_price);
      await setOrder(f, order.id, { errorCount: 1 });
      const fixed = await f.t.call(ordersApi.fix, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body.groups[0].items[0].unit_price).toBe(unit);
      expect(fixed.body.total_price).toBe(order.total_price);
    } finally {
      await f.t.handle.db
        .update(schema.lineItems)
        .set({ priceCents: item!.priceCents })
        .where(eq(schema.lineItems.id, f.plainItem));
    }
  });

  it('fix: revalidates a flagged order and clears errors that no longer apply; the status stays', async () => {
    const order = await makeOrder(f);
    const [group] = await f.t.handle.db
      .select()
      .from(schema.orderGroups)
      .where(eq(schema.orderGroups.orderId, order.id));
    await f.t.handle.db
      .update(schema.orderGroups)
      .set({ errors: ['Missing Base Door Style'] })
      .where(eq(schema.orderGroups.id, group!.id));
    await setOrder(f, order.id, { errorCount: 1 });
    expect(
      (await f.t.call(ordersApi.fix, { token: f.tokens.PERSONAL, params: { id: order.id }, body: {} })).status,
    ).toBe(403);
    const res = await f.t.call(ordersApi.fix, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('BID');
    expect(res.body.error_count).toBe(0);
    expect(res.body.groups[0].errors).toEqual([]);
    const [event] = await orderEvents(f, order.id, 'fix');
    expect(event!.after).toMatchObject({ status: 'BID', error_count: 0 });
    // No longer flagged: a second fix is refused.
    const again = await f.t.call(ordersApi.fix, { token: f.tokens.STAFF, params: { id: order.id }, body: {} });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(ORDER_LIFECYCLE_CODES.notFlagged);
  });

  it('cancel: before production, by the admin; a claimed code use is given back', async () => {
    const [code] = await f.t.handle.db
      .insert(schema.discountCodes)
      .values({ code: 'BACK5', percentage: basisPoints(500), usageLimit: 3 })
      .returning();
    const order = await makeOrder(f);
    await f.t.call(ordersApi.discountCode, {
      token: f.tokens.PERSONAL,
      params: { id: order.id },
      body: { discount_code: 'BACK5' },
    });
    expect((await submit(f, f.tokens.PERSONAL, order.id, submitForm(f))).status).toBe(200);
    const used = async () =>
      (await f.t.handle.db.select().from(schema.discountCodes).where(eq(schema.discountCodes.id, code!.id)))[0]!
        .timesUsed;
    expect(await used()).toBe(1);
    expect(
      (await f.t.call(ordersApi.cancel, { token: f.tokens.STAFF, params: { id: order.id }, body: {} })).status,
    ).toBe(403);
    const res = await f.t.call(ordersApi.cancel, { token: f.tokens.ADMIN, params: { id: order.id }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CANCELLED');
    expect(await used()).toBe(0);
    expect((await orderRow(f, order.id)).discountCodeClaimed).toBe(false);
  });
});

describe('who may move which order', () => {
  const moves: [keyof typeof ordersApi, OrderAction, unknown?][] = [
    ['approve', 'approve'],
    ['decline', 'decline', { reason: 'x' }],
    ['startEditing', 'start_editing'],
    ['stopEditing', 'stop_editing'],
    ['fix', 'fix'],
    ['clone', 'clone'],
    ['cancel', 'cancel'],
  ];
  it.each(moves)(
    '%s: 401 without login, 403 outside the contract, 404 on an order out of reach',
    async (key, action, body) => {
      const order = await orderedOrder();
      const e = ordersApi[key];
      expect((await f.t.call(e, { params: { id: order.id }, body })).status).toBe(401);
      for (const role of ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const) {
        const res = await f.t.call(e, { token: f.tokens[role], params: { id: order.id }, body: body ?? {} });
        const allowed = e.access === 'authenticated' || (e.access as readonly string[]).includes(role);
        if (!allowed) expect(res.status, `${action} ${role}`).toBe(403);
        else if (role === 'BUSINESS_MANAGER' || role === 'BUSINESS_EMPLOYEE')
          expect(res.status, `${action} ${role}`).toBe(404);
        else expect([200, 201, 400], `${action} ${role} ${JSON.stringify(res.body)}`).toContain(res.status);
      }
    },
  );
});

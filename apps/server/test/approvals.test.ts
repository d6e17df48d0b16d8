import { schema } from '@cab/db';
import {
  APPROVAL_CODES,
  APPROVAL_TEXT,
  approvalsApi,
  basisPoints,
  coreApi,
  ERROR_CODES,
  monthStartBack,
  ordersApi,
  parseMoney,
  startOfDayIn,
  todayIn,
} from '@cab/shared';
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SseClient } from './events-client.ts';
import {
  type Fixture,
  makeOrder,
  orderEvents,
  orderRow,
  otherCompanyManager,
  setupFixture,
  submit,
  submitForm,
} from './orders-lifecycle-helpers.ts';

/**
 * Business approvals (issue 30): the company's rule and limits, an employee's submit held for a
 * manager, the queue, approve (ORDERED at the request's total) and decline (a BID with the reason),
 * the withdrawal when the order is edited, the e-mails and the audit trail.
 */

let f: Fixture;
let companyId: number;
/** A manager of another company (reaches none of this company's orders). */
let otherManager: string;

const { orderApprovals, emailOutbox, users, auditEvents, paymentOptions } = schema;

beforeAll(async () => {
  f = await setupFixture();
  ({ companyId, token: otherManager } = await otherCompanyManager(f));
});
afterAll(() => f.close());

const rules = (token: string | null, id = companyId) =>
  f.t.call(approvalsApi.companyApprovals, { token, params: { id } });
const setRules = (body: unknown, token: string | null = f.tokens.BUSINESS_MANAGER, id = companyId) =>
  f.t.call(approvalsApi.updateCompanyApprovals, { token, params: { id }, body });
const employeeForm = () => submitForm(f, {}, 'BUSINESS_EMPLOYEE');
const approve = (id: number, token: string | null = f.tokens.BUSINESS_MANAGER, body: unknown = {}) =>
  f.t.call(approvalsApi.approve, { token, params: { id }, body });
const decline = (id: number, reason: unknown, token: string | null = f.tokens.BUSINESS_MANAGER) =>
  f.t.call(approvalsApi.decline, { token, params: { id }, body: { reason } });
const detail = (id: number, token = f.tokens.BUSINESS_EMPLOYEE) =>
  f.t.call(ordersApi.detail, { token, params: { id } });
const queue = (token: string | null, query: Record<string, string> = {}) =>
  f.t.call(approvalsApi.queue, { token, query: { page_size: '1000', ...query } });

const requestsOf = (orderId: number) =>
  f.t.handle.db.select().from(orderApprovals).where(eq(orderApprovals.orderId, orderId)).orderBy(orderApprovals.id);
const mailsTo = (userId: number, template: string) =>
  f.t.handle.db
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, body: emailOutbox.body })
    .from(emailOutbox)
    .innerJoin(users, eq(users.email, emailOutbox.toAddress))
    .where(and(eq(users.id, userId), eq(emailOutbox.templateName, template)))
    .orderBy(desc(emailOutbox.id));

/** An employee's order asked for approval under ALWAYS. */
async function asked(name = 'Asked kitchen') {
  await setRules({ approval_required: 'ALWAYS' });
  const order = await makeOrder(f, 'BUSINESS_EMPLOYEE', { name });
  const res = await submit(f, f.tokens.BUSINESS_EMPLOYEE, order.id, employeeForm());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.approval?.status).toBe('PENDING');
  return res.body;
}

beforeEach(async () => {
  await setRules({
    approval_required: 'NONE',
    spending_limits: [{ user: f.userIds.BUSINESS_EMPLOYEE, limit: null, monthly_limit: null }],
  });
});

describe("the company's rule: GET / PATCH companies/{id}/approvals/", () => {
  it("answers NONE by default and the company's employees (not its managers) with their limits", async () => {
    const res = await rules(f.tokens.BUSINESS_MANAGER);
    expect(res.status).toBe(200);
    expect(res.body.approval_required).toBe('NONE');
    const ids = res.body.spending_limits.map((s: { user: { id: number } }) => s.user.id);
    expect(ids).toContain(f.userIds.BUSINESS_EMPLOYEE);
    expect(ids).not.toContain(f.userIds.BUSINESS_MANAGER);
    const employee = res.body.spending_limits.find(
      (s: { user: { id: number } }) => s.user.id === f.userIds.BUSINESS_EMPLOYEE,
    );
    expect(employee.limit).toBeNull();
    expect(employee.user.name).not.toBe('');
  });

  it('sets the rule and a limit (money string), kept and audited', async () => {
    const res = await setRules({
      approval_required: 'OVER_LIMIT',
      spending_limits: [{ user: f.userIds.BUSINESS_EMPLOYEE, limit: '1500.5' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.approval_required).toBe('OVER_LIMIT');
    const mine = res.body.spending_limits.find(
      (s: { user: { id: number } }) => s.user.id === f.userIds.BUSINESS_EMPLOYEE,
    );
    expect(mine.limit).toBe('1500.50');
    const [u] = await f.t.handle.db.select().from(users).where(eq(users.id, f.userIds.BUSINESS_EMPLOYEE));
    expect(u!.spendingLimit).toBe(150_050);
    expect((await rules(f.tokens.ADMIN)).body).toEqual(res.body);
    const events = await f.t.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'company'), eq(auditEvents.action, 'update_approvals')))
      .orderBy(desc(auditEvents.id));
    expect((events[0]!.after as { approval_required: string }).approval_required).toBe('OVER_LIMIT');
  });

  it('refuses a user who is not an employee of the company, a negative or too large limit, an unknown rule (400 with fields)', async () => {
    for (const user of [f.userIds.BUSINESS_MANAGER, f.userIds.PERSONAL, f.userIds.ADMIN]) {
      const res = await setRules({ spending_limits: [{ user, limit: '10.00' }] });
      expect(res.status).toBe(400);
      expect(res.body.fields['spending_limits.0.user']).toEqual([APPROVAL_TEXT.notEmployee]);
    }
    const negative = await setRules({ spending_limits: [{ user: f.userIds.BUSINESS_EMPLOYEE, limit: '-1.00' }] });
    expect(negative.status).toBe(400);
    expect(negative.body.fields['spending_limits.0.limit']).toEqual([APPROVAL_TEXT.limitNotNegative]);
    const huge = await setRules({ spending_limits: [{ user: f.userIds.BUSINESS_EMPLOYEE, limit: '21474836.48' }] });
    expect(huge.status).toBe(400);
    expect(huge.body.fields['spending_limits.0.limit']).toBeDefined();
    const twice = await setRules({
      spending_limits: [
        { user: f.userIds.BUSINESS_EMPLOYEE, limit: '1.00' },
        { user: f.userIds.BUSINESS_EMPLOYEE, limit: '2.00' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields['spending_limits.1.user']).toEqual([APPROVAL_TEXT.duplicateUser]);
    expect((await setRules({ approval_required: 'SOMETIMES' })).status).toBe(400);
    // An empty limit is refused, not read as "no limit" (issue 36): no limit is null.
    for (const field of ['limit', 'monthly_limit']) {
      const blank = await setRules({ spending_limits: [{ user: f.userIds.BUSINESS_EMPLOYEE, [field]: '' }] });
      expect(blank.status, field).toBe(400);
      expect(blank.body.fields[`spending_limits.0.${field}`]).toEqual([APPROVAL_TEXT.limitBlank]);
    }
    // Nothing of the refused writes was kept.
    const [u] = await f.t.handle.db.select().from(users).where(eq(users.id, f.userIds.BUSINESS_EMPLOYEE));
    expect(u!.spendingLimit).toBeNull();
  });

  it('ADMIN and the company manager only: its employee, staff and personal 403, another manager 404, no login 401', async () => {
    expect((await rules(f.tokens.ADMIN)).status).toBe(200);
    for (const role of ['BUSINESS_EMPLOYEE', 'STAFF', 'PERSONAL'] as const) {
      expect((await rules(f.tokens[role])).status, role).toBe(403);
      expect((await setRules({ approval_required: 'ALWAYS' }, f.tokens[role])).status, role).toBe(403);
    }
    expect((await rules(otherManager)).status).toBe(404);
    expect((await setRules({ approval_required: 'ALWAYS' }, otherManager)).status).toBe(404);
    expect((await rules(null)).status).toBe(401);
    expect((await setRules({ approval_required: 'ALWAYS' }, null)).status).toBe(401);
    expect((await rules(f.tokens.ADMIN, 999_999)).status).toBe(404);
    expect((await rules(f.tokens.BUSINESS_MANAGER)).body.approval_required).toBe('NONE');
  });
});

describe('asking: the submit of an employee', () => {
  it('NONE: the submit is as before (ORDERED, no request, approval null)', async () => {
    const order = await makeOrder(f, 'BUSINESS_EMPLOYEE');
    const res = await submit(f, f.tokens.BUSINESS_EMPLOYEE, order.id, employeeForm());
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ORDERED');
    expect(res.body.approval).toBeNull();
    expect(await requestsOf(order.id)).toHaveLength(0);
  });

  it('ALWAYS: the order stays a BID with a PENDING request, the submit kept without the password, the managers e-mailed', async () => {
    const before = (await mailsTo(f.userIds.BUSINESS_MANAGER, 'approval_requested')).length;
    const order = await asked('Ask kitchen');
    expect(order.status).toBe('BID');
    expect(order.approval).toMatchObject({
      status: 'PENDING',
      requested_by: { id: f.userIds.BUSINESS_EMPLOYEE },
      decided_by: null,
      decided_at: null,
      note: '',
    });
    expect(order.approval.requested_by.name).not.toBe('');
    const row = await orderRow(f, order.id);
    expect(row.status).toBe('BID');
    expect(row.submittedAt).toBeNull();
    const [request] = await requestsOf(order.id);
    expect(request!.status).toBe('PENDING');
    expect(request!.submit).toMatchObject({ payment_method: 'CHECK', po_number: 'PO-77', delivery_notes: 'Side door' });
    expect(request!.submit).not.toHaveProperty('password');
    // The detail answers the same approval (the kept answer was refreshed).
    expect((await detail(order.id)).body.approval).toEqual(order.approval);
    const mails = await mailsTo(f.userIds.BUSINESS_MANAGER, 'approval_requested');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toContain('Ask kitchen');
    expect(mails[0]!.body).toContain(order.approval.requested_by.name);
    expect(mails[0]!.body).toContain(`$${order.approval.total}`.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    const events = await orderEvents(f, order.id, 'approval_request');
    expect(events).toHaveLength(1);
    expect(await orderEvents(f, order.id, 'submit')).toHaveLength(0);
    const timeline = await f.t.call(ordersApi.timeline, {
      token: f.tokens.BUSINESS_EMPLOYEE,
      params: { id: order.id },
    });
    expect(timeline.body.results.map((e: { action: string }) => e.action)).toContain('approval_request');
  });

  it("ALWAYS: a manager's and the admin's submits are never asked", async () => {
    await setRules({ approval_required: 'ALWAYS' });
    for (const who of ['BUSINESS_MANAGER', 'ADMIN'] as const) {
      const order = await makeOrder(f, 'BUSINESS_EMPLOYEE');
      const res = await submit(f, f.tokens[who], order.id, employeeForm());
      expect(res.status, who).toBe(200);
      expect(res.body.status).toBe('ORDERED');
      expect(await requestsOf(order.id)).toHaveLength(0);
    }
  });

  it('OVER_LIMIT: under (or at) the limit before tax and without a limit the order goes through; above it asks', async () => {
    // Sales tax on the company's shipping state: the limit is compared with the total before it (issue 35).
    const [shipTo] = await f.t.handle.db
      .select({ state: schema.addresses.state })
      .from(schema.addresses)
      .where(eq(schema.addresses.id, f.addresses.companyShipping));
    const taxed = await f.t.call(coreApi.patchSettings, {
      token: f.tokens.ADMIN,
      body: { tax_rates: { [shipTo!.state]: 10 } },
    });
    expect(taxed.status).toBe(200);
    const probe = await makeOrder(f, 'BUSINESS_EMPLOYEE');
    const quote = await f.t.call(ordersApi.quote, {
      token: f.tokens.BUSINESS_EMPLOYEE,
      params: { id: probe.id },
      query: {
        customer_payment_option: String(f.paymentOptions.payInFull),
        payment_method: 'CHECK',
        shipping_method: 'DELIVERY',
        shipping_address: String(f.addresses.companyShipping),
      },
    });
    const total = parseMoney(quote.body.total_price)!;
    const beforeTax = parseMoney(quote.body.total_before_tax)!;
    expect(beforeTax).toBeGreaterThan(100);
    expect(total).toBeGreaterThan(beforeTax);
    const cases = [
      { limit: null, asked: false },
      { limit: beforeTax, asked: false },
      { limit: beforeTax - 1, asked: true },
    ];
    for (const c of cases) {
      await setRules({
        approval_required: 'OVER_LIMIT',
        spending_limits: [
          { user: f.userIds.BUSINESS_EMPLOYEE, limit: c.limit === null ? null : (c.limit / 100).toFixed(2) },
        ],
      });
      const order = await makeOrder(f, 'BUSINESS_EMPLOYEE');
      const res = await submit(f, f.tokens.BUSINESS_EMPLOYEE, order.id, employeeForm());
      expect(res.status).toBe(200);
      expect(res.body.status, JSON.stringify(c)).toBe(c.asked ? 'BID' : 'ORDERED');
      expect(res.body.approval?.status ?? null).toBe(c.asked ? 'PENDING' : null);
      if (c.asked) expect(parseMoney(res.body.approval.total)).toBe(total);
    }
    await f.t.call(coreApi.patchSettings, { token: f.tokens.ADMIN, body: { tax_rates: {} } });
  });

  it("OVER_LIMIT per month: the employee's orders of the month, submitted or approved, count before tax", async () => {
    /** What the employee's orders of this month total before tax (cancelled aside), read apart. */
    const spent = async () => {
      const month = monthStartBack(todayIn(), 0);
      const [row] = await f.t.handle.db
        .select({ sum: sql<string>`coalesce(sum(${schema.orders.totalBeforeTax}), 0)` })
        .from(schema.orders)
        .where(
          and(
            eq(schema.orders.submittedById, f.userIds.BUSINESS_EMPLOYEE),
            gte(schema.orders.submittedAt, startOfDayIn(month)),
            ne(schema.orders.status, 'CANCELLED'),
          ),
        );
      return Number(row!.sum);
    };
    const monthly = async (room: number) => {
      const limit = (await spent()) + room;
      const res = await setRules({
        approval_required: 'OVER_LIMIT',
        // No limit per order: only the month holds these.
        spending_limits: [{ user: f.userIds.BUSINESS_EMPLOYEE, limit: null, monthly_limit: (limit / 100).toFixed(2) }],
      });
      expect(
        res.body.spending_limits.find((s: { user: { id: number } }) => s.user.id === f.userIds.BUSINESS_EMPLOYEE),
      ).toMatchObject({ limit: null, monthly_limit: (limit / 100).toFixed(2) });
    };
    const employeeSubmit = async () => {
      const order = await makeOrder(f, 'BUSINESS_EMPLOYEE');
      const res = await submit(f, f.tokens.BUSINESS_EMPLOYEE, order.id, employeeForm());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    // What one order comes to before tax as submitted (every order here is the same): counted in the month too.
    const each = parseMoney((await employeeSubmit()).total_before_tax)!;
    expect(each).toBeGreaterThan(0);
    // Room for one and a half orders: the first goes through (exactly at the limit would too), the second waits.
    await monthly(each + Math.floor(each / 2));
    expect((await employeeSubmit()).status).toBe('ORDERED');
    const second = await employeeSubmit();
    expect(second.status).toBe('BID');
    expect(second.approval.status).toBe('PENDING');
    // Approved, it counts as the employee's: with room for one more order exactly, one goes and the next waits.
    expect((await approve(second.id)).status).toBe(200);
    await monthly(each);
    expect((await employeeSubmit()).status).toBe('ORDERED');
    const fourth = await employeeSubmit();
    expect(fourth.status).toBe('BID');
    // The per-order limit still asks on its own, with the month's room to spare.
    await setRules({
      spending_limits: [
        { user: f.userIds.BUSINESS_EMPLOYEE, limit: ((each - 1) / 100).toFixed(2), monthly_limit: null },
      ],
    });
    expect((await employeeSubmit()).status).toBe('BID');
  });
});

describe('deciding', () => {
  it('approve: the order is submitted as the employee filled it (ORDERED, the frozen total), the employee e-mailed', async () => {
    const order = await asked('Approve kitchen');
    const res = await approve(order.id, f.tokens.BUSINESS_MANAGER, { note: 'Go ahead' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('ORDERED');
    expect(res.body.total_price).toBe(order.approval.total);
    expect(res.body.payment_method).toBe('CHECK');
    expect(res.body.delivery_notes).toBe('Side door');
    expect(res.body.approval).toMatchObject({
      status: 'APPROVED',
      decided_by: { id: f.userIds.BUSINESS_MANAGER },
      decided_by_shop: false,
      note: 'Go ahead',
      total: order.approval.total,
    });
    expect(res.body.approval.decided_at).not.toBeNull();
    const row = await orderRow(f, order.id);
    expect(row.submittedById).toBe(f.userIds.BUSINESS_EMPLOYEE);
    expect(row.totalPrice).toBe(parseMoney(order.approval.total));
    expect(await orderEvents(f, order.id, 'submit')).toHaveLength(1);
    expect(await orderEvents(f, order.id, 'approval_approve')).toHaveLength(1);
    const mails = await mailsTo(f.userIds.BUSINESS_EMPLOYEE, 'approval_approved');
    expect(mails[0]!.subject).toContain('Approve kitchen');
    expect(mails[0]!.body).toContain('Go ahead');
    // Decided: a second decision is refused.
    const again = await approve(order.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(APPROVAL_CODES.notPending);
    expect((await decline(order.id, 'late')).status).toBe(409);
  });

  it('decline: the order stays a BID with the reason, the employee e-mailed and able to read why', async () => {
    const order = await asked('Decline kitchen');
    const missing = await decline(order.id, '');
    expect(missing.status).toBe(400);
    expect(missing.body.fields.reason).toBeDefined();
    const res = await decline(order.id, 'Over the job budget', f.tokens.ADMIN);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('BID');
    expect(res.body.approval).toMatchObject({
      status: 'DECLINED',
      note: 'Over the job budget',
      decided_by: { id: f.userIds.ADMIN },
      // The shop's admin decided a company's request: the answer says so (issue 35).
      decided_by_shop: true,
    });
    const seen = await detail(order.id);
    expect(seen.body.approval.status).toBe('DECLINED');
    expect(seen.body.approval.decided_by_shop).toBe(true);
    expect(seen.body.approval.note).toBe('Over the job budget');
    const mails = await mailsTo(f.userIds.BUSINESS_EMPLOYEE, 'approval_declined');
    expect(mails[0]!.body).toContain('Over the job budget');
    expect(await orderEvents(f, order.id, 'approval_decline')).toHaveLength(1);
    expect((await decline(order.id, 'again')).body.code).toBe(APPROVAL_CODES.notPending);
    expect((await approve(order.id)).status).toBe(409);
    // The employee may submit again: asked again, a new PENDING request.
    const again = await submit(f, f.tokens.BUSINESS_EMPLOYEE, order.id, employeeForm());
    expect(again.body.approval.status).toBe('PENDING');
    expect(await requestsOf(order.id)).toHaveLength(2);
  });

  it('an approve and a decline at once: exactly one decides, the other answers 409', async () => {
    const order = await asked('Race kitchen');
    const [a, d] = await Promise.all([approve(order.id), decline(order.id, 'Too much', f.tokens.ADMIN)]);
    expect([a.status, d.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : d;
    expect(loser.body.code).toBe(APPROVAL_CODES.notPending);
    const [request] = await requestsOf(order.id);
    expect(request!.status).toBe(a.status === 200 ? 'APPROVED' : 'DECLINED');
    expect((await orderRow(f, order.id)).status).toBe(a.status === 200 ? 'ORDERED' : 'BID');
  });

  it('two approves at once: one submits the order, the second answers 409 approval_not_pending', async () => {
    const order = await asked('Twice kitchen');
    const both = await Promise.all([approve(order.id), approve(order.id, f.tokens.ADMIN)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.code).toBe(APPROVAL_CODES.notPending);
    expect((await requestsOf(order.id)).map((r) => r.status)).toEqual(['APPROVED']);
    expect(await orderEvents(f, order.id, 'submit')).toHaveLength(1);
    expect((await orderRow(f, order.id)).status).toBe('ORDERED');
  });

  it('editing the order withdraws its PENDING request (a WITHDRAWN row and event); it cannot be approved', async () => {
    const order = await asked('Edit kitchen');
    const fresh = (await detail(order.id)).body;
    const edit = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.BUSINESS_EMPLOYEE,
      params: { id: order.id },
      body: {
        version: fresh.version,
        groups: [
          {
            name: 'G1',
            premiums: fresh.groups[0].premiums,
            items: [{ _id: 'x', line_item: f.plainItem, qty: 5, is_attachment: false }],
          },
        ],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.approval.status).toBe('WITHDRAWN');
    const [request] = await requestsOf(order.id);
    expect(request!.status).toBe('WITHDRAWN');
    expect(await orderEvents(f, order.id, 'approval_withdraw')).toHaveLength(1);
    expect((await approve(order.id)).body.code).toBe(APPROVAL_CODES.notPending);
    expect((await orderRow(f, order.id)).status).toBe('BID');
  });

  it('the person who asked cannot decide: an employee is refused by role (403), a manager who asked by approval_own_request', async () => {
    const order = await asked('Own kitchen');
    const byEmployee = await approve(order.id, f.tokens.BUSINESS_EMPLOYEE);
    expect(byEmployee.status).toBe(403);
    expect(byEmployee.body.code).toBe(ERROR_CODES.permissionDenied);
    // The employee becomes a manager meanwhile: still not their own request.
    const db = f.t.handle.db;
    await db.update(users).set({ isManager: true }).where(eq(users.id, f.userIds.BUSINESS_EMPLOYEE));
    try {
      const promoted = await f.t.login('employee@demo.test');
      for (const res of [await approve(order.id, promoted), await decline(order.id, 'mine', promoted)]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(APPROVAL_CODES.ownRequest);
      }
    } finally {
      await db.update(users).set({ isManager: false }).where(eq(users.id, f.userIds.BUSINESS_EMPLOYEE));
    }
    expect((await requestsOf(order.id))[0]!.status).toBe('PENDING');
    // Another company's manager does not reach the order; staff and personal are refused by role.
    expect((await approve(order.id, otherManager)).status).toBe(404);
    expect((await decline(order.id, 'no', otherManager)).status).toBe(404);
    for (const role of ['STAFF', 'PERSONAL'] as const)
      expect((await approve(order.id, f.tokens[role])).status).toBe(403);
    expect((await approve(order.id, null)).status).toBe(401);
  });

  it('a total moved since the request (a rule changed) answers 409 and asks again at the new total', async () => {
    const order = await asked('Moved kitchen');
    const db = f.t.handle.db;
    const po = paymentOptions;
    const [option] = await db.select().from(po).where(eq(po.id, f.paymentOptions.payInFull));
    const mailsBefore = (await mailsTo(f.userIds.BUSINESS_MANAGER, 'approval_requested')).length;
    await db
      .update(po)
      .set({ discountPercentage: basisPoints(1000) })
      .where(eq(po.id, option!.id));
    try {
      const res = await approve(order.id);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(APPROVAL_CODES.totalChanged);
      expect((await orderRow(f, order.id)).status).toBe('BID');
      const requests = await requestsOf(order.id);
      expect(requests.map((r) => r.status)).toEqual(['WITHDRAWN', 'PENDING']);
      expect(requests[1]!.total).toBeLessThan(requests[0]!.total);
      expect(requests[1]!.submit).toEqual(requests[0]!.submit);
      expect(requests[1]!.requestedById).toBe(f.userIds.BUSINESS_EMPLOYEE);
      expect((await mailsTo(f.userIds.BUSINESS_MANAGER, 'approval_requested')).length).toBe(mailsBefore + 1);
      const now = await approve(order.id);
      expect(now.status, JSON.stringify(now.body)).toBe(200);
      expect(now.body.status).toBe('ORDERED');
      expect(parseMoney(now.body.total_price)).toBe(requests[1]!.total);
    } finally {
      await db.update(po).set({ discountPercentage: option!.discountPercentage }).where(eq(po.id, option!.id));
    }
  });
});

describe('the queue: GET /api/orders/approvals/', () => {
  it("a manager sees its company's requests by status, ADMIN every company's; others are refused", async () => {
    const waiting = await asked('Queue waiting');
    const declined = await asked('Queue declined');
    expect((await decline(declined.id, 'No')).status).toBe(200);
    const pending = await queue(f.tokens.BUSINESS_MANAGER);
    expect(pending.status).toBe(200);
    const pendingIds = pending.body.results.map((r: { order: { id: number } }) => r.order.id);
    expect(pendingIds).toContain(waiting.id);
    expect(pendingIds).not.toContain(declined.id);
    expect(pending.body.total).toBe(pending.body.results.length);
    const row = pending.body.results.find((r: { order: { id: number } }) => r.order.id === waiting.id);
    expect(row).toMatchObject({
      order: { id: waiting.id, name: 'Queue waiting' },
      requested_by: { id: f.userIds.BUSINESS_EMPLOYEE },
      total: waiting.approval.total,
      status: 'PENDING',
    });
    expect(typeof row.requested_at).toBe('string');
    const declinedRows = await queue(f.tokens.BUSINESS_MANAGER, { status: 'DECLINED' });
    expect(declinedRows.body.results.map((r: { order: { id: number } }) => r.order.id)).toContain(declined.id);
    expect(declinedRows.body.results.every((r: { status: string }) => r.status === 'DECLINED')).toBe(true);
    const approved = await queue(f.tokens.BUSINESS_MANAGER, { status: 'APPROVED' });
    expect(approved.body.results.every((r: { status: string }) => r.status === 'APPROVED')).toBe(true);
    expect((await queue(f.tokens.ADMIN)).body.results.map((r: { order: { id: number } }) => r.order.id)).toContain(
      waiting.id,
    );
    expect((await queue(otherManager)).body).toEqual({ results: [], total: 0 });
    for (const role of ['BUSINESS_EMPLOYEE', 'STAFF', 'PERSONAL'] as const) {
      expect((await queue(f.tokens[role])).status, role).toBe(403);
    }
    expect((await queue(null)).status).toBe(401);
    expect((await queue(f.tokens.BUSINESS_MANAGER, { status: 'WITHDRAWN' })).status).toBe(400);
    const paged = await queue(f.tokens.BUSINESS_MANAGER, { page_size: '1' });
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.total).toBe(pending.body.total);
  });

  it("the manager's dashboard card approvals_pending counts the company's PENDING requests and links to the queue", async () => {
    await asked('Card kitchen');
    const count = (await queue(f.tokens.BUSINESS_MANAGER)).body.total;
    const dash = await f.t.call(coreApi.dashboard, { token: f.tokens.BUSINESS_MANAGER });
    const card = dash.body.cards.find((c: { key: string }) => c.key === 'approvals_pending');
    expect(card).toMatchObject({ value: count, kind: 'count', href: '/orders/approvals?status=PENDING' });
    const employee = await f.t.call(coreApi.dashboard, { token: f.tokens.BUSINESS_EMPLOYEE });
    expect(employee.body.cards.map((c: { key: string }) => c.key)).not.toContain('approvals_pending');
  });
});

describe('live approval events (issue 35)', () => {
  it("a request asked, declined, asked again and approved is an event the company's managers hear, not another company's", async () => {
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = f.t.app.server.address() as { port: number };
    const stream = (token: string) => SseClient.open(`http://127.0.0.1:${port}/api/events/`, token);
    const [manager, employee, other] = await Promise.all([
      stream(f.tokens.BUSINESS_MANAGER),
      stream(f.tokens.BUSINESS_EMPLOYEE),
      stream(otherManager),
    ]);
    try {
      const order = await asked('Live kitchen');
      const statuses = (c: SseClient) =>
        c
          .events('approval')
          .filter((e) => e.data.order_id === order.id)
          .map((e) => e.data.status);
      await manager.until((c) => statuses(c).includes('PENDING'), 'the request');
      expect((await decline(order.id, 'Not this month')).status).toBe(200);
      await manager.until((c) => statuses(c).includes('DECLINED'), 'the decline');
      expect((await submit(f, f.tokens.BUSINESS_EMPLOYEE, order.id, employeeForm())).status).toBe(200);
      const requests = await requestsOf(order.id);
      expect((await approve(order.id)).status).toBe(200);
      await manager.until((c) => statuses(c).includes('APPROVED'), 'the approval');
      expect(statuses(manager)).toEqual(['PENDING', 'DECLINED', 'PENDING', 'APPROVED']);
      expect(manager.events('approval').at(-1)!.data).toEqual({
        id: requests.at(-1)!.id,
        order_id: order.id,
        status: 'APPROVED',
      });
      // The employee owns the order and hears it too; another company's manager hears nothing of it.
      await employee.until((c) => statuses(c).includes('APPROVED'), "the employee's approval");
      expect(statuses(other)).toEqual([]);
    } finally {
      for (const c of [manager, employee, other]) c.close();
    }
  });

  it('editing a bid withdraws its request: a WITHDRAWN event', async () => {
    const order = await asked('Withdrawn live kitchen');
    const [request] = await requestsOf(order.id);
    const fresh = (await detail(order.id)).body;
    const edit = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.BUSINESS_EMPLOYEE,
      params: { id: order.id },
      body: {
        version: fresh.version,
        groups: [
          {
            name: 'G1',
            premiums: fresh.groups[0].premiums,
            items: [{ _id: 'x', line_item: f.plainItem, qty: 4, is_attachment: false }],
          },
        ],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const rows = await f.t.handle.db
      .select({ data: schema.liveEvents.data, companyId: schema.liveEvents.companyId })
      .from(schema.liveEvents)
      .where(eq(schema.liveEvents.kind, 'approval'));
    expect(rows).toContainEqual({ data: { id: request!.id, order_id: order.id, status: 'WITHDRAWN' }, companyId });
  });
});

import { schema } from '@cab/db';
import {
  addDays,
  coreApi,
  type DashboardCard,
  financeReportsApi,
  ordersApi,
  productionApi,
  type Role,
  remakesApi,
  reportsApi,
  todayIn,
  weekdayOf,
} from '@cab/shared';
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The dashboards that answer (issue 29): each role's cards by fixed keys, and each figure equal to
 * the total of the list or report its card links to, on the demo orders (with cabinets completed
 * and shipped today, so those cards are not zero).
 */
let t: TestApp;
const tokens = {} as Record<Role, string>;
const ROLES: Role[] = ['ADMIN', 'STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'];

beforeAll(async () => {
  t = await setupTestApp();
  await seed(t.handle.db, { demoOrders: true });
  for (const role of ROLES) tokens[role] = await t.login(role);
  // Three cabinets of an order in production finished today, one of them shipped too.
  const db = t.handle.db;
  const [order] = await db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(eq(schema.orders.status, 'IN_PROGRESS'))
    .limit(1);
  const open = await db
    .select({ id: schema.cabinets.id })
    .from(schema.cabinets)
    .where(and(eq(schema.cabinets.orderId, order!.id), isNull(schema.cabinets.completedAt)))
    .limit(3);
  expect(open).toHaveLength(3);
  const now = new Date();
  await db
    .update(schema.cabinets)
    .set({ completedAt: now })
    .where(
      inArray(
        schema.cabinets.id,
        open.map((c) => c.id),
      ),
    );
  await db.update(schema.cabinets).set({ shippedAt: now }).where(eq(schema.cabinets.id, open[0]!.id));
}, 180_000);
afterAll(() => t.close());

async function cardsOf(who: Role) {
  const res = await t.call(coreApi.dashboard, { token: tokens[who] });
  expect(res.status).toBe(200);
  return res.body as {
    cards: DashboardCard[];
    week?: { capacity_per_day: number; days: { date: string; cabinets_completed: number; closed: boolean }[] };
  };
}
const byKey = (cards: DashboardCard[]) => new Map(cards.map((c) => [c.key, c]));

async function total(who: Role, endpoint: Parameters<TestApp['call']>[0], query: Record<string, string> = {}) {
  const res = await t.call(endpoint, { token: tokens[who], query: { page_size: '1', ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { total: number }).total;
}

const SHOP_KEYS = [
  'orders_in_production',
  'orders_late',
  'orders_due_this_week',
  'cabinets_completed_today',
  'cabinets_shipped_today',
  'remakes_open',
  'planned_today_cabinets',
  'capacity_per_day',
];
const ADMIN_MONEY_KEYS = ['orders_to_verify', 'open_balance', 'overdue_balance', 'collected_this_month'];
const CUSTOMER_ORDER_KEYS = ['orders_open', 'orders_in_production'];
const CUSTOMER_MONEY_KEYS = ['balance_due', 'balance_overdue', 'interest_fees', 'next_due_date', 'credit_available'];

describe('the shop dashboard (ADMIN, STAFF)', () => {
  it.each(['ADMIN', 'STAFF'] as const)('%s: the production cards equal their lists, each with a link', async (who) => {
    const { cards } = await cardsOf(who);
    const c = byKey(cards);
    const keys = cards.map((x) => x.key);
    expect(keys.slice(0, SHOP_KEYS.length)).toEqual(SHOP_KEYS);
    if (who === 'STAFF') expect(keys).toEqual(SHOP_KEYS);
    else expect(keys).toEqual([...SHOP_KEYS, ...ADMIN_MONEY_KEYS, 'client_errors', 'failed_jobs']);
    for (const key of SHOP_KEYS) expect(c.get(key)!.href, key).toMatch(/^\//);

    const inProduction = await total(who, ordersApi.list, { status: 'IN_PROGRESS,PARTIALLY_COMPLETED' });
    expect(inProduction).toBeGreaterThan(0);
    expect(c.get('orders_in_production')).toMatchObject({
      value: inProduction,
      href: '/orders/manage?status=IN_PROGRESS,PARTIALLY_COMPLETED&selected_range=all',
    });
    const late = await total(who, reportsApi.lateReport);
    expect(late).toBeGreaterThan(0);
    expect(c.get('orders_late')).toMatchObject({ value: late, href: '/orders/late' });
    // Named by the ten latest-due of them, as the late report lists them by due date, latest first.
    const lateFirst = await t.call(reportsApi.lateReport, {
      token: tokens[who],
      query: { page_size: '10', order_by: '-due_date' },
    });
    const named = (lateFirst.body.results as { id: number; name: string; due_date: string }[]).map((r) => ({
      id: r.id,
      name: r.name,
      due_date: r.due_date,
    }));
    expect(named.length).toBe(Math.min(10, late));
    expect(c.get('orders_late')!.items).toEqual(named);
    // The week's due orders (issue 35): the open orders due Monday to Sunday, counted from the table,
    // named soonest due first, and the card's link is a list of exactly that figure.
    const monday = addDays(todayIn(), -((weekdayOf(todayIn()) + 6) % 7));
    const sunday = addDays(monday, 6);
    const dueRows = await t.handle.db
      .select({ id: schema.orders.id, name: schema.orders.name, due_date: schema.orders.dueDate })
      .from(schema.orders)
      .where(
        and(
          inArray(schema.orders.status, ['ORDERED', 'VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED']),
          gte(schema.orders.dueDate, monday),
          lte(schema.orders.dueDate, sunday),
        ),
      )
      .orderBy(asc(schema.orders.dueDate), asc(schema.orders.id));
    expect(dueRows.length).toBeGreaterThan(0);
    const dueCard = c.get('orders_due_this_week')!;
    expect(dueCard).toMatchObject({
      value: dueRows.length,
      href: `/orders/due?date_after=${monday}&date_before=${sunday}`,
    });
    expect(dueCard.items).toEqual(dueRows.slice(0, 10));
    const linked = Object.fromEntries(new URL(dueCard.href!, 'http://x').searchParams);
    expect(await total(who, reportsApi.dueReport, linked)).toBe(dueRows.length);
    const completed = await total(who, productionApi.completedShippedLog, {
      selected_range: 'today',
      event: 'COMPLETED',
    });
    expect(completed).toBeGreaterThanOrEqual(3);
    expect(c.get('cabinets_completed_today')).toMatchObject({ value: completed, href: '/orders/completed-cabinets' });
    const shipped = await total(who, productionApi.completedShippedLog, { selected_range: 'today', event: 'SHIPPED' });
    expect(shipped).toBeGreaterThanOrEqual(1);
    // Its link opens the log of today's SHIPPED rows: exactly the figure.
    expect(c.get('cabinets_shipped_today')).toMatchObject({
      value: shipped,
      href: '/orders/completion-log?event=SHIPPED',
    });
    const remakes = await total(who, remakesApi.list);
    expect(remakes).toBeGreaterThan(0);
    expect(c.get('remakes_open')).toMatchObject({ value: remakes, href: '/orders/remakes' });

    const today = todayIn();
    const planner = await t.call(reportsApi.plannerList, {
      token: tokens[who],
      query: { date_after: today, date_before: today },
    });
    const rows = planner.body.results as {
      order: { id: number; name: string };
      planned_date: string | null;
      cabinets_remaining: number;
      due_date: string | null;
    }[];
    const plannedToday = rows.filter((r) => r.planned_date === today);
    const planned = plannedToday.reduce((s, r) => s + r.cabinets_remaining, 0);
    expect(c.get('planned_today_cabinets')).toMatchObject({ value: planned, href: '/planner/orders/manage' });
    expect(c.get('planned_today_cabinets')!.items).toEqual(
      plannedToday.map((r) => ({ id: r.order.id, name: r.order.name, due_date: r.due_date })),
    );
    // A closed day (weekend or holiday) has no capacity: no "0 / 40" on a Sunday.
    const closed = [0, 6].includes(weekdayOf(today)) || (planner.body.holidays as string[]).includes(today);
    expect(c.get('capacity_per_day')!.value).toBe(closed ? 0 : planner.body.capacity_per_day);
  });

  it('ADMIN: orders to verify and the money cards equal the order list and the finance reports', async () => {
    const c = byKey((await cardsOf('ADMIN')).cards);
    const toVerify = await total('ADMIN', ordersApi.list, { status: 'ORDERED' });
    expect(c.get('orders_to_verify')).toMatchObject({
      value: toVerify,
      href: '/orders/manage?status=ORDERED&selected_range=all',
    });
    const aging = await t.call(financeReportsApi.aging, { token: tokens.ADMIN, query: {} });
    expect(aging.status).toBe(200);
    const t0 = aging.body.totals as Record<string, string>;
    expect(c.get('open_balance')).toMatchObject({ value: t0.total, kind: 'money', href: '/finance/reports/aging' });
    expect(Number(t0.total)).toBeGreaterThan(0);
    const overdue = Number(t0.days_1_30) + Number(t0.days_31_60) + Number(t0.days_61_90) + Number(t0.days_90_plus);
    expect(Number(c.get('overdue_balance')!.value)).toBeCloseTo(overdue, 2);
    const today = todayIn();
    const revenue = await t.call(financeReportsApi.revenue, {
      token: tokens.ADMIN,
      query: { interval: 'month', date_after: `${today.slice(0, 7)}-01`, date_before: today },
    });
    expect(revenue.status).toBe(200);
    expect(c.get('collected_this_month')).toMatchObject({
      value: revenue.body.totals.collected,
      href: '/finance/reports/revenue',
    });
  });

  it("the week chart: Monday to Sunday, today's completed equal to the card, capacity the planner's", async () => {
    const { cards, week } = await cardsOf('STAFF');
    expect(week).toBeDefined();
    expect(week!.days).toHaveLength(7);
    expect(new Date(`${week!.days[0]!.date}T00:00:00Z`).getUTCDay()).toBe(1);
    const today = week!.days.find((d) => d.date === todayIn());
    expect(today?.cabinets_completed).toBe(byKey(cards).get('cabinets_completed_today')!.value);
    expect(week!.capacity_per_day).toBe(
      (await t.call(coreApi.getSettings, { token: tokens.STAFF })).body.capacity_per_day,
    );
    // Saturday and Sunday are closed: the chart draws no capacity over them.
    expect(week!.days.map((d) => d.closed).slice(5)).toEqual([true, true]);
    expect(week!.days.filter((d) => !d.closed).length).toBeLessThanOrEqual(5);
  });
});

describe('charts of "the orders listed below"', () => {
  it.each(['day', 'week', 'month'] as const)(
    'with no dates, by %s, count exactly the orders their list shows',
    async (rate) => {
      const completed = await t.call(reportsApi.completedChart, { token: tokens.STAFF, query: { sample_rate: rate } });
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      const charted = (completed.body.results as { completed: number }[]).reduce((s, r) => s + r.completed, 0);
      expect(charted).toBe(await total('STAFF', reportsApi.completedReport));
      const partial = await t.call(reportsApi.partialCompletedChart, {
        token: tokens.STAFF,
        query: { sample_rate: rate },
      });
      expect(partial.status).toBe(200);
      const partialCharted = (partial.body.results as { partial: number }[]).reduce((s, r) => s + r.partial, 0);
      expect(partialCharted).toBe(await total('STAFF', reportsApi.partialCompletedReport));
    },
  );
});

describe("the shop's recent activity", () => {
  it.each(['ADMIN', 'STAFF'] as const)(
    '%s: orders moved, remakes and payments, newest first, not sign-ins',
    async (who) => {
      const res = await t.call(coreApi.dashboard, { token: tokens[who] });
      const recent = res.body.recent as { at: string; text: string }[];
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.map((r) => r.text)).not.toContain('Signed in');
      for (const r of recent) expect(r.text).toMatch(/^(Order #\d+ moved to |Remake #\d+ |Payment of \$)/);
      expect([...recent].sort((a, b) => b.at.localeCompare(a.at))).toEqual(recent);
    },
  );
});

describe('the customer dashboard: its own orders, nothing of the shop', () => {
  it.each(['PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const)(
    '%s: open and in-production orders equal its own order list',
    async (who) => {
      const { cards, week } = await cardsOf(who);
      expect(week).toBeUndefined();
      const keys = cards.map((x) => x.key);
      for (const key of CUSTOMER_ORDER_KEYS) expect(keys, key).toContain(key);
      for (const key of [...SHOP_KEYS, ...ADMIN_MONEY_KEYS, 'client_errors', 'failed_jobs'].filter(
        (k) => k !== 'orders_in_production',
      )) {
        expect(keys, key).not.toContain(key);
      }
      // Money cards for those who pay; business approvals (issue 30): the company's requests waiting.
      const expected = {
        PERSONAL: [...CUSTOMER_MONEY_KEYS, ...CUSTOMER_ORDER_KEYS],
        BUSINESS_MANAGER: [...CUSTOMER_MONEY_KEYS, ...CUSTOMER_ORDER_KEYS, 'company_members', 'approvals_pending'],
        BUSINESS_EMPLOYEE: [...CUSTOMER_ORDER_KEYS, 'company_members'],
      }[who];
      expect(keys).toEqual(expected);
      const c = byKey(cards);
      const open = await total(who, ordersApi.list, { status: 'ORDERED,VERIFIED,IN_PROGRESS,PARTIALLY_COMPLETED' });
      expect(c.get('orders_open')).toMatchObject({
        value: open,
        href: '/orders/all?status=ORDERED,VERIFIED,IN_PROGRESS,PARTIALLY_COMPLETED&selected_range=all',
      });
      const inProduction = await total(who, ordersApi.list, { status: 'IN_PROGRESS,PARTIALLY_COMPLETED' });
      expect(c.get('orders_in_production')!.value).toBe(inProduction);
      // Its own: fewer than the shop's.
      const shop = await total('ADMIN', ordersApi.list, { status: 'ORDERED,VERIFIED,IN_PROGRESS,PARTIALLY_COMPLETED' });
      expect(open).toBeLessThan(shop);
    },
  );

  it('signed out: 401', async () => {
    expect((await t.call(coreApi.dashboard, {})).status).toBe(401);
  });
});

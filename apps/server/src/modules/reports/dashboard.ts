import {
  addDays,
  completedShippedLogQuerySchema,
  DASHBOARD_LINKS,
  DASHBOARD_TEXT,
  type DashboardCard,
  type DashboardWeek,
  orderListQuerySchema,
  type ReportRow,
  remakeListQuerySchema,
  reportQuerySchema,
  weekdayOf,
} from '@cab/shared';
import { type Ctx, todayOf } from '../../kit/context.ts';
import { getSettings } from '../core/index.ts';
import { listOrders } from '../orders/index.ts';
import { completedPerDay, completedShippedLog } from '../production/index.ts';
import { listRemakes } from '../remakes/index.ts';
import { OPEN_STATUSES } from './repository.ts';
import { closedDays, dayPlan, report } from './service.ts';

/**
 * The dashboard's production cards (issue 29). Each figure is the total its list answers, asked
 * of that list with the query its page sends (page_size 1): one rule for "late", "open" or
 * "completed today", never a second one here.
 */

const IN_PRODUCTION = ['IN_PROGRESS', 'PARTIALLY_COMPLETED'] as const;
/** How many orders a card that names them (late, due this week) names. */
const NAMED_ITEMS = 10;

const count = (key: string, label: string, value: number, href: string): DashboardCard => ({
  key,
  label,
  value,
  kind: 'count',
  href,
});

/** The order list's total for these statuses, any date (the shop's list or the caller's own). */
async function ordersTotal(ctx: Ctx, statuses: readonly string[]): Promise<number> {
  const query = orderListQuerySchema.parse({ status: statuses.join(','), page_size: '1' });
  return (JSON.parse((await listOrders(ctx, query)).text) as { total: number }).total;
}

const logTotal = async (ctx: Ctx, event: 'COMPLETED' | 'SHIPPED') =>
  (
    await completedShippedLog(
      ctx,
      completedShippedLogQuerySchema.parse({ selected_range: 'today', event, page_size: '1' }),
    )
  ).total;

/** This week of the shop, Monday to Sunday. */
function thisWeek(ctx: Ctx): string[] {
  const today = todayOf(ctx);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** A card naming the first orders of a report (`items`); its figure is the same report's total. */
const namedCard = (
  key: string,
  label: string,
  href: string,
  page: { results: ReportRow[]; total: number } | undefined,
) => ({
  ...count(key, label, page?.total ?? 0, href),
  items: (page?.results ?? []).map((o) => ({ id: o.id, name: o.name, due_date: o.due_date })),
});

/** ADMIN and STAFF: the floor's figures. */
export async function shopCards(ctx: Ctx): Promise<DashboardCard[]> {
  const week = thisWeek(ctx);
  const [monday, sunday] = [week[0]!, week[6]!];
  const [inProduction, late, due, completed, shipped, remakes, planner] = await Promise.all([
    ordersTotal(ctx, IN_PRODUCTION),
    // The card names the ten latest-due of them (issue 35); the total is the same list's.
    report(ctx, 'late', reportQuerySchema.parse({ page_size: String(NAMED_ITEMS), order_by: '-due_date' })),
    // The week's due orders, soonest first, as the list the card opens shows them.
    report(
      ctx,
      'due',
      reportQuerySchema.parse({ page_size: String(NAMED_ITEMS), date_after: monday, date_before: sunday }),
    ),
    logTotal(ctx, 'COMPLETED'),
    logTotal(ctx, 'SHIPPED'),
    listRemakes(ctx, remakeListQuerySchema.parse({ page_size: '1' })),
    // Today's load as the planner shows it: the cabinets still to build of the orders planned today.
    dayPlan(ctx, todayOf(ctx)),
  ]);
  return [
    count(
      'orders_in_production',
      DASHBOARD_TEXT.ordersInProduction,
      inProduction,
      DASHBOARD_LINKS.orders('manage', IN_PRODUCTION),
    ),
    namedCard('orders_late', DASHBOARD_TEXT.ordersLate, DASHBOARD_LINKS.lateOrders, late.page),
    namedCard(
      'orders_due_this_week',
      DASHBOARD_TEXT.ordersDueThisWeek,
      DASHBOARD_LINKS.ordersDue(monday, sunday),
      due.page,
    ),
    count(
      'cabinets_completed_today',
      DASHBOARD_TEXT.cabinetsCompletedToday,
      completed,
      DASHBOARD_LINKS.completedCabinets,
    ),
    count('cabinets_shipped_today', DASHBOARD_TEXT.cabinetsShippedToday, shipped, DASHBOARD_LINKS.shippedToday),
    count('remakes_open', DASHBOARD_TEXT.remakesOpen, remakes.total, DASHBOARD_LINKS.remakes),
    {
      ...count(
        'planned_today_cabinets',
        DASHBOARD_TEXT.plannedTodayCabinets,
        planner.load.cabinets,
        DASHBOARD_LINKS.planner,
      ),
      items: planner.orders.map((r) => ({ id: r.order.id, name: r.order.name, due_date: r.due_date })),
    },
    count('capacity_per_day', DASHBOARD_TEXT.capacityPerDay, planner.load.capacity, DASHBOARD_LINKS.planner),
  ];
}

/** ADMIN: the submitted orders waiting for its approval. */
export async function adminOrderCards(ctx: Ctx): Promise<DashboardCard[]> {
  return [
    count(
      'orders_to_verify',
      DASHBOARD_TEXT.ordersToVerify,
      await ordersTotal(ctx, ['ORDERED']),
      DASHBOARD_LINKS.orders('manage', ['ORDERED']),
    ),
  ];
}

/** A customer: its own open orders and those in production (the list's reach is reachOf's). */
export async function customerOrderCards(ctx: Ctx): Promise<DashboardCard[]> {
  const [open, inProduction] = await Promise.all([ordersTotal(ctx, OPEN_STATUSES), ordersTotal(ctx, IN_PRODUCTION)]);
  return [
    count('orders_open', DASHBOARD_TEXT.ordersOpen, open, DASHBOARD_LINKS.orders('all', OPEN_STATUSES)),
    count(
      'orders_in_production',
      DASHBOARD_TEXT.ordersInProduction,
      inProduction,
      DASHBOARD_LINKS.orders('all', IN_PRODUCTION),
    ),
  ];
}

/** This week, Monday to Sunday: cabinets completed each day against the capacity per day. */
export async function shopWeek(ctx: Ctx): Promise<DashboardWeek> {
  const days = thisWeek(ctx);
  const monday = days[0]!;
  const [completed, settings, closed] = await Promise.all([
    completedPerDay(ctx, days),
    getSettings(ctx),
    closedDays(ctx, monday, days[6]!),
  ]);
  return {
    capacity_per_day: settings.capacity_per_day,
    days: days.map((date, i) => ({ date, cabinets_completed: completed[i] ?? 0, closed: closed.has(date) })),
  };
}

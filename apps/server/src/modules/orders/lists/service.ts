import {
  addDays,
  dayIn,
  type OrderDateRange,
  type OrderListRow,
  type orderListQuerySchema,
  parseOrderBy,
  reachOf,
  startOfDayIn,
} from '@cab/shared';
import type { z } from 'zod';
import { cachePerDatabase } from '../../../kit/answer-cache.ts';
import type { Ctx } from '../../../kit/context.ts';
import { jsonPage } from '../../../kit/json-rows.ts';
import { orderBy, pageWindow } from '../../../kit/list.ts';
import * as repo from './repository.ts';

/** GET /api/orders/: the list, with SPEC 3's date ranges; who sees what is the shared reachOf's rule. */

type ListQuery = z.output<typeof orderListQuerySchema>;

/** SPEC 3 selected_range as [first day, last day] (inclusive), in the shop's zone. */
function rangeDays(range: OrderDateRange, now = new Date()): { from: string; to: string } | null {
  const today = dayIn(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: monthStart, to: today };
    case 'last_month': {
      const to = addDays(monthStart, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    default:
      return null;
  }
}

export async function listOrders(ctx: Ctx, query: ListQuery) {
  const actor = ctx.actor;
  const visibility = reachOf(actor);
  const isShop = 'all' in visibility;
  const range = query.selected_range ? rangeDays(query.selected_range) : null;
  const from = range?.from ?? query.date_after;
  const to = range?.to ?? query.date_before;
  const filter: repo.OrderListFilter = {
    visibility,
    name: query.name?.trim() || undefined,
    statuses: query.status,
    createdFrom: from ? startOfDayIn(from) : undefined,
    createdBefore: to ? startOfDayIn(addDays(to, 1)) : undefined,
    customerId: isShop ? query.customer : undefined,
  };
  const orderKeys = query.order_by || '-created_at';
  const [lead] = parseOrderBy(orderKeys);
  const order: repo.ListOrder = {
    keys: orderBy(orderKeys, repo.ORDER_LIST_ORDER, '-created_at', repo.orderCols.id),
    createdFirst: lead?.key === 'created_at' ? (lead.descending ? 'desc' : 'asc') : undefined,
  };
  const page = await repo.orderPage(ctx.db, filter, order, pageWindow(query), !('all' in visibility), listRows(ctx.db));
  return jsonPage<OrderListRow>(page);
}

/** List rows kept by order id under their stamp (decision 0025). */
const listRows = cachePerDatabase({ maxEntries: 20_000 });

import { type OrderDateRange, type OrderListRow, type orderListQuerySchema, parseOrderBy } from '@cab/shared';
import type { z } from 'zod';
import { cachePerDatabase } from '../../../kit/answer-cache.ts';
import type { Ctx } from '../../../kit/context.ts';
import { jsonPage } from '../../../kit/json-rows.ts';
import { orderBy, pageWindow } from '../../../kit/list.ts';
import * as repo from './repository.ts';
import { visibilityOf } from './visibility.ts';

/** GET /api/orders/: the list, with SPEC 3's date ranges; who sees what is visibility.ts's rule. */

type ListQuery = z.output<typeof orderListQuerySchema>;

const dayStart = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const addDays = (date: Date, n: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + n);

/** SPEC 3 selected_range as [first day, last day] (inclusive), in the server's zone. */
export function rangeDays(range: OrderDateRange, now = new Date()): { from: Date; to: Date } | null {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
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
      return { from: new Date(today.getFullYear(), today.getMonth(), 1), to: today };
    case 'last_month':
      return {
        from: new Date(today.getFullYear(), today.getMonth() - 1, 1),
        to: new Date(today.getFullYear(), today.getMonth(), 0),
      };
    case 'this_year':
      return { from: new Date(today.getFullYear(), 0, 1), to: today };
    default:
      return null;
  }
}

export async function listOrders(ctx: Ctx, query: ListQuery) {
  const actor = ctx.actor;
  const visibility = visibilityOf(actor);
  const isShop = 'all' in visibility;
  const range = query.selected_range ? rangeDays(query.selected_range) : null;
  const from = range?.from ?? (query.date_after ? dayStart(query.date_after) : undefined);
  const to = range?.to ?? (query.date_before ? dayStart(query.date_before) : undefined);
  const filter: repo.OrderListFilter = {
    visibility,
    name: query.name?.trim() || undefined,
    statuses: query.status,
    createdFrom: from,
    createdBefore: to ? addDays(to, 1) : undefined,
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

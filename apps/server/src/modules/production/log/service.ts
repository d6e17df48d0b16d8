import type { CompletedShippedLogRow, completedShippedLogQuerySchema, LogRange } from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../kit/context.ts';
import { pageWindow } from '../../../kit/list.ts';
import { userNames } from '../../auth/index.ts';
import { orderHeads } from '../../orders/index.ts';
import * as repo from './repository.ts';

/** GET /api/orders/logs/completed_shipped_log/ (SPEC 3 "Order-log date: selectedRange (default today), from, to"). */

type LogQuery = z.output<typeof completedShippedLogQuerySchema>;

const dayOf = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const addDays = (date: Date, n: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + n);

/**
 * [from, to) in the server's zone: date_after / date_before (inclusive days) when either is given;
 * else today, the last 7 days (week) or the last 30 days (month), today included.
 */
export function logWindow(query: Pick<LogQuery, 'selected_range' | 'date_after' | 'date_before'>, now = new Date()) {
  if (query.date_after || query.date_before) {
    return {
      from: query.date_after ? dayOf(query.date_after) : null,
      to: query.date_before ? addDays(dayOf(query.date_before), 1) : null,
    };
  }
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const back: Record<LogRange, number> = { today: 0, week: 6, month: 29 };
  return { from: addDays(today, -back[query.selected_range]), to: addDays(today, 1) };
}

/** The most rows a CSV export carries. */
const CSV_ROWS = 50_000;

export async function completedShippedLog(ctx: Ctx, query: LogQuery) {
  const { from, to } = logWindow(query);
  const window = query.format === 'csv' ? { limit: CSV_ROWS, offset: 0 } : pageWindow(query);
  const page = await repo.logPage(ctx.db, from, to, window);
  const [orders, names] = await Promise.all([
    orderHeads(
      ctx.db,
      page.rows.map((r) => r.orderId),
    ),
    userNames(
      ctx.db,
      page.rows.flatMap((r) => (r.by === null ? [] : [r.by])),
    ),
  ]);
  const results = page.rows.map(
    (r): CompletedShippedLogRow => ({
      at: r.at.toISOString(),
      event: r.event,
      order: { id: r.orderId, name: orders.get(r.orderId)?.name ?? '' },
      cabinet: { barcode: r.barcode, line_no: r.lineNo, unit_no: r.unitNo },
      by: r.by === null ? null : { id: r.by, full_name: names.get(r.by) ?? '' },
    }),
  );
  return { results, total: page.total };
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function logCsv(rows: CompletedShippedLogRow[]): string {
  const head = ['at', 'event', 'order_id', 'order_name', 'barcode', 'line_no', 'unit_no', 'by'];
  const lines = rows.map((r) =>
    [
      r.at,
      r.event,
      r.order.id,
      r.order.name,
      r.cabinet.barcode,
      r.cabinet.line_no,
      r.cabinet.unit_no,
      r.by?.full_name ?? '',
    ]
      .map(cell)
      .join(','),
  );
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
}

import {
  type CompletedShippedLogRow,
  type completedShippedLogQuerySchema,
  ERROR_CODES,
  REPORTS_TEXT,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../kit/context.ts';
import { toCsv } from '../../../kit/csv.ts';
import { fieldError } from '../../../kit/errors.ts';
import { pageWindow } from '../../../kit/list.ts';
import { userNames } from '../../auth/index.ts';
import { orderHeads } from '../../orders/index.ts';
import * as repo from './repository.ts';
import { logWindow } from './window.ts';

/** GET /api/orders/logs/completed_shipped_log/ (SPEC 3 "Order-log date: selectedRange (default today), from, to"). */

type LogQuery = z.output<typeof completedShippedLogQuerySchema>;

/** The most rows a CSV export carries. */
const CSV_ROWS = 50_000;

export async function completedShippedLog(ctx: Ctx, query: LogQuery) {
  // A reversed range is a mistake to name, not an empty log.
  if (query.date_after && query.date_before && query.date_after > query.date_before) {
    throw fieldError(ERROR_CODES.validation, 'date_after', REPORTS_TEXT.rangeInvalid);
  }
  const { from, to } = logWindow(query);
  const window = query.format === 'csv' ? { limit: CSV_ROWS, offset: 0 } : pageWindow(query);
  const page = await repo.logPage(ctx.db, from, to, window, query.event);
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

const LOG_CSV_COLUMNS = ['at', 'event', 'order_id', 'order_name', 'barcode', 'line_no', 'unit_no', 'by'] as const;

export function logCsv(rows: CompletedShippedLogRow[]): string {
  return toCsv(
    LOG_CSV_COLUMNS,
    rows.map((r) => ({
      at: r.at,
      event: r.event,
      order_id: r.order.id,
      order_name: r.order.name,
      barcode: r.cabinet.barcode,
      line_no: r.cabinet.line_no,
      unit_no: r.cabinet.unit_no,
      by: r.by?.full_name ?? '',
    })),
  );
}

/** Cabinets completed on each day: the log's COMPLETED total of that day (the dashboard's week chart). */
export function completedPerDay(ctx: Ctx, days: readonly string[]): Promise<number[]> {
  return Promise.all(
    days.map(async (day) => {
      const { from, to } = logWindow({ selected_range: 'today', date_after: day, date_before: day });
      return (await repo.logPage(ctx.db, from, to, { limit: 1, offset: 0 }, 'COMPLETED')).total;
    }),
  );
}

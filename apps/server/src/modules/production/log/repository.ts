import { type Executor, rowsOf, schema } from '@cab/db';
import { sql } from 'drizzle-orm';
import { type Page, type PageWindow, paginate } from '../../../kit/list.ts';

/** The completed/shipped log: one event per cabinet completed and per cabinet shipped. */
const { cabinets } = schema;

export interface LogEvent {
  at: Date;
  event: 'COMPLETED' | 'SHIPPED';
  orderId: number;
  barcode: string;
  lineNo: number;
  unitNo: number;
  by: number | null;
}

/** Both kinds of event, or only `only`'s. */
const events = (from: Date | null, to: Date | null, only?: LogEvent['event']) => {
  const inRange = (column: typeof cabinets.completedAt, event: LogEvent['event']) =>
    sql`${only && only !== event ? sql`false and ` : sql``}${column} is not null ${from ? sql`and ${column} >= ${from.toISOString()}` : sql``} ${to ? sql`and ${column} < ${to.toISOString()}` : sql``}`;
  return sql`(select ${cabinets.completedAt} as at, 'COMPLETED' as event, ${cabinets.orderId} as order_id,
      ${cabinets.barcode} as barcode, ${cabinets.lineNo} as line_no, ${cabinets.unitNo} as unit_no, ${cabinets.completedBy} as by
      from ${cabinets} where ${inRange(cabinets.completedAt, 'COMPLETED')}
    union all
    select ${cabinets.shippedAt}, 'SHIPPED', ${cabinets.orderId}, ${cabinets.barcode}, ${cabinets.lineNo}, ${cabinets.unitNo}, ${cabinets.shippedBy}
      from ${cabinets} where ${inRange(cabinets.shippedAt, 'SHIPPED')}) e`;
};

type Raw = Record<'at' | 'event' | 'order_id' | 'barcode' | 'line_no' | 'unit_no' | 'by', unknown>;

const toEvent = (r: Raw): LogEvent => ({
  at: new Date(r.at as string),
  event: r.event as LogEvent['event'],
  orderId: Number(r.order_id),
  barcode: String(r.barcode),
  lineNo: Number(r.line_no),
  unitNo: Number(r.unit_no),
  by: r.by === null ? null : Number(r.by),
});

/** One page of events, newest first, through the list kit's `paginate` (counted only when the page cannot tell). */
export function logPage(
  db: Executor,
  from: Date | null,
  to: Date | null,
  window: PageWindow,
  only?: LogEvent['event'],
): Promise<Page<LogEvent>> {
  const fetchRows = async (w: PageWindow) =>
    (
      await rowsOf<Raw>(
        db,
        sql`select * from ${events(from, to, only)} order by at desc, barcode, event limit ${w.limit} offset ${w.offset}`,
      )
    ).map(toEvent);
  const count = async () => {
    const [c] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${events(from, to, only)}`);
    return Number(c?.n ?? 0);
  };
  return paginate(window, fetchRows, count);
}

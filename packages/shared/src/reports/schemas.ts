import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { dateParam as boundedDateParam, isoDay, listQuery, optionalParam, orderByParam } from '../http/list.ts';
import { ORDER_STATUSES } from '../orders/lifecycle.ts';
import { orderListRowSchema } from '../orders/schemas.ts';
import { cabinetCountsSchema } from '../production/schemas.ts';
import { REPORTS_TEXT } from './text.ts';

/** Money on the wire: a decimal string with two places. */
const wireMoney = z.string();

/** Production reports, charts and the planner (issue 18, decision 0031). */
const isoDate = isoDay(REPORTS_TEXT.dateInvalid);
const dateParam = () => boundedDateParam(REPORTS_TEXT.dateInvalid);

const REPORT_KINDS = ['late', 'partial_completed', 'completed', 'due'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const REPORT_ORDER_BY = ['id', 'name', 'due_date', 'days_late', 'completed_at', 'submitted_at'] as const;

/** Every report: paging, order_by, name search, a date range (the report's own date), format=csv. */
export const reportQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.accounts }),
  order_by: orderByParam(REPORT_ORDER_BY),
  name: optionalParam(z.string().trim().max(255)),
  date_after: dateParam(),
  date_before: dateParam(),
  format: optionalParam(z.enum(['json', 'csv'])),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** A report's row: the order list's columns that matter to production, and how late it is. */
export const reportRowSchema = orderListRowSchema
  .pick({
    id: true,
    name: true,
    po_number: true,
    status: true,
    customer: true,
    customer_display: true,
    submitted_at: true,
    verified_at: true,
    completed_at: true,
    shipped_at: true,
    requested_date: true,
    due_date: true,
    item_count: true,
    total_price: true,
  })
  .extend({
    /** Calendar days past the due date (today, or the day it completed); 0 when not late. */
    days_late: z.number().int(),
  });
export type ReportRow = z.infer<typeof reportRowSchema>;

export const REPORT_CSV_COLUMNS = [
  'id',
  'name',
  'po_number',
  'status',
  'customer_display',
  'submitted_at',
  'verified_at',
  'completed_at',
  'shipped_at',
  'requested_date',
  'due_date',
  'days_late',
  'item_count',
  'total_price',
] as const satisfies readonly (keyof ReportRow)[];

export const SAMPLE_RATES = ['day', 'week', 'month'] as const;
export type SampleRate = (typeof SAMPLE_RATES)[number];

/** Periods a chart shows when no range is given, by sample rate. */
export const CHART_DEFAULT_PERIODS: Record<SampleRate, number> = { day: 30, week: 12, month: 12 };
/** Longest range a chart accepts. */
export const CHART_MAX_DAYS = 3660;

export const chartQuerySchema = z.object({
  sample_rate: optionalParam(z.enum(SAMPLE_RATES)).transform((v) => v ?? 'day'),
  date_after: dateParam(),
  date_before: dateParam(),
});
export type ChartQuery = z.infer<typeof chartQuerySchema>;

const chartOf = <T extends z.ZodRawShape>(point: T) =>
  z.object({
    sample_rate: z.enum(SAMPLE_RATES),
    results: z.array(z.object({ period_start: z.string(), ...point })),
  });

/**
 * completed_chart: orders completed per period, whatever happened after (the completed report's
 * rows), `completed_then_shipped` of them shipped since; and orders shipped per period.
 */
export const completedChartSchema = chartOf({
  completed: z.number().int(),
  completed_then_shipped: z.number().int(),
  shipped: z.number().int(),
});
/** partial_completed_chart: the partially completed report's orders per period of their due date, `late` of them past it. */
export const partialCompletedChartSchema = chartOf({ partial: z.number().int(), late: z.number().int() });
/** created_chart (Bid Volume): orders created per period and their value. */
export const createdChartSchema = chartOf({ created: z.number().int(), total_price: wireMoney });
/** late_orders_chart: of the orders due in a period, how many were (or are) late and how many on time. */
export const lateChartSchema = chartOf({ due: z.number().int(), late: z.number().int(), on_time: z.number().int() });

// Planner

/** The planner shows at most this many days at once. */
export const PLANNER_MAX_DAYS = 92;

export const plannerQuerySchema = z.object({
  date_after: dateParam(),
  date_before: dateParam(),
});
export type PlannerQuery = z.infer<typeof plannerQuerySchema>;

export const plannerRowSchema = z.object({
  order: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** Its progress: the order answer's counts of its cabinets (made at approve; none before). */
    cabinets: cabinetCountsSchema,
  }),
  /** null: not planned yet (an open order in production's queue). */
  planned_date: z.string().nullable(),
  /** Cabinets: one per unit of every line, attachments included. */
  cabinets: z.number().int(),
  /** Cabinets not yet completed by scans (0 once the order is COMPLETED or SHIPPED). */
  cabinets_remaining: z.number().int(),
  due_date: z.string().nullable(),
  /** Planned after its due date, or unplanned and already past it. */
  at_risk: z.boolean(),
});
export type PlannerRow = z.infer<typeof plannerRowSchema>;

export const plannerAnswerSchema = z.object({
  results: z.array(plannerRowSchema),
  capacity_per_day: z.number().int(),
  /** The closed days (weekends excluded: holidays only) inside the range. */
  holidays: z.array(z.string()),
});
export type PlannerAnswer = z.infer<typeof plannerAnswerSchema>;

export const plannerPatchSchema = z.object({
  planned_date: isoDate.nullable(),
  /** Plan it even when the day goes over capacity (else 409 over_capacity). */
  force: z.boolean().optional(),
});
export type PlannerPatch = z.infer<typeof plannerPatchSchema>;

/** The 409 over_capacity's `extra.load`: the day's load had the order been moved there. */
export interface PlannerDayLoad {
  date: string;
  cabinets: number;
  capacity: number;
}

/**
 * A day's load: the cabinets still to build on it (a finished order loads no day from today on);
 * a day before today keeps its history, the cabinets that were planned on it.
 */
export function plannerDayLoad(
  rows: readonly Pick<PlannerRow, 'cabinets' | 'cabinets_remaining'>[],
  day: string,
  today: string,
) {
  return rows.reduce((n, r) => n + (day < today ? r.cabinets : r.cabinets_remaining), 0);
}

/** GET /api/planner/days/{date}/work_list/ (issue 35): what to build on a planned day. */
export const workListParamsSchema = z.object({ date: isoDate });
export const workListQuerySchema = z.object({ format: optionalParam(z.enum(['json', 'pdf'])) });
const workListCabinetSchema = z.object({
  barcode: z.string(),
  code: z.string(),
  description: z.string(),
  /** The finished side's code (e.g. FS-BOTH), '' when none. */
  finished_side: z.string(),
  hinge: z.string(),
  finish: z.string(),
  done: z.boolean(),
});
export const workListSchema = z.object({
  date: z.string(),
  orders: z.array(
    z.object({
      order: z.object({ id: z.number().int(), name: z.string(), customer: z.string() }),
      due_date: z.string().nullable(),
      /** Still to build first, then those done; each by line and unit. */
      cabinets: z.array(workListCabinetSchema),
      /** The shelf cut list: adjustable shelves by size, smallest first. */
      shelves: z.array(z.object({ width: z.number().nullable(), depth: z.number().nullable(), qty: z.number().int() })),
    }),
  ),
});
export type WorkList = z.infer<typeof workListSchema>;

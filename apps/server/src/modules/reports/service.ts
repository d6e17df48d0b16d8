import {
  addBusinessDays,
  addDays,
  type Cents,
  CHART_DEFAULT_PERIODS,
  CHART_MAX_DAYS,
  type ChartQuery,
  daysBetween,
  ERROR_CODES,
  isBusinessDay,
  type OrderStatus,
  PLANNER_ERROR_CODES,
  PLANNER_MAX_DAYS,
  type PlannerAnswer,
  type PlannerDayLoad,
  type PlannerPatch,
  type PlannerQuery,
  type PlannerRow,
  parseOrderBy,
  periodsBackFrom,
  plannerAnswerSchema,
  plannerDayLoad,
  REPORT_CSV_COLUMNS,
  REPORTS_TEXT,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
  type SampleRate,
  toWire,
} from '@cab/shared';
import { z } from 'zod';
import { cachePerDatabase, keptUntilEvents } from '../../kit/answer-cache.ts';
import { type Ctx, todayOf } from '../../kit/context.ts';
import { toCsv } from '../../kit/csv.ts';
import { AppError, fieldError, notFound } from '../../kit/errors.ts';
import { JsonText, jsonPage } from '../../kit/json-rows.ts';
import { pageWindow, paginate } from '../../kit/list.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { getSettings, holidays } from '../core/index.ts';
import { lastSettledEvent, publishEvent } from '../events/index.ts';
import * as repo from './repository.ts';

/** Production reports, charts and the planner (issue 18, decision 0031). */

const iso = (v: Date | string | null) =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

const toReportRow = (r: repo.ReportDbRow): ReportRow => ({
  id: Number(r.id),
  name: r.name,
  po_number: r.po_number,
  status: r.status as OrderStatus,
  customer: Number(r.customer),
  customer_display: r.customer_display,
  submitted_at: iso(r.submitted_at),
  verified_at: iso(r.verified_at),
  completed_at: iso(r.completed_at),
  shipped_at: iso(r.shipped_at),
  requested_date: r.requested_date,
  due_date: r.due_date,
  days_late: Number(r.days_late),
  item_count: Number(r.item_count),
  total_price: toWire(Number(r.total_price) as Cents),
});

const DEFAULT_ORDER: Record<ReportKind, string> = {
  late: '-days_late',
  partial_completed: 'due_date',
  due: 'due_date',
  completed: '-completed_at',
};

function checkRange(from: string | undefined, to: string | undefined, field = 'date_after') {
  if (from && to && from > to) throw fieldError(ERROR_CODES.validation, field, REPORTS_TEXT.rangeInvalid);
}

/** A report's filter and order from its query. */
function reportArgs(ctx: Ctx, kind: ReportKind, query: ReportQuery) {
  checkRange(query.date_after, query.date_before);
  const today = todayOf(ctx);
  const filter: repo.ReportFilter = { kind, today, name: query.name, from: query.date_after, to: query.date_before };
  return { filter, orderBy: repo.orderByOf(kind, parseOrderBy(query.order_by ?? DEFAULT_ORDER[kind]), today) };
}

/** A report's page as typed rows (the dashboard's cards), or (format=csv) every matching row as CSV. */
export async function report(ctx: Ctx, kind: ReportKind, query: ReportQuery) {
  const { filter, orderBy } = reportArgs(ctx, kind, query);
  if (query.format === 'csv') {
    const rows = await repo.reportRows(ctx.db, filter, orderBy, { limit: 100_000, offset: 0 });
    return { csv: toCsv(REPORT_CSV_COLUMNS, rows.map(toReportRow)) };
  }
  const page = await paginate(
    pageWindow(query),
    (w) => repo.reportRows(ctx.db, filter, orderBy, w),
    repo.reportCount(ctx.db, filter),
  );
  return { page: { results: page.rows.map(toReportRow), total: page.total } };
}

/** A report's page as the route sends it: rows written as JSON by PostgreSQL (repository.ts reportRowsJson). */
export async function reportPage(ctx: Ctx, kind: ReportKind, query: ReportQuery) {
  const { filter, orderBy } = reportArgs(ctx, kind, query);
  return jsonPage<ReportRow>(
    await paginate(
      pageWindow(query),
      (w) => repo.reportRowsJson(ctx.db, filter, orderBy, w),
      repo.reportCount(ctx.db, filter),
    ),
  );
}

/**
 * A chart's range: the query's, or the last CHART_DEFAULT_PERIODS periods up to today. A chart of
 * a report's orders ("the orders listed below") stretches an open end to its first and last row,
 * so with no dates it counts exactly the orders its list shows (issue 35: 4 of 6 listed).
 */
async function chartRange(
  ctx: Ctx,
  query: ChartQuery,
  listed?: 'completed' | 'partial_completed',
): Promise<{ rate: SampleRate; from: string; to: string }> {
  checkRange(query.date_after, query.date_before);
  const rate = query.sample_rate;
  const bounds =
    listed && (!query.date_after || !query.date_before) ? await repo.reportDayBounds(ctx.db, listed) : null;
  const today = todayOf(ctx);
  const to = query.date_before ?? (bounds?.last && bounds.last > today ? bounds.last : today);
  const usual = periodsBackFrom(rate, to, CHART_DEFAULT_PERIODS[rate]);
  const earliest = bounds?.first && bounds.first < usual ? bounds.first : usual;
  const from =
    query.date_after ?? (daysBetween(earliest, to) > CHART_MAX_DAYS ? addDays(to, -CHART_MAX_DAYS) : earliest);
  if (daysBetween(from, to) > CHART_MAX_DAYS) {
    throw fieldError(ERROR_CODES.validation, 'date_after', REPORTS_TEXT.rangeTooLong(CHART_MAX_DAYS));
  }
  return { rate, from, to };
}

export async function completedChart(ctx: Ctx, query: ChartQuery) {
  const { rate, from, to } = await chartRange(ctx, query, 'completed');
  const rows = await repo.completedChart(ctx.db, rate, from, to);
  return {
    sample_rate: rate,
    results: rows.map((r) => ({
      period_start: r.period_start,
      completed: Number(r.completed),
      completed_then_shipped: Number(r.completed_then_shipped),
      shipped: Number(r.shipped),
    })),
  };
}

export async function partialCompletedChart(ctx: Ctx, query: ChartQuery) {
  const { rate, from, to } = await chartRange(ctx, query, 'partial_completed');
  const rows = await repo.partialChart(ctx.db, rate, from, to, todayOf(ctx));
  return {
    sample_rate: rate,
    results: rows.map((r) => ({ period_start: r.period_start, partial: Number(r.partial), late: Number(r.late) })),
  };
}

export async function createdChart(ctx: Ctx, query: ChartQuery) {
  const { rate, from, to } = await chartRange(ctx, query);
  const rows = await repo.createdChart(ctx.db, rate, from, to);
  return {
    sample_rate: rate,
    results: rows.map((r) => ({
      period_start: r.period_start,
      created: Number(r.created),
      total_price: toWire(Number(r.total_price) as Cents),
    })),
  };
}

export async function lateOrdersChart(ctx: Ctx, query: ChartQuery) {
  const { rate, from, to } = await chartRange(ctx, query);
  const rows = await repo.lateChart(ctx.db, rate, from, to, todayOf(ctx));
  return {
    sample_rate: rate,
    results: rows.map((r) => ({
      period_start: r.period_start,
      due: Number(r.due),
      late: Number(r.late),
      on_time: Number(r.due) - Number(r.late),
    })),
  };
}

// Planner

/** The closed days of a range: its weekends and the shop's holidays. */
export async function closedDays(ctx: Ctx, from: string, to: string): Promise<Set<string>> {
  const closed = await holidaysBetween(ctx, from, to);
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (!isBusinessDay(day, (d) => closed.has(d))) closed.add(day);
  }
  return closed;
}

/** The holidays (as dates) of every year the range touches. */
async function holidaysBetween(ctx: Ctx, from: string, to: string): Promise<Set<string>> {
  const days = new Set<string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of await holidays(ctx, year)) days.add(h.date);
  }
  return days;
}

/** Orders the unplanned column holds at most (soonest due first). */
const UNPLANNED_LIMIT = 300;

/** Statuses whose work is done: nothing left to build, whatever the scans say. */
const FINISHED: readonly string[] = ['COMPLETED', 'SHIPPED'];

function toPlannerRow(r: repo.PlanDbRow, today: string): PlannerRow {
  const due = r.due_date;
  const cabinets = Number(r.cabinets);
  const completed = Number(r.completed);
  return {
    order: {
      id: Number(r.id),
      name: r.name,
      status: r.status as OrderStatus,
      cabinets: { total: Number(r.made), completed, shipped: Number(r.shipped) },
    },
    planned_date: r.planned_date,
    cabinets,
    cabinets_remaining: FINISHED.includes(r.status) ? 0 : Math.max(0, cabinets - completed),
    due_date: due,
    at_risk: due !== null && (r.planned_date !== null ? r.planned_date > due : due < today),
  };
}

/** GET /api/planner/orders/: default range today and the next four weeks. */
export async function plannerList(ctx: Ctx, query: PlannerQuery): Promise<PlannerAnswer> {
  checkRange(query.date_after, query.date_before);
  const today = todayOf(ctx);
  const from = query.date_after ?? today;
  const to = query.date_before ?? addDays(from, 27);
  if (daysBetween(from, to) >= PLANNER_MAX_DAYS) {
    throw fieldError(ERROR_CODES.validation, 'date_before', REPORTS_TEXT.rangeTooLong(PLANNER_MAX_DAYS));
  }
  const [rows, settings, closed] = await Promise.all([
    repo.plannerRows(ctx.db, from, to, UNPLANNED_LIMIT),
    getSettings(ctx),
    holidaysBetween(ctx, from, to),
  ]);
  return {
    results: rows.map((r) => toPlannerRow(r, today)),
    capacity_per_day: settings.capacity_per_day,
    holidays: [...closed].filter((d) => d >= from && d <= to).sort(),
  };
}

/**
 * The planner as every floor board asks for it after each burst of scans (issue 36): kept per
 * range until an event moves it, as the dashboard's figures are (decision 0056); the planner is
 * the shop's, the same answer for every reader.
 */
const keptPlanners = cachePerDatabase({ maxEntries: 200 });
export async function keptPlannerList(ctx: Ctx, query: PlannerQuery): Promise<PlannerAnswer | JsonText<PlannerAnswer>> {
  const keepMs = ctx.config.dashboardKeepMs;
  if (keepMs === 0) return plannerList(ctx, query);
  const key = `${query.date_after ?? ''}:${query.date_before ?? ''}`;
  const when = { keepMs, day: todayOf(ctx), settled: lastSettledEvent(ctx.db) };
  const text = await keptUntilEvents(keptPlanners(ctx.db), key, when, async () =>
    JSON.stringify(z.encode(plannerAnswerSchema, await plannerList(ctx, query))),
  );
  return new JsonText<PlannerAnswer>(text);
}

/**
 * A day's plan: its orders and its load (the cabinets still to build of them) against the
 * capacity, which is 0 on a closed day (weekend or holiday: no "0 / 40" on a Sunday).
 */
export async function dayPlan(ctx: Ctx, day: string): Promise<{ load: PlannerDayLoad; orders: PlannerRow[] }> {
  const today = todayOf(ctx);
  const [rows, settings, closed] = await Promise.all([
    repo.plannedRowsOn(ctx.db, day),
    getSettings(ctx),
    closedDays(ctx, day, day),
  ]);
  const orders = rows.map((r) => toPlannerRow(r, today));
  const cabinets = plannerDayLoad(orders, day, today);
  return { load: { date: day, cabinets, capacity: closed.has(day) ? 0 : settings.capacity_per_day }, orders };
}

const PLANNABLE: readonly string[] = repo.OPEN_STATUSES;

/** The day's load had the order been moved onto it, when that is over the capacity; else null. */
async function overCapacity(ctx: Ctx, moved: PlannerRow, day: string): Promise<PlannerDayLoad | null> {
  const today = todayOf(ctx);
  const others = (await repo.plannedOn(ctx.db, day, moved.order.id)).map((r) => toPlannerRow(r, today));
  const cabinets = plannerDayLoad([...others, moved], day, today);
  const { capacity_per_day: capacity } = await getSettings(ctx);
  return cabinets > capacity ? { date: day, cabinets, capacity } : null;
}

/**
 * PATCH /api/planner/orders/{id}/: a working day (400 on a weekend or holiday, or a day before the
 * shop's today unless the order already stands on it), or null to unplan.
 * A move that puts the day over capacity is a 409 over_capacity (extra.load) unless `force`.
 */
export async function planOrder(ctx: Ctx, id: number, body: PlannerPatch): Promise<PlannerRow> {
  const day = body.planned_date;
  if (day !== null) {
    const closed = await holidaysBetween(ctx, day, day);
    if (!isBusinessDay(day, (d) => closed.has(d))) {
      throw fieldError(ERROR_CODES.validation, 'planned_date', REPORTS_TEXT.closedDay(day));
    }
  }
  return transaction(ctx, async (tx) => {
    const before = await repo.planRow(tx.db, id);
    if (!before) throw notFound();
    if (!PLANNABLE.includes(before.status)) {
      throw fieldError(ERROR_CODES.validation, 'planned_date', REPORTS_TEXT.notPlannable(before.status));
    }
    // Work is planned for days to come; an order left on a past day may stay there or move on.
    if (day !== null && day !== before.planned_date && day < todayOf(ctx)) {
      throw fieldError(ERROR_CODES.validation, 'planned_date', REPORTS_TEXT.pastDay(day));
    }
    const after = toPlannerRow({ ...before, planned_date: day }, todayOf(ctx));
    // Staying on its day adds nothing to it.
    const load = day !== null && day !== before.planned_date ? await overCapacity(tx, after, day) : null;
    if (load && !body.force) {
      throw new AppError(
        409,
        PLANNER_ERROR_CODES.overCapacity,
        REPORTS_TEXT.overCapacity(load.date, load.cabinets, load.capacity),
        { load },
      );
    }
    await repo.setPlan(tx.db, id, day, ctx.actor.id);
    if (day !== before.planned_date) await publishEvent(tx.db, 'planner', { order_id: id, planned_date: day });
    await audit(tx, {
      entity: 'order_plan',
      id,
      action: 'update',
      before: { planned_date: before.planned_date },
      after: { planned_date: day, ...(load ? { over_capacity: load } : {}) },
    });
    return after;
  });
}

/** Seed and tests: the next working day on or after `day`. */
export async function nextWorkingDay(ctx: Ctx, day: string): Promise<string> {
  const closed = await holidaysBetween(ctx, day, addDays(day, 30));
  return isBusinessDay(day, (d) => closed.has(d)) ? day : addBusinessDays(day, 1, (d) => closed.has(d));
}

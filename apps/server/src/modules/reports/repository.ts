import { type Executor, rowsOf, schema } from '@cab/db';
import type { ReportKind, SampleRate } from '@cab/shared';
import { type SQL, sql } from 'drizzle-orm';
import * as json from '../../kit/json-rows.ts';
import { keptCount, type PageWindow } from '../../kit/list.ts';
import { customerDisplaySql, ORDER_ROW_HEAD_JSON } from '../orders/index.ts';

/**
 * The reports', charts' and planner's SQL (decision 0031). order_plans is this module's own
 * table. The reports read orders (with the customer's name from users and companies) inside one
 * read-only statement each, as the order list does (decision 0023's hot-read join): a report over
 * 100,000 orders cannot go through the orders module row by row. They never write orders.
 */
const { orders, orderItems, orderPlans, users, companies, cabinets } = schema;

/** Statuses of an order that is submitted and not finished: the only ones that can be late or planned. */
export const OPEN_STATUSES = ['ORDERED', 'VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED'] as const;
const openStatuses = sql.raw(`('${OPEN_STATUSES.join("','")}')`);

export interface ReportDbRow {
  id: number;
  name: string;
  po_number: string | null;
  status: string;
  customer: number;
  customer_display: string;
  submitted_at: Date | string | null;
  verified_at: Date | string | null;
  completed_at: Date | string | null;
  shipped_at: Date | string | null;
  requested_date: string | null;
  due_date: string | null;
  days_late: number;
  item_count: number;
  total_price: number | string;
}

export interface ReportFilter {
  kind: ReportKind;
  today: string;
  name?: string;
  from?: string;
  /** Inclusive. */
  to?: string;
}

function reportWhere(f: ReportFilter): SQL {
  const parts: SQL[] = [];
  if (f.kind === 'late') parts.push(sql`${orders.status} in ${openStatuses} and ${orders.dueDate} < ${f.today}::date`);
  // Due (issue 35: the week's due orders): open orders with a due date, by that date.
  else if (f.kind === 'due') parts.push(sql`${orders.status} in ${openStatuses} and ${orders.dueDate} is not null`);
  else if (f.kind === 'partial_completed') parts.push(sql`${orders.status} = 'PARTIALLY_COMPLETED'`);
  // Completed: every order that completed, whatever happened after (shipped since), as the
  // completed chart counts them (issue 29).
  else parts.push(sql`${orders.completedAt} is not null`);
  if (f.name) parts.push(sql`${orders.name} ilike ${`%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  // On the column itself, so its index serves the range.
  const column = f.kind === 'completed' ? orders.completedAt : orders.dueDate;
  if (f.from) parts.push(sql`${column} >= ${f.from}::date`);
  if (f.to) parts.push(f.kind === 'completed' ? sql`${column} < ${f.to}::date + 1` : sql`${column} <= ${f.to}::date`);
  return sql.join(parts, sql` and `);
}

/** Days late: until today for an open order, until the day it completed for a finished one. */
const daysLate = (today: string) =>
  sql`greatest(0, coalesce((${orders.completedAt})::date, ${today}::date) - ${orders.dueDate})`;

const ORDER_SQL: Record<string, (today: string) => SQL> = {
  id: () => sql`${orders.id}`,
  name: () => sql`${orders.name}`,
  due_date: () => sql`${orders.dueDate}`,
  days_late: (today) => daysLate(today),
  completed_at: () => sql`${orders.completedAt}`,
  submitted_at: () => sql`${orders.submittedAt}`,
};

export function orderByOf(kind: ReportKind, keys: { key: string; descending: boolean }[], today: string): SQL {
  const parts = keys.map((k) =>
    // An open order's days late is today minus its due date: sorted by the due date (reversed),
    // the late report walks its partial index (orders_open_due_idx) instead of sorting every row.
    kind === 'late' && k.key === 'days_late'
      ? sql`${orders.dueDate} ${sql.raw(k.descending ? 'asc' : 'desc')}`
      : sql`${ORDER_SQL[k.key]!(today)} ${sql.raw(k.descending ? 'desc nulls last' : 'asc')}`,
  );
  parts.push(sql`${orders.id} asc`);
  return sql.join(parts, sql`, `);
}

/** A report's rows: `columns` over the page of orders `f` matches, in `orderBy`. */
function reportSelect<R>(db: Executor, f: ReportFilter, orderBy: SQL, window: PageWindow, columns: SQL) {
  // A prepared statement (planned once per connection; the page size in its text, so the kept plan
  // walks orders_open_due_idx for the page alone), but not with a name: a plan kept for any pattern
  // reads every trigram match (orders/lists/repository.ts limitOf says the same).
  return (f.name ? rowsOf<R> : json.preparedRows<R>)(
    db,
    sql`select ${columns}
    from ${orders}
    join ${users} on ${users.id} = ${orders.customerId}
    left join ${companies} on ${companies.id} = ${orders.companyId}
    where ${reportWhere(f)}
    order by ${orderBy}
    limit ${sql.raw(String(window.limit))} offset ${window.offset}`,
  );
}

/** Typed rows (the CSV, the dashboard's cards). */
export const reportRows = (db: Executor, f: ReportFilter, orderBy: SQL, window: PageWindow) =>
  reportSelect<ReportDbRow>(
    db,
    f,
    orderBy,
    window,
    sql`${orders.id} as id, ${orders.name} as name, ${orders.poNumber} as po_number, ${orders.status} as status,
      ${orders.customerId} as customer, ${customerDisplaySql} as customer_display,
      ${orders.submittedAt} as submitted_at, ${orders.verifiedAt} as verified_at,
      ${orders.completedAt} as completed_at, ${orders.shippedAt} as shipped_at,
      ${orders.requestedDate}::text as requested_date, ${orders.dueDate}::text as due_date,
      ${daysLate(f.today)}::int as days_late, ${orders.itemCount} as item_count, ${orders.totalPrice} as total_price`,
  );

/**
 * The page's rows as PostgreSQL writes them in JSON (kit/json-rows.ts), key for key and in the
 * order of reportRowSchema, as the order list's rows are: the route sends them as they are (the
 * late report spent 1.0-1.4 ms of the server's CPU per page parsing, mapping and encoding 50 rows;
 * the list 0.4). reports-json.test.ts compares each row with the list's row of the same order.
 */
export const reportRowsJson = async (db: Executor, f: ReportFilter, orderBy: SQL, window: PageWindow) =>
  (
    await reportSelect<{ row: string }>(
      db,
      f,
      orderBy,
      window,
      sql`${json.jsonObject({
        ...ORDER_ROW_HEAD_JSON,
        submitted_at: json.jsonIsoTimestamp(orders.submittedAt),
        verified_at: json.jsonIsoTimestamp(orders.verifiedAt),
        completed_at: json.jsonIsoTimestamp(orders.completedAt),
        shipped_at: json.jsonIsoTimestamp(orders.shippedAt),
        requested_date: json.jsonString(orders.requestedDate),
        due_date: json.jsonString(orders.dueDate),
        item_count: json.jsonNumber(orders.itemCount),
        total_price: json.jsonMoney(orders.totalPrice),
        days_late: json.jsonNumber(daysLate(f.today)),
      })} as row`,
    )
  ).map((r) => r.row);

/**
 * The report's total, kept for 1 s (kit/list.ts keptCount, as the order list's): the late report
 * counted its 40,000 open orders past due on every page (10-60 ms, most of the page's cost).
 */
export const reportCount = (db: Executor, f: ReportFilter) =>
  keptCount(db, sql`select count(*)::int as n from ${orders} where ${reportWhere(f)}`);

/**
 * The first and last day of a report's rows by the day its chart counts them on (the completed
 * report: completed_at's day; partially completed: the due date); nulls when it has none.
 */
export async function reportDayBounds(db: Executor, kind: 'completed' | 'partial_completed') {
  const day = kind === 'completed' ? sql`(${orders.completedAt})::date` : sql`${orders.dueDate}`;
  const [row] = await rowsOf<{ first: string | null; last: string | null }>(
    db,
    sql`select min(${day})::text as first, max(${day})::text as last from ${orders}
      where ${reportWhere({ kind, today: '' })}`,
  );
  return { first: row?.first ?? null, last: row?.last ?? null };
}

// Charts: one row per period of the range (generate_series), the counts joined on.

const unit = (rate: SampleRate) => sql.raw(`'${rate}'`);
const series = (rate: SampleRate, from: string, to: string) =>
  sql`select generate_series(date_trunc(${unit(rate)}, ${from}::date), date_trunc(${unit(rate)}, ${to}::date), ${sql.raw(`interval '1 ${rate}'`)})::date as p`;
const periodOf = (rate: SampleRate, at: SQL) => sql`date_trunc(${unit(rate)}, ${at})::date`;

export async function completedChart(db: Executor, rate: SampleRate, from: string, to: string) {
  return rowsOf<{ period_start: string; completed: number; completed_then_shipped: number; shipped: number }>(
    db,
    sql`with periods as (${series(rate, from, to)}),
      c as (select ${periodOf(rate, sql`(${orders.completedAt})::date`)} as p, count(*)::int as n,
          count(${orders.shippedAt})::int as then_shipped from ${orders}
        where ${orders.completedAt} >= ${from}::date and ${orders.completedAt} < ${to}::date + 1 group by 1),
      s as (select ${periodOf(rate, sql`(${orders.shippedAt})::date`)} as p, count(*)::int as n from ${orders}
        where ${orders.shippedAt} >= ${from}::date and ${orders.shippedAt} < ${to}::date + 1 group by 1)
    select periods.p::text as period_start, coalesce(c.n, 0) as completed,
      coalesce(c.then_shipped, 0) as completed_then_shipped, coalesce(s.n, 0) as shipped
    from periods left join c on c.p = periods.p left join s on s.p = periods.p order by periods.p`,
  );
}

/** The partially completed report's orders (status PARTIALLY_COMPLETED) per period of their due date, as it lists them. */
export async function partialChart(db: Executor, rate: SampleRate, from: string, to: string, today: string) {
  return rowsOf<{ period_start: string; partial: number; late: number }>(
    db,
    sql`with periods as (${series(rate, from, to)}),
      c as (select ${periodOf(rate, sql`${orders.dueDate}`)} as p, count(*)::int as n,
          count(*) filter (where ${orders.dueDate} < ${today}::date)::int as late from ${orders}
        where ${orders.status} = 'PARTIALLY_COMPLETED' and ${orders.dueDate} between ${from}::date and ${to}::date
        group by 1)
    select periods.p::text as period_start, coalesce(c.n, 0) as partial, coalesce(c.late, 0) as late
    from periods left join c on c.p = periods.p order by periods.p`,
  );
}

export async function createdChart(db: Executor, rate: SampleRate, from: string, to: string) {
  return rowsOf<{ period_start: string; created: number; total_price: string | number }>(
    db,
    sql`with periods as (${series(rate, from, to)}),
      c as (select ${periodOf(rate, sql`(${orders.createdAt})::date`)} as p, count(*)::int as n,
          coalesce(sum(${orders.totalPrice}), 0)::bigint as total from ${orders}
        where ${orders.createdAt} >= ${from}::date and ${orders.createdAt} < ${to}::date + 1 group by 1)
    select periods.p::text as period_start, coalesce(c.n, 0) as created, coalesce(c.total, 0) as total_price
    from periods left join c on c.p = periods.p order by periods.p`,
  );
}

export async function lateChart(db: Executor, rate: SampleRate, from: string, to: string, today: string) {
  return rowsOf<{ period_start: string; due: number; late: number }>(
    db,
    sql`with periods as (${series(rate, from, to)}),
      c as (select ${periodOf(rate, sql`${orders.dueDate}`)} as p, count(*)::int as due,
          count(*) filter (where
            (coalesce(${orders.completedAt}, ${orders.shippedAt}) is not null
              and (coalesce(${orders.completedAt}, ${orders.shippedAt}))::date > ${orders.dueDate})
            or (${orders.status} in ${openStatuses} and ${orders.dueDate} < ${today}::date))::int as late
        from ${orders}
        where ${orders.dueDate} between ${from}::date and ${to}::date
          and ${orders.status} not in ('BID', 'CANCELLED', 'DECLINED')
        group by 1)
    select periods.p::text as period_start, coalesce(c.due, 0) as due, coalesce(c.late, 0) as late
    from periods left join c on c.p = periods.p order by periods.p`,
  );
}

// Planner

export interface PlanDbRow {
  id: number;
  name: string;
  status: string;
  planned_date: string | null;
  due_date: string | null;
  cabinets: number;
  /** Production's cabinets of the order (made at approve): the order answer's counts. */
  made: number;
  completed: number;
  shipped: number;
}

const cabinetsOf = sql`(select coalesce(sum(${orderItems.qty}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
// Production's cabinets read inside the planner's one statement (decision 0031), from the
// covering index cabinets_order_idx (order_id, completed_at, shipped_at) alone.
const progressJoin = sql`left join lateral (select count(*)::int as made, count(${cabinets.completedAt})::int as completed,
    count(${cabinets.shippedAt})::int as shipped from ${cabinets} where ${cabinets.orderId} = ${orders.id}) progress on true`;
const planColumns = sql`${orders.id} as id, ${orders.name} as name, ${orders.status} as status,
  ${orderPlans.plannedDate}::text as planned_date, ${orders.dueDate}::text as due_date, ${cabinetsOf} as cabinets,
  progress.made, progress.completed, progress.shipped`;
const plannedFrom = sql`from ${orderPlans} join ${orders} on ${orders.id} = ${orderPlans.orderId} ${progressJoin}`;
/** A plan a CANCELLED or DECLINED order left is not listed (decision 0031). */
const planListed = sql`${orders.status} not in ('CANCELLED', 'DECLINED', 'BID')`;
const ordersFrom = sql`from ${orders} left join ${orderPlans} on ${orderPlans.orderId} = ${orders.id} ${progressJoin}`;

/** Orders planned on a day of the range, and (up to `unplannedLimit`) open orders not planned yet, soonest due first. */
export async function plannerRows(db: Executor, from: string, to: string, unplannedLimit: number) {
  const planned = await rowsOf<PlanDbRow>(
    db,
    sql`select ${planColumns} ${plannedFrom}
      where ${orderPlans.plannedDate} between ${from}::date and ${to}::date and ${planListed}
      order by ${orderPlans.plannedDate}, ${orders.id}`,
  );
  const unplanned = await rowsOf<PlanDbRow>(
    db,
    sql`select ${planColumns} ${ordersFrom}
      where ${orders.status} in ('VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED') and ${orderPlans.orderId} is null
      order by ${orders.dueDate} nulls last, ${orders.id} limit ${unplannedLimit}`,
  );
  return [...planned, ...unplanned];
}

export async function planRow(db: Executor, orderId: number): Promise<PlanDbRow | undefined> {
  const [row] = await rowsOf<PlanDbRow>(
    db,
    sql`select ${planColumns} ${ordersFrom}
      where ${orders.id} = ${orderId}`,
  );
  return row;
}

/**
 * The orders planned on one day but `except` (the one being moved), as the planner lists them,
 * after the day's lock: two moves onto one day are weighed one after the other.
 */
/** The orders planned on a day (but `except`), as the planner lists them. */
export const plannedRowsOn = (db: Executor, day: string, except = 0) =>
  rowsOf<PlanDbRow>(
    db,
    sql`select ${planColumns} ${plannedFrom}
      where ${orderPlans.plannedDate} = ${day}::date and ${orders.id} <> ${except} and ${planListed}`,
  );

/** The same, with the day locked for a move onto it (two moves onto one day are taken in turn). */
export async function plannedOn(db: Executor, day: string, except: number): Promise<PlanDbRow[]> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`order_plans:${day}`}))`);
  return plannedRowsOn(db, day, except);
}

export async function setPlan(db: Executor, orderId: number, plannedDate: string | null, by: number) {
  if (plannedDate === null) {
    await db.execute(sql`delete from ${orderPlans} where ${orderPlans.orderId} = ${orderId}`);
    return;
  }
  await db
    .insert(orderPlans)
    .values({ orderId, plannedDate, plannedById: by })
    .onConflictDoUpdate({
      target: orderPlans.orderId,
      set: { plannedDate, plannedById: by, updatedAt: sql`now()` },
    });
}

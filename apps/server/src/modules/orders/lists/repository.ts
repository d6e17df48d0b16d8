import { type Executor, schema } from '@cab/db';
import { CUSTOMER_SEPARATOR, DEFAULT_ORDER_STATUS_FILTER, ORDER_STATUSES, type Reach } from '@cab/shared';
import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnswerCache } from '../../../kit/answer-cache.ts';
import * as json from '../../../kit/json-rows.ts';
import { contains, estimatedCount, keptCount, type Page, type PageWindow, paginate } from '../../../kit/list.ts';

/**
 * The order list's SQL. The page's rows join the customer (users) and the company (companies) in
 * the same statement: the list is the busiest read of the shop (decision 0023 keeps the join).
 */
const { orders, users, companies, orderWeekCounts } = schema;

const fullNameSql = sql`btrim(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * A list row as the wire writes it (orderListRowSchema, key for key; wire.ts head() for the
 * detail): PostgreSQL writes the JSON (kit/json-rows.ts). Stored names are trimmed on input, so
 * btrim's spaces are JavaScript's trim. The orders-list-json test compares it with the detail.
 */
/** "Company — Full Name" for a business account's order, the full name otherwise (orders joined to users, companies). */
export const customerDisplaySql = sql`case when ${users.accountType} = 'B' and coalesce(${companies.name}, '') <> ''
  then ${companies.name} || ${CUSTOMER_SEPARATOR}::text || ${fullNameSql} else ${fullNameSql} end`;

/** The first keys of an order's row on every list of orders (this list, the reports' pages). */
export const ORDER_ROW_HEAD_JSON = {
  id: json.jsonNumber(orders.id),
  name: json.jsonString(orders.name),
  po_number: json.jsonString(orders.poNumber),
  status: json.jsonString(orders.status),
  customer: json.jsonNumber(orders.customerId),
  customer_display: json.jsonString(customerDisplaySql),
};

const LIST_ROW_JSON = json.jsonObject({
  ...ORDER_ROW_HEAD_JSON,
  account: json.jsonObject({
    account_type: json.jsonString(users.accountType),
    full_name: json.jsonString(fullNameSql),
  }),
  company: json.jsonObjectOrNull(sql`${companies.name} is not null`, { name: json.jsonString(companies.name) }),
  created_at: json.jsonIsoTimestamp(orders.createdAt),
  updated_at: json.jsonIsoTimestamp(orders.updatedAt),
  submitted_at: json.jsonIsoTimestamp(orders.submittedAt),
  verified_at: json.jsonIsoTimestamp(orders.verifiedAt),
  completed_at: json.jsonIsoTimestamp(orders.completedAt),
  shipped_at: json.jsonIsoTimestamp(orders.shippedAt),
  cancelled_at: json.jsonIsoTimestamp(orders.cancelledAt),
  requested_date: json.jsonString(orders.requestedDate),
  due_date: json.jsonString(orders.dueDate),
  in_editing_mode: json.jsonBoolean(orders.inEditingMode),
  error_count: json.jsonNumber(orders.errorCount),
  warning_count: json.jsonNumber(orders.warningCount),
  item_count: json.jsonNumber(orders.itemCount),
  total_price: json.jsonMoney(orders.totalPrice),
});

export const ORDER_LIST_ORDER = {
  id: orders.id,
  name: orders.name,
  status: orders.status,
  created_at: orders.createdAt,
  requested_date: orders.requestedDate,
  total_price: orders.totalPrice,
};

export const orderCols = orders;

export interface OrderListFilter {
  /**
   * A business manager sees the company's orders (orders.company_id: the customer's company when
   * the order was made, so the manager's own orders too); other customers their own. Reach also
   * admits a manager's own orders made before joining (decision 0014: the list keeps one indexed condition).
   */
  visibility: Reach;
  name?: string;
  statuses?: readonly string[];
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
  customerId?: number;
}

/** The known statuses of `statuses`, once each, in the lifecycle's order. */
const knownStatuses = (statuses: readonly string[]) =>
  ORDER_STATUSES.filter((s) => statuses.includes(s)) as readonly string[];

/** True when `statuses` is the default filter's set, which has its own index (orders_open_created_idx). */
const isOpenSet = (statuses: readonly string[]) => {
  const known = knownStatuses(statuses);
  return (
    known.length === DEFAULT_ORDER_STATUS_FILTER.length && DEFAULT_ORDER_STATUS_FILTER.every((s) => known.includes(s))
  );
};

/**
 * `status in (...)` with the statuses as literals (only the lifecycle's own names, so nothing a
 * caller typed reaches the text): with a parameter the planner cannot see that the default
 * filter's set is the partial index's, and a prepared statement's generic plan would never walk
 * it. Each set is its own statement text; there are at most 2^9.
 */
function statusIn(statuses: readonly string[], column: AnyColumn = orders.status): SQL {
  const known = knownStatuses(statuses);
  if (known.length === 0) return sql`false`;
  return sql`${column} in (${sql.raw(known.map((s) => `'${s}'`).join(', '))})`;
}

/** The list's WHERE on orders' own columns (so the count needs no join). */
function orderListWhere(f: OrderListFilter): SQL | undefined {
  const parts: SQL[] = [];
  const v = f.visibility;
  if ('none' in v) parts.push(sql`false`);
  else if ('customerId' in v) {
    parts.push(v.companyId !== null ? eq(orders.companyId, v.companyId) : eq(orders.customerId, v.customerId));
  }
  if (f.name) parts.push(contains(orders.name, f.name));
  if (f.statuses?.length) parts.push(statusIn(f.statuses));
  if (f.createdFrom) parts.push(gte(orders.createdAt, f.createdFrom));
  if (f.createdBefore) parts.push(lt(orders.createdAt, f.createdBefore));
  if (f.customerId !== undefined) parts.push(eq(orders.customerId, f.customerId));
  return parts.length ? and(...parts) : undefined;
}

/** The ordering keys' columns (ORDER_LIST_ORDER's), as a select list. */
const ORDER_KEY_COLUMNS = sql.join(
  [...new Set(Object.values(ORDER_LIST_ORDER))].map((c) => sql`${c}`),
  sql`, `,
);

/** The page sizes clients ask for (the web app's lists, the API's default). */
const USUAL_PAGE_SIZES = new Set([10, 20, 25, 50, 100]);

/**
 * A usual page size is written into the statement's text, so PostgreSQL keeps one plan for the
 * page (a generic plan): with the size a parameter it planned every request again, 0.55 ms on
 * page 1 (more than running it) and 0.7 ms past it. Other sizes stay a parameter, so that a
 * client trying every size cannot fill the prepared statements (kit/json-rows.ts). Not with a
 * name filter: a plan kept for any pattern reads every trigram match (`kowal`: 10,000 rows,
 * 5,447 heap pages) where the pattern's own plan walks the list's index.
 */
const limitOf = (n: number, filter: OrderListFilter): SQL =>
  USUAL_PAGE_SIZES.has(n) && !filter.name ? sql.raw(String(n)) : sql`${n}`;

/** Past this offset a page of the shop's list starts from its week (weekJump); nearer, walking is cheaper. */
const WEEK_JUMP_FROM = 1_000;

/** The shop's list filtered by status alone: order_week_counts counts it (decision 0038). */
const countedByWeek = (f: OrderListFilter) =>
  'all' in f.visibility && !f.name && f.customerId === undefined && !f.createdFrom && !f.createdBefore;

/** The rows of order_week_counts that count the filter's statuses (all of them when none). */
const weekCountsWhere = (f: OrderListFilter) =>
  f.statuses?.length ? sql`where ${statusIn(f.statuses, orderWeekCounts.status)}` : sql``;

/** How many orders the shop's list by status holds, exactly: its statuses' weeks summed. */
const weekTotal = (f: OrderListFilter) =>
  sql`select coalesce(sum(${orderWeekCounts.n}), 0)::int from ${orderWeekCounts} ${weekCountsWhere(f)}`;

/** Where a deep page's walk starts and how far it goes, given the CTE `week_start` (weekJump). */
interface Jump {
  /** The CTE: the week the page's first row falls in, and how many rows come before that week. */
  cte: SQL;
  /** Only the rows of that week and after it in the list's order. */
  bound: SQL;
  /** The page's offset counted from the start of that week. */
  offset: SQL;
}

/**
 * A deep page of a list ordered by creation first: order_week_counts tells how many of the
 * filter's orders each week of creation holds, so the page walks from the start of the week its
 * offset falls in (at most a week of orders) instead of every row before it. The counts are kept
 * in the writing transactions and read in this statement's snapshot, so the rows are the ones the
 * plain offset gives. Past the last row no week matches: the bound is null and the page empty.
 */
function weekJump(filter: OrderListFilter, direction: 'asc' | 'desc', offset: number): Jump {
  const statuses = weekCountsWhere(filter);
  const cte = sql`select week, before from (
      select week, n, sum(n) over (order by week ${sql.raw(direction)}) - n as before
      from (select ${orderWeekCounts.week} as week, sum(${orderWeekCounts.n})::int as n
        from ${orderWeekCounts} ${statuses} group by 1) weeks
    ) running where before <= ${offset}::bigint and before + n > ${offset}::bigint`;
  const bound =
    direction === 'desc'
      ? sql`${orders.createdAt} < (select to_timestamp((week + 1)::bigint * 604800) from week_start)`
      : sql`${orders.createdAt} >= (select to_timestamp(week::bigint * 604800) from week_start)`;
  return { cte, bound, offset: sql`(select ${offset}::bigint - before from week_start)` };
}

/**
 * The ids of one page past the first, on orders alone (no join, no JSON: PostgreSQL computes the
 * select list of every row an OFFSET skips, so page 500 used to write 25,000 rows' JSON to throw
 * them away). With several statuses, one branch per status, each in its own order and cut at the
 * page's end, merged (Merge Append): each branch walks its (status, created_at, id) index, where
 * `status = any(...)` read every matching row and sorted them. A deep page of the shop's list in
 * order of creation walks only from the week it starts in (weekJump).
 */
function pageIds(filter: OrderListFilter, order: ListOrder, w: PageWindow): SQL {
  const statuses = knownStatuses(filter.statuses ?? []);
  const jump =
    order.createdFirst && w.offset >= WEEK_JUMP_FROM && countedByWeek(filter)
      ? weekJump(filter, order.createdFirst, w.offset)
      : undefined;
  const offset = jump?.offset ?? sql`${w.offset}`;
  const keys = sql.join(order.keys, sql`, `);
  let ids: SQL;
  // One status, or the default set (its partial index holds it in the list's order): one walk.
  if (statuses.length < 2 || isOpenSet(statuses)) {
    const where = and(orderListWhere(filter), jump?.bound);
    ids = sql`select ${orders.id} as page_id from ${orders} ${where ? sql`where ${where}` : sql``}
      order by ${keys} limit ${limitOf(w.limit, filter)} offset ${offset}`;
  } else {
    const rest = and(orderListWhere({ ...filter, statuses: undefined }), jump?.bound);
    const reach = sql`${offset} + ${w.limit}::int`;
    const branches = statuses.map(
      (status) => sql`(select ${ORDER_KEY_COLUMNS} from ${orders} where ${and(rest, statusIn([status]))}
        order by ${keys} limit ${reach})`,
    );
    // The union is named "orders" so that the order keys (orders' columns) name its columns.
    ids = sql`select ${orders.id} as page_id from (${sql.join(branches, sql` union all `)}) ${orders}
      order by ${keys} limit ${w.limit} offset ${offset}`;
  }
  return jump ? sql`with week_start as (${jump.cte}) ${ids}` : ids;
}

/** The list's ORDER BY, and the direction of creation when it comes first (weekJump). */
export interface ListOrder {
  keys: SQL[];
  createdFirst?: 'asc' | 'desc';
}

/**
 * What a list row's JSON depends on, as one text (decision 0025): the order's version (every write
 * of an order moves it) and the names the row shows of its customer and company.
 */
const LIST_ROW_STAMP = sql`json_build_array(${orders.version}, ${users.accountType}, ${users.firstName}, ${users.lastName}, ${companies.name})::text`;
const LIST_JOINS = sql`join ${users} on ${users.id} = ${orders.customerId}
  left join ${companies} on ${companies.id} = ${orders.companyId}`;

/**
 * One page of the list as row JSON texts. The page's ids and stamps come first (no JSON: writing
 * 50 rows of JSON was most of PostgreSQL's work per page); rows whose JSON is kept under the same
 * stamp are served from `cache`, the others written by PostgreSQL in one more statement. A
 * customer's or a company's list (`scoped`) is counted in the same statement (an index-only count
 * of their own orders); the shop's list filtered by status alone sums its weeks' counts (exact,
 * decision 0038, re-read once a second), filtered otherwise (100,000 orders) it takes the
 * planner's estimate, exact below 10,000 (kit/list.ts). Past the first page, the page's ids are found first (pageIds) and
 * only their rows are joined; the order keys are orders' columns ending in the id.
 */
export async function orderPage(
  db: Executor,
  filter: OrderListFilter,
  listOrder: ListOrder,
  window: PageWindow,
  scoped: boolean,
  /** Row JSON texts by order id, each kept under its stamp. */
  cache: AnswerCache,
): Promise<Page<string>> {
  const where = orderListWhere(filter);
  const order = sql.join(listOrder.keys, sql`, `);
  let counted: number | undefined;
  const fetchRows = async (w: PageWindow) => {
    const total = scoped ? sql`, (select count(*) from ${orders} where ${where}) as total` : sql``;
    const stamps = await json.preparedRows<{ id: number; stamp: string; total?: string | number | null }>(
      db,
      w.offset === 0
        ? sql`select ${orders.id} as id, ${LIST_ROW_STAMP} as stamp ${total} from ${orders} ${LIST_JOINS}
            ${where ? sql`where ${where}` : sql``} order by ${order} limit ${limitOf(w.limit, filter)}`
        : sql`select ${orders.id} as id, ${LIST_ROW_STAMP} as stamp ${total}
            from (${pageIds(filter, listOrder, w)}) page join ${orders} on ${orders.id} = page.page_id ${LIST_JOINS}
            order by ${order}`,
    );
    const total0 = stamps[0]?.total;
    counted = total0 === null || total0 === undefined ? undefined : Number(total0);
    const kept = stamps.map((r) => cache.peek(String(r.id), r.stamp));
    const missing = stamps.filter((_, i) => kept[i] === undefined).map((r) => Number(r.id));
    const drawn = new Map<number, string>();
    if (missing.length > 0) {
      const rows = await json.preparedRows<{ id: number; stamp: string; row: string }>(
        db,
        sql`select ${orders.id} as id, ${LIST_ROW_STAMP} as stamp, ${LIST_ROW_JSON} as row from ${orders} ${LIST_JOINS}
          where ${orders.id} = any(${sql.param(missing)}::int4[])`,
      );
      for (const r of rows) {
        drawn.set(Number(r.id), r.row);
        cache.put(String(r.id), r.stamp, Promise.resolve(r.row));
      }
    }
    const texts = await Promise.all(kept.map((k, i) => k ?? drawn.get(Number(stamps[i]!.id))));
    // A row deleted between the two statements is left out.
    return texts.filter((t) => t !== undefined).map((t) => (typeof t === 'string' ? t : t.text));
  };
  const shopTotal = countedByWeek(filter) ? keptCount(db, weekTotal(filter)) : estimatedCount(db, orders, where);
  return paginate(window, fetchRows, async () => (scoped && counted !== undefined ? counted : shopTotal()));
}

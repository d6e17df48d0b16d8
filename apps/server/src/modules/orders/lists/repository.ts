import { type Executor, schema } from '@cab/db';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import * as json from '../../../kit/json-rows.ts';
import { contains, estimatedCount, type Page, type PageWindow, paginate } from '../../../kit/list.ts';
import type { Visibility } from './visibility.ts';

/**
 * The order list's SQL. The page's rows join the customer (users) and the company (companies) in
 * the same statement: the list is the busiest read of the shop (decision 0023 keeps the join).
 */
const { orders, users, companies } = schema;

const fullNameSql = sql`btrim(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * A list row as the wire writes it (orderListRowSchema, key for key; wire.ts head() for the
 * detail): PostgreSQL writes the JSON (kit/json-rows.ts). Stored names are trimmed on input, so
 * btrim's spaces are JavaScript's trim. The orders-list-json test compares it with the detail.
 */
const LIST_ROW_JSON = json.jsonObject({
  id: json.jsonNumber(orders.id),
  name: json.jsonString(orders.name),
  po_number: json.jsonString(orders.poNumber),
  status: json.jsonString(orders.status),
  customer: json.jsonNumber(orders.customerId),
  customer_display: json.jsonString(sql`case when ${users.accountType} = 'B' and coalesce(${companies.name}, '') <> ''
    then btrim(${companies.name} || ' ' || ${fullNameSql}) else ${fullNameSql} end`),
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
   * the order was made, so the manager's own orders too); other customers their own.
   */
  visibility: Visibility;
  name?: string;
  statuses?: readonly string[];
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
  customerId?: number;
}

/** The list's WHERE on orders' own columns (so the count needs no join). */
export function orderListWhere(f: OrderListFilter): SQL | undefined {
  const parts: SQL[] = [];
  const v = f.visibility;
  if ('none' in v) parts.push(sql`false`);
  else if ('companyId' in v) parts.push(eq(orders.companyId, v.companyId));
  else if ('customerId' in v) parts.push(eq(orders.customerId, v.customerId));
  if (f.name) parts.push(contains(orders.name, f.name));
  // One parameter for any number of statuses: one statement text, prepared once.
  if (f.statuses?.length) parts.push(sql`${orders.status} = any(${sql.param([...f.statuses])}::text[])`);
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

/**
 * The ids of one page past the first, on orders alone (no join, no JSON: PostgreSQL computes the
 * select list of every row an OFFSET skips, so page 500 used to write 25,000 rows' JSON to throw
 * them away). With several statuses, one branch per status, each in its own order and cut at the
 * page's end, merged (Merge Append): each branch walks its (status, created_at, id) index, where
 * `status = any(...)` read every matching row and sorted them.
 */
function pageIds(filter: OrderListFilter, order: SQL, w: PageWindow): SQL {
  const statuses = [...new Set(filter.statuses ?? [])];
  if (statuses.length < 2) {
    const where = orderListWhere(filter);
    return sql`select ${orders.id} as page_id from ${orders} ${where ? sql`where ${where}` : sql``}
      order by ${order} limit ${w.limit} offset ${w.offset}`;
  }
  const rest = orderListWhere({ ...filter, statuses: undefined });
  const branches = statuses.map(
    (status) => sql`(select ${ORDER_KEY_COLUMNS} from ${orders} where ${and(rest, sql`${orders.status} = ${status}`)}
      order by ${order} limit ${w.offset + w.limit})`,
  );
  // The union is named "orders" so that the order keys (orders' columns) name its columns.
  return sql`select ${orders.id} as page_id from (${sql.join(branches, sql` union all `)}) ${orders}
    order by ${order} limit ${w.limit} offset ${w.offset}`;
}

/**
 * One page of the list as row JSON texts, in one prepared statement. A customer's or a company's
 * list (`scoped`) is counted in the same statement (an index-only count of their own orders); the
 * whole shop's list (100,000 orders) takes the planner's estimate, exact below 10,000 (kit/list.ts).
 * Past the first page, the page's ids are found first (pageIds) and only their rows are joined
 * and written; the order keys are orders' columns ending in the id, so sorting the page's rows
 * again gives the same order.
 */
export async function orderPage(
  db: Executor,
  filter: OrderListFilter,
  orderKeys: SQL[],
  window: PageWindow,
  scoped: boolean,
): Promise<Page<string>> {
  const where = orderListWhere(filter);
  const order = sql.join(orderKeys, sql`, `);
  let counted: number | undefined;
  const fetchRows = async (w: PageWindow) => {
    const total = scoped ? sql`, (select count(*) from ${orders} where ${where}) as total` : sql``;
    const joins = sql`join ${users} on ${users.id} = ${orders.customerId}
      left join ${companies} on ${companies.id} = ${orders.companyId}`;
    const page = await json.jsonRowsWithTotal(
      db,
      w.offset === 0
        ? sql`select ${LIST_ROW_JSON} as row ${total} from ${orders} ${joins}
            ${where ? sql`where ${where}` : sql``} order by ${order} limit ${w.limit}`
        : sql`select ${LIST_ROW_JSON} as row ${total}
            from (${pageIds(filter, order, w)}) page join ${orders} on ${orders.id} = page.page_id ${joins}
            order by ${order}`,
    );
    counted = page.total ?? undefined;
    return page.rows;
  };
  const estimate = estimatedCount(db, orders, where);
  return paginate(window, fetchRows, async () => (scoped && counted !== undefined ? counted : estimate()));
}

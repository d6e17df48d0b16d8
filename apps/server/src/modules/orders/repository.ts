import { type Executor, schema } from '@cab/db';
import type { PremiumType } from '@cab/shared';
import { and, asc, eq, getTableColumns, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  jsonBoolean,
  jsonIsoTimestamp,
  jsonMoney,
  jsonNumber,
  jsonObject,
  jsonObjectOrNull,
  jsonRowsWithTotal,
  jsonString,
  preparedRows,
} from '../../kit/json-rows.ts';
import { contains, estimatedCount, type Page, type PageWindow, paginate } from '../../kit/list.ts';

const { orders, orderGroups, orderItems, premiums, lineItems, users, companies, addresses, discountCodes } = schema;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderGroupRow = typeof orderGroups.$inferSelect;
export type NewOrderGroup = typeof orderGroups.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;

// ---------------------------------------------------------------------------------------------
// One order

export async function orderById(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const q = db.select().from(orders).where(eq(orders.id, id));
  const [row] = options.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertOrder(db: Executor, values: NewOrder) {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

/** Writes `values` and bumps version and updated_at (every write does). */
export async function updateOrder(db: Executor, id: number, values: Partial<NewOrder>) {
  const [row] = await db
    .update(orders)
    .set({ ...values, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

export const groupsOf = (db: Executor, orderId: number) =>
  db.select().from(orderGroups).where(eq(orderGroups.orderId, orderId)).orderBy(asc(orderGroups.position));

export const itemsOf = (db: Executor, orderId: number) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.groupId), asc(orderItems.position));

export async function deleteGroups(db: Executor, orderId: number) {
  await db.delete(orderGroups).where(eq(orderGroups.orderId, orderId));
}

export async function insertGroup(db: Executor, values: NewOrderGroup) {
  const [row] = await db.insert(orderGroups).values(values).returning();
  return row!;
}

/** Deletes lines of one order by id (a save's lines whose `_id` is gone). */
export async function deleteItems(db: Executor, orderId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.delete(orderItems).where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, [...ids])));
}

/** Deletes the order's groups from `position` on (their lines were moved or deleted first). */
export async function deleteGroupsFrom(db: Executor, orderId: number, position: number) {
  await db.delete(orderGroups).where(and(eq(orderGroups.orderId, orderId), gte(orderGroups.position, position)));
}

export async function insertItems(db: Executor, values: NewOrderItem[]) {
  if (values.length === 0) return;
  // Chunks keep the statement under the parameter limit for a 2,000-line order.
  for (let i = 0; i < values.length; i += 500) await db.insert(orderItems).values(values.slice(i, i + 500));
}

export async function updateGroup(db: Executor, id: number, values: Partial<NewOrderGroup>) {
  await db.update(orderGroups).set(values).where(eq(orderGroups.id, id));
}

/** The customer (and company) an order belongs to, for the wire and for pricing. */
const CUSTOMER_FIELDS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  accountType: users.accountType,
  isStaff: users.isStaff,
  isEmployee: users.isEmployee,
  isManager: users.isManager,
  isActive: users.isActive,
  taxExempt: users.taxExempt,
  companyId: users.companyId,
  companyName: companies.name,
  companyTaxExempt: companies.taxExempt,
};

export async function customerOf(db: Executor, userId: number) {
  const [row] = await db
    .select(CUSTOMER_FIELDS)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}
export type CustomerRow = NonNullable<Awaited<ReturnType<typeof customerOf>>>;

export async function companyName(db: Executor, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------------------------
// One order to read, in one statement

/** A row of `table` from its JSON (keys are column names), as drizzle's select maps it. */
function fromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

const GROUP_PREMIUM_COLUMNS = [
  orderGroups.woodSpeciesId,
  orderGroups.finishOptionId,
  orderGroups.baseDoorStyleId,
  orderGroups.wallDoorStyleId,
  orderGroups.tallDoorStyleId,
  orderGroups.drawerStyleId,
];

/**
 * The order, its customer, company name, discount code, groups, lines and the codes of the
 * premiums they name, as one JSON document from one prepared statement (the detail answered 363
 * requests/s at 64 connections from seven statements in three round trips, each built by drizzle).
 * Rows come back as drizzle's select maps them (fromJson), so the wire mapping is unchanged.
 */
const ORDER_READING = sql`select json_build_object(
    'order', to_json(${orders}),
    'customer', (select json_build_object(${sql.join(
      Object.entries(CUSTOMER_FIELDS).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
      sql`, `,
    )}) from ${users} left join ${companies} on ${companies.id} = ${users.companyId}
      where ${users.id} = ${orders.customerId}),
    'company_name', (select ${companies.name} from ${companies} where ${companies.id} = ${orders.companyId}),
    'discount_code', (select to_json(${discountCodes}) from ${discountCodes}
      where ${discountCodes.id} = ${orders.discountCodeId}),
    'groups', coalesce((select json_agg(${orderGroups} order by ${orderGroups.position}) from ${orderGroups}
      where ${orderGroups.orderId} = ${orders.id}), '[]'),
    'items', coalesce((select json_agg(${orderItems} order by ${orderItems.groupId}, ${orderItems.position})
      from ${orderItems} where ${orderItems.orderId} = ${orders.id}), '[]'),
    'codes', coalesce((select json_agg(json_build_array(${premiums.id}, ${premiums.code})) from ${premiums}
      where ${premiums.id} in (
        select unnest(array[${sql.join(GROUP_PREMIUM_COLUMNS, sql`, `)}]) from ${orderGroups}
          where ${orderGroups.orderId} = ${orders.id}
        union select ${orderItems.finishedSideId} from ${orderItems} where ${orderItems.orderId} = ${orders.id})), '[]')
  ) as doc from ${orders} where ${orders.id} = `;

export async function orderForReading(db: Executor, id: number) {
  const [found] = await preparedRows<{ doc: string | Record<string, unknown> }>(db, sql`${ORDER_READING}${id}`);
  if (!found) return null;
  type Json = Record<string, unknown>;
  const doc = (typeof found.doc === 'string' ? JSON.parse(found.doc) : found.doc) as {
    order: Json;
    customer: Json | null;
    company_name: string | null;
    discount_code: Json | null;
    groups: Json[];
    items: Json[];
    codes: [number, string][];
  };
  const customer = doc.customer;
  return {
    row: fromJson(orders, doc.order),
    customer: customer
      ? (Object.fromEntries(
          Object.entries(CUSTOMER_FIELDS).map(([key, column]) => {
            const value = customer[key];
            return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
          }),
        ) as CustomerRow)
      : null,
    companyName: doc.company_name,
    discountCode: doc.discount_code ? fromJson(discountCodes, doc.discount_code) : null,
    groups: doc.groups.map((g) => fromJson(orderGroups, g)),
    items: doc.items.map((it) => fromJson(orderItems, it)),
    codes: new Map(doc.codes),
  };
}
export type OrderReading = NonNullable<Awaited<ReturnType<typeof orderForReading>>>;

// ---------------------------------------------------------------------------------------------
// Catalogue reads (today's prices)

export async function premiumsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: premiums.id,
      type: premiums.premiumType,
      code: premiums.code,
      priceCents: premiums.priceCents,
      percentageBp: premiums.percentageBp,
    })
    .from(premiums)
    .where(inArray(premiums.id, ids));
}
export type PremiumRef = Awaited<ReturnType<typeof premiumsByIds>>[number];

export async function lineItemsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: lineItems.id,
      manufacturerCode: lineItems.manufacturerCode,
      priceCents: lineItems.priceCents,
      description: lineItems.description,
      baseCategory: lineItems.baseCategory,
      width: lineItems.width,
      height: lineItems.height,
      depth: lineItems.depth,
      nbBaseDoor: lineItems.nbBaseDoor,
      nbWallDoor: lineItems.nbWallDoor,
      nbTallDoor: lineItems.nbTallDoor,
      nbDrawer: lineItems.nbDrawer,
      nbAdjustableShelf: lineItems.nbAdjustableShelf,
      isAttachment: lineItems.isAttachment,
    })
    .from(lineItems)
    .where(inArray(lineItems.id, ids));
}
export type LineItemRef = Awaited<ReturnType<typeof lineItemsByIds>>[number];

export const premiumTypeIs = (type: PremiumType) => eq(premiums.premiumType, type);

// ---------------------------------------------------------------------------------------------
// The finance rules the engine reads (pricing.ts): finance owns them, asked through its index

export { boundDiscountFor, discountCodeById, paymentOptionById, surchargesFor } from '../finance/index.ts';

// ---------------------------------------------------------------------------------------------
// Accounts reads

/** The state of the customer's default shipping address (their own, else the company's). */
export async function defaultShippingState(db: Executor, customerId: number, companyId: number | null) {
  const owner =
    companyId === null
      ? eq(addresses.userId, customerId)
      : or(eq(addresses.userId, customerId), eq(addresses.companyId, companyId));
  const rows = await db
    .select({ userId: addresses.userId, state: addresses.state, isDefault: addresses.isDefault })
    .from(addresses)
    .where(and(eq(addresses.kind, 'SHIPPING'), owner))
    .orderBy(asc(addresses.id));
  const pick =
    rows.find((r) => r.isDefault && r.userId === customerId) ??
    rows.find((r) => r.isDefault) ??
    rows.find((r) => r.userId === customerId) ??
    rows[0];
  return pick?.state ?? null;
}

// ---------------------------------------------------------------------------------------------
// The list

const fullNameSql = sql`btrim(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * A list row as the wire writes it (orderListRowSchema, key for key; wire.ts head() for the
 * detail): PostgreSQL writes the JSON (kit/json-rows.ts). Stored names are trimmed on input, so
 * btrim's spaces are JavaScript's trim. The orders-list-json test compares it with the detail.
 */
const LIST_ROW_JSON = jsonObject({
  id: jsonNumber(orders.id),
  name: jsonString(orders.name),
  po_number: jsonString(orders.poNumber),
  status: jsonString(orders.status),
  customer: jsonNumber(orders.customerId),
  customer_display: jsonString(sql`case when ${users.accountType} = 'B' and coalesce(${companies.name}, '') <> ''
    then btrim(${companies.name} || ' ' || ${fullNameSql}) else ${fullNameSql} end`),
  account: jsonObject({ account_type: jsonString(users.accountType), full_name: jsonString(fullNameSql) }),
  company: jsonObjectOrNull(sql`${companies.name} is not null`, { name: jsonString(companies.name) }),
  created_at: jsonIsoTimestamp(orders.createdAt),
  updated_at: jsonIsoTimestamp(orders.updatedAt),
  submitted_at: jsonIsoTimestamp(orders.submittedAt),
  verified_at: jsonIsoTimestamp(orders.verifiedAt),
  completed_at: jsonIsoTimestamp(orders.completedAt),
  shipped_at: jsonIsoTimestamp(orders.shippedAt),
  cancelled_at: jsonIsoTimestamp(orders.cancelledAt),
  requested_date: jsonString(orders.requestedDate),
  due_date: jsonString(orders.dueDate),
  in_editing_mode: jsonBoolean(orders.inEditingMode),
  error_count: jsonNumber(orders.errorCount),
  warning_count: jsonNumber(orders.warningCount),
  item_count: jsonNumber(orders.itemCount),
  total_price: jsonMoney(orders.totalPrice),
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
  visibility: { all: true } | { none: true } | { companyId: number } | { customerId: number };
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
    const page = await jsonRowsWithTotal(
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

// ---------------------------------------------------------------------------------------------
// Lines rewritten in bulk (final prices after a discount; recalculate's whole lines)

/** A line's stored columns but its identity, owners and number (what recalculate rewrites). */
type LineColumn = Exclude<keyof NewOrderItem, 'id' | 'orderId' | 'groupId' | 'clientId' | 'lineNo'>;
/** What a save rewrites on a line it keeps: also its group (it may move) and its number. */
type SavedColumn = LineColumn | 'groupId' | 'lineNo';
/** The array type a column travels as; `jsonb` goes as text (its JSON) and is cast in the SET. */
type ColumnTypes<K extends SavedColumn> = Record<K, 'int4' | 'int8' | 'float8' | 'bool' | 'text' | 'jsonb'>;

/**
 * Writes `columns` of `lines` of one order in one statement: one array parameter per column
 * (whatever the number of lines: no chunking, one statement text), unnested into rows and joined
 * on the line's id. The casts type the arrays on PostgreSQL and PGlite alike; null elements stay
 * null.
 */
async function updateLineColumns<K extends SavedColumn>(
  db: Executor,
  orderId: number,
  columns: ColumnTypes<K>,
  lines: readonly ({ id: number } & Required<Pick<NewOrderItem, K>>)[],
) {
  if (lines.length === 0) return;
  const keys = Object.keys(columns) as K[];
  const arrays = [
    sql`${sql.param(lines.map((l) => l.id))}::int4[]`,
    ...keys.map((key) => {
      const json = columns[key] === 'jsonb';
      const values = lines.map((l) => (json ? JSON.stringify(l[key]) : l[key]));
      return sql`${sql.param(values)}::${sql.raw(json ? 'text' : columns[key])}[]`;
    }),
  ];
  const names = keys.map((key) => sql.identifier(orderItems[key].name));
  const sets = keys.map((key, n) =>
    columns[key] === 'jsonb' ? sql`${names[n]} = v.${names[n]}::jsonb` : sql`${names[n]} = v.${names[n]}`,
  );
  await db.execute(sql`update ${orderItems} as i
    set ${sql.join(sets, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) as v(id, ${sql.join(names, sql`, `)})
    where i.id = v.id and i.order_id = ${orderId}`);
}

/** The final price columns of an order's lines, in one statement. */
export const updateFinalPrices = (
  db: Executor,
  orderId: number,
  lines: readonly ({ id: number } & Required<Pick<NewOrderItem, 'finalPrice' | 'totalFinalPrice'>>)[],
) => updateLineColumns(db, orderId, { finalPrice: 'int4', totalFinalPrice: 'int8' }, lines);

/** What recalculate writes on one line: every stored column but the line's identity and owners. */
export type RepricedLine = { id: number } & Required<Pick<NewOrderItem, LineColumn>>;

/** Every rewritten column (the Record makes the list complete: a new order_items column is a type error until listed). */
const REPRICED_COLUMN_TYPES: ColumnTypes<LineColumn> = {
  position: 'int4',
  parentClientId: 'text',
  isAttachment: 'bool',
  lineItemId: 'int4',
  qty: 'int4',
  hinge: 'text',
  finishedSideId: 'int4',
  manufacturerCode: 'text',
  description: 'text',
  baseCategory: 'text',
  width: 'float8',
  height: 'float8',
  depth: 'float8',
  nbDoor: 'int4',
  nbDrawer: 'int4',
  nbShelf: 'int4',
  finish: 'text',
  unitPrice: 'int4',
  totalPrice: 'int8',
  finalPrice: 'int4',
  totalFinalPrice: 'int8',
  breakdown: 'jsonb',
};

/** Recalculate's repriced lines of one order, every column, in one statement. */
export const updateRepricedItems = (db: Executor, orderId: number, lines: readonly RepricedLine[]) =>
  updateLineColumns(db, orderId, REPRICED_COLUMN_TYPES, lines);

/** A line a save keeps (same `_id`): its id stays, every other column is written. */
export type SavedLine = { id: number } & Required<Pick<NewOrderItem, SavedColumn>>;

/** A save's kept lines of one order, every column, in one statement. */
export const updateSavedItems = (db: Executor, orderId: number, lines: readonly SavedLine[]) =>
  updateLineColumns(db, orderId, { ...REPRICED_COLUMN_TYPES, groupId: 'int4', lineNo: 'int4' }, lines);

import { type Executor, schema } from '@cab/db';
import { PREMIUM_SLOTS } from '@cab/shared';
import { and, asc, eq, getTableColumns, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { preparedRows, statementOnce } from '../../kit/json-rows.ts';
import { CUSTOMER_FIELDS, type CustomerRow } from '../auth/index.ts';

/**
 * The orders module's own rows: orders, order_groups and order_items (one order at a time). The
 * other parts' SQL is in their folder's repository.ts: the list (lists/), the status writer's
 * compare-and-set (lifecycle/), the lines rewritten in bulk (pricing/), the conversation and files
 * (conversation/).
 */
const { orders, orderGroups, orderItems, premiums, users, companies, discountCodes, cabinets, remakes } = schema;

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

/** id, name and status of each of `ids` that exists (other modules' lists name orders). */
export async function orderHeads(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; status: OrderRow['status'] }>();
  const rows = await db
    .select({ id: orders.id, name: orders.name, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
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

const GROUP_PREMIUM_COLUMNS = PREMIUM_SLOTS.map((slot) => orderGroups[slot.column]);

/**
 * Production's counts of an order's cabinets (issue 18). The cabinets table is production's
 * (decision 0028): read here only inside the order's one-statement reads, as decision 0023 allows.
 */
const CABINET_COUNTS = sql`select json_build_object('total', count(*)::int,
    'completed', (count(*) filter (where ${cabinets.completedAt} is not null))::int,
    'shipped', (count(*) filter (where ${cabinets.shippedAt} is not null))::int) from ${cabinets}`;

export type CabinetCounts = { total: number; completed: number; shipped: number };

/** The counts alone (the short view, which reads no lines). */
export async function cabinetCountsOf(db: Executor, orderId: number): Promise<CabinetCounts> {
  const [row] = await preparedRows<{ c: string | CabinetCounts }>(
    db,
    sql`select (${CABINET_COUNTS} where ${cabinets.orderId} = ${orderId}) as c`,
  );
  const c = row?.c ?? { total: 0, completed: 0, shipped: 0 };
  return typeof c === 'string' ? (JSON.parse(c) as CabinetCounts) : c;
}

/**
 * The remake links of an order (issue 29): the remake request it was made from, and the remakes
 * asked for it with their remake orders. The remakes table is the remakes module's (decision
 * 0029), read here only inside the order's one-statement reads, as production's cabinets are;
 * remakes cannot be read through its index.ts (it depends on orders).
 */
const remakeOfSql = (orderId: SQL) => sql`(select json_build_object(
    'order', json_build_object('id', s.id, 'name', s.name), 'remake_id', r.id)
  from ${remakes} r join ${orders} s on s.id = r.order_id
  where r.remake_order_id = ${orderId} order by r.id limit 1)`;
const remakesOfSql = (orderId: SQL) => sql`coalesce((select json_agg(json_build_object(
    'id', r.id, 'status', r.status,
    'remake_order', case when ro.id is null then null else json_build_object('id', ro.id, 'name', ro.name) end)
    order by r.id)
  from ${remakes} r left join ${orders} ro on ro.id = r.remake_order_id where r.order_id = ${orderId}), '[]'::json)`;
/** Changes with any remake of or from the order, and with the linked orders' names. */
const remakeStampSql = (orderId: SQL) => sql`(select md5(coalesce(string_agg(
    concat_ws(':', r.id, r.status, r.order_id, r.remake_order_id, ro.name, so.name), ',' order by r.id), ''))
  from ${remakes} r left join ${orders} ro on ro.id = r.remake_order_id join ${orders} so on so.id = r.order_id
  where r.order_id = ${orderId} or r.remake_order_id = ${orderId})`;

export interface RemakeLinks {
  remakeOf: { order: { id: number; name: string }; remake_id: number } | null;
  remakes: {
    id: number;
    status: 'OPEN' | 'APPROVED' | 'REJECTED';
    remake_order: { id: number; name: string } | null;
  }[];
}

/** The links alone (the short view, which reads the order row by itself). */
export async function remakeLinksOf(db: Executor, orderId: number): Promise<RemakeLinks> {
  const id = sql`${orderId}::int`;
  const [row] = await preparedRows<{ remake_of: unknown; remakes: unknown }>(
    db,
    sql`select ${remakeOfSql(id)} as remake_of, ${remakesOfSql(id)} as remakes`,
  );
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return {
    remakeOf: (json(row?.remake_of) ?? null) as RemakeLinks['remakeOf'],
    remakes: (json(row?.remakes) ?? []) as RemakeLinks['remakes'],
  };
}

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
        union select ${orderItems.finishedSideId} from ${orderItems} where ${orderItems.orderId} = ${orders.id})), '[]'),
    'cabinets', (${CABINET_COUNTS} where ${cabinets.orderId} = ${orders.id}),
    'remake_of', ${remakeOfSql(sql`${orders.id}`)},
    'remakes', ${remakesOfSql(sql`${orders.id}`)}
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
    cabinets: CabinetCounts;
    remake_of: RemakeLinks['remakeOf'];
    remakes: RemakeLinks['remakes'];
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
    cabinets: doc.cabinets,
    remakes: { remakeOf: doc.remake_of ?? null, remakes: doc.remakes ?? [] } as RemakeLinks,
  };
}
export type OrderReading = NonNullable<Awaited<ReturnType<typeof orderForReading>>>;

/**
 * What an order's detail depends on besides the catalogue and the reader, as one text (decision
 * 0025): its version (every write of the order, its groups and lines moves it), its customer's and
 * their company's rows, the order's company and discount code rows; with the ids that decide who
 * reaches it; the counts of its cabinets (scans change them without writing the order). The same
 * tables as orderForReading, in the same one-statement exception (0023). `alsoDependsOn`: other
 * modules' expressions over the order's id (the catalogue's version, the invoice's stamp), read in
 * the same statement, so a cached read costs one round trip. Built once (at the first read) and
 * prepared per connection: no query building per read.
 */
export function orderStampReader(alsoDependsOn: (orderId: SQL) => SQL[]) {
  const read = statementOnce<{ customer_id: number; company_id: number | null; stamp: string }>(
    () => sql`select o.customer_id, o.company_id,
      concat_ws('|', o.version, md5(u::text), coalesce(md5(uc::text), '-'), coalesce(md5(oc::text), '-'),
        coalesce(md5(dc::text), '-'),
        (select concat_ws('/', count(*), count(c.completed_at), count(c.shipped_at)) from ${cabinets} c
          where c.order_id = o.id), coalesce(${remakeStampSql(sql.raw('o.id'))}, '-')${sql.join(
            alsoDependsOn(sql.raw('o.id')).map((part) => sql`, coalesce((${part})::text, '-')`),
            sql``,
          )}) as stamp
      from ${orders} o join ${users} u on u.id = o.customer_id
      left join ${companies} uc on uc.id = u.company_id
      left join ${companies} oc on oc.id = o.company_id
      left join ${discountCodes} dc on dc.id = o.discount_code_id
      where o.id = ${sql.placeholder('id')}`,
  );
  return async (db: Executor, id: number) => {
    const [row] = await read(db, { id });
    if (!row) return null;
    return {
      customerId: Number(row.customer_id),
      companyId: row.company_id === null ? null : Number(row.company_id),
      stamp: row.stamp,
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Orders waiting for pickup (the pickup reminder, modules/reminders)

/** The customer's or the company's COMPLETED orders (ready, not yet shipped or picked up). */
export function ordersAwaitingPickup(db: Executor, owner: { customerId: number } | { companyId: number }) {
  const ownerMatch =
    'customerId' in owner ? eq(orders.customerId, owner.customerId) : eq(orders.companyId, owner.companyId);
  return db
    .select({
      id: orders.id,
      name: orders.name,
      customerId: orders.customerId,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(and(ownerMatch, eq(orders.status, 'COMPLETED')))
    .orderBy(asc(orders.id));
}

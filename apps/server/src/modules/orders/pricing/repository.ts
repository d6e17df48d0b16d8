import type { Executor } from '@cab/db';
import { schema } from '@cab/db';
import { sql } from 'drizzle-orm';
import type { NewOrderItem } from '../repository.ts';

/** The order lines a reprice rewrites in bulk (order_items only). */
const { orderItems } = schema;

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

import { type Executor, rowsOf, schema } from '@cab/db';
import {
  type Cents,
  LINE_ITEM_COUNTS,
  LINE_ITEM_EXPORT_NAMES,
  LINE_ITEM_FLAGS,
  LINE_ITEM_MEASURES,
  type LINE_ITEM_ORDER_KEYS,
} from '@cab/shared';
import { type AnyColumn, and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  jsonBoolean,
  jsonMoney,
  jsonNumber,
  jsonObject,
  jsonObjectOrNull,
  jsonRowsWithTotal,
  jsonString,
} from '../../../kit/json-rows.ts';
import {
  contains,
  estimatedTableCount,
  exactCount,
  type Page,
  type PageWindow,
  paginate,
  tableEstimate,
} from '../../../kit/list.ts';
import type { TagOfOwner } from '../tags/repository.ts';

const { lineItems, categories, lineItemTags, tags } = schema;

export const ITEM_ORDER: Record<(typeof LINE_ITEM_ORDER_KEYS)[number], AnyColumn> = {
  id: lineItems.id,
  manufacturer_code: lineItems.manufacturerCode,
  code: lineItems.manufacturerCode,
  price: lineItems.priceCents,
  description: lineItems.description,
  category: categories.name,
  base_category: lineItems.baseCategory,
  width: lineItems.width,
  height: lineItems.height,
  depth: lineItems.depth,
  hinge: lineItems.hinge,
  is_attachment: lineItems.isAttachment,
};

export interface ItemFilter {
  ids?: number[];
  code?: string;
  description?: string;
  categories?: number[];
  baseCategory?: string;
  productGroup?: number;
  exportName?: 'YES' | 'NO';
  isAttachment?: boolean;
}

export function itemWhere(f: ItemFilter): SQL | undefined {
  return and(
    f.ids ? inArray(lineItems.id, f.ids) : undefined,
    f.code ? contains(lineItems.manufacturerCode, f.code) : undefined,
    f.description ? contains(lineItems.description, f.description) : undefined,
    f.categories ? inArray(lineItems.categoryId, f.categories) : undefined,
    f.baseCategory ? eq(lineItems.baseCategory, f.baseCategory as 'BASE') : undefined,
    f.productGroup ? eq(lineItems.productGroupId, f.productGroup) : undefined,
    f.exportName === 'YES' ? ne(lineItems.exportName1, '') : undefined,
    f.exportName === 'NO' ? eq(lineItems.exportName1, '') : undefined,
    f.isAttachment !== undefined ? eq(lineItems.isAttachment, f.isAttachment) : undefined,
  );
}

/**
 * A line item as the list and detail calls read it: the listed columns under their SQL names,
 * its category's name, and its tags (json, ordered as tagsByOwner orders them, `display` built in
 * SQL as tagDisplay builds it). Read as plain driver rows, without drizzle's row mapping: the item
 * list's cost is per returned row (docs/performance.md), so each row is mapped once, to the wire.
 */
export interface ItemRow {
  id: number;
  manufacturer_code: string;
  price_cents: Cents;
  description: string;
  category_id: number | null;
  category_name: string | null;
  base_category: (typeof lineItems.$inferSelect)['baseCategory'];
  width: number | null;
  height: number | null;
  depth: number | null;
  hinge: (typeof lineItems.$inferSelect)['hinge'];
  nb_base_door: number;
  nb_door_pull: number;
  nb_drawer: number;
  nb_drawer_pull: number;
  nb_tall_door: number;
  nb_wall_door: number;
  nb_adjustable_shelf: number;
  export_name_1: string;
  export_name_2: string;
  export_name_3: string;
  export_name_4: string;
  product_group_id: number | null;
  is_attachment: boolean;
  manual_work_required: boolean;
  export_with_finish_side: boolean;
  is_corner_cabinet: boolean;
  tags: TagOfOwner[];
}

const ITEM_COLUMNS = sql.raw(
  [
    'id',
    'manufacturer_code',
    'price_cents',
    'description',
    'category_id',
    'base_category',
    ...LINE_ITEM_MEASURES,
    'hinge',
    ...LINE_ITEM_COUNTS,
    ...LINE_ITEM_EXPORT_NAMES,
    'product_group_id',
    'is_attachment',
    ...LINE_ITEM_FLAGS,
  ]
    .map((c) => `"line_items"."${c}"`)
    .join(', '),
);

/** A tag's display, as tagDisplay writes it: the name, then `:value` when it has one. */
const tagDisplaySql = sql`case when coalesce(${tags.value}, '') = '' then ${tags.name} else ${tags.name} || ':' || ${tags.value} end`;

/** Each row's tags in its own statement (no second round trip). */
const tagsOfRow = sql`coalesce((
  select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'value', ${tags.value},
    'display', ${tagDisplaySql}) order by ${tags.name}, ${tags.value})
  from ${lineItemTags} join ${tags} on ${tags.id} = ${lineItemTags.tagId} where ${lineItemTags.lineItemId} = ${lineItems.id}), '[]')`;

/** Line items with their category's name and tags (detail, the unpaged list, the CSV export). */
export async function itemRows(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  window?: PageWindow,
): Promise<ItemRow[]> {
  const query = sql`select ${ITEM_COLUMNS}, ${categories.name} as category_name, ${tagsOfRow} as tags
    from ${lineItems} left join ${categories} on ${categories.id} = ${lineItems.categoryId}
    ${where ? sql`where ${where}` : sql``}
    ${order.length ? sql`order by ${sql.join(order, sql`, `)}` : sql``}
    ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}`;
  return rowsOf<ItemRow>(db, query);
}

/**
 * A list row as the wire writes it (toWireItem, key for key), written by PostgreSQL
 * (kit/json-rows.ts). Dimensions are floats: PostgreSQL and JavaScript both write the shortest
 * exact form (they may differ only in where they switch to an exponent, which parses the same).
 */
const ITEM_ROW_JSON = jsonObject({
  id: jsonNumber(lineItems.id),
  manufacturer_code: jsonString(lineItems.manufacturerCode),
  price: jsonMoney(lineItems.priceCents),
  description: jsonString(lineItems.description),
  category: jsonObjectOrNull(sql`${lineItems.categoryId} is not null`, {
    id: jsonNumber(lineItems.categoryId),
    name: jsonString(sql`coalesce(${categories.name}, '')`),
  }),
  base_category: jsonString(lineItems.baseCategory),
  width: jsonNumber(lineItems.width),
  height: jsonNumber(lineItems.height),
  depth: jsonNumber(lineItems.depth),
  hinge: jsonString(lineItems.hinge),
  nb_base_door: jsonNumber(lineItems.nbBaseDoor),
  nb_door_pull: jsonNumber(lineItems.nbDoorPull),
  nb_drawer: jsonNumber(lineItems.nbDrawer),
  nb_drawer_pull: jsonNumber(lineItems.nbDrawerPull),
  nb_tall_door: jsonNumber(lineItems.nbTallDoor),
  nb_wall_door: jsonNumber(lineItems.nbWallDoor),
  nb_adjustable_shelf: jsonNumber(lineItems.nbAdjustableShelf),
  export_name_1: jsonString(lineItems.exportName1),
  export_name_2: jsonString(lineItems.exportName2),
  export_name_3: jsonString(lineItems.exportName3),
  export_name_4: jsonString(lineItems.exportName4),
  tags: sql`coalesce((
    select '[' || string_agg(${jsonObject({
      id: jsonNumber(tags.id),
      name: jsonString(tags.name),
      value: jsonString(tags.value),
      display: jsonString(tagDisplaySql),
    })}, ',' order by ${tags.name}, ${tags.value}) || ']'
    from ${lineItemTags} join ${tags} on ${tags.id} = ${lineItemTags.tagId} where ${lineItemTags.lineItemId} = ${lineItems.id}), '[]')`,
  product_group: jsonNumber(lineItems.productGroupId),
  is_attachment: jsonBoolean(lineItems.isAttachment),
  manual_work_required: jsonBoolean(lineItems.manualWorkRequired),
  export_with_finish_side: jsonBoolean(lineItems.exportWithFinishSide),
  is_corner_cabinet: jsonBoolean(lineItems.isCornerCabinet),
});

/**
 * One page of line items as row JSON texts, in one prepared statement that also carries the
 * total's source: a filtered page its exact count (trigram-indexed, a few milliseconds), the whole
 * catalogue the planner's estimate (kit/list.ts estimatedTableCount).
 */
export function itemPage(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  window: PageWindow,
): Promise<Page<string>> {
  let total: number | null | undefined;
  const fetchRows = async (w: PageWindow) => {
    const page = await jsonRowsWithTotal(
      db,
      sql`select ${ITEM_ROW_JSON} as row,
          ${where ? sql`(select count(*) from ${lineItems} where ${where})` : tableEstimate(lineItems)} as total
        from ${lineItems} left join ${categories} on ${categories.id} = ${lineItems.categoryId}
        ${where ? sql`where ${where}` : sql``}
        order by ${sql.join(order, sql`, `)}
        limit ${w.limit} offset ${w.offset}`,
    );
    total = page.total;
    return page.rows;
  };
  const unfiltered = estimatedTableCount(db, lineItems, () => total);
  const count = async () => (where ? (total ?? exactCount(db, lineItems, where)()) : unfiltered());
  return paginate(window, fetchRows, count);
}

export async function itemById(db: Executor, id: number) {
  const [row] = await db.select().from(lineItems).where(eq(lineItems.id, id));
  return row;
}

export async function insertItem(tx: Executor, values: typeof lineItems.$inferInsert) {
  const [row] = await tx.insert(lineItems).values(values).returning({ id: lineItems.id });
  return row!.id;
}

export async function updateItem(tx: Executor, id: number, values: Partial<typeof lineItems.$inferInsert>) {
  await tx
    .update(lineItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(lineItems.id, id));
}

/** Locks the given line items for the rest of the transaction and returns them. */
export async function lockItems(tx: Executor, ids: number[]) {
  return tx.select().from(lineItems).where(inArray(lineItems.id, ids)).orderBy(lineItems.id).for('update');
}

export async function updateItems(tx: Executor, ids: number[], values: Partial<typeof lineItems.$inferInsert>) {
  return tx
    .update(lineItems)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(lineItems.id, ids))
    .returning();
}

export async function deleteItem(tx: Executor, id: number) {
  await tx.delete(lineItems).where(eq(lineItems.id, id));
}

export async function replaceItemTags(tx: Executor, ids: number[], links: { lineItemId: number; tagId: number }[]) {
  if (ids.length === 0) return;
  await tx.delete(lineItemTags).where(inArray(lineItemTags.lineItemId, ids));
  if (links.length) await tx.insert(lineItemTags).values(links).onConflictDoNothing();
}

/**
 * Upserts many line items by manufacturer_code in one statement; `update` lists the columns a
 * conflict overwrites. An existing row of the other kind (attachment vs line item) is left as it
 * is and not returned, so the caller tells which codes were refused without looking them up first:
 * that lookup (`manufacturer_code in (...)`) was planned on the trigram index while the table grew
 * unanalyzed during an import, and cost up to 3 s per 500 rows.
 */
export async function upsertItems(
  tx: Executor,
  rows: (typeof lineItems.$inferInsert)[],
  update: (keyof typeof lineItems.$inferInsert)[],
) {
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const key of update) {
    const col = lineItems[key as keyof typeof lineItems] as unknown as { name: string };
    set[key] = sql.raw(`excluded."${col.name}"`);
  }
  return tx
    .insert(lineItems)
    .values(rows)
    .onConflictDoUpdate({
      target: lineItems.manufacturerCode,
      set,
      setWhere: sql`${lineItems.isAttachment} = excluded.is_attachment`,
    })
    .returning({ id: lineItems.id, code: lineItems.manufacturerCode });
}

// ---------------------------------------------------------------------------------------------
// What an order's pricing reads (orders, through the catalogue's index)

/** Today's price, sizes and door/drawer counts of each line item of `ids` (missing ids are left out). */
export async function lineItemsForPricing(db: Executor, ids: number[]) {
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
export type LineItemRef = Awaited<ReturnType<typeof lineItemsForPricing>>[number];

// ---------------------------------------------------------------------------------------------
// What the imports and exports read (modules/transfer, through the catalogue's index)

/** The line items of `codes` (manufacturer codes, exact), with the fields a 2020 file sets and the CNC export names. */
export async function lineItemsForTransfer(db: Executor, by: { codes?: string[]; ids?: number[] }) {
  const where = by.codes ? inArray(lineItems.manufacturerCode, by.codes) : inArray(lineItems.id, by.ids ?? []);
  if ((by.codes ?? by.ids ?? []).length === 0) return [];
  return db
    .select({
      id: lineItems.id,
      manufacturerCode: lineItems.manufacturerCode,
      description: lineItems.description,
      isAttachment: lineItems.isAttachment,
      width: lineItems.width,
      height: lineItems.height,
      depth: lineItems.depth,
      hinge: lineItems.hinge,
      exportName1: lineItems.exportName1,
      exportName2: lineItems.exportName2,
      exportName3: lineItems.exportName3,
      exportName4: lineItems.exportName4,
    })
    .from(lineItems)
    .where(where);
}
export type LineItemTransferRef = Awaited<ReturnType<typeof lineItemsForTransfer>>[number];

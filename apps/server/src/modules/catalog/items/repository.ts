import { type Executor, schema } from '@cab/db';
import { type LINE_ITEM_ORDER_KEYS, tagDisplay } from '@cab/shared';
import { type AnyColumn, and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { contains, estimatedUnlessFiltered, type PageWindow, paginate, tableEstimate } from '../../../kit/list.ts';
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

export type ItemRow = typeof lineItems.$inferSelect & { categoryName: string | null; tags: TagOfOwner[] };

/** Each row's tags in its own statement (no second round trip), ordered as tagsByOwner orders them. */
const tagsOfRow = sql<{ id: number; name: string; value: string | null }[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name, 'value', t.value) order by t.name, t.value)
  from ${lineItemTags} lt join ${tags} t on t.id = lt.tag_id where lt.line_item_id = ${lineItems.id}), '[]')`;

/**
 * Line items with their category's name and tags; every row without `window`. With
 * `withEstimate` each row also carries the planner's estimate of the whole table (one InitPlan,
 * see tableEstimate), so an unfiltered page and its total are one round trip.
 */
export async function itemRows(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  window?: PageWindow,
  withEstimate = false,
): Promise<(ItemRow & { estimate?: number | null })[]> {
  const q = db
    .select({
      i: lineItems,
      categoryName: categories.name,
      tags: tagsOfRow,
      ...(withEstimate ? { estimate: tableEstimate(lineItems) } : {}),
    })
    .from(lineItems)
    .leftJoin(categories, eq(categories.id, lineItems.categoryId))
    .where(where)
    .orderBy(...order);
  const rows = await (window ? q.limit(window.limit).offset(window.offset) : q);
  return rows.map((r) => ({
    ...r.i,
    categoryName: r.categoryName,
    tags: r.tags.map((t) => ({ ...t, display: tagDisplay(t) })),
    ...(withEstimate ? { estimate: r.estimate === null ? null : Number(r.estimate) } : {}),
  }));
}

export function itemPage(db: Executor, where: SQL | undefined, order: SQL[], window: PageWindow) {
  let estimate: number | null | undefined;
  const fetchRows = async (w: PageWindow) => {
    const rows = await itemRows(db, where, order, w, !where);
    estimate = rows[0]?.estimate;
    return rows;
  };
  return paginate(
    window,
    fetchRows,
    estimatedUnlessFiltered(db, lineItems, where, undefined, () => estimate),
  );
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

import { type Executor, schema } from '@cab/db';
import type { PRODUCT_GROUP_ORDER_KEYS, SUBCATEGORY_ORDER_KEYS } from '@cab/shared';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { contains, exactCount, type PageWindow, paginate } from '../../../kit/list.ts';

const { productGroups, subcategoryGroups, subcategories, categories } = schema;

export const GROUP_ORDER: Record<(typeof PRODUCT_GROUP_ORDER_KEYS)[number], AnyColumn> = {
  id: productGroups.id,
  name: productGroups.name,
};
export const SUBCATEGORY_ORDER: Record<(typeof SUBCATEGORY_ORDER_KEYS)[number], AnyColumn> = {
  id: subcategories.id,
  name: subcategories.name,
  index: subcategories.index,
};

export function groupWhere(f: { name?: string; subcategory?: number; ids?: number[] }): SQL | undefined {
  return and(
    f.name ? contains(productGroups.name, f.name) : undefined,
    f.ids ? inArray(productGroups.id, f.ids) : undefined,
    f.subcategory
      ? inArray(
          productGroups.id,
          sql`(select ${subcategoryGroups.productGroupId} from ${subcategoryGroups} where ${eq(subcategoryGroups.subcategoryId, f.subcategory)})`,
        )
      : undefined,
  );
}

export function groupPage(db: Executor, where: SQL | undefined, order: SQL[], window: PageWindow) {
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(productGroups)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    exactCount(db, productGroups, where),
  );
}

export async function groupsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(productGroups).where(inArray(productGroups.id, ids));
}

export async function groupById(db: Executor, id: number) {
  const [row] = await db.select().from(productGroups).where(eq(productGroups.id, id));
  return row;
}

export async function lockGroup(tx: Executor, id: number) {
  const rows = await tx
    .select({ id: productGroups.id })
    .from(productGroups)
    .where(eq(productGroups.id, id))
    .for('update');
  return rows.length > 0;
}

export async function subcategoryIdsOf(db: Executor, groupIds: number[]) {
  const m = new Map<number, number[]>();
  if (groupIds.length === 0) return m;
  const rows = await db
    .select()
    .from(subcategoryGroups)
    .where(inArray(subcategoryGroups.productGroupId, groupIds))
    .orderBy(subcategoryGroups.subcategoryId);
  for (const r of rows) m.set(r.productGroupId, [...(m.get(r.productGroupId) ?? []), r.subcategoryId]);
  return m;
}

export async function insertGroup(tx: Executor, values: typeof productGroups.$inferInsert) {
  const [row] = await tx.insert(productGroups).values(values).returning({ id: productGroups.id });
  return row!.id;
}

export async function updateGroup(tx: Executor, id: number, values: Partial<typeof productGroups.$inferInsert>) {
  await tx.update(productGroups).set(values).where(eq(productGroups.id, id));
}

export async function deleteGroup(tx: Executor, id: number) {
  await tx.delete(productGroups).where(eq(productGroups.id, id));
}

/** Sets the subcategories of a group: removed links go, new ones join at the end of their subcategory. */
export async function setGroupSubcategories(tx: Executor, groupId: number, subIds: number[]) {
  const current = await tx.select().from(subcategoryGroups).where(eq(subcategoryGroups.productGroupId, groupId));
  const drop = current.filter((c) => !subIds.includes(c.subcategoryId));
  for (const d of drop) await removeFromSubcategory(tx, d.subcategoryId, groupId);
  for (const subId of subIds) {
    if (!current.some((c) => c.subcategoryId === subId)) await appendToSubcategory(tx, subId, groupId);
  }
}

export async function appendToSubcategory(tx: Executor, subId: number, groupId: number) {
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${subcategoryGroups.index}) + 1, 0)::int` })
    .from(subcategoryGroups)
    .where(eq(subcategoryGroups.subcategoryId, subId))) as [{ next: number }];
  await tx
    .insert(subcategoryGroups)
    .values({ subcategoryId: subId, productGroupId: groupId, index: next })
    .onConflictDoNothing();
}

/** Removes a group from a subcategory; later groups move up one place. */
export async function removeFromSubcategory(tx: Executor, subId: number, groupId: number) {
  const [row] = await tx
    .delete(subcategoryGroups)
    .where(and(eq(subcategoryGroups.subcategoryId, subId), eq(subcategoryGroups.productGroupId, groupId)))
    .returning();
  if (!row) return false;
  await tx
    .update(subcategoryGroups)
    .set({ index: sql`${subcategoryGroups.index} - 1` })
    .where(and(eq(subcategoryGroups.subcategoryId, subId), sql`${subcategoryGroups.index} > ${row.index}`));
  return true;
}

export async function subcategoryLinks(tx: Executor, subId: number) {
  return tx
    .select()
    .from(subcategoryGroups)
    .where(eq(subcategoryGroups.subcategoryId, subId))
    .orderBy(asc(subcategoryGroups.index), asc(subcategoryGroups.productGroupId));
}

export async function setLinkIndex(tx: Executor, subId: number, groupId: number, index: number) {
  await tx
    .update(subcategoryGroups)
    .set({ index })
    .where(and(eq(subcategoryGroups.subcategoryId, subId), eq(subcategoryGroups.productGroupId, groupId)));
}

// Subcategories

export function subcategoryWhere(f: { id?: number; name?: string; category?: number }): SQL | undefined {
  return and(
    f.id ? eq(subcategories.id, f.id) : undefined,
    f.name ? contains(subcategories.name, f.name) : undefined,
    f.category ? eq(subcategories.categoryId, f.category) : undefined,
  );
}

/** Subcategories with their category's name and group count; every row without `window`. */
export async function subcategoryRows(db: Executor, where: SQL | undefined, order: SQL[], window?: PageWindow) {
  const q = db
    .select({
      s: subcategories,
      categoryName: categories.name,
      groupCount: sql<number>`(select count(*)::int from ${subcategoryGroups} where ${subcategoryGroups.subcategoryId} = ${subcategories.id})`,
    })
    .from(subcategories)
    .leftJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(where)
    .orderBy(...order);
  return window ? q.limit(window.limit).offset(window.offset) : q;
}

export function subcategoryPage(db: Executor, where: SQL | undefined, order: SQL[], window: PageWindow) {
  return paginate(window, (w) => subcategoryRows(db, where, order, w), exactCount(db, subcategories, where));
}

export async function lockSubcategory(tx: Executor, id: number) {
  const rows = await tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(eq(subcategories.id, id))
    .for('update');
  return rows.length > 0;
}

export async function subcategoryIdsExisting(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: subcategories.id }).from(subcategories).where(inArray(subcategories.id, ids));
  return rows.map((r) => r.id);
}

export async function insertSubcategory(db: Executor, values: typeof subcategories.$inferInsert) {
  const [row] = await db.insert(subcategories).values(values).returning({ id: subcategories.id });
  return row!.id;
}

export async function updateSubcategory(db: Executor, id: number, values: Partial<typeof subcategories.$inferInsert>) {
  await db.update(subcategories).set(values).where(eq(subcategories.id, id));
}

export async function deleteSubcategory(db: Executor, id: number) {
  await db.delete(subcategories).where(eq(subcategories.id, id));
}

/** Product groups by lower-cased name, creating the names that are missing (CSV import); also the rows created. */
export async function ensureGroups(db: Executor, names: string[]) {
  const rows = await db.select({ id: productGroups.id, name: productGroups.name }).from(productGroups);
  const map = new Map<string, number>();
  for (const r of rows) if (!map.has(r.name.toLowerCase())) map.set(r.name.toLowerCase(), r.id);
  const created: (typeof productGroups.$inferSelect)[] = [];
  for (const name of new Set(names.map((n) => n.trim()).filter((n) => n && !map.has(n.toLowerCase())))) {
    const [row] = await db.insert(productGroups).values({ name }).returning();
    created.push(row!);
    map.set(name.toLowerCase(), row!.id);
  }
  return { map, created };
}

export async function linksOfGroup(tx: Executor, groupId: number) {
  return tx.select().from(subcategoryGroups).where(eq(subcategoryGroups.productGroupId, groupId));
}

/** Product group names by id (CSV export). */
export async function groupNamesById(db: Executor) {
  const rows = await db.select({ id: productGroups.id, name: productGroups.name }).from(productGroups);
  return new Map(rows.map((g) => [g.id, g.name]));
}

import { type Executor, schema } from '@cab/db';
import type { CATEGORY_ORDER_KEYS, PremiumType } from '@cab/shared';
import { type AnyColumn, and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { contains, exactCount, type PageWindow, paginate } from '../../../kit/list.ts';

const { categories, premiumGroups } = schema;

export const CATEGORY_ORDER: Record<(typeof CATEGORY_ORDER_KEYS)[number], AnyColumn> = {
  id: categories.id,
  name: categories.name,
  category_type: categories.categoryType,
};

export function categoryWhere(f: { name?: string; type?: PremiumType; ids?: number[] }): SQL | undefined {
  return and(
    f.name ? contains(categories.name, f.name) : undefined,
    f.type ? eq(categories.categoryType, f.type) : undefined,
    f.ids ? inArray(categories.id, f.ids) : undefined,
  );
}

export function categoryPage(db: Executor, where: SQL | undefined, order: SQL[], window: PageWindow) {
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(categories)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    exactCount(db, categories, where),
  );
}

export async function categoryById(db: Executor, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

export async function categoriesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(categories).where(inArray(categories.id, ids));
}

export async function insertCategory(db: Executor, values: typeof categories.$inferInsert) {
  const [row] = await db.insert(categories).values(values).returning();
  return row!;
}

export async function updateCategory(db: Executor, id: number, values: Partial<typeof categories.$inferInsert>) {
  const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row;
}

export async function deleteCategory(db: Executor, id: number) {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning();
  return row;
}

/**
 * Categories of a type by lower-cased name, creating the names that are missing (CSV import).
 * Answers the map and the rows it created.
 */
export async function ensureCategories(db: Executor, type: PremiumType, names: string[]) {
  const existing = await db.select().from(categories).where(eq(categories.categoryType, type));
  const map = new Map(existing.map((c) => [c.name.toLowerCase(), c.id]));
  const missing = [...new Set(names.map((n) => n.trim()).filter((n) => n && !map.has(n.toLowerCase())))];
  let created: (typeof categories.$inferSelect)[] = [];
  if (missing.length) {
    created = await db
      .insert(categories)
      .values(missing.map((name) => ({ name, categoryType: type })))
      .onConflictDoNothing()
      .returning();
    const again = await db.select().from(categories).where(eq(categories.categoryType, type));
    for (const c of again) map.set(c.name.toLowerCase(), c.id);
  }
  return { map, created };
}

// Premium groups

export async function listPremiumGroups(db: Executor, type: PremiumType | undefined) {
  return db
    .select()
    .from(premiumGroups)
    .where(type ? eq(premiumGroups.premiumType, type) : undefined)
    .orderBy(asc(premiumGroups.index), asc(premiumGroups.name), asc(premiumGroups.id));
}

export async function premiumGroupById(db: Executor, id: number) {
  const [row] = await db.select().from(premiumGroups).where(eq(premiumGroups.id, id));
  return row;
}

export async function insertPremiumGroup(db: Executor, values: typeof premiumGroups.$inferInsert) {
  const [row] = await db.insert(premiumGroups).values(values).returning();
  return row!;
}

export async function updatePremiumGroup(db: Executor, id: number, values: Partial<typeof premiumGroups.$inferInsert>) {
  const [row] = await db.update(premiumGroups).set(values).where(eq(premiumGroups.id, id)).returning();
  return row;
}

/** Premium groups of a type by lower-cased name, creating missing ones (CSV import's group_name); also the rows created. */
export async function ensurePremiumGroups(db: Executor, type: PremiumType, names: string[]) {
  const existing = await listPremiumGroups(db, type);
  const map = new Map(existing.map((g) => [g.name.toLowerCase(), g.id]));
  const missing = [...new Set(names.map((n) => n.trim()).filter((n) => n && !map.has(n.toLowerCase())))];
  let created: (typeof premiumGroups.$inferSelect)[] = [];
  if (missing.length) {
    created = await db
      .insert(premiumGroups)
      .values(missing.map((name) => ({ name, premiumType: type })))
      .onConflictDoNothing()
      .returning();
    for (const g of await listPremiumGroups(db, type)) map.set(g.name.toLowerCase(), g.id);
  }
  return { map, created };
}

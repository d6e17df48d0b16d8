import { type Executor, schema } from '@cab/db';
import type { PREMIUM_ORDER_KEYS, PremiumType } from '@cab/shared';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { contains, exactCount, type PageWindow, paginate } from '../../../kit/list.ts';
import { tagsByOwner } from '../tags/repository.ts';

const {
  premiums,
  premiumGroups,
  premiumCategories,
  categories,
  woodSpeciesFinishOptions,
  doorStyleWoodSpecies,
  premiumTags,
} = schema;

export const PREMIUM_ORDER: Record<(typeof PREMIUM_ORDER_KEYS)[number], AnyColumn> = {
  id: premiums.id,
  code: premiums.code,
  description: premiums.description,
  price: premiums.priceCents,
  percentage: premiums.percentageBp,
  export_name: premiums.exportName,
  index: premiums.index,
  export_category: premiums.exportCategory,
  group_name: premiumGroups.name,
  group_index: premiumGroups.index,
};

export interface PremiumFilter {
  type: PremiumType;
  ids?: number[];
  code?: string;
  description?: string;
  categories?: number[];
  doorStyle?: number;
  woodSpecies?: number;
  premiumGroup?: number;
}

export function premiumWhere(f: PremiumFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(premiums.premiumType, f.type)];
  if (f.ids) conds.push(inArray(premiums.id, f.ids));
  if (f.code) conds.push(contains(premiums.code, f.code));
  if (f.description) conds.push(contains(premiums.description, f.description));
  if (f.premiumGroup) conds.push(eq(premiums.premiumGroupId, f.premiumGroup));
  if (f.categories) {
    conds.push(
      inArray(
        premiums.id,
        sql`(select ${premiumCategories.premiumId} from ${premiumCategories} where ${inArray(premiumCategories.categoryId, f.categories)})`,
      ),
    );
  }
  // The premium selector narrows each list by what is already chosen.
  if (f.doorStyle && f.type === 'WOOD_SPECIES') {
    conds.push(
      inArray(
        premiums.id,
        sql`(select ${doorStyleWoodSpecies.woodSpeciesId} from ${doorStyleWoodSpecies} where ${eq(doorStyleWoodSpecies.doorStyleId, f.doorStyle)})`,
      ),
    );
  }
  if (f.woodSpecies && f.type === 'DOOR_STYLE') {
    conds.push(
      inArray(
        premiums.id,
        sql`(select ${doorStyleWoodSpecies.doorStyleId} from ${doorStyleWoodSpecies} where ${eq(doorStyleWoodSpecies.woodSpeciesId, f.woodSpecies)})`,
      ),
    );
  }
  if (f.woodSpecies && f.type === 'FINISH_OPTION') {
    conds.push(
      inArray(
        premiums.id,
        sql`(select ${woodSpeciesFinishOptions.finishOptionId} from ${woodSpeciesFinishOptions} where ${eq(woodSpeciesFinishOptions.woodSpeciesId, f.woodSpecies)})`,
      ),
    );
  }
  return and(...conds)!;
}

export type PremiumRow = typeof premiums.$inferSelect & { groupName: string | null; groupIndex: number | null };

/** Premiums with their group's name and index; every row without `window`. */
export async function premiumRows(db: Executor, where: SQL, order: SQL[], window?: PageWindow): Promise<PremiumRow[]> {
  const q = db
    .select({ p: premiums, groupName: premiumGroups.name, groupIndex: premiumGroups.index })
    .from(premiums)
    .leftJoin(premiumGroups, eq(premiumGroups.id, premiums.premiumGroupId))
    .where(where)
    .orderBy(...order);
  const rows = await (window ? q.limit(window.limit).offset(window.offset) : q);
  return rows.map((r) => ({ ...r.p, groupName: r.groupName, groupIndex: r.groupIndex }));
}

export function premiumPage(db: Executor, where: SQL, order: SQL[], window: PageWindow) {
  return paginate(window, (w) => premiumRows(db, where, order, w), exactCount(db, premiums, where));
}

/** Categories, linked premiums and tags of the given premiums, each keyed by premium id. */
export async function premiumRelations(db: Executor, ids: number[]) {
  if (ids.length === 0) {
    return { cats: new Map(), finishes: new Map(), woods: new Map(), tags: new Map() } as const;
  }
  const [catRows, finishRows, woodRows, tagMap] = await Promise.all([
    db
      .select({ owner: premiumCategories.premiumId, id: categories.id, name: categories.name })
      .from(premiumCategories)
      .innerJoin(categories, eq(categories.id, premiumCategories.categoryId))
      .where(inArray(premiumCategories.premiumId, ids))
      .orderBy(categories.name),
    db
      .select()
      .from(woodSpeciesFinishOptions)
      .where(inArray(woodSpeciesFinishOptions.woodSpeciesId, ids))
      .orderBy(woodSpeciesFinishOptions.finishOptionId),
    db
      .select()
      .from(doorStyleWoodSpecies)
      .where(inArray(doorStyleWoodSpecies.doorStyleId, ids))
      .orderBy(doorStyleWoodSpecies.woodSpeciesId),
    tagsByOwner(db, premiumTags, premiumTags.premiumId, ids),
  ]);
  const group = <T, V>(rows: T[], key: (r: T) => number, value: (r: T) => V) => {
    const m = new Map<number, V[]>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), value(r)]);
    return m;
  };
  return {
    cats: group(
      catRows,
      (r) => r.owner,
      (r) => ({ id: r.id, name: r.name }),
    ),
    finishes: group(
      finishRows,
      (r) => r.woodSpeciesId,
      (r) => r.finishOptionId,
    ),
    woods: group(
      woodRows,
      (r) => r.doorStyleId,
      (r) => r.woodSpeciesId,
    ),
    tags: tagMap,
  };
}

export async function premiumById(db: Executor, type: PremiumType, id: number) {
  const [row] = await db
    .select()
    .from(premiums)
    .where(and(eq(premiums.id, id), eq(premiums.premiumType, type)));
  return row;
}

/** The wood species that offer a finish option, by code. */
export function woodSpeciesOffering(db: Executor, finishOptionId: number) {
  return db
    .select({ id: premiums.id, code: premiums.code })
    .from(woodSpeciesFinishOptions)
    .innerJoin(premiums, eq(premiums.id, woodSpeciesFinishOptions.woodSpeciesId))
    .where(eq(woodSpeciesFinishOptions.finishOptionId, finishOptionId))
    .orderBy(premiums.code);
}

/** Locks a premium row for the rest of the transaction; false when it does not exist. */
export async function lockPremium(tx: Executor, type: PremiumType | null, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: premiums.id })
    .from(premiums)
    .where(type ? and(eq(premiums.id, id), eq(premiums.premiumType, type)) : eq(premiums.id, id))
    .for('update');
  return rows.length > 0;
}

export async function premiumIdsOfType(db: Executor, type: PremiumType, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: premiums.id })
    .from(premiums)
    .where(and(eq(premiums.premiumType, type), inArray(premiums.id, ids)));
  return rows.map((r) => r.id);
}

export async function premiumsByCode(db: Executor, type: PremiumType) {
  const rows = await db
    .select({ id: premiums.id, code: premiums.code })
    .from(premiums)
    .where(eq(premiums.premiumType, type));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
}

export async function replaceLinks(
  tx: Executor,
  id: number,
  links: { categories?: number[]; finishOptions?: number[]; woodSpecies?: number[]; tagIds?: number[] },
) {
  if (links.categories) {
    await tx.delete(premiumCategories).where(eq(premiumCategories.premiumId, id));
    if (links.categories.length) {
      await tx.insert(premiumCategories).values(links.categories.map((categoryId) => ({ premiumId: id, categoryId })));
    }
  }
  if (links.finishOptions) {
    await tx.delete(woodSpeciesFinishOptions).where(eq(woodSpeciesFinishOptions.woodSpeciesId, id));
    if (links.finishOptions.length) {
      await tx
        .insert(woodSpeciesFinishOptions)
        .values(links.finishOptions.map((finishOptionId) => ({ woodSpeciesId: id, finishOptionId })));
    }
  }
  if (links.woodSpecies) {
    await tx.delete(doorStyleWoodSpecies).where(eq(doorStyleWoodSpecies.doorStyleId, id));
    if (links.woodSpecies.length) {
      await tx
        .insert(doorStyleWoodSpecies)
        .values(links.woodSpecies.map((woodSpeciesId) => ({ doorStyleId: id, woodSpeciesId })));
    }
  }
  if (links.tagIds) {
    await tx.delete(premiumTags).where(eq(premiumTags.premiumId, id));
    if (links.tagIds.length) {
      await tx.insert(premiumTags).values(links.tagIds.map((tagId) => ({ premiumId: id, tagId })));
    }
  }
}

/** Inserts or, for an existing (type, code), overwrites a premium (CSV import); returns its id. */
export async function upsertPremium(
  tx: Executor,
  type: PremiumType,
  code: string,
  columns: Partial<typeof premiums.$inferInsert>,
) {
  const [row] = await tx
    .insert(premiums)
    .values({ premiumType: type, code, ...columns })
    .onConflictDoUpdate({ target: [premiums.premiumType, premiums.code], set: { ...columns, updatedAt: sql`now()` } })
    .returning({ id: premiums.id });
  return row!.id;
}

/** Every premium's code by id (CSV export of linked premiums). */
export async function premiumCodes(db: Executor) {
  const rows = await db.select({ id: premiums.id, code: premiums.code }).from(premiums);
  return new Map(rows.map((p) => [p.id, p.code]));
}

export async function insertPremium(tx: Executor, values: typeof premiums.$inferInsert) {
  const [row] = await tx.insert(premiums).values(values).returning({ id: premiums.id });
  return row!.id;
}

export async function updatePremium(tx: Executor, id: number, values: Partial<typeof premiums.$inferInsert>) {
  await tx
    .update(premiums)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(premiums.id, id));
}

export async function deletePremium(tx: Executor, id: number) {
  await tx.delete(premiums).where(eq(premiums.id, id));
}

export async function premiumsForValidate(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: premiums.id, code: premiums.code, type: premiums.premiumType })
    .from(premiums)
    .where(inArray(premiums.id, ids));
}

export async function woodFinishLinks(db: Executor, woodSpeciesId: number) {
  const rows = await db
    .select({ id: woodSpeciesFinishOptions.finishOptionId })
    .from(woodSpeciesFinishOptions)
    .where(eq(woodSpeciesFinishOptions.woodSpeciesId, woodSpeciesId));
  return rows.map((r) => r.id);
}

export async function doorWoodLinks(db: Executor, doorStyleIds: number[]) {
  if (doorStyleIds.length === 0) return [];
  return db.select().from(doorStyleWoodSpecies).where(inArray(doorStyleWoodSpecies.doorStyleId, doorStyleIds));
}

// ---------------------------------------------------------------------------------------------
// What an order's pricing reads (orders, through the catalogue's index)

/** Today's price of each premium of `ids` (missing ids are left out). */
export async function premiumsForPricing(db: Executor, ids: number[]) {
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
export type PremiumRef = Awaited<ReturnType<typeof premiumsForPricing>>[number];

/** The export name and export category of each premium of `ids` (the CNC export, modules/transfer). */
export async function premiumsForExport(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: premiums.id,
      code: premiums.code,
      exportName: premiums.exportName,
      exportCategory: premiums.exportCategory,
    })
    .from(premiums)
    .where(inArray(premiums.id, ids));
}

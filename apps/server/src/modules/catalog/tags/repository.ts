import { type Executor, schema } from '@cab/db';
import { tagDisplay } from '@cab/shared';
import { type AnyColumn, and, eq, inArray, isNull, sql } from 'drizzle-orm';

/** The core tags table (name, value); premiums and line items link to it. */
const { tags } = schema;

export type TagRef = { name: string; value?: string | null };
export type TagOfOwner = { id: number; name: string; value: string | null; display: string };

const tagKey = (t: TagRef) => `${t.name}\u0000${t.value ?? ''}`;

/** Ids of the given tags, creating the missing ones. `cache` lets a CSV import resolve each tag once. */
export async function resolveTags(db: Executor, refs: TagRef[], cache?: Map<string, number>): Promise<number[]> {
  const ids: number[] = [];
  for (const ref of refs) {
    const key = tagKey(ref);
    const cached = cache?.get(key);
    if (cached) {
      ids.push(cached);
      continue;
    }
    const value = ref.value ?? null;
    const where = and(eq(tags.name, ref.name), value === null ? isNull(tags.value) : eq(tags.value, value));
    let [row] = await db.select({ id: tags.id }).from(tags).where(where).limit(1);
    if (!row) {
      [row] = await db.insert(tags).values({ name: ref.name, value }).onConflictDoNothing().returning({ id: tags.id });
      if (!row) [row] = await db.select({ id: tags.id }).from(tags).where(where).limit(1);
    }
    cache?.set(key, row!.id);
    ids.push(row!.id);
  }
  return [...new Set(ids)];
}

/** The tags of each owner (premium or line item) through its link table, keyed by owner id. */
export async function tagsByOwner(
  db: Executor,
  link: typeof schema.premiumTags | typeof schema.lineItemTags,
  ownerCol: AnyColumn,
  ownerIds: number[],
) {
  const byOwner = new Map<number, TagOfOwner[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db
    .select({ owner: sql<number>`${ownerCol}`, id: tags.id, name: tags.name, value: tags.value })
    .from(link)
    .innerJoin(tags, eq(tags.id, link.tagId))
    .where(inArray(ownerCol, ownerIds))
    .orderBy(tags.name, tags.value);
  for (const r of rows) {
    const list = byOwner.get(r.owner) ?? [];
    list.push({ id: r.id, name: r.name, value: r.value, display: tagDisplay(r) });
    byOwner.set(r.owner, list);
  }
  return byOwner;
}

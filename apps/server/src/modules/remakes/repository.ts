import { type Executor, schema } from '@cab/db';
import type { RemakeListQuery } from '@cab/shared';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { likePattern, newestFirstPage, type Page, type PageWindow } from '../../kit/list.ts';

const { remakes } = schema;

export type RemakeRow = typeof remakes.$inferSelect;
export type NewRemake = typeof remakes.$inferInsert;

export async function insertRemake(db: Executor, values: NewRemake): Promise<RemakeRow> {
  const [row] = await db.insert(remakes).values(values).returning();
  return row!;
}

/** The remake, locked for the decision (approve, reject) in the open transaction. */
export async function lockRemake(db: Executor, id: number): Promise<RemakeRow | undefined> {
  const [row] = await db.select().from(remakes).where(eq(remakes.id, id)).for('update');
  return row;
}

export async function updateRemake(db: Executor, id: number, values: Partial<NewRemake>): Promise<RemakeRow> {
  const [row] = await db.update(remakes).set(values).where(eq(remakes.id, id)).returning();
  return row!;
}

export function remakesOfOrder(db: Executor, orderId: number): Promise<RemakeRow[]> {
  return db
    .select()
    .from(remakes)
    .where(eq(remakes.orderId, orderId))
    .orderBy(desc(remakes.requestedAt), desc(remakes.id));
}

export type RemakeFilter = Pick<RemakeListQuery, 'search' | 'status' | 'source'>;

function remakeWhere(f: RemakeFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.status?.length) conds.push(inArray(remakes.status, f.status));
  if (f.source?.length) conds.push(inArray(remakes.source, f.source));
  if (f.search) {
    const pattern = likePattern(f.search);
    const id = /^\d{1,9}$/.test(f.search) ? Number(f.search) : null;
    conds.push(
      or(
        ilike(remakes.orderName, pattern),
        ilike(remakes.notes, pattern),
        ilike(remakes.reason, pattern),
        sql`${remakes.items}::text ilike ${pattern}`,
        ...(id === null ? [] : [eq(remakes.orderId, id), eq(remakes.id, id)]),
      ),
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/** Newest first. */
export function listRemakes(db: Executor, f: RemakeFilter, window: PageWindow): Promise<Page<RemakeRow>> {
  const where = remakeWhere(f);
  return newestFirstPage(db, remakes, where, remakes.requestedAt, window);
}

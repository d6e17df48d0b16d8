import { type Executor, schema } from '@cab/db';
import type { ImageOwner } from '@cab/db/schema';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';

const { images } = schema;

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;

const ofOwner = (owner: ImageOwner, ownerId: number) => and(eq(images.ownerKind, owner), eq(images.ownerId, ownerId));

/** The images of several owners, in gallery order. */
export async function imageRowsOf(db: Executor, owner: ImageOwner, ownerIds: number[]): Promise<ImageRow[]> {
  if (ownerIds.length === 0) return [];
  return db
    .select()
    .from(images)
    .where(and(eq(images.ownerKind, owner), inArray(images.ownerId, ownerIds)))
    .orderBy(asc(images.index), asc(images.id));
}

export async function imageById(db: Executor, id: number): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

/** The index after the owner's last image. */
export async function nextImageIndex(db: Executor, owner: ImageOwner, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${images.index}) + 1, 0)::int` })
    .from(images)
    .where(ofOwner(owner, ownerId));
  return row?.next ?? 0;
}

/** Whether an image row names this stored key as its file or thumbnail. */
export async function imageKeyExists(db: Executor, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(or(eq(images.path, key), eq(images.thumbnailPath, key)))
    .limit(1);
  return row !== undefined;
}

export async function insertImages(db: Executor, rows: NewImage[]): Promise<void> {
  if (rows.length) await db.insert(images).values(rows);
}

/** Deletes one image; every later image of its owner moves up one index. */
export async function deleteImageAndClose(db: Executor, row: ImageRow): Promise<void> {
  await db.delete(images).where(eq(images.id, row.id));
  await db
    .update(images)
    .set({ index: sql`${images.index} - 1` })
    .where(and(ofOwner(row.ownerKind, row.ownerId), gt(images.index, row.index)));
}

export async function setImageIndex(db: Executor, id: number, index: number): Promise<void> {
  await db.update(images).set({ index }).where(eq(images.id, id));
}

/** Removes every image row of owners; returns the rows (their files are deleted after commit). */
export async function deleteImagesOf(db: Executor, owner: ImageOwner, ownerIds: number[]): Promise<ImageRow[]> {
  if (ownerIds.length === 0) return [];
  return db
    .delete(images)
    .where(and(eq(images.ownerKind, owner), inArray(images.ownerId, ownerIds)))
    .returning();
}

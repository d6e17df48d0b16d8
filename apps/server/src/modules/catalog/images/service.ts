import { drawSeedImage, isSeedImageKey } from '@cab/db';
import { IMAGE_OWNERS, type ImageOwner } from '@cab/db/schema';
import { type CatalogImage, ERROR_CODES, MSG } from '@cab/shared';
import type { PublicCtx } from '../../../kit/context.ts';
import { badRequest, notFound } from '../../../kit/errors.ts';
import { afterCommit, transaction } from '../../../kit/transaction.ts';
import { mediaUrl } from '../../../storage/index.ts';
import { audit } from '../../audit/index.ts';
import type { PreparedImage } from './processing.ts';
import * as repo from './repository.ts';

/**
 * Gallery images of premiums and product groups (SPEC 4): files in storage, rows in `images`.
 * Every change locks the owner row (`lockOwner`, false when the owner is gone) so two requests
 * never give two images one index, and is audited on the owner.
 */
export type LockOwner = (tx: PublicCtx, ownerId: number) => Promise<boolean>;

/** A drag-reorder request (moveImageBodySchema as validated). */
export interface MoveTarget {
  moved: number;
  under?: number | null;
  above?: number | null;
  going_up?: boolean;
}

const toWireImage = (row: repo.ImageRow): CatalogImage => ({
  id: row.id,
  image: mediaUrl(row.path),
  thumbnail: mediaUrl(row.thumbnailPath),
  index: row.index,
});

async function listImages(ctx: PublicCtx, owner: ImageOwner, ownerId: number): Promise<CatalogImage[]> {
  return (await repo.imageRowsOf(ctx.db, owner, [ownerId])).map(toWireImage);
}

export async function imagesByOwner(ctx: PublicCtx, owner: ImageOwner, ownerIds: number[]) {
  const byOwner = new Map<number, CatalogImage[]>();
  for (const r of await repo.imageRowsOf(ctx.db, owner, ownerIds)) {
    byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), toWireImage(r)]);
  }
  return byOwner;
}

/** Files are deleted once the row deletes commit, never before (a rollback keeps them). */
function deleteFilesAfterCommit(ctx: PublicCtx, rows: { path: string; thumbnailPath: string }[]) {
  if (rows.length === 0) return Promise.resolve();
  return afterCommit(ctx, () =>
    Promise.all(rows.flatMap((r) => [ctx.storage.delete(r.path), ctx.storage.delete(r.thumbnailPath)])),
  );
}

/**
 * Stores the files, then appends their rows after the owner's last index in one transaction;
 * the stored files are removed again when the transaction fails.
 */
export async function addImages(
  ctx: PublicCtx,
  owner: ImageOwner,
  ownerId: number,
  prepared: PreparedImage[],
  lockOwner: LockOwner,
): Promise<CatalogImage[]> {
  const { storage } = ctx;
  // Streamed from its temporary file: an upload is never in memory whole.
  for (const p of prepared) {
    await storage.putFile(p.key, p.source, p.contentType);
    await storage.put(p.thumbKey, p.thumb, p.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png');
  }
  try {
    return await transaction(ctx, async (tx) => {
      if (!(await lockOwner(tx, ownerId))) throw notFound();
      const before = await listImages(tx, owner, ownerId);
      const next = await repo.nextImageIndex(tx.db, owner, ownerId);
      await repo.insertImages(
        tx.db,
        prepared.map((p, i) => ({
          ownerKind: owner,
          ownerId,
          path: p.key,
          thumbnailPath: p.thumbKey,
          contentType: p.contentType,
          index: next + i,
        })),
      );
      const after = await listImages(tx, owner, ownerId);
      await audit(tx, { entity: owner, id: ownerId, action: 'add_images', before, after });
      return after;
    });
  } catch (err) {
    await Promise.all(prepared.flatMap((p) => [storage.delete(p.key), storage.delete(p.thumbKey)])).catch(() => {});
    throw err;
  }
}

/** Deletes one image of `owner` (and of `ownerId` when given); every later image moves up one index (SPEC 4). */
export async function deleteImage(
  ctx: PublicCtx,
  owner: ImageOwner,
  ownerId: number | null,
  imageId: number,
  lockOwner: LockOwner,
): Promise<CatalogImage[]> {
  return transaction(ctx, async (tx) => {
    const row = await repo.imageById(tx.db, imageId);
    if (!row || row.ownerKind !== owner || (ownerId !== null && row.ownerId !== ownerId)) {
      throw notFound(MSG.imageNotFound);
    }
    await lockOwner(tx, row.ownerId);
    const before = await listImages(tx, owner, row.ownerId);
    await repo.deleteImageAndClose(tx.db, row);
    await deleteFilesAfterCommit(tx, [row]);
    const after = await listImages(tx, owner, row.ownerId);
    await audit(tx, { entity: owner, id: row.ownerId, action: 'delete_image', before, after });
    return after;
  });
}

/**
 * Drag reordering (SPEC 4, 7): `moved` goes above `above` or under `under`; going_up says which
 * one counts when both are sent. The images in between shift by one; the rest keep their index.
 */
export async function moveImage(
  ctx: PublicCtx,
  owner: ImageOwner,
  ownerId: number,
  body: MoveTarget,
  lockOwner: LockOwner,
): Promise<CatalogImage[]> {
  return transaction(ctx, async (tx) => {
    if (!(await lockOwner(tx, ownerId))) throw notFound();
    const rows = await repo.imageRowsOf(tx.db, owner, [ownerId]);
    const order = rows.map((r) => r.id);
    const { moved } = body;
    const useAbove = body.above != null && (body.going_up !== false || body.under == null);
    const useUnder = !useAbove && body.under != null;
    if (!useAbove && !useUnder) {
      throw badRequest(ERROR_CODES.validation, MSG.moveImageTarget, { moved: [MSG.moveImageTarget] });
    }
    const target = (useAbove ? body.above : body.under)!;
    if (!order.includes(moved) || !order.includes(target)) throw notFound(MSG.imageNotFound);
    const before = rows.map(toWireImage);
    if (moved === target) return before;
    const without = order.filter((id) => id !== moved);
    const at = without.indexOf(target) + (useAbove ? 0 : 1);
    without.splice(at, 0, moved);
    // Indexes stay 0..n-1 in list order; only rows whose position changed are written.
    const current = new Map(rows.map((r) => [r.id, r.index]));
    for (const [pos, id] of without.entries()) {
      if (current.get(id) !== pos) await repo.setImageIndex(tx.db, id, pos);
    }
    const after = await listImages(tx, owner, ownerId);
    await audit(tx, { entity: owner, id: ownerId, action: 'move_image', before, after });
    return after;
  });
}

/** Removes every image of owners inside the caller's transaction; their files go after the commit. */
export async function deleteAllImages(tx: PublicCtx, owner: ImageOwner, ownerIds: number[]): Promise<void> {
  await deleteFilesAfterCommit(tx, await repo.deleteImagesOf(tx.db, owner, ownerIds));
}

const PUBLIC_MEDIA_PREFIXES = ['seed/', ...IMAGE_OWNERS.map((owner) => `${owner}/`)];
const isPublicMediaKey = (key: string) => PUBLIC_MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix));

/**
 * A stored file by key (GET /api/media/...). Seed drawings are rendered on their first request
 * and then kept, but only for a key an image row names (the seed's own pictures): any other name
 * that fits the pattern is not found and nothing is drawn or stored. Null when there is no file.
 */
export async function mediaFile(ctx: PublicCtx, key: string): Promise<Buffer | null> {
  // Public media are catalogue pictures only: other stored files (an order's documents) are
  // served by their own endpoint, after its access check.
  if (!isPublicMediaKey(key)) return null;
  let bytes: Buffer | null = null;
  try {
    bytes = await ctx.storage.get(key);
  } catch {
    bytes = null;
  }
  if (!bytes && isSeedImageKey(key) && (await repo.imageKeyExists(ctx.db, key))) {
    bytes = drawSeedImage(key);
    if (bytes) await ctx.storage.put(key, bytes, 'image/png').catch(() => {});
  }
  return bytes;
}

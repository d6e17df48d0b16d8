import { randomUUID } from 'node:crypto';
import { type Db, type Executor, schema } from '@cab/db';
import type { ImageOwner } from '@cab/db/schema';
import { type CatalogImage, ERROR_CODES, type MoveImageBody, MSG } from '@cab/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, badRequest, fieldError, notFound } from '../../http/errors.ts';
import { type FileStorage, mediaUrl } from '../../storage/index.ts';

const { images } = schema;

/** Most files accepted in one upload request. */
export const MAX_FILES = 20;
/** Thumbnails fit in the gallery's default 250x250 card (SPEC 2). */
const THUMB_SIZE = 250;

export type ImageFormat = 'png' | 'gif' | 'jpeg';

/** The format a file really has, from its first bytes (never from its name or declared type). */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 6) {
    const head = bytes.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartContent {
  files: UploadedFile[];
  fields: Record<string, string[]>;
}

const tooLarge = (maxBytes: number, field: string) =>
  new AppError(413, ERROR_CODES.payloadTooLarge, MSG.fileTooLarge((maxBytes / 1024 / 1024).toFixed(1)), undefined, {
    [field]: [MSG.fileTooLarge((maxBytes / 1024 / 1024).toFixed(1))],
  });

/**
 * Reads a multipart request: every file into memory (each at most maxBytes, at most MAX_FILES)
 * and every plain field as strings. Size and count limits answer 413 in the API error shape.
 */
export async function readMultipart(
  req: FastifyRequest,
  maxBytes: number,
  fileField: string,
): Promise<MultipartContent> {
  if (!req.isMultipart())
    throw badRequest(ERROR_CODES.validation, MSG.multipartExpected, { [fileField]: [MSG.multipartExpected] });
  const files: UploadedFile[] = [];
  const fields: Record<string, string[]> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: MAX_FILES, fields: 100 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes, fileField);
        files.push({ field: part.fieldname, filename: part.filename, bytes });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const name = part.fieldname.replace(/\[\]$/, '');
        fields[name] = [...(fields[name] ?? []), value];
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes, fileField);
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError(413, ERROR_CODES.payloadTooLarge, MSG.tooManyFiles(MAX_FILES), undefined, {
        [fileField]: [MSG.tooManyFiles(MAX_FILES)],
      });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(ERROR_CODES.validation, MSG.multipartExpected, { [fileField]: [MSG.multipartExpected] });
    }
    throw err;
  }
  return { files, fields };
}

export interface PreparedImage {
  key: string;
  thumbKey: string;
  contentType: string;
  bytes: Buffer;
  thumb: Buffer;
}

/** Checks every file is a real png/gif/jpeg and makes its thumbnail; refuses the whole request otherwise. */
export async function prepareImages(files: UploadedFile[], owner: ImageOwner): Promise<PreparedImage[]> {
  if (files.length === 0) throw fieldError(ERROR_CODES.validation, 'images', MSG.imageFileMissing);
  const out: PreparedImage[] = [];
  for (const file of files) {
    const format = sniffImage(file.bytes);
    if (!format) throw fieldError(ERROR_CODES.validation, 'images', MSG.imageTypeInvalid);
    let thumb: Buffer;
    try {
      const pipeline = sharp(file.bytes, { animated: false }).rotate().resize(THUMB_SIZE, THUMB_SIZE, {
        fit: 'inside',
        withoutEnlargement: true,
      });
      thumb = await (format === 'jpeg' ? pipeline.jpeg({ quality: 80 }) : pipeline.png()).toBuffer();
    } catch {
      // The header said image but the content does not decode.
      throw fieldError(ERROR_CODES.validation, 'images', MSG.imageTypeInvalid);
    }
    const ext = format === 'jpeg' ? 'jpg' : format;
    const thumbExt = format === 'jpeg' ? 'jpg' : 'png';
    const id = randomUUID();
    out.push({
      key: `${owner}/${id}.${ext}`,
      thumbKey: `${owner}/${id}.thumb.${thumbExt}`,
      contentType: `image/${format}`,
      bytes: file.bytes,
      thumb,
    });
  }
  return out;
}

export const toWireImage = (row: typeof images.$inferSelect): CatalogImage => ({
  id: row.id,
  image: mediaUrl(row.path),
  thumbnail: mediaUrl(row.thumbnailPath),
  index: row.index,
});

export async function listImages(db: Executor, owner: ImageOwner, ownerId: number): Promise<CatalogImage[]> {
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.ownerKind, owner), eq(images.ownerId, ownerId)))
    .orderBy(asc(images.index), asc(images.id));
  return rows.map(toWireImage);
}

export async function imagesByOwner(db: Executor, owner: ImageOwner, ownerIds: number[]) {
  const byOwner = new Map<number, CatalogImage[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.ownerKind, owner), inArray(images.ownerId, ownerIds)))
    .orderBy(asc(images.index), asc(images.id));
  for (const r of rows) {
    const list = byOwner.get(r.ownerId) ?? [];
    list.push(toWireImage(r));
    byOwner.set(r.ownerId, list);
  }
  return byOwner;
}

/**
 * Stores the files, then appends their rows after the owner's last index in one transaction;
 * `lockOwner` locks the owner row so two uploads never take the same index.
 */
export async function addImages(
  db: Db,
  storage: FileStorage,
  owner: ImageOwner,
  ownerId: number,
  prepared: PreparedImage[],
  lockOwner: (tx: Executor) => Promise<boolean>,
): Promise<CatalogImage[]> {
  for (const p of prepared) {
    await storage.put(p.key, p.bytes, p.contentType);
    await storage.put(p.thumbKey, p.thumb, p.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png');
  }
  try {
    await db.transaction(async (tx) => {
      if (!(await lockOwner(tx))) throw notFound();
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${images.index}) + 1, 0)::int` })
        .from(images)
        .where(and(eq(images.ownerKind, owner), eq(images.ownerId, ownerId)))) as [{ next: number }];
      await tx.insert(images).values(
        prepared.map((p, i) => ({
          ownerKind: owner,
          ownerId,
          path: p.key,
          thumbnailPath: p.thumbKey,
          contentType: p.contentType,
          index: next + i,
        })),
      );
    });
  } catch (err) {
    await Promise.all(prepared.flatMap((p) => [storage.delete(p.key), storage.delete(p.thumbKey)])).catch(() => {});
    throw err;
  }
  return listImages(db, owner, ownerId);
}

/** Deletes one image; every later image of the owner moves up one index (SPEC 4), in one transaction. */
export async function deleteImage(
  db: Db,
  storage: FileStorage,
  imageId: number,
  match: (row: typeof images.$inferSelect) => boolean,
  lockOwner: (tx: Executor, ownerId: number) => Promise<boolean>,
): Promise<{ owner: ImageOwner; ownerId: number; images: CatalogImage[] }> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(images).where(eq(images.id, imageId));
    if (!row || !match(row)) throw notFound(MSG.imageNotFound);
    await lockOwner(tx, row.ownerId);
    await tx.delete(images).where(eq(images.id, row.id));
    await tx
      .update(images)
      .set({ index: sql`${images.index} - 1` })
      .where(and(eq(images.ownerKind, row.ownerKind), eq(images.ownerId, row.ownerId), gt(images.index, row.index)));
    return row;
  });
  await removeFiles(storage, [removed]);
  return {
    owner: removed.ownerKind,
    ownerId: removed.ownerId,
    images: await listImages(db, removed.ownerKind, removed.ownerId),
  };
}

/**
 * Drag reordering (SPEC 4, 7): `moved` goes above `above` or under `under`; going_up says which
 * one counts when both are sent. The images in between shift by one; the rest keep their index.
 */
export async function moveImage(
  db: Db,
  owner: ImageOwner,
  ownerId: number,
  body: { moved: number; under?: number | null; above?: number | null; going_up?: boolean },
  lockOwner: (tx: Executor) => Promise<boolean>,
): Promise<CatalogImage[]> {
  await db.transaction(async (tx) => {
    if (!(await lockOwner(tx))) throw notFound();
    const rows = await tx
      .select({ id: images.id, index: images.index })
      .from(images)
      .where(and(eq(images.ownerKind, owner), eq(images.ownerId, ownerId)))
      .orderBy(asc(images.index), asc(images.id));
    const order = rows.map((r) => r.id);
    const { moved } = body;
    const useAbove = body.above != null && (body.going_up !== false || body.under == null);
    const useUnder = !useAbove && body.under != null;
    if (!useAbove && !useUnder) {
      throw badRequest(ERROR_CODES.validation, MSG.moveImageTarget, { moved: [MSG.moveImageTarget] });
    }
    const target = (useAbove ? body.above : body.under)!;
    if (!order.includes(moved) || !order.includes(target)) throw notFound(MSG.imageNotFound);
    if (moved === target) return;
    const without = order.filter((id) => id !== moved);
    const at = without.indexOf(target) + (useAbove ? 0 : 1);
    without.splice(at, 0, moved);
    // Indexes stay 0..n-1 in list order; only rows whose position changed are written.
    const current = new Map(rows.map((r) => [r.id, r.index]));
    for (const [pos, id] of without.entries()) {
      if (current.get(id) !== pos) await tx.update(images).set({ index: pos }).where(eq(images.id, id));
    }
  });
  return listImages(db, owner, ownerId);
}

/** Removes every image of owners (rows first, inside the caller's transaction); returns the rows for file cleanup. */
export async function deleteImageRows(tx: Executor, owner: ImageOwner, ownerIds: number[]) {
  if (ownerIds.length === 0) return [];
  return tx
    .delete(images)
    .where(and(eq(images.ownerKind, owner), inArray(images.ownerId, ownerIds)))
    .returning();
}

export async function removeFiles(storage: FileStorage, rows: { path: string; thumbnailPath: string }[]) {
  await Promise.all(rows.flatMap((r) => [storage.delete(r.path), storage.delete(r.thumbnailPath)])).catch(() => {});
}

export type { MoveImageBody };

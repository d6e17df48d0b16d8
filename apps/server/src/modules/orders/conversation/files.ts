import { randomUUID } from 'node:crypto';
import { ERROR_CODES, ORDER_TEXT, type orderFileSchema } from '@cab/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { UploadedFile } from '../../../http/multipart.ts';
import type { Ctx } from '../../../kit/context.ts';
import { badRequest, notFound } from '../../../kit/errors.ts';
import { sendFile } from '../../../kit/file-answer.ts';
import { afterCommit, transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { loadOrderRow } from '../reach.ts';
import * as repo from './repository.ts';

/**
 * Files on an order (SPEC 7 add_files, add_status_docs; submit's supplement_documentation): bytes
 * in ctx.storage, rows in order_files. Stored files are never served from the public media path:
 * only through GET {id}/files/{fileId}/, which checks who may reach the order.
 */
type OrderFile = z.infer<typeof orderFileSchema>;

/** The form field that carries the files of add_files and add_status_docs. */
export const FILES_FIELD = 'files';

/** Content types a download may declare; anything else is sent as bytes. */
const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  zip: 'application/zip',
};

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
const fileContentType = (name: string) => FILE_TYPES[extensionOf(name)] ?? 'application/octet-stream';

/** The name as uploaded, without any folder part or control characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-200);
}

export interface StoredUpload {
  name: string;
  storageKey: string;
  contentType: string;
  size: number;
}

/** Puts the uploads in storage (streamed from their temporary files); on failure the ones stored are removed. */
export async function storeUploads(ctx: Ctx, orderId: number, files: readonly UploadedFile[]): Promise<StoredUpload[]> {
  const stored: StoredUpload[] = [];
  try {
    for (const f of files) {
      const name = cleanFileName(f.filename);
      const ext = extensionOf(name);
      const storageKey = `orders/${orderId}/${randomUUID()}${ext ? `.${ext}` : ''}`;
      const contentType = fileContentType(name);
      await ctx.storage.putFile(storageKey, f.path, contentType);
      stored.push({ name, storageKey, contentType, size: f.size });
    }
  } catch (err) {
    await removeStored(ctx, stored);
    throw err;
  }
  return stored;
}

/** Removes stored files now (a failed request's uploads); errors are ignored. */
export async function removeStored(ctx: Ctx, files: readonly { storageKey: string }[]): Promise<void> {
  await Promise.all(files.map((f) => ctx.storage.delete(f.storageKey).catch(() => {})));
}

const toWireFile = (orderId: number, f: repo.OrderFileRow): OrderFile => ({
  id: f.id,
  kind: f.kind,
  name: f.name,
  url: `/api/orders/${orderId}/files/${f.id}/`,
  content_type: f.contentType,
  size: f.size,
  status: f.status,
  created_at: f.createdAt.toISOString(),
});

const fileSummary = (f: { id?: number; name: string }) => ({ ...(f.id ? { id: f.id } : {}), name: f.name });

export async function listFiles(ctx: Ctx, id: number): Promise<{ results: OrderFile[] }> {
  await loadOrderRow(ctx, id);
  return { results: (await repo.filesOf(ctx.db, id)).map((f) => toWireFile(id, f)) };
}

/** Sends one file of the order (404 for a file of another order or one missing in storage). */
export async function downloadFile(ctx: Ctx, id: number, fileId: number, reply: FastifyReply): Promise<Buffer> {
  await loadOrderRow(ctx, id);
  const file = await repo.fileOfOrder(ctx.db, id, fileId);
  if (!file) throw notFound();
  const bytes = await ctx.storage.get(file.storageKey);
  if (!bytes) throw notFound();
  // Always an attachment (never rendered in the page), whatever its name and type.
  const type = FILE_TYPES[extensionOf(file.name)] ? file.contentType : 'application/octet-stream';
  return sendFile(reply, { name: file.name, type, body: bytes });
}

/**
 * Rows for stored uploads, inside the caller's transaction (submit's supplement documents); the
 * stored files are the caller's to remove if its transaction fails.
 */
export async function insertStoredFiles(
  tx: Ctx,
  orderId: number,
  kind: repo.OrderFileKind,
  stored: readonly StoredUpload[],
  status: string | null = null,
) {
  await repo.insertFiles(
    tx.db,
    stored.map((s) => ({
      orderId,
      kind,
      name: s.name,
      storageKey: s.storageKey,
      contentType: s.contentType,
      size: s.size,
      status,
      uploadedById: tx.actor.id,
    })),
  );
}

/**
 * add_files (kind FILE; replace=true: the new files replace the earlier added ones, whose bytes go
 * after the commit) and add_status_docs (kind STATUS_DOC, kept with the order's current status).
 * Answers every file of the order.
 */
export async function addFiles(
  ctx: Ctx,
  id: number,
  files: readonly UploadedFile[],
  options: { kind: 'FILE' | 'STATUS_DOC'; replace?: boolean },
): Promise<{ results: OrderFile[] }> {
  await loadOrderRow(ctx, id);
  if (files.length === 0) {
    throw badRequest(ERROR_CODES.validation, ORDER_TEXT.filesRequired, { [FILES_FIELD]: [ORDER_TEXT.filesRequired] });
  }
  const stored = await storeUploads(ctx, id, files);
  try {
    return await transaction(ctx, async (tx) => {
      const row = await loadOrderRow(tx, id, tx.db, { lock: true });
      const replaced =
        options.kind === 'FILE' && options.replace ? await repo.deleteFilesOfKind(tx.db, id, 'FILE') : [];
      await insertStoredFiles(tx, id, options.kind, stored, options.kind === 'STATUS_DOC' ? row.status : null);
      if (replaced.length) await afterCommit(tx, () => removeStored(tx, replaced));
      await audit(tx, {
        entity: 'order',
        id,
        action: options.kind === 'FILE' ? 'add_files' : 'add_status_docs',
        before: replaced.length ? { files: replaced.map(fileSummary) } : null,
        after: {
          files: stored.map(fileSummary),
          ...(options.kind === 'STATUS_DOC' ? { status: row.status } : {}),
          ...(options.replace ? { replace: true } : {}),
        },
      });
      return { results: (await repo.filesOf(tx.db, id)).map((f) => toWireFile(id, f)) };
    });
  } catch (err) {
    await removeStored(ctx, stored);
    throw err;
  }
}

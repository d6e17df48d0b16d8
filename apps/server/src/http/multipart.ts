import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES, MSG } from '@cab/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../kit/errors.ts';

/** Most files accepted in one upload request. */
export const MAX_FILES = 20;

/** An uploaded file, streamed to a temporary file as it arrives (never held whole in memory). */
export interface UploadedFile {
  field: string;
  filename: string;
  /** The temporary file; it is removed once the request's work is done (withMultipart). */
  path: string;
  size: number;
}

export interface MultipartContent {
  files: UploadedFile[];
  fields: Record<string, string[]>;
}

const tooLarge = (maxBytes: number, field: string) => {
  const message = MSG.fileTooLarge((maxBytes / 1024 / 1024).toFixed(1));
  return new AppError(413, ERROR_CODES.payloadTooLarge, message, undefined, { [field]: [message] });
};

const nulIn = (field: string) =>
  badRequest(ERROR_CODES.validation, MSG.validationFailed, { [field]: [MSG.textHasNul] });

/**
 * Reads a multipart request and hands its content to `use`: every file streamed to a temporary
 * folder (each at most maxBytes, at most MAX_FILES), so a request of twenty 10 MB files holds
 * disk, not memory; every plain field as strings ("name[]" counts as "name"). Size and count
 * limits answer 413 in the API error shape, on `fileField`. The temporary files are removed when
 * `use` has finished, whether it succeeded or not.
 */
export async function withMultipart<T>(
  req: FastifyRequest,
  maxBytes: number,
  fileField: string,
  use: (content: MultipartContent) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart())
    throw badRequest(ERROR_CODES.validation, MSG.multipartExpected, { [fileField]: [MSG.multipartExpected] });
  const dir = await mkdtemp(path.join(tmpdir(), 'cab-upload-'));
  try {
    return await use(await readParts(req, maxBytes, fileField, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readParts(
  req: FastifyRequest,
  maxBytes: number,
  fileField: string,
  dir: string,
): Promise<MultipartContent> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string[]> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: MAX_FILES, fields: 100 } })) {
      if (part.type === 'file') {
        // The name is kept with the file (PostgreSQL text cannot hold a NUL).
        if (part.filename?.includes('\u0000')) throw nulIn(part.fieldname);
        const file = path.join(dir, String(files.length));
        const out = createWriteStream(file);
        await pipeline(part.file, out);
        if (part.file.truncated) throw tooLarge(maxBytes, fileField);
        files.push({ field: part.fieldname, filename: part.filename, path: file, size: out.bytesWritten });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const name = part.fieldname.replace(/\[\]$/, '');
        if (value.includes('\u0000')) throw nulIn(name);
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

/** withMultipart for the files sent under any of `names` (e.g. 'images' and 'image'). */
export function withFiles<T>(
  req: FastifyRequest,
  maxBytes: number,
  names: readonly [string, ...string[]],
  use: (files: UploadedFile[]) => Promise<T>,
): Promise<T> {
  return withMultipart(req, maxBytes, names[0], ({ files }) => use(files.filter((f) => names.includes(f.field))));
}

/** The one file of an upload, read: the one named `field`, else the first; `missing()` when there is none. */
export function readOneFile(
  req: FastifyRequest,
  maxBytes: number,
  field: string,
  missing: () => AppError,
): Promise<Buffer> {
  return withMultipart(req, maxBytes, field, async ({ files }) => {
    const file = files.find((f) => f.field === field) ?? files[0];
    if (!file) throw missing();
    return readFile(file.path);
  });
}

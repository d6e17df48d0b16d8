import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES, MSG, unstorableText } from '@cab/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../kit/errors.ts';

/** Most files accepted in one upload request. */
const MAX_FILES = 20;
/** Most plain fields accepted in one upload request. */
const MAX_FIELDS = 100;

/**
 * Registers routes that take uploads in a context of their own, with @fastify/multipart: the
 * plugin hooks every request of its context (an async onRequest and onResponse), so these routes
 * pay for it and the rest of the API does not. A multipart body sent to another route is 415.
 */
export function withUploads(app: FastifyInstance, register: (uploads: FastifyInstance) => void): void {
  app.register(async (uploads) => {
    const fileSize = uploads.deps.config.uploadMaxBytes;
    await uploads.register(multipart, { limits: { fileSize, files: MAX_FILES, fields: MAX_FIELDS } });
    register(uploads);
  });
}

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

/** A 400 about the upload as a whole, shown on its file field. */
const malformed = (message: string, field: string) =>
  badRequest(ERROR_CODES.validation, message, { [field]: [message] });

/** Refuses text PostgreSQL cannot store (a NUL, a lone surrogate) in a field or a file name. */
function refuseUnstorable(text: string, field: string) {
  const problem = unstorableText(text);
  if (problem) throw badRequest(ERROR_CODES.validation, problem, { [field]: [problem] });
}

/**
 * What a parser error says about the request, or null for another failure (the disk, a bug).
 * busboy's errors carry no code, only their words.
 */
function parserProblem(err: unknown): string | null {
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : '';
  if (/boundary (not found|required)/i.test(message)) return MSG.multipartNoBoundary;
  if (/unexpected end of (multipart|form)/i.test(message) || code === 'FST_MP_PREMATURE_CLOSE') {
    return MSG.multipartTruncated;
  }
  if (code === 'FST_INVALID_JSON_FIELD_ERROR' || code === 'FST_PROTO_VIOLATION' || /^Malformed/i.test(message)) {
    return MSG.multipartMalformed;
  }
  return null;
}

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
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: MAX_FILES, fields: MAX_FIELDS } })) {
      // RFC 7578: every part has a name; without one nothing says what the part is for.
      if (!part.fieldname) throw malformed(MSG.multipartPartWithoutName, fileField);
      if (part.type === 'file') {
        // The name is kept with the file.
        refuseUnstorable(part.filename ?? '', part.fieldname);
        const file = path.join(dir, String(files.length));
        const out = createWriteStream(file);
        await pipeline(part.file, out);
        if (part.file.truncated) throw tooLarge(maxBytes, fileField);
        files.push({ field: part.fieldname, filename: part.filename, path: file, size: out.bytesWritten });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const name = part.fieldname.replace(/\[\]$/, '');
        refuseUnstorable(value, name);
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
      throw malformed(MSG.multipartExpected, fileField);
    }
    const problem = parserProblem(err);
    if (problem) throw malformed(problem, fileField);
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

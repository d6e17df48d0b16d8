import { ERROR_CODES, MSG } from '@cab/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/** Most files accepted in one upload request. */
export const MAX_FILES = 20;

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartContent {
  files: UploadedFile[];
  fields: Record<string, string[]>;
}

const tooLarge = (maxBytes: number, field: string) => {
  const message = MSG.fileTooLarge((maxBytes / 1024 / 1024).toFixed(1));
  return new AppError(413, ERROR_CODES.payloadTooLarge, message, undefined, { [field]: [message] });
};

/**
 * Reads a multipart request: every file into memory (each at most maxBytes, at most MAX_FILES)
 * and every plain field as strings ("name[]" counts as "name"). Size and count limits answer 413
 * in the API error shape, on `fileField`.
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

/** The files of a multipart request sent under any of `names` (e.g. 'images' and 'image'). */
export async function readFiles(req: FastifyRequest, maxBytes: number, names: readonly [string, ...string[]]) {
  const { files } = await readMultipart(req, maxBytes, names[0]);
  return files.filter((f) => names.includes(f.field));
}

/** The one file of an upload: the one named `field`, else the first; `missing()` when there is none. */
export async function readOneFile(
  req: FastifyRequest,
  maxBytes: number,
  field: string,
  missing: () => AppError,
): Promise<Buffer> {
  const { files } = await readMultipart(req, maxBytes, field);
  const file = files.find((f) => f.field === field) ?? files[0];
  if (!file) throw missing();
  return file.bytes;
}

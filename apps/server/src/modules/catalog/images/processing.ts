import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { ImageOwner } from '@cab/db/schema';
import { ERROR_CODES, IMAGE_MAX_PIXELS, MSG } from '@cab/shared';
import sharp from 'sharp';
import type { UploadedFile } from '../../../http/multipart.ts';
import { AppError, fieldError } from '../../../kit/errors.ts';

/** Thumbnails fit in the gallery's default 250x250 card (SPEC 2). */
const THUMB_SIZE = 250;

type ImageFormat = 'png' | 'gif' | 'jpeg';

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

/** An upload checked and thumbnailed, with the storage keys it will be saved under. */
export interface PreparedImage {
  key: string;
  thumbKey: string;
  contentType: string;
  /** The uploaded file (a temporary file of the request), read when it is stored. */
  source: string;
  thumb: Buffer;
}

async function firstBytes(file: string, n = 16): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(n), 0, n, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const tooManyPixels = () =>
  fieldError(ERROR_CODES.validation, 'images', MSG.imageTooManyPixels(IMAGE_MAX_PIXELS / 1_000_000));

/**
 * Checks every file is a real png/gif/jpeg of at most IMAGE_MAX_PIXELS and makes its thumbnail,
 * reading from the request's temporary files; refuses the whole request otherwise. A picture's
 * size is read from its header before anything decodes it, so a 16000x16000 PNG costs nothing.
 */
export async function prepareImages(files: UploadedFile[], owner: ImageOwner): Promise<PreparedImage[]> {
  if (files.length === 0) throw fieldError(ERROR_CODES.validation, 'images', MSG.imageFileMissing);
  const out: PreparedImage[] = [];
  for (const file of files) {
    const format = sniffImage(await firstBytes(file.path));
    if (!format) throw fieldError(ERROR_CODES.validation, 'images', MSG.imageTypeInvalid);
    let thumb: Buffer;
    try {
      // sharp's own limit stays on as well, for a header that lies.
      const options = { animated: false, limitInputPixels: IMAGE_MAX_PIXELS } as const;
      const { width = 0, height = 0, pageHeight } = await sharp(file.path, options).metadata();
      if (width * (pageHeight ?? height) > IMAGE_MAX_PIXELS) throw tooManyPixels();
      const pipeline = sharp(file.path, options).rotate().resize(THUMB_SIZE, THUMB_SIZE, {
        fit: 'inside',
        withoutEnlargement: true,
      });
      thumb = await (format === 'jpeg' ? pipeline.jpeg({ quality: 80 }) : pipeline.png()).toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (/pixel limit/i.test((err as Error).message ?? '')) throw tooManyPixels();
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
      source: file.path,
      thumb,
    });
  }
  return out;
}

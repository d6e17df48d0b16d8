import { randomUUID } from 'node:crypto';
import type { ImageOwner } from '@cab/db/schema';
import { ERROR_CODES, MSG } from '@cab/shared';
import sharp from 'sharp';
import { fieldError } from '../../../http/errors.ts';
import type { UploadedFile } from '../../../http/multipart.ts';

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

/** An upload checked and thumbnailed, with the storage keys it will be saved under. */
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

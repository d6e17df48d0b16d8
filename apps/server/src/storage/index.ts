import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/**
 * Where uploaded files live. Keys are relative paths ("premium/3f2c....png"); the server serves
 * every key at MEDIA_PREFIX + key, so a URL never depends on the backend.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `source` (an upload's temporary file) as a stream: it is never in memory whole. */
  putFile(key: string, source: string, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** URL prefix of stored files (under /api so the dev proxy and one origin cover it). */
export const MEDIA_PREFIX = '/api/media/';
export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;

const SAFE_KEY = /^[a-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/;
function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Files under a folder (DATA_DIR/uploads by default). */
class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await copyFile(source, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
        return null;
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/** Keeps files in memory: for tests that must not touch the disk. */
export class MemoryStorage implements FileStorage {
  readonly kind = 'local' as const;
  readonly files = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer): Promise<void> {
    assertSafeKey(key);
    this.files.set(key, bytes);
  }
  async putFile(key: string, source: string): Promise<void> {
    await this.put(key, await readFile(source));
  }
  async get(key: string): Promise<Buffer | null> {
    return this.files.get(key) ?? null;
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

/**
 * Any S3-compatible bucket (AWS S3, MinIO, R2...). With S3_ENDPOINT set, path-style addressing
 * is used, as self-hosted stores expect. Credentials come from S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY, else from the AWS SDK's usual chain (environment, instance role).
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(
    readonly bucket: string,
    options: { endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string },
  ) {
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      // Checksums only where S3 requires them: a streamed upload is then sent plainly (with its
      // length) instead of aws-chunked with a trailing checksum, which not every S3-compatible
      // store reads (the in-process test store stored the chunk framing).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async putFile(key: string, source: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(source);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(source),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/** The storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Config): FileStorage {
  if (config.s3.bucket) return new S3Storage(config.s3.bucket, config.s3);
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

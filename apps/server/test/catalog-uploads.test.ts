import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { deflateSync } from 'node:zlib';
import { buildPath, catalogApi, IMAGE_MAX_PIXELS, MSG } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imagePart, multipart, upload } from './catalog-helpers.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

const FILE_MB = 5;
let t: TestApp;
let admin: string;
let groupId: number;

beforeAll(async () => {
  t = await setupTestApp({ uploadMaxBytes: (FILE_MB + 1) * 1024 * 1024 });
  admin = await t.login('ADMIN');
  const groups = await t.call(catalogApi.groupList, { token: admin, query: { name: 'Sink Bases' } });
  groupId = groups.body.results[0].id;
});
afterAll(() => t.close());

/** A real black-and-white PNG of any size: 1 bit a pixel, so a 16000x16000 file is about 30 KB. */
function bigPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(width / 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(row * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const imageCount = async () =>
  (await t.call(catalogApi.groupDetail, { token: admin, params: { id: groupId } })).body.images.length;

describe('image uploads', () => {
  it('a picture over the pixel cap is refused with a clear message, and nothing is stored', async () => {
    const before = await imageCount();
    for (const [w, h] of [
      [16000, 16000],
      [6500, 6500],
    ] as const) {
      const res = await upload(t, catalogApi.groupAddImages, admin, { id: groupId }, [imagePart(bigPng(w, h))]);
      expect(res.status, `${w}x${h}`).toBe(400);
      expect(res.body.fields.images).toEqual([MSG.imageTooManyPixels(IMAGE_MAX_PIXELS / 1_000_000)]);
    }
    expect(await imageCount()).toBe(before);
  });

  it('a large picture under the cap is accepted', async () => {
    const res = await upload(t, catalogApi.groupAddImages, admin, { id: groupId }, [imagePart(bigPng(6000, 6000))]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('files are streamed to temporary files, not held in memory, and removed after the request', async () => {
    const uploadDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('cab-upload-')).length;
    const dirsBefore = uploadDirs();
    // Twenty files that are not pictures: the request is refused after every file was received.
    const { payload, headers } = multipart(
      Array.from({ length: 20 }, (_, i) => imagePart(randomBytes(FILE_MB * 1024 * 1024), `noise-${i}.png`)),
    );
    const base = process.memoryUsage().arrayBuffers;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 5);
    const res = await t.app.inject({
      url: buildPath(catalogApi.groupAddImages.path, { id: groupId }),
      method: catalogApi.groupAddImages.method,
      payload,
      headers: { ...headers, authorization: `Token ${admin}` },
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.images).toEqual([MSG.imageTypeInvalid]);
    // The request body itself (100 MB) is built by the test before `base`; the server adds far
    // less than the 100 MB that buffering every file would.
    const addedMb = (peak - base) / 1024 / 1024;
    expect(addedMb).toBeLessThan(60);
    // Other test files upload in the same temporary folder at the same time: wait until theirs are
    // gone too; this request's own folder was removed before it answered.
    await vi.waitFor(() => expect(uploadDirs()).toBeLessThanOrEqual(dirsBefore), { timeout: 10_000 });
  });
});

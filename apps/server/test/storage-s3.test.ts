import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { catalogApi } from '@cab/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/storage/index.ts';
import { imagePart, png, upload } from './catalog-helpers.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/** An S3-compatible server in process (s3rver), with one bucket. */
const BUCKET = 'cab-uploads';
const s3Dir = mkdtempSync(path.join(tmpdir(), 'cab-s3-'));
let server: S3rver;
let endpoint: string;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('streams a file into the bucket (putFile), byte for byte', async () => {
    const storage = new S3Storage(BUCKET, { endpoint, ...credentials });
    const dir = mkdtempSync(path.join(tmpdir(), 'cab-s3-src-'));
    try {
      const source = path.join(dir, 'upload');
      const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
      writeFileSync(source, bytes);
      await storage.putFile('orders/1/plan.pdf', source, 'application/pdf');
      expect((await storage.get('orders/1/plan.pdf'))?.equals(bytes)).toBe(true);
      const head = await storage.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'orders/1/plan.pdf' }));
      expect(head.ContentType).toBe('application/pdf');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts, gets and deletes objects; a missing key is null', async () => {
    const storage = new S3Storage(BUCKET, { endpoint, ...credentials });
    await storage.put('premium/a.png', Buffer.from('hello'), 'image/png');
    expect((await storage.get('premium/a.png'))?.toString()).toBe('hello');
    await storage.delete('premium/a.png');
    expect(await storage.get('premium/a.png')).toBeNull();
    await expect(storage.delete('premium/a.png')).resolves.toBeUndefined();
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });
});

describe('uploads go to the bucket when S3_BUCKET is set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({
      dataDir: '/nonexistent',
      s3: { bucket: BUCKET, endpoint, region: 'us-east-1', ...credentials },
    });
  });
  afterAll(() => t.close());

  it('stores an uploaded image and its thumbnail in S3 and serves them back', async () => {
    const admin = await t.login('ADMIN');
    const cats = await t.call(catalogApi.categoryList, { token: admin, query: { category_type: 'WOOD_SPECIES' } });
    const created = await t.call(catalogApi.premiumCreate, {
      token: admin,
      params: { kind: 'wood_species' },
      body: { code: 'S3WOOD', categories: [cats.body.results[0].id], export_name: 's3wood' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await upload(t, catalogApi.premiumAddImages, admin, { kind: 'wood_species', id: created.body.id }, [
      imagePart(await png(300, 200)),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const image = res.body[0];
    const key = image.image.replace('/api/media/', '');
    const client = new S3Storage(BUCKET, { endpoint, ...credentials }).client;
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentType).toBe('image/png');

    const served = await t.app.inject({ method: 'GET', url: image.image });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ method: 'GET', url: image.thumbnail })).statusCode).toBe(200);
  });
});

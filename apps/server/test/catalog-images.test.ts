import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { catalogApi, MSG } from '@cab/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePart, jpeg, png, upload } from './catalog-helpers.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

const UPLOAD_LIMIT = 300_000;
let t: TestApp;
let admin: string;
let customer: string;
let dataDir: string;
let premiumId: number;
const kind = 'door_style';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-images-'));
  t = await setupTestApp({ dataDir, uploadMaxBytes: UPLOAD_LIMIT });
  admin = await t.login('ADMIN');
  customer = await t.login('BUSINESS_MANAGER');
  const cats = await t.call(catalogApi.categoryList, { token: admin, query: { category_type: 'DOOR_STYLE' } });
  const res = await t.call(catalogApi.premiumCreate, {
    token: admin,
    params: { kind },
    body: { code: 'IMG-DOOR', categories: [cats.body.results[0].id], export_name: 'imgdoor' },
  });
  premiumId = res.body.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const params = () => ({ kind, id: premiumId });
const indexes = (list: { id: number; index: number }[]) => list.map((i) => [i.id, i.index]);

describe('image upload', () => {
  it('takes several real images at once, makes thumbnails and serves both', async () => {
    const res = await upload(t, catalogApi.premiumAddImages, admin, params(), [
      imagePart(await png(600, 400)),
      imagePart(await jpeg(), 'photo.jpg', 'image/jpeg'),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((i: { index: number }) => i.index)).toEqual([0, 1]);
    const [first, second] = res.body;
    expect(first.image).toMatch(/^\/api\/media\/premium\/[0-9a-f-]+\.png$/);
    expect(second.image).toMatch(/\.jpg$/);

    const full = await get(first.image);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(600);
    const thumb = await get(first.thumbnail);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.width).toBe(250);
    expect(meta.height).toBeLessThanOrEqual(250);

    const detail = await t.call(catalogApi.premiumDetail, { token: customer, params: params() });
    expect(detail.body.images).toEqual(res.body);
  });

  it('judges by content, not by name: a text file named .png is refused and nothing is stored', async () => {
    const before = (await t.call(catalogApi.premiumDetail, { token: admin, params: params() })).body.images.length;
    const res = await upload(t, catalogApi.premiumAddImages, admin, params(), [
      imagePart(await png(50, 50)),
      imagePart(Buffer.from('just some text, honestly'), 'fake.png', 'image/png'),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.fields.images).toEqual([MSG.imageTypeInvalid]);
    const after = (await t.call(catalogApi.premiumDetail, { token: admin, params: params() })).body.images.length;
    expect(after).toBe(before);
    // A PNG header on broken content is refused too.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const res2 = await upload(t, catalogApi.premiumAddImages, admin, params(), [imagePart(broken)]);
    expect(res2.status).toBe(400);
    // A real GIF passes whatever its name.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const res3 = await upload(t, catalogApi.premiumAddImages, admin, params(), [
      imagePart(gif, 'looks-like.txt', 'text/plain'),
    ]);
    expect(res3.status).toBe(200);
    expect(res3.body.at(-1).image).toMatch(/\.gif$/);
  });

  it('refuses a file over the size limit with 413 and a clear message', async () => {
    const big = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(UPLOAD_LIMIT);
    const res = await upload(t, catalogApi.premiumAddImages, admin, params(), [imagePart(big)]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(res.body.message).toBe(MSG.fileTooLarge((UPLOAD_LIMIT / 1024 / 1024).toFixed(1)));
    expect(res.body.fields.images).toEqual([res.body.message]);
  });

  it('refuses a request without images or not multipart, and non-admins', async () => {
    const none = await upload(t, catalogApi.premiumAddImages, admin, params(), [{ name: 'x', value: 'y' }]);
    expect(none.status).toBe(400);
    expect(none.body.fields.images).toEqual([MSG.imageFileMissing]);
    const json = await t.call(catalogApi.premiumAddImages, { token: admin, params: params(), body: { a: 1 } });
    expect(json.status).toBe(400);
    const denied = await upload(t, catalogApi.premiumAddImages, customer, params(), [imagePart(await png(10, 10))]);
    expect(denied.status).toBe(403);
    const missing = await upload(t, catalogApi.premiumAddImages, admin, { kind, id: 987654 }, [
      imagePart(await png(10, 10)),
    ]);
    expect(missing.status).toBe(404);
  });
});

describe('reorder and delete keep indexes 0..n-1', () => {
  let ids: number[] = [];

  beforeAll(async () => {
    const cats = await t.call(catalogApi.categoryList, { token: admin, query: { category_type: 'DOOR_STYLE' } });
    const p = await t.call(catalogApi.premiumCreate, {
      token: admin,
      params: { kind },
      body: { code: 'IMG-ORDER', categories: [cats.body.results[0].id], export_name: 'x' },
    });
    premiumId = p.body.id;
    const files = await Promise.all([0, 1, 2, 3, 4].map((i) => png(20 + i, 20)));
    const res = await upload(
      t,
      catalogApi.premiumAddImages,
      admin,
      params(),
      files.map((f) => imagePart(f)),
    );
    ids = res.body.map((i: { id: number }) => i.id);
    expect(res.body.map((i: { index: number }) => i.index)).toEqual([0, 1, 2, 3, 4]);
  });

  const move = (body: Record<string, unknown>) =>
    t.call(catalogApi.premiumMoveImage, { token: admin, params: params(), body });

  it('moving up: the moved image takes the index of the one it goes above; those between shift down', async () => {
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    const res = await move({ moved: d, above: b, going_up: true });
    expect(res.status).toBe(200);
    expect(indexes(res.body)).toEqual([
      [a, 0],
      [d, 1],
      [b, 2],
      [c, 3],
      [e, 4],
    ]);
    ids = res.body.map((i: { id: number }) => i.id);
  });

  it('moving down: placed under the target; those between shift up', async () => {
    const [a, d, b, c, e] = ids as [number, number, number, number, number];
    const res = await move({ moved: a, under: c, going_up: false });
    expect(indexes(res.body)).toEqual([
      [d, 0],
      [b, 1],
      [c, 2],
      [a, 3],
      [e, 4],
    ]);
    ids = res.body.map((i: { id: number }) => i.id);
  });

  it('with both neighbours, going_up picks which one counts; bad targets are refused', async () => {
    const [d, b, c, a, e] = ids as [number, number, number, number, number];
    const res = await move({ moved: e, under: d, above: b, going_up: true });
    expect(indexes(res.body)).toEqual([
      [d, 0],
      [e, 1],
      [b, 2],
      [c, 3],
      [a, 4],
    ]);
    ids = res.body.map((i: { id: number }) => i.id);
    const none = await move({ moved: e });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.moveImageTarget);
    const foreign = await move({ moved: e, above: 987654 });
    expect(foreign.status).toBe(404);
    const denied = await t.call(catalogApi.premiumMoveImage, {
      token: customer,
      params: params(),
      body: { moved: e, above: d },
    });
    expect(denied.status).toBe(403);
  });

  it('deleting decrements the index of every later image, and removes the files', async () => {
    const [d, e, b, c, a] = ids as [number, number, number, number, number];
    const before = (await t.call(catalogApi.premiumDetail, { token: admin, params: params() })).body.images;
    const gone = before.find((i: { id: number }) => i.id === e);
    const res = await t.call(catalogApi.premiumDeleteImage, { token: admin, params: { ...params(), imageId: e } });
    expect(res.status).toBe(200);
    expect(indexes(res.body)).toEqual([
      [d, 0],
      [b, 1],
      [c, 2],
      [a, 3],
    ]);
    expect((await get(gone.image)).statusCode).toBe(404);
    expect((await get(gone.thumbnail)).statusCode).toBe(404);
    const again = await t.call(catalogApi.premiumDeleteImage, { token: admin, params: { ...params(), imageId: e } });
    expect(again.status).toBe(404);
  });
});

describe('product groups', () => {
  let subId: number;
  beforeAll(async () => {
    const subs = await t.call(catalogApi.subcategoryList, { token: admin, query: { all: 'true' } });
    expect(Array.isArray(subs.body)).toBe(true);
    subId = subs.body.find((s: { name: string }) => s.name === 'Base').id;
  });

  it('creates a group from multipart fields with images; adds, moves and deletes its images', async () => {
    const res = await upload(t, catalogApi.groupCreate, admin, {}, [
      { name: 'name', value: 'Test Group' },
      { name: 'note', value: 'A note' },
      { name: 'shelf_note', value: '2 shelves' },
      { name: 'subcategories', value: String(subId) },
      imagePart(await png(30, 30)),
      imagePart(await png(31, 30)),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Test Group',
      note: 'A note',
      shelf_note: '2 shelves',
      subcategories: [subId],
    });
    expect(res.body.images.map((i: { index: number }) => i.index)).toEqual([0, 1]);
    const id = res.body.id;

    const more = await upload(t, catalogApi.groupAddImages, admin, { id }, [imagePart(await png(32, 30))]);
    expect(more.status).toBe(200);
    const [a, b, c] = more.body.images.map((i: { id: number }) => i.id);
    expect(more.body.images.map((i: { index: number }) => i.index)).toEqual([0, 1, 2]);

    // SPEC 7 writes this call as POST {id}move_image/ (no slash); both spellings work.
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/catalog/group/${id}move_image/`,
      headers: { authorization: `Token ${admin}` },
      payload: { moved: c, above: a, going_up: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(indexes(moved.json())).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const moved2 = await t.call(catalogApi.groupMoveImage, {
      token: admin,
      params: { id },
      body: { moved: c, under: b },
    });
    expect(indexes(moved2.body)).toEqual([
      [a, 0],
      [b, 1],
      [c, 2],
    ]);

    const del = await t.call(catalogApi.groupDeleteImage, { token: admin, params: { id: a } });
    expect(indexes(del.body)).toEqual([
      [b, 0],
      [c, 1],
    ]);

    const missingName = await upload(t, catalogApi.groupCreate, admin, {}, [{ name: 'note', value: 'x' }]);
    expect(missingName.status).toBe(400);
    expect(missingName.body.fields.name).toEqual([MSG.required]);
  });

  it('PATCH changes notes and subcategories; list filters by name and subcategory', async () => {
    const list = await t.call(catalogApi.groupList, { token: customer, query: { name: 'test group' } });
    const g = list.body.results[0];
    const res = await t.call(catalogApi.groupUpdate, {
      token: admin,
      params: { id: g.id },
      body: { secondary_note: 'Second', subcategories: [] },
    });
    expect(res.body).toMatchObject({ secondary_note: 'Second', subcategories: [] });
    const inSub = await t.call(catalogApi.groupList, { token: customer, query: { subcategory: String(subId) } });
    expect(inSub.body.results.map((x: { name: string }) => x.name)).not.toContain('Test Group');
    const del = await t.call(catalogApi.groupDelete, { token: admin, params: { id: g.id } });
    expect(del.status).toBe(200);
  });
});

describe('subcategories', () => {
  it('create, add groups, move and remove them: positions stay 0..n-1', async () => {
    const cats = await t.call(catalogApi.categoryList, { token: admin, query: { name: 'Wall Cabinets' } });
    const sub = await t.call(catalogApi.subcategoryCreate, {
      token: admin,
      body: { name: 'Test Sub', category: cats.body.results[0].id },
    });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({
      name: 'Test Sub',
      category: { name: 'Wall Cabinets' },
      groups: [],
      group_count: 0,
    });
    const id = sub.body.id;
    const groups = (await t.call(catalogApi.groupList, { token: admin, query: { order_by: 'id', page_size: '4' } }))
      .body.results;
    const [g1, g2, g3] = groups.map((g: { id: number }) => g.id);
    for (const g of [g1, g2, g3]) {
      await t.call(catalogApi.subcategoryAddGroup, { token: admin, params: { id }, body: { group: g } });
    }
    let res = await t.call(catalogApi.subcategoryDetail, { token: customer, params: { id } });
    expect(res.body.groups.map((g: { id: number; index: number }) => [g.id, g.index])).toEqual([
      [g1, 0],
      [g2, 1],
      [g3, 2],
    ]);
    expect(res.body.groups[0].images.length).toBeGreaterThan(0);
    res = await t.call(catalogApi.subcategoryMoveGroup, {
      token: admin,
      params: { id },
      body: { group: g3, index: 0 },
    });
    expect(res.body.groups.map((g: { id: number; index: number }) => [g.id, g.index])).toEqual([
      [g3, 0],
      [g1, 1],
      [g2, 2],
    ]);
    res = await t.call(catalogApi.subcategoryRemoveGroup, { token: admin, params: { id }, body: { group: g3 } });
    expect(res.body.groups.map((g: { id: number; index: number }) => [g.id, g.index])).toEqual([
      [g1, 0],
      [g2, 1],
    ]);
    expect(res.body.group_count).toBe(2);

    const paged = await t.call(catalogApi.subcategoryList, { token: customer, query: { name: 'test' } });
    expect(paged.body.total).toBe(1);
    const patched = await t.call(catalogApi.subcategoryUpdate, {
      token: admin,
      params: { id },
      body: { name: 'Renamed' },
    });
    expect(patched.body.name).toBe('Renamed');
    expect((await t.call(catalogApi.subcategoryDelete, { token: admin, params: { id } })).status).toBe(200);
    expect((await t.call(catalogApi.subcategoryDetail, { token: admin, params: { id } })).status).toBe(404);
  });
});

describe('seed pictures', () => {
  it('are drawn on first request as real PNGs with thumbnails', async () => {
    const group = (await t.call(catalogApi.groupList, { token: customer, query: { name: 'Sink Bases' } })).body
      .results[0];
    const [img] = group.images;
    const full = await get(img.image);
    expect(full.statusCode).toBe(200);
    expect((await sharp(full.rawPayload).metadata()).format).toBe('png');
    const thumb = await sharp((await get(img.thumbnail)).rawPayload).metadata();
    expect(thumb.width).toBe(160);
    expect((await get('/api/media/seed/../../etc/passwd')).statusCode).toBe(404);
    expect((await get('/api/media/premium/nothing.png')).statusCode).toBe(404);
  });

  it("serves catalogue pictures only: an order's stored document is not public media", async () => {
    await t.app.deps.storage.put('orders/1/plan.pdf', Buffer.from('%PDF-1.4 private'), 'application/pdf');
    expect((await get('/api/media/orders/1/plan.pdf')).statusCode).toBe(404);
  });

  it("only the seed's own names are drawn: another name that fits the pattern is not found and not stored", async () => {
    const keys = ['seed/base-b08a5c-zz99.png', 'seed/swatch-123456-made-up.thumb.png', 'seed/door-ffffff-x1.png'];
    for (const key of keys) {
      const res = await get(`/api/media/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(await t.app.deps.storage.get(key).catch(() => null), key).toBeNull();
    }
  });
});

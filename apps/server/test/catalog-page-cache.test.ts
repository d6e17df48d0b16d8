import { schema } from '@cab/db';
import { catalogApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let itemCat: number;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  const cats = await t.call(catalogApi.categoryList, { token: admin, query: { page_size: '100' } });
  itemCat = cats.body.results.find((c: { name: string }) => c.name === 'Base Cabinets').id;
});
afterAll(() => t.close());

const page2020 = async () => (await t.app.inject({ method: 'GET', url: '/template/catalog/2020/' })).body;
const catalogPage = async () => (await t.app.inject({ method: 'GET', url: '/template/catalog/' })).body;

/** A row written straight into the database, as another server process would, without telling this one. */
async function insertBehindTheCache(code: string) {
  await t.handle.db
    .insert(schema.lineItems)
    .values({ manufacturerCode: code, priceCents: 100 as never, categoryId: itemCat });
}
/** What another server process does after its catalogue write: store a new version in the database. */
async function anotherProcessWrote() {
  await t.handle.db
    .update(schema.settings)
    .set({ value: 'another-process' })
    .where(eq(schema.settings.key, 'catalog_version'));
}

describe('the whole-catalogue pages are cached per catalogue version', () => {
  it('a second request is served from the cache', async () => {
    expect(await page2020()).toContain('<td>SB30</td>');
    await insertBehindTheCache('CACHE-HIDDEN');
    // Nothing told the catalogue it changed: the cached page is served.
    expect(await page2020()).not.toContain('CACHE-HIDDEN');
  });

  it('a catalogue write through the API draws the page again', async () => {
    const res = await t.call(catalogApi.itemCreate, {
      token: admin,
      body: { manufacturer_code: 'CACHE-API', price: '1.00', category: itemCat, export_name_1: 'C' },
    });
    expect(res.status).toBe(201);
    const html = await page2020();
    expect(html).toContain('<td>CACHE-API</td>');
    expect(html).toContain('<td>CACHE-HIDDEN</td>');
  });

  it("another process's write, seen only in the database, draws the page again", async () => {
    await insertBehindTheCache('CACHE-OTHER');
    expect(await page2020()).not.toContain('CACHE-OTHER');
    await anotherProcessWrote();
    expect(await page2020()).toContain('<td>CACHE-OTHER</td>');
  });

  it('the catalogue page follows a product group rename', async () => {
    expect(await catalogPage()).toContain('Sink Bases');
    const groups = await t.call(catalogApi.groupList, { token: admin, query: { name: 'Sink Bases' } });
    const id = groups.body.results[0].id;
    await t.handle.db
      .update(schema.productGroups)
      .set({ name: 'Hidden Rename' })
      .where(eq(schema.productGroups.id, id));
    expect(await catalogPage()).not.toContain('Hidden Rename');
    const res = await t.call(catalogApi.groupUpdate, { token: admin, params: { id }, body: { name: 'Sinks Renamed' } });
    expect(res.status).toBe(200);
    expect(await catalogPage()).toContain('Sinks Renamed');
  });

  it('a read does not move the version, a failed write does not either', async () => {
    const version = async () =>
      (await t.handle.db.select().from(schema.settings).where(eq(schema.settings.key, 'catalog_version')))[0]?.value;
    const before = await version();
    await t.call(catalogApi.validate, { token: admin, body: { door_styles: [] } });
    await t.call(catalogApi.itemCreate, { token: admin, body: { manufacturer_code: '' } });
    await t.call(catalogApi.itemList, { token: admin });
    expect(await version()).toBe(before);
  });

  it('many requests at once all get the current page', async () => {
    await t.handle.db.update(schema.settings).set({ value: 'burst' }).where(eq(schema.settings.key, 'catalog_version'));
    const pages = await Promise.all(Array.from({ length: 8 }, () => page2020()));
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain('<td>CACHE-OTHER</td>');
  });
});

describe('line-item list pages are cached per catalogue version', () => {
  const listCodes = async (query: Record<string, string> = {}) => {
    const res = await t.call(catalogApi.itemList, { token: admin, query: { page_size: '100', ...query } });
    expect(res.status).toBe(200);
    return res.body.results.map((r: { manufacturer_code: string }) => r.manufacturer_code) as string[];
  };

  it('serves a page again from the cache until the catalogue changes', async () => {
    expect(await listCodes()).toContain('SB30');
    await insertBehindTheCache('LIST-HIDDEN');
    expect(await listCodes()).not.toContain('LIST-HIDDEN');
    // Another query is another page: drawn from the database.
    expect(await listCodes({ manufacturer_code: 'LIST-' })).toEqual(['LIST-HIDDEN']);
    await anotherProcessWrote();
    expect(await listCodes()).toContain('LIST-HIDDEN');
  });

  it('shows an item saved through the API at once, and a renamed category in its rows', async () => {
    expect(await listCodes()).not.toContain('LIST-API');
    const res = await t.call(catalogApi.itemCreate, {
      token: admin,
      body: { manufacturer_code: 'LIST-API', price: '2.00', category: itemCat, export_name_1: 'L' },
    });
    expect(res.status).toBe(201);
    expect(await listCodes()).toContain('LIST-API');

    const row = async () =>
      (await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'LIST-API' } })).body.results[0];
    expect((await row()).category.name).toBe('Base Cabinets');
    const renamed = await t.call(catalogApi.categoryUpdate, {
      token: admin,
      params: { id: itemCat },
      body: { name: 'Base Cabinets Renamed' },
    });
    expect(renamed.status).toBe(200);
    expect((await row()).category.name).toBe('Base Cabinets Renamed');
  });

  it('keeps line items and attachments apart, and every caller gets the same rows', async () => {
    const customer = await t.login('PERSONAL');
    const items = await t.call(catalogApi.itemList, { token: admin, query: { page_size: '5' } });
    const attachments = await t.call(catalogApi.attachmentList, { token: admin, query: { page_size: '5' } });
    expect(attachments.body.results.every((r: { is_attachment: boolean }) => r.is_attachment)).toBe(true);
    expect(attachments.body.total).toBeLessThan(items.body.total);
    const asCustomer = await t.call(catalogApi.itemList, { token: customer, query: { page_size: '5' } });
    expect(asCustomer.body).toEqual(items.body);
  });

  it('still refuses a caller without a token, and bad input, before any cached page', async () => {
    await listCodes({ page: '1' });
    expect((await t.call(catalogApi.itemList, { query: { page: '1', page_size: '100' } })).status).toBe(401);
    const bad = await t.call(catalogApi.itemList, { token: admin, query: { page: 'x' } });
    expect(bad.status).toBe(400);
  });
});

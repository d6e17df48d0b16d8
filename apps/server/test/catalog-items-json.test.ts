import { schema } from '@cab/db';
import { type Cents, catalogApi, lineItemSchema } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The line-item list's rows are written by PostgreSQL as JSON (kit/json-rows.ts). Each must be,
 * key for key and in the schema's key order, what the detail endpoint (toWireItem) answers,
 * including the awkward values: negative and large prices, fractional dimensions, no category,
 * tags with and without values, text that JSON must escape.
 */

let t: TestApp;
let admin: string;
const KEYS = Object.keys(lineItemSchema.shape);

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  const db = t.handle.db;
  const [category] = await db
    .insert(schema.categories)
    .values({ name: 'JSON "cat" \\ ü', categoryType: 'LINE_ITEM' })
    .returning();
  const items = await db
    .insert(schema.lineItems)
    .values([
      {
        manufacturerCode: 'ZJ1',
        priceCents: -5 as Cents,
        description: 'Tab\there, "quoted", line\nbreak, emoji 🪵, control \u0001',
        categoryId: category!.id,
        width: 34.5,
        height: 0.1,
        depth: 1e-7,
        baseCategory: 'WALL',
        exportName1: 'E1',
        nbBaseDoor: 2,
        isCornerCabinet: true,
      },
      { manufacturerCode: 'ZJ2', priceCents: 2_147_483_647 as Cents, description: '', width: 1e15 },
      { manufacturerCode: 'ZJ3', priceCents: 0 as Cents, description: 'attachment', isAttachment: true },
    ])
    .returning();
  const [size, finish] = await db
    .insert(schema.tags)
    .values([
      { name: 'size', value: 'large' },
      { name: 'finish', value: null },
    ])
    .returning();
  await db.insert(schema.lineItemTags).values([
    { lineItemId: items[0]!.id, tagId: size!.id },
    { lineItemId: items[0]!.id, tagId: finish!.id },
  ]);
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number };

async function expectRowsMatchDetail(rows: Row[], attachments = false) {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(Object.keys(row)).toEqual(KEYS);
    const detail = await t.call(attachments ? catalogApi.attachmentDetail : catalogApi.itemDetail, {
      token: admin,
      params: { id: row.id },
    });
    expect(detail.status).toBe(200);
    expect(row).toEqual(detail.body);
  }
}

describe('the line-item list written by PostgreSQL', () => {
  it('a filtered page answers what the detail answers, key for key', async () => {
    const res = await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'ZJ' } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    await expectRowsMatchDetail(res.body.results);
    const first = res.body.results.find((r: Row) => r.manufacturer_code === 'ZJ1');
    expect(first).toMatchObject({
      price: '-0.05',
      width: 34.5,
      height: 0.1,
      depth: 1e-7,
      category: { name: 'JSON "cat" \\ ü' },
      tags: [
        { name: 'finish', value: null, display: 'finish' },
        { name: 'size', value: 'large', display: 'size:large' },
      ],
    });
    expect(res.body.results.find((r: Row) => r.manufacturer_code === 'ZJ2')).toMatchObject({
      price: '21474836.47',
      width: 1e15,
      category: null,
      tags: [],
    });
  });

  it('the unfiltered first page and a later page, in every order', async () => {
    for (const order_by of ['-id', 'manufacturer_code', '-price', 'category,width']) {
      const res = await t.call(catalogApi.itemList, { token: admin, query: { order_by, page_size: '20' } });
      expect(res.status).toBe(200);
      await expectRowsMatchDetail(res.body.results);
      const second = await t.call(catalogApi.itemList, {
        token: admin,
        query: { order_by, page_size: '20', page: '2' },
      });
      expect(second.body.total).toBe(res.body.total);
      expect(second.body.results.map((r: Row) => r.id)).not.toContain(res.body.results[0].id);
    }
  });

  it('attachments list only attachments, as their detail answers them', async () => {
    const res = await t.call(catalogApi.attachmentList, { token: admin, query: { manufacturer_code: 'ZJ' } });
    expect(res.body.results.map((r: Row) => r.manufacturer_code)).toEqual(['ZJ3']);
    expect(res.body.total).toBe(1);
    await expectRowsMatchDetail(res.body.results, true);
  });
});

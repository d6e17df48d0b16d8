import { readFileSync } from 'node:fs';
import { schema } from '@cab/db';
import { type Order, ordersApi, TRANSFER_TEXT, transferApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { upload } from './catalog-helpers.ts';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, orderCatalogue } from './orders-fixtures.ts';
import { design2020, importOrder, xmlPart } from './transfer-fixtures.ts';

let t: TestApp;
let admin: string;
let personal: string;
let staff: string;
let cat: Catalogue;
let personalId: number;

beforeAll(async () => {
  t = await setupTestApp();
  [admin, personal, staff] = await Promise.all([t.login('ADMIN'), t.login('PERSONAL'), t.login('STAFF')]);
  cat = await orderCatalogue(t);
  const [me] = await t.handle.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, 'personal@demo.test'));
  personalId = me!.id;
});
afterAll(() => t.close());

const kitchen = () =>
  design2020([
    {
      name: 'Kitchen',
      items: [
        { code: 'ZB24', qty: 2, width: 24, hinge: 'Left', children: [{ code: 'ZATT1', qty: 1 }] },
        { code: 'ZW30', qty: 3, hinge: 'Right' },
        { code: 'XYZ-NOT-IN-CATALOGUE', qty: 1 },
      ],
    },
    { name: 'Pantry', items: [{ code: 'ZT84', qty: 1, hinge: 'None' }] },
  ]);

describe('POST /api/orders/importorder/', () => {
  it('turns a 2020 design into a BID, one group per Design, and lists the unknown code with its line', async () => {
    const xml = kitchen();
    const res = await importOrder(t, admin, xml, { name: 'Smith kitchen', created_by: String(personalId) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order as Order;
    expect(order.status).toBe('BID');
    expect(order.name).toBe('Smith kitchen');
    expect(order.customer).toBe(personalId);
    expect(order.groups.map((g) => g.name)).toEqual(['Kitchen', 'Pantry']);
    const kitchenLines = order.groups[0]!.items;
    expect(kitchenLines.map((l) => [l.manufacturer_code, l.qty, l.is_attachment])).toEqual([
      ['ZB24', 2, false],
      ['ZATT1', 1, true],
      ['ZW30', 3, false],
    ]);
    expect(kitchenLines[1]!.parentId).toBe(kitchenLines[0]!._id);
    expect(kitchenLines[0]!.hinge).toBe('Left');
    expect(res.body.imported).toBe(4);
    expect(res.body.failed).toBe(1);
    const line = xml.split('\n').findIndex((l) => l.includes('XYZ-NOT-IN-CATALOGUE')) - 1 + 1; // the <Item> line above
    expect(res.body.unknown).toEqual([{ line, user_code: 'XYZ-NOT-IN-CATALOGUE', reason: TRANSFER_TEXT.unknownCode }]);
  });

  it('preview=true answers the same counts and saves nothing', async () => {
    const before = await t.handle.db.$count(schema.orders);
    const res = await importOrder(t, admin, kitchen(), {
      name: 'Preview',
      created_by: String(personalId),
      preview: 'true',
    });
    expect(res.status).toBe(200);
    expect(res.body.order).toBeNull();
    expect([res.body.imported, res.body.failed]).toEqual([4, 1]);
    expect(await t.handle.db.$count(schema.orders)).toBe(before);
  });

  it("a customer's import is their own order", async () => {
    const res = await importOrder(t, personal, kitchen(), { name: 'Mine' });
    expect(res.status).toBe(200);
    expect(res.body.order.customer).toBe(personalId);
    const other = await importOrder(t, personal, kitchen(), { name: 'For someone', created_by: '1' });
    expect(other.status).toBe(403);
  });

  it('staff may not import (no order creation)', async () => {
    expect((await importOrder(t, staff, kitchen(), { name: 'x' })).status).toBe(403);
  });

  it('imports a 2,000-item file', async () => {
    const codes = ['ZB24', 'ZW30', 'ZT84'];
    const items = Array.from({ length: 2000 }, (_, i) => ({ code: codes[i % 3]!, qty: (i % 4) + 1 }));
    const xml = design2020([{ name: 'Big', items }]);
    const res = await importOrder(t, admin, xml, { name: 'Big job', created_by: String(personalId) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.imported).toBe(2000);
    expect(res.body.failed).toBe(0);
    expect(res.body.order.groups[0].items).toHaveLength(2000);
    // Its export has one row per cabinet and its YAML parses back to the same lines.
    const id = res.body.order.id;
    const csv = await t.call(transferApi.orderExport, { token: staff, params: { id } });
    const units = items.reduce((n, it) => n + it.qty, 0);
    expect((csv.body as string).trim().split('\r\n')).toHaveLength(units + 1);
    const yaml = YAML.parse((await t.call(transferApi.orderYaml, { token: staff, params: { id } })).body as string);
    expect(
      yaml.groups[0].items.map((l: { manufacturer_code: string; qty: number }) => [l.manufacturer_code, l.qty]),
    ).toEqual(items.map((it) => [it.code, it.qty]));
  }, 120_000);

  it('every wrong item is listed, never dropped: bad quantity, attachment misplaced, orphans', async () => {
    const xml = design2020([
      {
        name: 'Room',
        items: [
          { code: 'ZB24', qty: 'two' },
          { code: 'ZATT1', qty: 1 },
          { code: 'NOPE', children: [{ code: 'ZATT1' }] },
          { code: 'ZB24', children: [{ code: 'ZW30' }] },
        ],
      },
    ]);
    const res = await importOrder(t, admin, xml, { name: 'Wrong', created_by: String(personalId), preview: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.unknown.map((u: { reason: string }) => u.reason)).toEqual([
      TRANSFER_TEXT.badQuantity(9999),
      TRANSFER_TEXT.attachmentAsCabinet,
      TRANSFER_TEXT.unknownCode,
      TRANSFER_TEXT.parentNotImported,
      TRANSFER_TEXT.cabinetAsAttachment,
    ]);
    expect(res.body.imported).toBe(1);
    expect(res.body.failed).toBe(5);
  });

  it('malformed XML answers 400 with a clear message', async () => {
    const res = await importOrder(t, admin, '<Project>\n<Design Name="K">\n<Item></Design>\n</Project>', {
      name: 'Bad',
      created_by: String(personalId),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The file is not valid XML \(line \d+\): /);
    expect(res.body.fields.order_file).toHaveLength(1);
    const notDesign = await importOrder(t, admin, '<Catalogue/>', { name: 'Bad', created_by: String(personalId) });
    expect(notDesign.status).toBe(400);
    expect(notDesign.body.message).toBe(TRANSFER_TEXT.notDesign);
    const doctype = await importOrder(t, admin, '<!DOCTYPE x [<!ENTITY a "b">]><Project/>', { name: 'Bad' });
    expect(doctype.status).toBe(400);
  });

  it('a file past the size limit answers 413', async () => {
    const big = `<Project><Design Name="K">${' '.repeat(6 * 1024 * 1024)}</Design></Project>`;
    const res = await importOrder(t, admin, big, { name: 'Huge', created_by: String(personalId) });
    expect(res.status).toBe(413);
  });

  it('the shared sample file imports with its unknown code listed', async () => {
    const xml = readFileSync('/work/shared/samples/design-2020.xml', 'utf8');
    const res = await importOrder(t, admin, xml, { name: 'Sample', created_by: String(personalId), preview: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.unknown.map((u: { user_code: string }) => u.user_code)).toContain('XYZ-NOT-IN-CATALOGUE');
  });
});

describe('POST /api/catalog/2020/upload/', () => {
  const file = () =>
    design2020([
      {
        name: 'Catalogue',
        items: [
          { code: 'ZW30', width: 30, height: 30, depth: 12, hinge: 'Right', description: 'Wall 30x30' },
          { code: 'NOT-THERE', width: 10 },
          { code: 'ZT84', width: -3 },
        ],
      },
    ]);

  it('previews the changes without writing, then applies them', async () => {
    const preview = await upload(t, transferApi.catalog2020Upload, admin, {}, [
      xmlPart(file(), 'file'),
      { name: 'preview', value: 'true' },
    ]);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.preview).toBe(true);
    expect(preview.body.items).toHaveLength(1);
    expect(preview.body.items[0].changes.width).toEqual({ before: null, after: 30 });
    expect(preview.body.unknown.map((u: { reason: string }) => u.reason)).toEqual([
      TRANSFER_TEXT.unknownCode,
      TRANSFER_TEXT.badSize('VarWidth'),
    ]);
    const [unchanged] = await t.handle.db.select().from(schema.lineItems).where(eq(schema.lineItems.id, cat.wall));
    expect(unchanged!.width).toBeNull();

    const catalogVersion = async () =>
      (await t.handle.db.select().from(schema.settings).where(eq(schema.settings.key, 'catalog_version')))[0]?.value;
    const versionBefore = await catalogVersion();
    const applied = await upload(t, transferApi.catalog2020Upload, admin, {}, [xmlPart(file(), 'file')]);
    expect(applied.status).toBe(200);
    // Like the catalogue's own writes, it moves the version the cached catalogue pages follow.
    expect(await catalogVersion()).not.toBe(versionBefore);
    expect([applied.body.imported, applied.body.failed]).toEqual([1, 2]);
    const [row] = await t.handle.db.select().from(schema.lineItems).where(eq(schema.lineItems.id, cat.wall));
    expect([row!.width, row!.height, row!.depth, row!.hinge, row!.description]).toEqual([
      30,
      30,
      12,
      'Right',
      'Wall 30x30',
    ]);
    // The catalogue's own audit trail holds the change.
    const events = await t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.entityId, String(cat.wall)));
    expect(events.some((e) => e.entity === 'line_item' && e.action === 'update')).toBe(true);
  });

  it('is for admins only; malformed XML answers 400', async () => {
    expect((await upload(t, transferApi.catalog2020Upload, staff, {}, [xmlPart(file(), 'file')])).status).toBe(403);
    const bad = await upload(t, transferApi.catalog2020Upload, admin, {}, [xmlPart('<Project><Design>', 'file')]);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.file[0]).toMatch(/not valid XML/);
  });
});

describe('unknown order', () => {
  it('export and yaml answer 404 for an order that does not exist', async () => {
    expect((await t.call(transferApi.orderExport, { token: staff, params: { id: 999_999 } })).status).toBe(404);
    expect((await t.call(ordersApi.detail, { token: staff, params: { id: 999_999 } })).status).toBe(404);
  });
});

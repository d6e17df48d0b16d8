import { catalogApi, MSG } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvPart, upload } from './catalog-helpers.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let employee: string;
let itemCat: number;
let attachCat: number;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  employee = await t.login('BUSINESS_EMPLOYEE');
  const cats = await t.call(catalogApi.categoryList, { token: admin, query: { page_size: '100' } });
  itemCat = cats.body.results.find((c: { name: string }) => c.name === 'Base Cabinets').id;
  attachCat = cats.body.results.find((c: { name: string }) => c.name === 'Attachments').id;
});
afterAll(() => t.close());

const item = (over: Record<string, unknown> = {}) => ({
  manufacturer_code: 'T-B15',
  price: '250.00',
  description: 'Test base',
  category: itemCat,
  base_category: 'BASE',
  width: 15,
  height: 34.5,
  depth: 24,
  nb_base_door: 1,
  nb_drawer: 1,
  export_name_1: 'B15',
  ...over,
});

describe('line items', () => {
  it('creates, reads, updates and deletes an item with every field', async () => {
    const res = await t.call(catalogApi.itemCreate, { token: admin, body: item({ tags: [{ name: 'new' }] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      manufacturer_code: 'T-B15',
      price: '250.00',
      category: { id: itemCat, name: 'Base Cabinets' },
      base_category: 'BASE',
      hinge: 'None',
      width: 15,
      height: 34.5,
      nb_base_door: 1,
      nb_wall_door: 0,
      is_attachment: false,
      manual_work_required: false,
      product_group: null,
    });
    expect(res.body.tags.map((x: { display: string }) => x.display)).toEqual(['new']);
    const id = res.body.id;
    const read = await t.call(catalogApi.itemDetail, { token: employee, params: { id } });
    expect(read.body).toEqual(res.body);
    const upd = await t.call(catalogApi.itemUpdate, {
      token: admin,
      params: { id },
      body: { price: '-1.5', hinge: 'Left', tags: [] },
    });
    expect(upd.body).toMatchObject({ price: '-1.50', hinge: 'Left', tags: [] });
    const del = await t.call(catalogApi.itemDelete, { token: admin, params: { id } });
    expect(del.body.detail).toBe(MSG.deleted('T-B15'));
    expect((await t.call(catalogApi.itemDetail, { token: admin, params: { id } })).status).toBe(404);
  });

  it('POST /items/add/ works as well', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/items/add/',
      headers: { authorization: `Token ${admin}` },
      payload: item({ manufacturer_code: 'T-ADD' }),
    });
    expect(res.statusCode).toBe(201);
  });

  it('validation: manufacturer code, price, category and export name 1 required; price decimal; code rule', async () => {
    const res = await t.call(catalogApi.itemCreate, { token: admin, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      manufacturer_code: [MSG.required],
      price: [MSG.required],
      category: [MSG.required],
    });
    const noExport = await t.call(catalogApi.itemCreate, { token: admin, body: item({ export_name_1: '' }) });
    expect(noExport.body.fields.export_name_1).toEqual([MSG.required]);
    const badPrice = await t.call(catalogApi.itemCreate, { token: admin, body: item({ price: 'abc' }) });
    expect(badPrice.body.fields.price).toEqual([MSG.decimal]);
    const badCode = await t.call(catalogApi.itemCreate, { token: admin, body: item({ manufacturer_code: 'B#1' }) });
    expect(badCode.body.fields.manufacturer_code).toEqual([MSG.alphanumeric]);
    const wrongCat = await t.call(catalogApi.itemCreate, { token: admin, body: item({ category: attachCat }) });
    expect(wrongCat.body.fields.category).toEqual([MSG.categoryTypeMismatch('LINE_ITEM')]);
    const dup = await t.call(catalogApi.itemCreate, { token: admin, body: item({ manufacturer_code: 'B09' }) });
    expect(dup.body.fields.manufacturer_code).toEqual([MSG.codeTaken]);
    const denied = await t.call(catalogApi.itemCreate, { token: employee, body: item({ manufacturer_code: 'T-X' }) });
    expect(denied.status).toBe(403);
  });

  it('lists 50 a page, filters by code, description, categories and export name, orders by whitelisted keys', async () => {
    const all = await t.call(catalogApi.itemList, { token: employee });
    expect(all.body.results).toHaveLength(50);
    expect(all.body.total).toBeGreaterThan(60);
    // Attachments are listed with the items (their rows are shown, not clickable).
    const attachments = await t.call(catalogApi.itemList, { token: employee, query: { is_attachment: 'true' } });
    expect(attachments.body.total).toBe(7);

    const walls = await t.call(catalogApi.itemList, {
      token: employee,
      query: { manufacturer_code: 'w', base_category: 'WALL', order_by: 'price,manufacturer_code', page_size: '100' },
    });
    expect(walls.body.total).toBe(30);
    const prices = walls.body.results.map((r: { price: string }) => Number(r.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const desc = await t.call(catalogApi.itemList, { token: employee, query: { description: 'sink base' } });
    expect(desc.body.results.map((r: { manufacturer_code: string }) => r.manufacturer_code).sort()).toEqual([
      'SB30',
      'SB36',
    ]);
    const byCat = await t.call(catalogApi.itemList, {
      token: employee,
      query: { filters: JSON.stringify({ categories: [attachCat] }) },
    });
    expect(byCat.body.total).toBe(7);
    const withoutExport = await t.call(catalogApi.itemList, { token: employee, query: { export_name: 'NO' } });
    expect(withoutExport.body.results.every((r: { export_name_1: string }) => r.export_name_1 === '')).toBe(true);
    const withExport = await t.call(catalogApi.itemList, { token: employee, query: { export_name: 'YES' } });
    const both = await t.call(catalogApi.itemList, { token: employee, query: { export_name: '' } });
    expect(withExport.body.total + withoutExport.body.total).toBe(both.body.total);

    const byCode = await t.call(catalogApi.itemList, { token: employee, query: { order_by: '-manufacturer_code' } });
    const codes = byCode.body.results.map((r: { manufacturer_code: string }) => r.manufacturer_code);
    expect(codes).toEqual([...codes].sort().reverse());
    const bad = await t.call(catalogApi.itemList, { token: employee, query: { order_by: 'price,secret' } });
    expect(bad.body.fields.order_by).toEqual([MSG.orderByUnknown('secret')]);
  });

  it('retrieval by id (page 1, page_size 50) and GET {id}/item_group', async () => {
    const b09 = (await t.call(catalogApi.itemList, { token: employee, query: { manufacturer_code: 'B09' } })).body
      .results[0];
    const byId = await t.call(catalogApi.itemList, {
      token: employee,
      query: { id: String(b09.id), page: '1', page_size: '50' },
    });
    expect(byId.body).toMatchObject({ total: 1, results: [{ manufacturer_code: 'B09' }] });
    const group = await t.call(catalogApi.itemGroup, { token: employee, params: { id: b09.id } });
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ name: 'Base 1 Door', note: 'One door over one drawer.' });
    expect(group.body.images[0].image).toMatch(/^\/api\/media\/seed\//);
  });
});

describe('bulk update', () => {
  it('applies YES/FALSE to every id in one go and leaves NO CHANGE (null) alone', async () => {
    const rows = (
      await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'DB', order_by: 'id' } })
    ).body.results;
    const ids = rows.map((r: { id: number }) => r.id);
    await t.call(catalogApi.itemBulkUpdate, {
      token: admin,
      body: { ids, data: { export_with_finish_side: true, manual_work_required: true } },
    });
    const res = await t.call(catalogApi.itemBulkUpdate, {
      token: admin,
      body: {
        ids,
        data: { is_corner_cabinet: 'YES', manual_work_required: 'FALSE', export_with_finish_side: 'NO CHANGE' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: ids.length });
    const after = (
      await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'DB', order_by: 'id' } })
    ).body.results;
    for (const r of after) {
      expect(r).toMatchObject({ is_corner_cabinet: true, manual_work_required: false, export_with_finish_side: true });
    }
    const nothing = await t.call(catalogApi.itemBulkUpdate, {
      token: admin,
      body: { ids, data: { is_corner_cabinet: null, manual_work_required: 'NO CHANGE' } },
    });
    expect(nothing.body).toEqual({ updated: 0 });
  });

  it('rolls back entirely when a value is refused, and needs ids', async () => {
    const res = await t.call(catalogApi.itemBulkUpdate, {
      token: admin,
      body: { ids: [1, 2], data: { is_corner_cabinet: true, product_group: 987654 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.product_group).toEqual([MSG.unknownProductGroup]);
    const empty = await t.call(catalogApi.itemBulkUpdate, { token: admin, body: { ids: [], data: {} } });
    expect(empty.body.fields.ids).toEqual([MSG.idsRequired]);
    const denied = await t.call(catalogApi.itemBulkUpdate, {
      token: employee,
      body: { ids: [1], data: { is_corner_cabinet: true } },
    });
    expect(denied.status).toBe(403);
  });
});

describe('attachments', () => {
  it('are line items with is_attachment; export name not required; /attachments/ sees only them', async () => {
    const res = await t.call(catalogApi.attachmentCreate, {
      token: admin,
      body: { manufacturer_code: 'T-FEP', price: '80', category: attachCat },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ is_attachment: true, export_name_1: '', price: '80.00' });
    const list = await t.call(catalogApi.attachmentList, { token: employee, query: { page_size: '100' } });
    expect(list.body.total).toBe(8);
    expect(list.body.results.every((r: { is_attachment: boolean }) => r.is_attachment)).toBe(true);
    const b09 = (await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'B09' } })).body
      .results[0];
    expect((await t.call(catalogApi.attachmentDetail, { token: admin, params: { id: b09.id } })).status).toBe(404);
    expect((await t.call(catalogApi.attachmentDelete, { token: admin, params: { id: b09.id } })).status).toBe(404);
    const upd = await t.call(catalogApi.attachmentUpdate, {
      token: admin,
      params: { id: res.body.id },
      body: { description: 'Finished end panel' },
    });
    expect(upd.body.description).toBe('Finished end panel');
    expect((await t.call(catalogApi.attachmentDelete, { token: admin, params: { id: res.body.id } })).status).toBe(200);
  });
});

describe('line item CSV', () => {
  const header =
    'manufacturer_code,price,description,category,base_category,width,height,depth,hinge,nb_base_door,nb_drawer,export_name_1,tags,product_group';

  it('good rows only: all imported', async () => {
    const csv = `${header}\nCSV-1,100.00,One,Base Cabinets,BASE,12,34.5,24,Left,1,1,CSV1,new,Base 1 Door\nCSV-2,200,Two,Imported Cat,WALL,30,30,12,,2,0,CSV2,,\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ imported: 2, failed: 0, errors: [] });
    const one = (await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'CSV-1' } })).body
      .results[0];
    expect(one).toMatchObject({
      price: '100.00',
      hinge: 'Left',
      category: { name: 'Base Cabinets' },
      width: 12,
      nb_base_door: 1,
      tags: [{ display: 'new' }],
    });
    expect(one.product_group).not.toBeNull();
    const two = (await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'CSV-2' } })).body
      .results[0];
    expect(two).toMatchObject({ hinge: 'None', category: { name: 'Imported Cat' }, product_group: null });
  });

  it('bad rows only: none imported, each with its line and reason', async () => {
    const csv = `${header}\n,1,x,Base Cabinets,BASE,,,,,,,X,,\nCSV-BAD,12.345,x,Base Cabinets,BASE,,,,,,,X,,\nCSV-BAD2,5,x,Base Cabinets,SIDEWAYS,,,,,,,,,\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body.imported).toBe(0);
    expect(res.body.failed).toBe(3);
    expect(res.body.errors[0]).toEqual({ line: 2, message: `manufacturer_code: ${MSG.required}` });
    expect(res.body.errors[1]).toEqual({ line: 3, message: `price: ${MSG.decimal}` });
    expect(res.body.errors[2].line).toBe(4);
    expect(res.body.errors[2].message).toContain('base_category');
  });

  it('mixed rows: the good ones stay, an update by code changes the row in place', async () => {
    const csv = `${header}\nCSV-1,111.00,One again,Base Cabinets,BASE,12,34.5,24,Left,1,1,CSV1,,\nCSV-3,abc,Three,Base Cabinets,BASE,,,,,,,CSV3,,\nCSV-4,4,Four,Base Cabinets,BASE,,,,,,,CSV4,,\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body).toEqual({ imported: 2, failed: 1, errors: [{ line: 3, message: `price: ${MSG.decimal}` }] });
    const one = await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'CSV-1' } });
    expect(one.body.total).toBe(1);
    expect(one.body.results[0]).toMatchObject({ price: '111.00', description: 'One again', tags: [] });
    expect(
      (await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'CSV-4' } })).body.total,
    ).toBe(1);
  });

  it('a row the database refuses fails alone (same code twice in one file: the last wins)', async () => {
    const csv = `${header}\nCSV-5,5,a,Base Cabinets,BASE,,,,,,,X,,\nCSV-5,6,b,Base Cabinets,BASE,,,,,,,X,,\nCSV-6,7,c,Base Cabinets,BASE,,,,,,,X,,\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body).toEqual({ imported: 3, failed: 0, errors: [] });
    const five = await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'CSV-5' } });
    expect(five.body.results[0].price).toBe('6.00');
  });

  it('attachments import without export names; items need export_name_1 in the header', async () => {
    const att = await upload(t, catalogApi.attachmentImportCsv, admin, {}, [
      csvPart('manufacturer_code,price,category\nCSV-ATT,9.99,Attachments\n'),
    ]);
    expect(att.body).toEqual({ imported: 1, failed: 0, errors: [] });
    const row = (await t.call(catalogApi.attachmentList, { token: admin, query: { code: 'CSV-ATT' } })).body.results[0];
    expect(row).toMatchObject({ is_attachment: true, price: '9.99' });
    const items = await upload(t, catalogApi.itemImportCsv, admin, {}, [
      csvPart('manufacturer_code,price,category\nCSV-NOEXP,9.99,Base Cabinets\n'),
    ]);
    expect(items.status).toBe(400);
    expect(items.body.message).toBe(MSG.csvMissingColumns('export_name_1'));
  });

  it('exports every column and the export imports back unchanged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/items/export_csv/',
      headers: { authorization: `Token ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'manufacturer_code,price,description,category,base_category,width,height,depth,hinge,nb_base_door,nb_door_pull,nb_drawer,nb_drawer_pull,nb_tall_door,nb_wall_door,nb_adjustable_shelf,export_name_1,export_name_2,export_name_3,export_name_4,tags,product_group,is_attachment,manual_work_required,export_with_finish_side,is_corner_cabinet',
    );
    const all = async () =>
      (await t.call(catalogApi.itemList, { token: admin, query: { page_size: '1000', order_by: 'id' } })).body;
    const before = await all();
    expect(lines.length - 1).toBe(before.total);
    const back = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(res.body)]);
    expect(back.body).toEqual({ imported: before.total, failed: 0, errors: [] });
    expect(await all()).toEqual(before);
  });

  it('a 1,000-row file imports in batches', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `BULK-${i},${i}.25,Bulk ${i},Bulk Cat,BASE,,,,,,,BULK${i},,`);
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(`${header}\n${rows.join('\n')}\n`)]);
    expect(res.body).toEqual({ imported: 1000, failed: 0, errors: [] });
    const list = await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'BULK-' } });
    expect(list.body.total).toBe(1000);
  });
});

describe('categories', () => {
  it('lists with page, page_size, name, category_type and id; reads one', async () => {
    const res = await t.call(catalogApi.categoryList, {
      token: employee,
      query: { category_type: 'LINE_ITEM', name: 'cab', page_size: '2' },
    });
    expect(res.body.total).toBe(3);
    expect(res.body.results).toHaveLength(2);
    expect(res.body.results.map((c: { name: string }) => c.name)).toEqual(['Base Cabinets', 'Tall Cabinets']);
    const byId = await t.call(catalogApi.categoryList, { token: employee, query: { id: String(itemCat) } });
    expect(byId.body.results).toEqual([{ id: itemCat, name: 'Base Cabinets', category_type: 'LINE_ITEM' }]);
    const one = await t.call(catalogApi.categoryDetail, { token: employee, params: { id: itemCat } });
    expect(one.body.name).toBe('Base Cabinets');
    const dup = await t.call(catalogApi.categoryCreate, {
      token: admin,
      body: { name: 'Base Cabinets', category_type: 'LINE_ITEM' },
    });
    expect(dup.body.fields.name).toEqual([MSG.nameTaken]);
  });
});

import { catalogApi, MSG } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { csvPart, upload } from './catalog-helpers.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let itemCat: number;
let attachCat: number;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  const cats = await t.call(catalogApi.categoryList, { token: admin, query: { page_size: '100' } });
  itemCat = cats.body.results.find((c: { name: string }) => c.name === 'Base Cabinets').id;
  attachCat = cats.body.results.find((c: { name: string }) => c.name === 'Attachments').id;
});
afterAll(() => t.close());

const ITEM_HEADER = 'manufacturer_code,price,description,category,export_name_1,product_group';
const categoryNamed = async (name: string) =>
  (await t.call(catalogApi.categoryList, { token: admin, query: { name } })).body.results.map(
    (c: { name: string }) => c.name,
  );
const groupNamed = async (name: string) =>
  (await t.call(catalogApi.groupList, { token: admin, query: { name } })).body.results.map(
    (g: { name: string }) => g.name,
  );
const exportOf = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${admin}` } })).body;

describe('CSV cells PostgreSQL cannot hold', () => {
  it('a NUL in a cell fails its row with the API message, the other rows are imported', async () => {
    const csv = `${ITEM_HEADER}\nNUL-1,1.00,bad\u0000text,Base Cabinets,N1,\nNUL-2,1.00,fine,Base Cabinets,N2,\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body).toMatchObject({ imported: 1, failed: 1 });
    expect(res.body.errors).toEqual([{ line: 2, message: `description: ${MSG.textHasNul}` }]);
  });
});

describe('CSV import creates what a row names only with the row', () => {
  it('rows that fail create no category and no product group', async () => {
    const csv = `${ITEM_HEADER}\nGHOST-1,abc,x,Ghost Category,G1,Ghost Group\nGHOST-2,1.00,x,Ghost Category 2,,Ghost Group 2\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body.imported).toBe(0);
    expect(res.body.failed).toBe(2);
    expect(await categoryNamed('Ghost Category')).toEqual([]);
    expect(await groupNamed('Ghost Group')).toEqual([]);
  });

  it('a row refused inside its transaction leaves nothing behind either', async () => {
    await t.call(catalogApi.attachmentCreate, {
      token: admin,
      body: { manufacturer_code: 'ATT-KEEP', price: '3.00', category: attachCat, is_attachment: true },
    });
    const csv = `${ITEM_HEADER}\nATT-KEEP,5.00,x,Late Category,L1,Late Group\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body.failed).toBe(1);
    expect(await categoryNamed('Late Category')).toEqual([]);
    expect(await groupNamed('Late Group')).toEqual([]);
  });

  it('a good row creates what it names, next to a failing one', async () => {
    const csv = `${ITEM_HEADER}\nREAL-1,1.00,x,Real Category,R1,Real Group\nBAD-1,abc,x,Bad Category,B1,Bad Group\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body).toMatchObject({ imported: 1, failed: 1 });
    expect(await categoryNamed('Real Category')).toEqual(['Real Category']);
    expect(await groupNamed('Real Group')).toEqual(['Real Group']);
    expect(await categoryNamed('Bad Category')).toEqual([]);
    expect(await groupNamed('Bad Group')).toEqual([]);
  });

  it('premium rows that fail create no category and no group', async () => {
    const csv = 'code,categories,export_name,price,group_name\nGHOSTWOOD,Ghost Wood Category,GW,abc,Ghost Wood Group\n';
    const res = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'wood_species' }, [csvPart(csv)]);
    expect(res.body).toMatchObject({ imported: 0, failed: 1 });
    expect(await categoryNamed('Ghost Wood Category')).toEqual([]);
    const groups = await t.call(catalogApi.premiumGroupList, { token: admin, query: { premium_type: 'WOOD_SPECIES' } });
    expect(groups.body.map((g: { name: string }) => g.name)).not.toContain('Ghost Wood Group');

    const good = 'code,categories,export_name,price,group_name\nREALWOOD,Real Wood Category,RW,1.00,Real Wood Group\n';
    const ok = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'wood_species' }, [csvPart(good)]);
    expect(ok.body).toMatchObject({ imported: 1, failed: 0 });
    expect(await categoryNamed('Real Wood Category')).toEqual(['Real Wood Category']);
  });
});

describe('CSV import keeps line items and attachments apart', () => {
  it('an attachments file naming a line item is refused for that row', async () => {
    const item = await t.call(catalogApi.itemCreate, {
      token: admin,
      body: { manufacturer_code: 'KIND-ITEM', price: '10.00', category: itemCat, export_name_1: 'K' },
    });
    expect(item.status).toBe(201);
    const csv = 'manufacturer_code,price,category\nKIND-ITEM,1.00,Attachments\nKIND-NEWATT,2.00,Attachments\n';
    const res = await upload(t, catalogApi.attachmentImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body).toEqual({
      imported: 1,
      failed: 1,
      errors: [{ line: 2, message: `manufacturer_code: ${MSG.importCodeIsLineItem('KIND-ITEM')}` }],
    });
    const after = await t.call(catalogApi.itemDetail, { token: admin, params: { id: item.body.id } });
    expect(after.body).toMatchObject({ is_attachment: false, price: '10.00' });
  });

  it('a line items file naming an attachment is refused for that row', async () => {
    const att = await t.call(catalogApi.attachmentCreate, {
      token: admin,
      body: { manufacturer_code: 'KIND-ATT', price: '3.00', category: attachCat, is_attachment: true },
    });
    expect(att.status).toBe(201);
    const csv = `${ITEM_HEADER}\nKIND-ATT,9.00,x,Base Cabinets,KA,\n`;
    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(res.body.errors).toEqual([
      { line: 2, message: `manufacturer_code: ${MSG.importCodeIsAttachment('KIND-ATT')}` },
    ]);
    const after = await t.call(catalogApi.attachmentDetail, { token: admin, params: { id: att.body.id } });
    expect(after.body).toMatchObject({ is_attachment: true, price: '3.00' });
  });
});

describe('CSV export', () => {
  it('writes formula-like cells as text and imports them back unchanged', async () => {
    const formulas = ['=HYPERLINK("http://x.test","y")', '+1+1', '-2+3', '@SUM(A1)'];
    for (const [i, description] of formulas.entries()) {
      const res = await t.call(catalogApi.itemCreate, {
        token: admin,
        body: { manufacturer_code: `FORM-${i}`, price: '-5.25', category: itemCat, description, export_name_1: 'F' },
      });
      expect(res.status).toBe(201);
    }
    const csv = await exportOf('/api/catalog/items/export_csv/');
    const rows = csv.split('\r\n').filter((l: string) => l.startsWith('FORM-'));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain(`,"'=HYPERLINK(""http://x.test"",""y"")",`);
    expect(rows[1]).toContain(",'+1+1,");
    expect(rows[2]).toContain(",'-2+3,");
    expect(rows[3]).toContain(",'@SUM(A1),");
    // A plain negative amount stays a number.
    for (const row of rows) expect(row.split(',')[1]).toBe('-5.25');
    // No cell of the file begins a formula.
    for (const line of csv.split('\r\n')) {
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/);
    }

    const back = await upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(csv)]);
    expect(back.body.failed).toBe(0);
    const list = await t.call(catalogApi.itemList, {
      token: admin,
      query: { manufacturer_code: 'FORM-', order_by: 'manufacturer_code' },
    });
    expect(list.body.results.map((r: { description: string }) => r.description)).toEqual(formulas);
  });

  it('premium exports neutralise formulas too', async () => {
    const cats = await t.call(catalogApi.categoryList, {
      token: admin,
      query: { category_type: 'FINISH_OPTION', page_size: '1' },
    });
    const res = await t.call(catalogApi.premiumCreate, {
      token: admin,
      params: { kind: 'finish_option' },
      body: { code: 'FORMFIN', categories: [cats.body.results[0].id], export_name: '=1+2', description: '@x' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const csv = await exportOf('/api/catalog/premiums/finish_option/export_csv/');
    const row = csv.split('\r\n').find((l: string) => l.startsWith('FORMFIN,'));
    expect(row).toMatch(/^FORMFIN,'@x,.*,'=1\+2,/);
  });
});

describe('a large import', () => {
  it('lets other requests through between its batches', async () => {
    const header = 'manufacturer_code,price,description,category,export_name_1';
    const rows = Array.from({ length: 5000 }, (_, i) => `YIELD-${i},${i}.50,Yield ${i},Base Cabinets,Y${i}`);
    let importDone = false;
    const importing = upload(t, catalogApi.itemImportCsv, admin, {}, [csvPart(`${header}\n${rows.join('\n')}\n`)]).then(
      (res) => {
        importDone = true;
        return res;
      },
    );
    // A request made once the import has begun writing is served before it ends.
    await vi.waitFor(
      async () => {
        const { rows } = (await t.handle.db.execute(
          sql`select count(*)::int as n from line_items where manufacturer_code like 'YIELD-%'`,
        )) as unknown as { rows: { n: number }[] };
        const [row] = rows;
        expect(row?.n).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 5 },
    );
    const other = await t.call(catalogApi.categoryList, { token: admin });
    expect(other.status).toBe(200);
    expect(importDone).toBe(false);
    expect((await importing).body).toMatchObject({ imported: 5000, failed: 0 });
  });
});

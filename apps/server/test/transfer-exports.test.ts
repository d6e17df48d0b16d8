import { schema } from '@cab/db';
import { cabinetBarcode, ORDER_EXPORT_COLUMNS, type Order, orderSchema, ordersApi, transferApi } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { setupTestApp, type TestApp } from './helpers.ts';
import { type Catalogue, fullGroup, orderCatalogue, roleUserId } from './orders-fixtures.ts';

let t: TestApp;
let admin: string;
let staff: string;
let personal: string;
let cat: Catalogue;
let order: Order;

/** A CSV parse good enough for the export (quoted cells, no line breaks inside). */
function parseCsv(text: string): Record<string, string>[] {
  const split = (line: string) => {
    const cells: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cur += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        cells.push(cur);
        cur = '';
      } else cur += c;
    }
    cells.push(cur);
    return cells;
  };
  const [head, ...rows] = text.trim().split('\r\n');
  const columns = split(head!);
  return rows.map((r) => Object.fromEntries(split(r).map((v, i) => [columns[i], v])));
}

beforeAll(async () => {
  t = await setupTestApp();
  [admin, staff, personal] = await Promise.all([t.login('ADMIN'), t.login('STAFF'), t.login('PERSONAL')]);
  cat = await orderCatalogue(t);
  const res = await t.call(ordersApi.create, {
    token: admin,
    body: { name: 'Export me', customer: await roleUserId(t, 'PERSONAL'), groups: [fullGroup(cat)] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  order = res.body;
});
afterAll(() => t.close());

describe('GET /api/orders/{id}/export/', () => {
  it('is CSV with one row per cabinet (every unit of every line), barcodes as production labels them', async () => {
    const res = await t.call(transferApi.orderExport, { token: staff, params: { id: order.id } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const text = res.body as string;
    expect(text.split('\r\n')[0]).toBe(ORDER_EXPORT_COLUMNS.join(','));
    const rows = parseCsv(text);
    const lines = order.groups.flatMap((g) => g.items);
    expect(rows).toHaveLength(lines.reduce((n, l) => n + l.qty, 0)); // 2 + 1 + 3
    const expected = lines.flatMap((l) =>
      Array.from({ length: l.qty }, (_, u) => cabinetBarcode(order.id, l.line_no, u + 1)),
    );
    expect(rows.map((r) => r.barcode)).toEqual(expected);
    expect(new Set(rows.map((r) => r.barcode)).size).toBe(rows.length);
    const base = rows.find((r) => r.code === 'ZB24')!;
    expect(base.export_name_1).toBe('ZB24');
    expect([base.width, base.height, base.depth]).toEqual(['24', '34.5', '24']);
    // Premium export names (the fixture's export name is its code) and the attachment's parent.
    expect(base.wood_species_export_name).toBe('ZMAPLE');
    expect(base.base_door_style_export_name).toBe('ZSHAKER');
    const att = rows.find((r) => r.code === 'ZATT1')!;
    expect(att.is_attachment).toBe('true');
    expect(att.parent_line_no).toBe(base.line_no);
  });

  it('says which sides are finished: the finished side’s code and export name beside hinge and finish', async () => {
    // The fixture's finished side exports under its code: given its own export name, both columns tell.
    await t.handle.db.update(schema.premiums).set({ exportName: 'FIN-END-EXP' }).where(eq(schema.premiums.id, cat.fs));
    const columns = [...ORDER_EXPORT_COLUMNS];
    expect(columns.slice(columns.indexOf('hinge'), columns.indexOf('hinge') + 4)).toEqual([
      'hinge',
      'finish',
      'finished_side',
      'finished_side_export_name',
    ]);
    const res = await t.call(transferApi.orderExport, { token: admin, params: { id: order.id } });
    const rows = parseCsv(res.body as string);
    const sided = rows.filter((r) => r.finished_side !== '');
    // The base line (qty 2) has the finished side; the wall cabinet and the attachments have none.
    expect(sided.map((r) => [r.barcode, r.code, r.finished_side, r.finished_side_export_name])).toEqual([
      [cabinetBarcode(order.id, 1, 1), 'ZB24', 'ZFSIDE', 'FIN-END-EXP'],
      [cabinetBarcode(order.id, 1, 2), 'ZB24', 'ZFSIDE', 'FIN-END-EXP'],
    ]);
    expect(rows.find((r) => r.code === 'ZW30')!.finished_side_export_name).toBe('');
  });

  it('is for the shop: customers get 403', async () => {
    expect((await t.call(transferApi.orderExport, { token: personal, params: { id: order.id } })).status).toBe(403);
    expect((await t.call(transferApi.orderYaml, { token: personal, params: { id: order.id } })).status).toBe(403);
  });
});

describe('GET /api/orders/{id}/yaml/', () => {
  it('parses back to the order as its detail answers it (lines, quantities, prices)', async () => {
    const res = await t.call(transferApi.orderYaml, { token: admin, params: { id: order.id } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/yaml/);
    const parsed = orderSchema.parse(YAML.parse(res.body as string));
    const detail = await t.call(ordersApi.detail, { token: admin, params: { id: order.id } });
    expect(parsed.groups).toEqual(detail.body.groups);
    expect(parsed.total_price).toBe(detail.body.total_price);
    expect(parsed.groups[0]!.items.map((l) => [l.line_no, l.manufacturer_code, l.qty])).toEqual(
      order.groups[0]!.items.map((l) => [l.line_no, l.manufacturer_code, l.qty]),
    );
    // The finished side travels with its line: the premium and its code as priced.
    const base = parsed.groups[0]!.items.find((l) => l.manufacturer_code === 'ZB24')!;
    expect(base.finished_side).toBe(cat.fs);
    expect(base.breakdown.finished_side?.code).toBe('ZFSIDE');
    expect(res.body as string).toContain('code: ZFSIDE');
  });
});

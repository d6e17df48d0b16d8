import { cabinetBarcode, ORDER_EXPORT_COLUMNS, type Order, orderSchema, ordersApi, transferApi } from '@cab/shared';
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
  });
});

import { catalogApi, lineItemSchema, meSchema, paged } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from '../src/http/serialize.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/** What route() sends without `fastSerialize`: zod's encode, then JSON.stringify. */
const viaZod = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));

const sample = (over: Record<string, unknown> = {}) => ({
  id: 7,
  manufacturer_code: 'B15',
  price: '-1,234.50',
  description: 'Käse "quoted" \\ back\nline\ttab \u2028 sep \u0001 ctl 😀 </script>',
  category: { id: 3, name: 'Base Cabinets' },
  base_category: 'BASE',
  width: 15,
  height: 34.5,
  depth: -0,
  hinge: 'None',
  nb_base_door: 1,
  nb_door_pull: 0,
  nb_drawer: 2,
  nb_drawer_pull: 0,
  nb_tall_door: 0,
  nb_wall_door: 0,
  nb_adjustable_shelf: 3,
  export_name_1: 'B15',
  export_name_2: '',
  export_name_3: '',
  export_name_4: '',
  tags: [
    { id: 1, name: 'finish', value: 'oak', display: 'finish:oak' },
    { id: 2, name: 'new', value: null, display: 'new' },
  ],
  product_group: null,
  is_attachment: false,
  manual_work_required: true,
  export_with_finish_side: false,
  is_corner_cabinet: false,
  ...over,
});

describe('compileSerializer', () => {
  const list = paged(lineItemSchema);
  const write = compileSerializer(list);

  it('writes a page of line items byte for byte as zod + JSON.stringify do', () => {
    const page = {
      total: 50_067,
      results: [
        sample(),
        sample({ id: 8, category: null, base_category: null, width: null, height: null, depth: null, tags: [] }),
        sample({ id: 9, price: '0.00', width: 1e21, height: 0.1 + 0.2, product_group: 12, is_attachment: true }),
        // Not in the schema: left out, as zod strips it.
        { ...sample({ id: 10 }), created_at: '2026-01-01', secret: 'x' },
      ],
    };
    expect(write(page)).toBe(viaZod(list, page));
    expect(write({ results: [], total: 0 })).toBe(viaZod(list, { results: [], total: 0 }));
  });

  it('keeps the schema key order whatever the object order', () => {
    const reversed = Object.fromEntries(Object.entries(sample()).reverse());
    expect(write({ results: [reversed], total: 1 })).toBe(viaZod(list, { results: [sample()], total: 1 }));
  });

  it('writes /me (nullable object, optional absent) as zod does', () => {
    const me = compileSerializer(meSchema);
    const value = {
      id: 1,
      email: 'zoë@demo.test',
      first_name: 'Zoë',
      last_name: '',
      full_name: 'Zoë',
      account_type: 'B',
      is_staff: false,
      is_employee: false,
      is_manager: true,
      is_superuser: false,
      require_password_reset: false,
      company: { id: 4, name: 'Acme "Cabinets" 株式会社' },
    };
    expect(me(value)).toBe(viaZod(meSchema, value));
    expect(me({ ...value, company: null })).toBe(viaZod(meSchema, { ...value, company: null }));
    const optional = z.object({ a: z.string().optional(), b: z.number() });
    expect(compileSerializer(optional)({ b: 1 })).toBe('{"b":1}');
  });

  it('refuses a missing required field (zod would too) and schemas it cannot write', () => {
    const { id: _id, ...noId } = sample();
    expect(() => write({ results: [noId], total: 1 })).toThrow(/required field id/);
    expect(() => compileSerializer(z.object({ at: z.date() }))).toThrow(/not supported/);
    expect(() => compileSerializer(z.string().transform((s) => s.length))).toThrow(/not supported/);
  });
});

describe('GET /api/catalog/items/ with the compiled serializer', () => {
  let t: TestApp;
  let admin: string;
  let category: number;
  beforeAll(async () => {
    t = await setupTestApp();
    admin = await t.login('ADMIN');
    const cats = await t.call(catalogApi.categoryList, { token: admin, query: { page_size: '100' } });
    category = cats.body.results.find((c: { name: string }) => c.name === 'Base Cabinets').id;
  });
  afterAll(() => t.close());

  it('answers the same bytes as zod would for rows with nulls, tags, negative prices and unicode', async () => {
    const bodies = [
      {
        manufacturer_code: 'PERF-1',
        price: '-12.34',
        description: 'Tür 😀 "x" \\ \u2028 end',
        export_name_1: 'P1',
        tags: [],
      },
      {
        manufacturer_code: 'PERF-2',
        price: '1234567.89',
        width: 15.25,
        height: 0,
        base_category: 'WALL',
        export_name_1: 'W15',
        tags: [{ name: 'finish', value: 'Öl' }, { name: 'zz' }, { name: 'finish', value: '' }],
      },
    ];
    for (const body of bodies) {
      const res = await t.call(catalogApi.itemCreate, { token: admin, body: { category, ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/items/?manufacturer_code=PERF-&order_by=manufacturer_code',
      headers: { authorization: `Token ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const page = res.json();
    expect(page.total).toBe(2);
    expect(page.results[0]).toMatchObject({
      manufacturer_code: 'PERF-1',
      price: '-12.34',
      description: 'Tür 😀 "x" \\ \u2028 end',
      category: { id: category, name: 'Base Cabinets' },
      base_category: null,
      width: null,
      tags: [],
    });
    // Ordered by name, then value (null last, as PostgreSQL sorts it); display as tagDisplay writes it.
    expect(page.results[1].tags).toEqual([
      { id: expect.any(Number), name: 'finish', value: 'Öl', display: 'finish:Öl' },
      { id: expect.any(Number), name: 'finish', value: null, display: 'finish' },
      { id: expect.any(Number), name: 'zz', value: null, display: 'zz' },
    ]);
    // Byte for byte what zod's serializer writes for the same answer.
    expect(res.body).toBe(viaZod(paged(lineItemSchema), page));
    // And each row as the item's own (zod-serialized) detail call answers it.
    for (const row of page.results) {
      const detail = await t.call(catalogApi.itemDetail, { token: admin, params: { id: row.id } });
      expect(detail.body).toEqual(row);
    }
  });
});

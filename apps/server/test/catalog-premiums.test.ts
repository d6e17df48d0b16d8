import { catalogApi, MSG } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvPart, upload } from './catalog-helpers.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let customer: string;
const cat: Record<string, number> = {};

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  customer = await t.login('PERSONAL');
  for (const type of ['WOOD_SPECIES', 'DOOR_STYLE', 'DRAWER_STYLE', 'FINISH_OPTION', 'FINISHED_SIDE'] as const) {
    const res = await t.call(catalogApi.categoryCreate, {
      token: admin,
      body: { name: `Test ${type}`, category_type: type },
    });
    expect(res.status).toBe(201);
    cat[type] = res.body.id;
  }
});
afterAll(() => t.close());

const create = (kind: string, body: Record<string, unknown>) =>
  t.call(catalogApi.premiumCreate, { token: admin, params: { kind }, body });

describe('premium create and read', () => {
  it('creates a wood species with every field and reads it back', async () => {
    const finish = await create('finish_option', {
      code: 'T-FIN-1',
      categories: [cat.FINISH_OPTION],
      export_name: 'tfin1',
      percentage: '7.5',
      export_category: 14,
      is_cabinet_construction_vertical: true,
    });
    expect(finish.status).toBe(201);
    expect(finish.body).toMatchObject({
      code: 'T-FIN-1',
      percentage: '7.50',
      price: null,
      export_category: 14,
      export_category_display: 'Method 4',
      is_cabinet_construction_vertical: true,
    });

    const res = await create('wood_species', {
      code: 'T-WOOD 1',
      description: 'Test wood',
      categories: [cat.WOOD_SPECIES],
      finish_options: [finish.body.id],
      price: '-12.5',
      export_name: 'twood',
      index: 3,
      tags: [{ name: 'grain' }, { name: 'lead', value: '3w' }],
      use_finish_option_for_export: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      premium_type: 'WOOD_SPECIES',
      code: 'T-WOOD 1',
      price: '-12.50',
      percentage: null,
      index: 3,
      finish_options: [finish.body.id],
      categories: [{ id: cat.WOOD_SPECIES, name: 'Test WOOD_SPECIES' }],
      use_finish_option_for_export: true,
      images: [],
    });
    expect(res.body.tags.map((x: { display: string }) => x.display).sort()).toEqual(['grain', 'lead:3w']);

    const read = await t.call(catalogApi.premiumDetail, {
      token: customer,
      params: { kind: 'wood_species', id: res.body.id },
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    // The same id under another kind does not exist.
    const other = await t.call(catalogApi.premiumDetail, {
      token: customer,
      params: { kind: 'door_style', id: res.body.id },
    });
    expect(other.status).toBe(404);
  });

  it('creates a door style with wood species and door_style_attrs, also at .../add/', async () => {
    const wood = await create('wood_species', { code: 'T-WOOD-2', categories: [cat.WOOD_SPECIES], export_name: 'w2' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/premiums/door_style/add/',
      headers: { authorization: `Token ${admin}` },
      payload: {
        code: 'T-DOOR-1',
        categories: [cat.DOOR_STYLE],
        wood_species: [wood.body.id],
        export_name: 'd1',
        config: { door_style_attrs: { outside_edge: 'Ogee', route_pattern: 'Arch' } },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      wood_species: [wood.body.id],
      config: { door_style_attrs: { outside_edge: 'Ogee', panel_detail: '', inside_edge: '', route_pattern: 'Arch' } },
    });
  });

  it('a premium group gives group_name and group_index', async () => {
    const g = await t.call(catalogApi.premiumGroupCreate, {
      token: admin,
      query: { premium_type: 'DRAWER_STYLE' },
      body: { name: 'Test Header', index: 4 },
    });
    expect(g.status).toBe(201);
    expect(g.body).toMatchObject({ name: 'Test Header', premium_type: 'DRAWER_STYLE', index: 4 });
    const p = await create('drawer_style', {
      code: 'T-DRW-1',
      categories: [cat.DRAWER_STYLE],
      export_name: 'x',
      premium_group: g.body.id,
    });
    expect(p.body).toMatchObject({ premium_group: g.body.id, group_name: 'Test Header', group_index: 4 });
    const patched = await t.call(catalogApi.premiumGroupUpdate, {
      token: admin,
      params: { id: g.body.id },
      body: { index: 7 },
    });
    expect(patched.body.index).toBe(7);
    const list = await t.call(catalogApi.premiumGroupList, {
      token: customer,
      query: { premium_type: 'DRAWER_STYLE' },
    });
    expect(list.body.map((x: { name: string }) => x.name)).toContain('Test Header');
    // A group of another type is refused on its field.
    const wrong = await create('wood_species', {
      code: 'T-WRONG-GROUP',
      categories: [cat.WOOD_SPECIES],
      export_name: 'x',
      premium_group: g.body.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.premium_group).toEqual([MSG.premiumGroupTypeMismatch]);
  });
});

describe('premium validation (SPEC 5)', () => {
  const base = () => ({ code: 'T-VAL', categories: [cat.WOOD_SPECIES], export_name: 'v' });

  it('Code and Categories are required', async () => {
    const res = await create('wood_species', { export_name: 'x', categories: [] });
    expect(res.status).toBe(400);
    expect(res.body.fields.code).toEqual([MSG.required]);
    expect(res.body.fields.categories).toEqual([MSG.required]);
  });

  it('Export Name is required except for finished sides', async () => {
    const res = await create('wood_species', { ...base(), export_name: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields.export_name).toEqual([MSG.required]);
  });

  it('codes allow letters, digits, space, slash, underscore and hyphen only', async () => {
    const res = await create('wood_species', { ...base(), code: 'BAD$CODE' });
    expect(res.body.fields.code).toEqual([MSG.alphanumeric]);
    const ok = await create('wood_species', { ...base(), code: 'Ok 1/2_x-y' });
    expect(ok.status).toBe(201);
  });

  it('price must be a decimal; negatives are allowed', async () => {
    const res = await create('wood_species', { ...base(), price: '12,50' });
    expect(res.body.fields.price).toEqual([MSG.decimal]);
    const neg = await create('wood_species', { ...base(), code: 'T-NEG', price: -3 });
    expect(neg.status).toBe(201);
    expect(neg.body.price).toBe('-3.00');
  });

  it('only one of price and percentage', async () => {
    const res = await create('wood_species', { ...base(), price: '1.00', percentage: '5' });
    expect(res.status).toBe(400);
    expect(res.body.fields.price).toEqual([MSG.priceOrPercentage]);
    expect(res.body.fields.percentage).toEqual([MSG.priceOrPercentage]);
  });

  it('percentage must be greater than 0 and at most 100', async () => {
    for (const percentage of ['0', '100.01', '-5']) {
      const res = await create('wood_species', { ...base(), percentage });
      expect(res.body.fields.percentage, percentage).toEqual([MSG.percentageGreaterThanZero]);
    }
    const ok = await create('wood_species', { ...base(), code: 'T-PCT', percentage: '100' });
    expect(ok.body.percentage).toBe('100.00');
  });

  it('index must not be negative', async () => {
    const res = await create('wood_species', { ...base(), index: -1 });
    expect(res.body.fields.index).toEqual([MSG.indexNonNegative]);
  });

  it('a tag needs a name and a value under 255 characters', async () => {
    const res = await create('wood_species', {
      ...base(),
      tags: [{ name: '' }, { name: 'long', value: 'x'.repeat(255) }],
    });
    expect(res.body.fields['tags.0.name']).toEqual([MSG.required]);
    expect(res.body.fields['tags.1.value']).toEqual([MSG.tagValueTooLong]);
    const ok = await create('wood_species', {
      ...base(),
      code: 'T-TAG',
      tags: [{ name: 'long', value: 'x'.repeat(254) }],
    });
    expect(ok.status).toBe(201);
  });

  it('categories must exist and be of the premium type; a used code is refused on its field', async () => {
    const wrongType = await create('wood_species', { ...base(), categories: [cat.DOOR_STYLE] });
    expect(wrongType.body.fields.categories).toEqual([MSG.categoryTypeMismatch('WOOD_SPECIES')]);
    const missing = await create('wood_species', { ...base(), categories: [987654] });
    expect(missing.body.fields.categories).toEqual([MSG.unknownCategory]);
    await create('wood_species', { ...base(), code: 'T-DUP' });
    const dup = await create('wood_species', { ...base(), code: 'T-DUP' });
    expect(dup.status).toBe(400);
    expect(dup.body.fields.code).toEqual([MSG.codeTaken]);
  });
});

describe('premium update and delete', () => {
  it('PATCH: a price clears the percentage and back; empty string is null', async () => {
    const p = await create('wood_species', {
      code: 'T-PATCH',
      categories: [cat.WOOD_SPECIES],
      export_name: 'p',
      percentage: '10',
    });
    const id = p.body.id;
    const params = { kind: 'wood_species', id };
    let res = await t.call(catalogApi.premiumUpdate, { token: admin, params, body: { price: '4.25' } });
    expect(res.body).toMatchObject({ price: '4.25', percentage: null });
    res = await t.call(catalogApi.premiumUpdate, { token: admin, params, body: { percentage: '2' } });
    expect(res.body).toMatchObject({ price: null, percentage: '2.00' });
    res = await t.call(catalogApi.premiumUpdate, { token: admin, params, body: { percentage: '', description: 'd' } });
    expect(res.body).toMatchObject({ price: null, percentage: null, description: 'd' });
    res = await t.call(catalogApi.premiumUpdate, { token: admin, params, body: { export_name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.fields.export_name).toEqual([MSG.required]);
    res = await t.call(catalogApi.premiumUpdate, { token: customer, params, body: { description: 'x' } });
    expect(res.status).toBe(403);
  });

  it('DELETE removes a premium; finished sides refuse add and delete with 405', async () => {
    const p = await create('drawer_style', { code: 'T-DEL', categories: [cat.DRAWER_STYLE], export_name: 'x' });
    const del = await t.call(catalogApi.premiumDelete, {
      token: admin,
      params: { kind: 'drawer_style', id: p.body.id },
    });
    expect(del.status).toBe(200);
    expect(del.body.detail).toBe(MSG.deleted('T-DEL'));
    const gone = await t.call(catalogApi.premiumDetail, {
      token: admin,
      params: { kind: 'drawer_style', id: p.body.id },
    });
    expect(gone.status).toBe(404);

    const add = await create('finished_side', { code: 'FS-X', categories: [cat.FINISHED_SIDE] });
    expect(add.status).toBe(405);
    expect(add.body).toEqual({ code: 'method_not_allowed', message: MSG.finishedSideAddRefused });
    const sides = await t.call(catalogApi.premiumList, { token: admin, params: { kind: 'finished_side' } });
    expect(sides.body.total).toBeGreaterThan(0);
    const side = sides.body.results[0];
    const delSide = await t.call(catalogApi.premiumDelete, {
      token: admin,
      params: { kind: 'finished_side', id: side.id },
    });
    expect(delSide.status).toBe(405);
    expect(delSide.body.message).toBe(MSG.finishedSideDeleteRefused);
    // ... but they can be edited, without an export name.
    const edit = await t.call(catalogApi.premiumUpdate, {
      token: admin,
      params: { kind: 'finished_side', id: side.id },
      body: { price: '30', export_name: '' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.price).toBe('30.00');
  });
});

describe('deleting a finish option that wood species offer', () => {
  it('answers 409 naming the wood species; with unlink=true it is removed from them and deleted', async () => {
    const finish = await create('finish_option', { code: 'T-USED', categories: [cat.FINISH_OPTION], export_name: 'u' });
    const unused = await create('finish_option', { code: 'T-FREE', categories: [cat.FINISH_OPTION], export_name: 'f' });
    const woods = [];
    for (const code of ['T-OAK', 'T-ASH']) {
      const wood = await create('wood_species', {
        code,
        categories: [cat.WOOD_SPECIES],
        export_name: code.toLowerCase(),
        finish_options: [finish.body.id, unused.body.id],
      });
      expect(wood.status).toBe(201);
      woods.push(wood.body);
    }
    const params = { kind: 'finish_option', id: finish.body.id };

    const asked = await t.call(catalogApi.premiumDelete, { token: admin, params });
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({
      code: 'finish_option_in_use',
      message: MSG.finishOptionInUse('T-USED', ['T-ASH', 'T-OAK']),
      extra: {
        wood_species: [
          { id: woods[1].id, code: 'T-ASH' },
          { id: woods[0].id, code: 'T-OAK' },
        ],
        skip_common_handling: true,
      },
    });
    // Nothing changed: the option is there and still offered.
    expect((await t.call(catalogApi.premiumDetail, { token: admin, params })).status).toBe(200);
    const oak = await t.call(catalogApi.premiumDetail, {
      token: admin,
      params: { kind: 'wood_species', id: woods[0].id },
    });
    expect(oak.body.finish_options).toContain(finish.body.id);

    const confirmed = await t.call(catalogApi.premiumDelete, { token: admin, params, query: { unlink: 'true' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.detail).toBe(MSG.deleted('T-USED'));
    const after = await t.call(catalogApi.premiumDetail, {
      token: admin,
      params: { kind: 'wood_species', id: woods[0].id },
    });
    expect(after.body.finish_options).toEqual([unused.body.id]);

    // A finish option no wood species offers is deleted at once.
    const free = await create('finish_option', { code: 'T-LONE', categories: [cat.FINISH_OPTION], export_name: 'l' });
    const lone = await t.call(catalogApi.premiumDelete, {
      token: admin,
      params: { kind: 'finish_option', id: free.body.id },
    });
    expect(lone.status).toBe(200);
  });
});

describe('premium lists', () => {
  const list = (kind: string, query: Record<string, string> = {}) =>
    t.call(catalogApi.premiumList, { token: customer, params: { kind }, query });

  beforeAll(async () => {
    for (const [i, code] of ['L-CHARLIE', 'L-ALPHA', 'L-BRAVO'].entries()) {
      await create('drawer_style', {
        code,
        description: i === 1 ? 'first letter' : 'other',
        categories: [cat.DRAWER_STYLE],
        export_name: code.toLowerCase(),
        index: 10 - i,
        price: `${i + 1}.00`,
      });
    }
  });

  it('answers { results, total }, 10 a page by default, 50 in selection mode', async () => {
    for (let i = 0; i < 12; i++) {
      await create('drawer_style', { code: `PAGE-${i}`, categories: [cat.DRAWER_STYLE], export_name: 'x' });
    }
    const res = await list('drawer_style');
    expect(res.body.results).toHaveLength(10);
    expect(res.body.total).toBeGreaterThan(15);
    const sel = await list('drawer_style', { select: 'true' });
    expect(sel.body.results.length).toBe(Math.min(50, res.body.total));
    const page2 = await list('drawer_style', { page: '2', page_size: '5' });
    const page1 = await list('drawer_style', { page: '1', page_size: '5' });
    expect(page2.body.results).toHaveLength(5);
    const ids1 = page1.body.results.map((r: { id: number }) => r.id);
    expect(page2.body.results.some((r: { id: number }) => ids1.includes(r.id))).toBe(false);
  });

  it('default order is -id; order_by takes comma-joined keys with - for descending', async () => {
    const def = await list('drawer_style', { code: 'L-' });
    expect(def.body.results.map((r: { code: string }) => r.code)).toEqual(['L-BRAVO', 'L-ALPHA', 'L-CHARLIE']);
    const byCode = await list('drawer_style', { code: 'L-', order_by: 'code' });
    expect(byCode.body.results.map((r: { code: string }) => r.code)).toEqual(['L-ALPHA', 'L-BRAVO', 'L-CHARLIE']);
    const byPrice = await list('drawer_style', { code: 'L-', order_by: '-price,code' });
    expect(byPrice.body.results.map((r: { price: string }) => r.price)).toEqual(['3.00', '2.00', '1.00']);
    const byIndex = await list('drawer_style', { code: 'L-', order_by: 'index' });
    expect(byIndex.body.results.map((r: { index: number }) => r.index)).toEqual([8, 9, 10]);
  });

  it('an order_by key that is not allowed is a 400 on order_by', async () => {
    const res = await list('drawer_style', { order_by: 'password' });
    expect(res.status).toBe(400);
    expect(res.body.fields.order_by).toEqual([MSG.orderByUnknown('password')]);
  });

  it('filters: code and description contain, categories, filters JSON; empty values are ignored', async () => {
    const byDesc = await list('drawer_style', { description: 'FIRST' });
    expect(byDesc.body.results.map((r: { code: string }) => r.code)).toEqual(['L-ALPHA']);
    const json = await list('drawer_style', { filters: JSON.stringify({ code: 'l-al', description: '' }) });
    expect(json.body.results.map((r: { code: string }) => r.code)).toEqual(['L-ALPHA']);
    const empty = await list('drawer_style', { code: '', description: '', categories: '', page_size: '' });
    const all = await list('drawer_style');
    expect(empty.body.total).toBe(all.body.total);
    const byCat = await list('drawer_style', { categories: String(cat.DRAWER_STYLE), page_size: '100' });
    expect(byCat.body.total).toBe(all.body.total - 3); // the 3 seeded drawer styles have the seed category
    const bad = await list('drawer_style', { filters: '{nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.filters).toEqual([MSG.filtersInvalid]);
  });

  it('one id without multiple; several ids only with multiple=true', async () => {
    const all = await list('drawer_style', { code: 'L-' });
    const [a, b] = all.body.results.map((r: { id: number }) => r.id);
    const one = await list('drawer_style', { id: String(a) });
    expect(one.body.results.map((r: { id: number }) => r.id)).toEqual([a]);
    const several = await t.app.inject({
      method: 'GET',
      url: `/api/catalog/premiums/drawer_style/?id[]=${a}&id[]=${b}&multiple=true`,
      headers: { authorization: `Token ${customer}` },
    });
    expect(several.json().total).toBe(2);
    const mismatch = await t.app.inject({
      method: 'GET',
      url: `/api/catalog/premiums/drawer_style/?id=${a}&id=${b}&multiple=false`,
      headers: { authorization: `Token ${customer}` },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.id).toEqual([MSG.multipleIdsNeedMultiple]);
  });

  it('page_size over 1000 is refused', async () => {
    const res = await list('drawer_style', { page_size: '5000' });
    expect(res.status).toBe(400);
    expect(res.body.fields.page_size).toEqual([MSG.pageSizeTooLarge]);
  });

  it('the selector narrows door styles and finish options by wood species, wood species by door style', async () => {
    const woods = (await list('wood_species', { code: 'WALNUT' })).body.results;
    const walnut = woods.find((w: { code: string }) => w.code === 'WALNUT');
    const doors = await list('door_style', { wood_species: String(walnut.id), page_size: '50' });
    const codes = doors.body.results.map((d: { code: string }) => d.code).sort();
    expect(codes).toEqual(['SHAKER', 'SLAB']);
    const finishes = await list('finish_option', { wood_species: String(walnut.id), page_size: '50' });
    expect(finishes.body.results.map((f: { code: string }) => f.code).sort()).toEqual(['ESPRESSO', 'NATURAL']);
    const cathedral = (await list('door_style', { code: 'CATHEDRAL' })).body.results[0];
    const woodsForDoor = await list('wood_species', { door_style: String(cathedral.id) });
    expect(woodsForDoor.body.results.map((w: { code: string }) => w.code).sort()).toEqual(['CHERRY', 'OAK']);
  });
});

describe('POST /api/catalog/validate/', () => {
  const byCode = async (kind: string, code: string) =>
    (await t.call(catalogApi.premiumList, { token: customer, params: { kind }, query: { code } })).body.results.find(
      (r: { code: string }) => r.code === code,
    ).id as number;

  it('lists door styles not offered in the wood species and a finish not offered for it', async () => {
    const walnut = await byCode('wood_species', 'WALNUT');
    const shaker = await byCode('door_style', 'SHAKER');
    const raised = await byCode('door_style', 'RAISED');
    const white = await byCode('finish_option', 'WHITE');
    const natural = await byCode('finish_option', 'NATURAL');
    const bad = await t.call(catalogApi.validate, {
      token: customer,
      body: { door_styles: [shaker, raised], wood_species: walnut, finish_option: white },
    });
    expect(bad.status).toBe(200);
    expect(bad.body.errors).toEqual([
      MSG.doorStyleNotInWoodSpecies('RAISED', 'WALNUT'),
      MSG.finishNotForWoodSpecies('WHITE', 'WALNUT'),
    ]);
    const good = await t.call(catalogApi.validate, {
      token: customer,
      body: { door_styles: [shaker], wood_species: walnut, finish_option: natural },
    });
    expect(good.body.errors).toEqual([]);
    const unknown = await t.call(catalogApi.validate, { token: customer, body: { door_styles: [walnut] } });
    expect(unknown.body.errors).toEqual([MSG.premiumNotFoundForValidate('door style', walnut)]);
  });
});

describe('premium CSV', () => {
  it('imports good rows, reports bad ones with their line, and upserts by code', async () => {
    const csv = [
      'code,description,categories,price,percentage,export_name,index,group_name,tags,export_category,is_cabinet_construction_vertical',
      'CSV-F1,First,Stains,1.50,,csvf1,0,Imported,new,Method 2,true',
      'CSV-F2,Second,Stains,,150,csvf2,1,,,,',
      'CSV-F3,Third,New Cat,,12.5,csvf3,2,Imported,lead:2w; popular,14,no',
      'BAD$,Fourth,Stains,,,x,0,,,,',
      ',Missing code,Stains,,,x,0,,,,',
    ].join('\n');
    const res = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'finish_option' }, [csvPart(csv)]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.failed).toBe(3);
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([3, 5, 6]);
    expect(res.body.errors[0].message).toContain(`percentage: ${MSG.percentageGreaterThanZero}`);
    expect(res.body.errors[1].message).toContain(MSG.alphanumeric);
    expect(res.body.errors[2].message).toContain(`code: ${MSG.required}`);

    const f3 = (
      await t.call(catalogApi.premiumList, {
        token: admin,
        params: { kind: 'finish_option' },
        query: { code: 'CSV-F3' },
      })
    ).body.results[0];
    expect(f3).toMatchObject({
      percentage: '12.50',
      export_category: 14,
      group_name: 'Imported',
      categories: [{ name: 'New Cat' }],
      is_cabinet_construction_vertical: false,
    });
    expect(f3.tags.map((x: { display: string }) => x.display).sort()).toEqual(['lead:2w', 'popular']);

    // Same code again: updated in place, not duplicated.
    const again = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'finish_option' }, [
      csvPart('code,categories,export_name,price\nCSV-F1,Stains,csvf1,2.75\n'),
    ]);
    expect(again.body).toEqual({ imported: 1, failed: 0, errors: [] });
    const f1 = await t.call(catalogApi.premiumList, {
      token: admin,
      params: { kind: 'finish_option' },
      query: { code: 'CSV-F1' },
    });
    expect(f1.body.total).toBe(1);
    expect(f1.body.results[0]).toMatchObject({ price: '2.75', description: 'First', export_category: 2 });
  });

  it('links wood species to finish options by code; unknown codes fail the row', async () => {
    const res = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'wood_species' }, [
      csvPart(
        'code,categories,export_name,finish_options\nCSV-W1,Hardwood,w1,NATURAL; honey\nCSV-W2,Hardwood,w2,NOPE\n',
      ),
    ]);
    expect(res.body.imported).toBe(1);
    expect(res.body.errors).toEqual([
      { line: 3, message: `finish_options: ${MSG.unknownPremium('finish_options', 'NOPE')}` },
    ]);
  });

  it('refuses a bad file, unknown columns, drawer styles, and non-admins', async () => {
    const bad = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'finish_option' }, [
      csvPart('code,categories,export_name\n"unclosed,x,y\n'),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.csvParseFailed);
    const unknown = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'finish_option' }, [
      csvPart('code,categories,export_name,colour\nX,Stains,x,red\n'),
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG.csvUnknownColumns('colour'));
    const missing = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'finish_option' }, [
      csvPart('code,export_name\nX,x\n'),
    ]);
    expect(missing.body.message).toBe(MSG.csvMissingColumns('categories'));
    const drawer = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'drawer_style' }, [
      csvPart('code\nX\n'),
    ]);
    expect(drawer.status).toBe(405);
    expect(drawer.body.message).toBe(MSG.drawerStyleImportRefused);
    const nofile = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'finish_option' }, [
      { name: 'note', value: 'no file' },
    ]);
    expect(nofile.status).toBe(400);
    expect(nofile.body.fields.file).toEqual([MSG.csvFileMissing]);
    const denied = await upload(t, catalogApi.premiumImportCsv, customer, { kind: 'finish_option' }, [
      csvPart('code,categories,export_name\nX,Stains,x\n'),
    ]);
    expect(denied.status).toBe(403);
  });

  it('exports the import columns, and the export imports back unchanged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/premiums/door_style/export_csv/',
      headers: { authorization: `Token ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'code,description,categories,wood_species,price,percentage,export_name,outside_edge,panel_detail,inside_edge,route_pattern,index,group_name,tags',
    );
    expect(lines.find((l) => l.startsWith('CATHEDRAL,'))).toContain('CHERRY; OAK');
    const before = await t.call(catalogApi.premiumList, {
      token: admin,
      params: { kind: 'door_style' },
      query: { page_size: '100', order_by: 'code' },
    });
    const back = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'door_style' }, [csvPart(res.body)]);
    expect(back.body).toEqual({ imported: lines.length, failed: 0, errors: [] });
    const after = await t.call(catalogApi.premiumList, {
      token: admin,
      params: { kind: 'door_style' },
      query: { page_size: '100', order_by: 'code' },
    });
    expect(after.body).toEqual(before.body);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AuditEntity, type AuditEvent, auditApi, catalogApi, MSG } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvPart, imagePart, png, upload } from './catalog-helpers.ts';
import { ROLE_EMAILS, setupTestApp, type TestApp } from './helpers.ts';

/**
 * Every catalogue write leaves one audit event in its own transaction (decision 0009): who did
 * it, in which request, what it was before and after. A refused write leaves none.
 */

let t: TestApp;
let admin: string;
let dataDir: string;
let doorCat: number;
let itemCat: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cab-audit-'));
  t = await setupTestApp({ dataDir });
  admin = await t.login('ADMIN');
  const cats = await t.call(catalogApi.categoryList, { token: admin, query: { page_size: '100' } });
  const byName = (name: string) => cats.body.results.find((c: { name: string }) => c.name === name).id;
  doorCat = cats.body.results.find((c: { category_type: string }) => c.category_type === 'DOOR_STYLE').id;
  itemCat = byName('Base Cabinets');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An entity's history, newest first. */
async function history(entity: AuditEntity, id: number | string): Promise<AuditEvent[]> {
  const res = await t.call(auditApi.events, { token: admin, query: { entity, entity_id: String(id) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results;
}

/** How many events an entity kind has in all. */
async function count(entity: AuditEntity): Promise<number> {
  return (await t.call(auditApi.events, { token: admin, query: { entity, page_size: '1' } })).body.total;
}

/** The newest event of the entity: made by the admin, in the request that answered `res`. */
async function lastEvent(
  res: { status: number; body: unknown; headers: Record<string, unknown> },
  entity: AuditEntity,
  id: number | string,
  action: string,
): Promise<AuditEvent> {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const [event] = await history(entity, id);
  expect(event).toBeDefined();
  expect(event!.action).toBe(action);
  expect(event!.entity_id).toBe(String(id));
  expect(event!.actor?.email).toBe(ROLE_EMAILS.ADMIN);
  expect(typeof res.headers['x-request-id']).toBe('string');
  expect(event!.request_id).toBe(res.headers['x-request-id']);
  return event!;
}

describe('categories and premium groups', () => {
  it('create, update and delete a category are audited with before and after', async () => {
    const created = await t.call(catalogApi.categoryCreate, {
      token: admin,
      body: { name: 'Audit Cat', category_type: 'LINE_ITEM' },
    });
    const id = created.body.id;
    const c = await lastEvent(created, 'category', id, 'create');
    expect(c.before).toBeNull();
    expect(c.after).toEqual({ id, name: 'Audit Cat', category_type: 'LINE_ITEM' });

    const renamed = await t.call(catalogApi.categoryUpdate, {
      token: admin,
      params: { id },
      body: { name: 'Audit Cat 2' },
    });
    const u = await lastEvent(renamed, 'category', id, 'update');
    expect(u.before).toMatchObject({ name: 'Audit Cat' });
    expect(u.after).toMatchObject({ name: 'Audit Cat 2' });

    const removed = await t.call(catalogApi.categoryDelete, { token: admin, params: { id } });
    const d = await lastEvent(removed, 'category', id, 'delete');
    expect(d.before).toMatchObject({ id, name: 'Audit Cat 2' });
    expect(d.after).toBeNull();
    expect((await history('category', id)).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
  });

  it('a refused write leaves no event', async () => {
    const before = await count('category');
    const taken = await t.call(catalogApi.categoryCreate, {
      token: admin,
      body: { name: 'Base Cabinets', category_type: 'LINE_ITEM' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields.name).toEqual([MSG.nameTaken]);
    expect(await count('category')).toBe(before);
  });

  it('premium groups: create and update', async () => {
    const created = await t.call(catalogApi.premiumGroupCreate, {
      token: admin,
      query: { premium_type: 'DOOR_STYLE' },
      body: { name: 'Audit Group', index: 3 },
    });
    const id = created.body.id;
    const c = await lastEvent(created, 'premium_group', id, 'create');
    expect(c.after).toEqual({ id, name: 'Audit Group', premium_type: 'DOOR_STYLE', index: 3 });
    const updated = await t.call(catalogApi.premiumGroupUpdate, { token: admin, params: { id }, body: { index: 4 } });
    const u = await lastEvent(updated, 'premium_group', id, 'update');
    expect(u.before).toMatchObject({ index: 3 });
    expect(u.after).toMatchObject({ index: 4 });
  });
});

describe('premiums', () => {
  const kind = 'door_style';
  let id: number;

  it('create, a price change, and a refused duplicate code', async () => {
    const created = await t.call(catalogApi.premiumCreate, {
      token: admin,
      params: { kind },
      body: { code: 'AUD-DOOR', categories: [doorCat], export_name: 'auddoor', price: '10' },
    });
    id = created.body.id;
    const c = await lastEvent(created, 'premium', id, 'create');
    expect(c.after).toMatchObject({ id, code: 'AUD-DOOR', price: '10.00', percentage: null });

    const repriced = await t.call(catalogApi.premiumUpdate, {
      token: admin,
      params: { kind, id },
      body: { percentage: '12.5' },
    });
    const u = await lastEvent(repriced, 'premium', id, 'update');
    expect(u.before).toMatchObject({ price: '10.00', percentage: null });
    expect(u.after).toMatchObject({ price: null, percentage: '12.50' });

    const before = await count('premium');
    const dup = await t.call(catalogApi.premiumCreate, {
      token: admin,
      params: { kind },
      body: { code: 'AUD-DOOR', categories: [doorCat], export_name: 'x' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.fields.code).toEqual([MSG.codeTaken]);
    expect(await count('premium')).toBe(before);
  });

  it('images: add, move and delete are audited on the premium', async () => {
    const added = await upload(t, catalogApi.premiumAddImages, admin, { kind, id }, [
      imagePart(await png(20, 20)),
      imagePart(await png(21, 20)),
    ]);
    const a = await lastEvent(added, 'premium', id, 'add_images');
    expect(a.before).toEqual([]);
    expect(a.after).toEqual(added.body);
    const [first, second] = added.body as { id: number }[];

    const moved = await t.call(catalogApi.premiumMoveImage, {
      token: admin,
      params: { kind, id },
      body: { moved: second!.id, above: first!.id, going_up: true },
    });
    const m = await lastEvent(moved, 'premium', id, 'move_image');
    expect((m.before as { id: number }[]).map((i) => i.id)).toEqual([first!.id, second!.id]);
    expect((m.after as { id: number }[]).map((i) => i.id)).toEqual([second!.id, first!.id]);

    const deleted = await t.call(catalogApi.premiumDeleteImage, {
      token: admin,
      params: { kind, id, imageId: first!.id },
    });
    const d = await lastEvent(deleted, 'premium', id, 'delete_image');
    expect((d.after as { id: number; index: number }[]).map((i) => [i.id, i.index])).toEqual([[second!.id, 0]]);
  });

  it('delete keeps the premium as it was', async () => {
    const removed = await t.call(catalogApi.premiumDelete, { token: admin, params: { kind, id } });
    const d = await lastEvent(removed, 'premium', id, 'delete');
    expect(d.before).toMatchObject({ id, code: 'AUD-DOOR', percentage: '12.50' });
    expect(d.after).toBeNull();
  });

  it('a CSV import records one import event per imported row', async () => {
    const res = await upload(t, catalogApi.premiumImportCsv, admin, { kind: 'finish_option' }, [
      csvPart('code,categories,export_name,price\nAUD-F1,Stains,audf1,2.75\nAUD-F2,Stains,audf2,bad\n'),
    ]);
    expect(res.body).toMatchObject({ imported: 1, failed: 1 });
    const list = await t.call(catalogApi.premiumList, {
      token: admin,
      params: { kind: 'finish_option' },
      query: { code: 'AUD-F1' },
    });
    const imported = list.body.results[0].id;
    const e = await lastEvent(res, 'premium', imported, 'import');
    expect(e.after).toMatchObject({ code: 'AUD-F1', price: '2.75', export_name: 'audf1' });
  });
});

describe('line items', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    manufacturer_code: 'AUD-B15',
    price: '250.00',
    category: itemCat,
    export_name_1: 'B15',
    ...over,
  });

  it('create, update, bulk update and delete', async () => {
    const created = await t.call(catalogApi.itemCreate, { token: admin, body: body() });
    const id = created.body.id;
    const c = await lastEvent(created, 'line_item', id, 'create');
    expect(c.after).toEqual(created.body);

    const updated = await t.call(catalogApi.itemUpdate, { token: admin, params: { id }, body: { price: '260.5' } });
    const u = await lastEvent(updated, 'line_item', id, 'update');
    expect(u.before).toMatchObject({ price: '250.00' });
    expect(u.after).toMatchObject({ price: '260.50' });

    const bulk = await t.call(catalogApi.itemBulkUpdate, {
      token: admin,
      body: { ids: [id], data: { price: '99.99', hinge: 'Left', manual_work_required: 'NO CHANGE' } },
    });
    expect(bulk.body).toEqual({ updated: 1 });
    const b = await lastEvent(bulk, 'line_item', id, 'bulk_update');
    expect(b.before).toEqual({ price: '260.50', hinge: 'None' });
    expect(b.after).toEqual({ price: '99.99', hinge: 'Left' });

    const removed = await t.call(catalogApi.itemDelete, { token: admin, params: { id } });
    const d = await lastEvent(removed, 'line_item', id, 'delete');
    expect(d.before).toMatchObject({ id, manufacturer_code: 'AUD-B15', price: '99.99', hinge: 'Left' });
  });

  it('a refused line item (no export name 1) leaves no event', async () => {
    const before = await count('line_item');
    const res = await t.call(catalogApi.itemCreate, { token: admin, body: body({ export_name_1: '' }) });
    expect(res.status).toBe(400);
    expect(await count('line_item')).toBe(before);
  });

  it('attachments and CSV imports are audited as line items', async () => {
    // Attachments need an ATTACHMENT category; the refusal leaves nothing.
    const before = await count('line_item');
    const att = await t.call(catalogApi.attachmentCreate, {
      token: admin,
      body: { manufacturer_code: 'AUD-ATT', price: '5', category: itemCat },
    });
    expect(att.status).toBe(400);
    expect(await count('line_item')).toBe(before);

    const res = await upload(t, catalogApi.itemImportCsv, admin, {}, [
      csvPart('manufacturer_code,price,category,export_name_1\nAUD-CSV1,12.5,Base Cabinets,C1\n'),
    ]);
    expect(res.body).toMatchObject({ imported: 1, failed: 0 });
    const list = await t.call(catalogApi.itemList, { token: admin, query: { manufacturer_code: 'AUD-CSV1' } });
    const e = await lastEvent(res, 'line_item', list.body.results[0].id, 'import');
    expect(e.after).toMatchObject({ manufacturer_code: 'AUD-CSV1', price: '12.5', export_name_1: 'C1' });
  });
});

describe('product groups and subcategories', () => {
  let groupId: number;
  let otherGroup: number;
  let subId: number;

  it('subcategory create and update', async () => {
    const created = await t.call(catalogApi.subcategoryCreate, { token: admin, body: { name: 'Audit Sub' } });
    subId = created.body.id;
    const c = await lastEvent(created, 'subcategory', subId, 'create');
    expect(c.after).toMatchObject({ id: subId, name: 'Audit Sub', groups: [] });
    const updated = await t.call(catalogApi.subcategoryUpdate, {
      token: admin,
      params: { id: subId },
      body: { index: 7 },
    });
    const u = await lastEvent(updated, 'subcategory', subId, 'update');
    expect(u.before).toMatchObject({ index: 0 });
    expect(u.after).toMatchObject({ index: 7 });
  });

  it('group create with images: a create event and an add_images event', async () => {
    const res = await upload(t, catalogApi.groupCreate, admin, {}, [
      { name: 'name', value: 'Audit Group' },
      { name: 'subcategories', value: String(subId) },
      imagePart(await png(30, 30)),
    ]);
    groupId = res.body.id;
    const [images, create] = await history('product_group', groupId);
    expect(images!.action).toBe('add_images');
    expect(images!.after).toEqual(res.body.images);
    expect(create!.action).toBe('create');
    expect(create!.after).toMatchObject({ id: groupId, name: 'Audit Group', subcategories: [subId], images: [] });
    for (const e of [images!, create!]) expect(e.request_id).toBe(res.headers['x-request-id']);

    const other = await upload(t, catalogApi.groupCreate, admin, {}, [{ name: 'name', value: 'Audit Other' }]);
    otherGroup = other.body.id;
    expect((await history('product_group', otherGroup)).map((e) => e.action)).toEqual(['create']);
  });

  it('group update, image add, move and delete', async () => {
    const updated = await t.call(catalogApi.groupUpdate, {
      token: admin,
      params: { id: groupId },
      body: { note: 'new note' },
    });
    const u = await lastEvent(updated, 'product_group', groupId, 'update');
    expect(u.before).toMatchObject({ note: '' });
    expect(u.after).toMatchObject({ note: 'new note' });

    const added = await upload(t, catalogApi.groupAddImages, admin, { id: groupId }, [imagePart(await png(40, 40))]);
    const a = await lastEvent(added, 'product_group', groupId, 'add_images');
    expect((a.after as unknown[]).length).toBe(2);
    const [first, second] = added.body.images as { id: number }[];

    const moved = await t.call(catalogApi.groupMoveImage, {
      token: admin,
      params: { id: groupId },
      body: { moved: first!.id, under: second!.id },
    });
    const m = await lastEvent(moved, 'product_group', groupId, 'move_image');
    expect((m.after as { id: number }[]).map((i) => i.id)).toEqual([second!.id, first!.id]);

    const deleted = await t.call(catalogApi.groupDeleteImage, { token: admin, params: { id: second!.id } });
    const d = await lastEvent(deleted, 'product_group', groupId, 'delete_image');
    expect((d.before as unknown[]).length).toBe(2);
    expect((d.after as { id: number }[]).map((i) => i.id)).toEqual([first!.id]);
  });

  it('subcategory add, move and remove a group', async () => {
    const add = await t.call(catalogApi.subcategoryAddGroup, {
      token: admin,
      params: { id: subId },
      body: { group: otherGroup },
    });
    const a = await lastEvent(add, 'subcategory', subId, 'add_group');
    expect(a.before).toEqual([{ group: groupId, index: 0 }]);
    expect(a.after).toEqual([
      { group: groupId, index: 0 },
      { group: otherGroup, index: 1 },
    ]);

    const move = await t.call(catalogApi.subcategoryMoveGroup, {
      token: admin,
      params: { id: subId },
      body: { group: otherGroup, index: 0 },
    });
    const m = await lastEvent(move, 'subcategory', subId, 'move_group');
    expect(m.after).toEqual([
      { group: otherGroup, index: 0 },
      { group: groupId, index: 1 },
    ]);

    const remove = await t.call(catalogApi.subcategoryRemoveGroup, {
      token: admin,
      params: { id: subId },
      body: { group: otherGroup },
    });
    const r = await lastEvent(remove, 'subcategory', subId, 'remove_group');
    expect(r.after).toEqual([{ group: groupId, index: 0 }]);

    const before = await count('subcategory');
    const notThere = await t.call(catalogApi.subcategoryRemoveGroup, {
      token: admin,
      params: { id: subId },
      body: { group: otherGroup },
    });
    expect(notThere.status).toBe(400);
    expect(await count('subcategory')).toBe(before);
  });

  it('group and subcategory delete', async () => {
    const group = await t.call(catalogApi.groupDelete, { token: admin, params: { id: groupId } });
    const g = await lastEvent(group, 'product_group', groupId, 'delete');
    expect(g.before).toMatchObject({ id: groupId, name: 'Audit Group', note: 'new note' });
    expect(g.after).toBeNull();

    const sub = await t.call(catalogApi.subcategoryDelete, { token: admin, params: { id: subId } });
    const s = await lastEvent(sub, 'subcategory', subId, 'delete');
    expect(s.before).toMatchObject({ id: subId, name: 'Audit Sub', index: 7 });
  });
});

describe('who reads the audit trail', () => {
  it('only admins', async () => {
    for (const role of ['STAFF', 'PERSONAL', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE'] as const) {
      const token = await t.login(role);
      const res = await t.call(auditApi.events, { token, query: { entity: 'premium' } });
      expect(res.status, role).toBe(403);
    }
  });
});

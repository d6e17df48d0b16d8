import type { Db, Executor } from '@cab/db';
import {
  ERROR_CODES,
  MSG,
  type ProductGroup,
  productGroupBodySchema,
  type productGroupListQuerySchema,
  type productGroupPatchSchema,
  type Subcategory,
  type subcategoryBodySchema,
  type subcategoryListQuerySchema,
  type subcategoryPatchSchema,
} from '@cab/shared';
import type { z } from 'zod';
import { fieldError, notFound } from '../../../http/errors.ts';
import type { FileStorage } from '../../../storage/index.ts';
import { checkCategories } from '../categories/service.ts';
import { deleted, fieldErrors, orderBy, paging } from '../common.ts';
import * as images from '../images.ts';
import * as repo from './repository.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof repo.groupById>>>;

async function hydrateGroups(db: Executor, rows: GroupRow[]): Promise<ProductGroup[]> {
  const ids = rows.map((r) => r.id);
  const [subs, imgs] = await Promise.all([
    repo.subcategoryIdsOf(db, ids),
    images.imagesByOwner(db, 'product_group', ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    subcategories: subs.get(r.id) ?? [],
    note: r.note,
    secondary_note: r.secondaryNote,
    shelf_note: r.shelfNote,
    images: imgs.get(r.id) ?? [],
  }));
}

export async function productGroupExists(db: Executor, id: number) {
  return Boolean(await repo.groupById(db, id));
}

export async function listProductGroups(db: Db, query: z.output<typeof productGroupListQuerySchema>) {
  const ids = [...(query.id ?? []), ...(query['id[]'] ?? [])];
  const where = repo.groupWhere({
    name: query.name,
    subcategory: query.subcategory,
    ids: ids.length ? ids : undefined,
  });
  const order = orderBy(query.order_by, repo.GROUP_ORDER_KEYS, 'name', repo.GROUP_ORDER_KEYS.id);
  const { limit, offset } = paging(query, 50);
  const { rows, total } = await repo.listGroups(db, where, order, limit, offset);
  return { results: await hydrateGroups(db, rows), total };
}

export async function getProductGroup(db: Executor, id: number): Promise<ProductGroup> {
  const row = await repo.groupById(db, id);
  if (!row) throw notFound();
  return (await hydrateGroups(db, [row]))[0]!;
}

async function checkSubcategories(db: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.subcategoryIdsExisting(db, unique);
  if (found.length !== unique.length) throw fieldError(ERROR_CODES.validation, 'subcategories', MSG.notFound);
  return unique;
}

/** Multipart create: form fields validated with the shared schema, then the group and its images. */
export async function createProductGroup(
  db: Db,
  storage: FileStorage,
  content: { fields: Record<string, string[]>; files: images.UploadedFile[] },
) {
  const f = content.fields;
  const one = (k: string) => f[k]?.[0];
  const parsed = productGroupBodySchema.safeParse({
    name: one('name') ?? '',
    note: one('note'),
    secondary_note: one('secondary_note'),
    shelf_note: one('shelf_note'),
    subcategories: (f.subcategories ?? []).flatMap((v) => v.split(',')).filter((v) => v.trim() !== ''),
  });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw fieldErrors(fields);
  }
  const body = parsed.data;
  const subIds = await checkSubcategories(db, body.subcategories ?? []);
  const imageFiles = content.files.filter((x) => x.field === 'images' || x.field === 'image');
  const prepared = imageFiles.length ? await images.prepareImages(imageFiles, 'product_group') : [];
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertGroup(tx, {
      name: body.name,
      note: body.note ?? '',
      secondaryNote: body.secondary_note ?? '',
      shelfNote: body.shelf_note ?? '',
    });
    await repo.setGroupSubcategories(tx, newId, subIds);
    return newId;
  });
  if (prepared.length) {
    await images.addImages(db, storage, 'product_group', id, prepared, (tx) => repo.lockGroup(tx, id));
  }
  return getProductGroup(db, id);
}

export async function updateProductGroup(db: Db, id: number, body: z.output<typeof productGroupPatchSchema>) {
  if (!(await repo.groupById(db, id))) throw notFound();
  const subIds = body.subcategories !== undefined ? await checkSubcategories(db, body.subcategories) : undefined;
  await db.transaction(async (tx) => {
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.secondary_note !== undefined ? { secondaryNote: body.secondary_note } : {}),
      ...(body.shelf_note !== undefined ? { shelfNote: body.shelf_note } : {}),
    };
    if (Object.keys(values).length) await repo.updateGroup(tx, id, values);
    if (subIds) await repo.setGroupSubcategories(tx, id, subIds);
  });
  return getProductGroup(db, id);
}

export async function addProductGroupImages(db: Db, storage: FileStorage, id: number, files: images.UploadedFile[]) {
  if (!(await repo.groupById(db, id))) throw notFound();
  const prepared = await images.prepareImages(files, 'product_group');
  await images.addImages(db, storage, 'product_group', id, prepared, (tx) => repo.lockGroup(tx, id));
  return getProductGroup(db, id);
}

export async function deleteProductGroup(db: Db, storage: FileStorage, id: number) {
  const row = await repo.groupById(db, id);
  if (!row) throw notFound();
  const removed = await db.transaction(async (tx) => {
    const links = await repo.linksOfGroup(tx, id);
    for (const l of links) await repo.removeFromSubcategory(tx, l.subcategoryId, id);
    const rows = await images.deleteImageRows(tx, 'product_group', [id]);
    await repo.deleteGroup(tx, id);
    return rows;
  });
  await images.removeFiles(storage, removed);
  return deleted(row.name);
}

export async function deleteProductGroupImage(db: Db, storage: FileStorage, imageId: number) {
  const result = await images.deleteImage(
    db,
    storage,
    imageId,
    (row) => row.ownerKind === 'product_group',
    (tx, ownerId) => repo.lockGroup(tx, ownerId),
  );
  return result.images;
}

export async function moveProductGroupImage(
  db: Db,
  id: number,
  body: { moved: number; under?: number | null; above?: number | null; going_up?: boolean },
) {
  return images.moveImage(db, 'product_group', id, body, (tx) => repo.lockGroup(tx, id));
}

// Subcategories

type SubRow = Awaited<ReturnType<typeof repo.listSubcategories>>[number];
const wireSub = (r: SubRow, groups: Subcategory['groups'] = []): Subcategory => ({
  id: r.s.id,
  name: r.s.name,
  category: r.s.categoryId === null ? null : { id: r.s.categoryId, name: r.categoryName ?? '' },
  index: r.s.index,
  groups,
  group_count: r.groupCount,
});

export async function listSubcategories(db: Db, query: z.output<typeof subcategoryListQuerySchema>) {
  const where = repo.subcategoryWhere({ name: query.name, category: query.category });
  const order = orderBy(query.order_by, repo.SUBCATEGORY_ORDER_KEYS, 'index', repo.SUBCATEGORY_ORDER_KEYS.id);
  if (query.all) return (await repo.listSubcategories(db, where, order, undefined, 0)).map((r) => wireSub(r));
  const { limit, offset } = paging(query, 50);
  const [rows, total] = await Promise.all([
    repo.listSubcategories(db, where, order, limit, offset),
    repo.countSubcategories(db, where),
  ]);
  return { results: rows.map((r) => wireSub(r)), total };
}

export async function getSubcategory(db: Executor, id: number): Promise<Subcategory> {
  const [row] = await repo.listSubcategories(db, repo.subcategoryWhere({ id }), [], 1, 0);
  if (!row) throw notFound();
  const links = await repo.subcategoryLinks(db, id);
  const groups = await hydrateGroups(
    db,
    await repo.groupsByIds(
      db,
      links.map((l) => l.productGroupId),
    ),
  );
  const byId = new Map(groups.map((g) => [g.id, g]));
  return wireSub(
    row,
    links.filter((l) => byId.has(l.productGroupId)).map((l) => ({ ...byId.get(l.productGroupId)!, index: l.index })),
  );
}

async function checkSubCategory(db: Executor, category: number | null | undefined) {
  if (category != null) await checkCategories(db, [category], ['LINE_ITEM', 'ATTACHMENT'], 'category');
}

export async function createSubcategory(db: Db, body: z.output<typeof subcategoryBodySchema>) {
  await checkSubCategory(db, body.category);
  const id = await repo.insertSubcategory(db, {
    name: body.name,
    categoryId: body.category ?? null,
    index: body.index ?? 0,
  });
  return getSubcategory(db, id);
}

export async function updateSubcategory(db: Db, id: number, body: z.output<typeof subcategoryPatchSchema>) {
  await checkSubCategory(db, body.category);
  const values = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.category !== undefined ? { categoryId: body.category } : {}),
    ...(body.index !== undefined ? { index: body.index } : {}),
  };
  if (
    Object.keys(values).length ? !(await repo.updateSubcategory(db, id, values)) : !(await repo.subcategoryById(db, id))
  ) {
    throw notFound();
  }
  return getSubcategory(db, id);
}

export async function deleteSubcategory(db: Db, id: number) {
  const row = await repo.deleteSubcategory(db, id);
  if (!row) throw notFound();
  return deleted(row.name);
}

async function withSubcategory(db: Db, id: number, groupId: number, work: (tx: Executor) => Promise<void>) {
  if (!(await repo.groupById(db, groupId))) throw fieldError(ERROR_CODES.validation, 'group', MSG.unknownProductGroup);
  await db.transaction(async (tx) => {
    if (!(await repo.lockSubcategory(tx, id))) throw notFound();
    await work(tx);
  });
  return getSubcategory(db, id);
}

export const addGroupToSubcategory = (db: Db, id: number, groupId: number) =>
  withSubcategory(db, id, groupId, (tx) => repo.appendToSubcategory(tx, id, groupId));

export const removeGroupFromSubcategory = (db: Db, id: number, groupId: number) =>
  withSubcategory(db, id, groupId, async (tx) => {
    if (!(await repo.removeFromSubcategory(tx, id, groupId))) {
      throw fieldError(ERROR_CODES.validation, 'group', MSG.unknownProductGroup);
    }
  });

/** Moves a group to a new position in the subcategory; the groups in between shift by one. */
export const moveGroupInSubcategory = (db: Db, id: number, groupId: number, index: number) =>
  withSubcategory(db, id, groupId, async (tx) => {
    const links = await repo.subcategoryLinks(tx, id);
    const order = links.map((l) => l.productGroupId);
    if (!order.includes(groupId)) throw fieldError(ERROR_CODES.validation, 'group', MSG.unknownProductGroup);
    const without = order.filter((g) => g !== groupId);
    without.splice(Math.min(index, without.length), 0, groupId);
    const current = new Map(links.map((l) => [l.productGroupId, l.index]));
    for (const [pos, g] of without.entries()) {
      if (current.get(g) !== pos) await repo.setLinkIndex(tx, id, g, pos);
    }
  });

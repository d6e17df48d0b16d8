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
  toPaged,
} from '@cab/shared';
import type { z } from 'zod';
import type { MultipartContent, UploadedFile } from '../../../http/multipart.ts';
import type { Ctx, PublicCtx } from '../../../kit/context.ts';
import { fieldError, fieldErrors, notFound } from '../../../kit/errors.ts';
import { orderBy, pageWindow } from '../../../kit/list.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { checkCategories } from '../categories/service.ts';
import { anyIds } from '../filters.ts';
import { prepareImages } from '../images/processing.ts';
import * as images from '../images/service.ts';
import * as repo from './repository.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof repo.groupById>>>;

const wireGroup = (r: GroupRow, subcategories: number[], imgs: ProductGroup['images']): ProductGroup => ({
  id: r.id,
  name: r.name,
  subcategories,
  note: r.note,
  secondary_note: r.secondaryNote,
  shelf_note: r.shelfNote,
  images: imgs,
});

async function hydrateGroups(ctx: PublicCtx, rows: GroupRow[]): Promise<ProductGroup[]> {
  const ids = rows.map((r) => r.id);
  const [subs, imgs] = await Promise.all([
    repo.subcategoryIdsOf(ctx.db, ids),
    images.imagesByOwner(ctx, 'product_group', ids),
  ]);
  return rows.map((r) => wireGroup(r, subs.get(r.id) ?? [], imgs.get(r.id) ?? []));
}

const lockGroup: images.LockOwner = (tx, id) => repo.lockGroup(tx.db, id);

export async function productGroupExists(ctx: PublicCtx, id: number) {
  return Boolean(await repo.groupById(ctx.db, id));
}

export async function listProductGroups(ctx: PublicCtx, query: z.output<typeof productGroupListQuerySchema>) {
  const where = repo.groupWhere({ name: query.name, subcategory: query.subcategory, ids: anyIds(query) });
  const order = orderBy(query.order_by, repo.GROUP_ORDER, 'name', repo.GROUP_ORDER.id);
  const page = await repo.groupPage(ctx.db, where, order, pageWindow(query));
  const hydrated = new Map((await hydrateGroups(ctx, page.rows)).map((g) => [g.id, g]));
  return toPaged(page, (r) => hydrated.get(r.id)!);
}

export async function getProductGroup(ctx: PublicCtx, id: number): Promise<ProductGroup> {
  const row = await repo.groupById(ctx.db, id);
  if (!row) throw notFound();
  return (await hydrateGroups(ctx, [row]))[0]!;
}

async function checkSubcategories(ctx: PublicCtx, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.subcategoryIdsExisting(ctx.db, unique);
  if (found.length !== unique.length) throw fieldError(ERROR_CODES.validation, 'subcategories', MSG.notFound);
  return unique;
}

/** Multipart create: form fields validated with the shared schema, then the group and its images. */
export async function createProductGroup(ctx: Ctx, content: MultipartContent) {
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
  const subIds = await checkSubcategories(ctx, body.subcategories ?? []);
  const imageFiles = content.files.filter((x) => x.field === 'images' || x.field === 'image');
  const prepared = imageFiles.length ? await prepareImages(imageFiles, 'product_group') : [];
  return transaction(ctx, async (tx) => {
    const id = await repo.insertGroup(tx.db, {
      name: body.name,
      note: body.note ?? '',
      secondaryNote: body.secondary_note ?? '',
      shelfNote: body.shelf_note ?? '',
    });
    await repo.setGroupSubcategories(tx.db, id, subIds);
    await audit(tx, { entity: 'product_group', id, action: 'create', after: await getProductGroup(tx, id) });
    // The images join this transaction (and record their own 'add_images' event).
    if (prepared.length) await images.addImages(tx, 'product_group', id, prepared, lockGroup);
    return getProductGroup(tx, id);
  });
}

export async function updateProductGroup(ctx: Ctx, id: number, body: z.output<typeof productGroupPatchSchema>) {
  return transaction(ctx, async (tx) => {
    const before = await getProductGroup(tx, id);
    const subIds = body.subcategories !== undefined ? await checkSubcategories(tx, body.subcategories) : undefined;
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.secondary_note !== undefined ? { secondaryNote: body.secondary_note } : {}),
      ...(body.shelf_note !== undefined ? { shelfNote: body.shelf_note } : {}),
    };
    if (Object.keys(values).length) await repo.updateGroup(tx.db, id, values);
    if (subIds) await repo.setGroupSubcategories(tx.db, id, subIds);
    const after = await getProductGroup(tx, id);
    await audit(tx, { entity: 'product_group', id, action: 'update', before, after });
    return after;
  });
}

export async function addProductGroupImages(ctx: Ctx, id: number, files: UploadedFile[]) {
  if (!(await repo.groupById(ctx.db, id))) throw notFound();
  const prepared = await prepareImages(files, 'product_group');
  await images.addImages(ctx, 'product_group', id, prepared, lockGroup);
  return getProductGroup(ctx, id);
}

export async function deleteProductGroup(ctx: Ctx, id: number) {
  return transaction(ctx, async (tx) => {
    const before = await getProductGroup(tx, id);
    for (const l of await repo.linksOfGroup(tx.db, id)) await repo.removeFromSubcategory(tx.db, l.subcategoryId, id);
    await images.deleteAllImages(tx, 'product_group', [id]);
    await repo.deleteGroup(tx.db, id);
    await audit(tx, { entity: 'product_group', id, action: 'delete', before });
    return { detail: MSG.deleted(before.name) };
  });
}

export const deleteProductGroupImage = (ctx: Ctx, imageId: number) =>
  images.deleteImage(ctx, 'product_group', null, imageId, lockGroup);

export const moveProductGroupImage = (ctx: Ctx, id: number, body: images.MoveTarget) =>
  images.moveImage(ctx, 'product_group', id, body, lockGroup);

/** CSV imports: product groups by lower-cased name; the missing ones are created (and audited). */
export async function ensureProductGroups(ctx: Ctx, names: string[]) {
  return transaction(ctx, async (tx) => {
    const { map, created } = await repo.ensureGroups(tx.db, names);
    await audit(
      tx,
      ...created.map((g) => ({
        entity: 'product_group' as const,
        id: g.id,
        action: 'create',
        after: wireGroup(g, [], []),
      })),
    );
    return map;
  });
}

// Subcategories

type SubRow = Awaited<ReturnType<typeof repo.subcategoryRows>>[number];
const wireSub = (r: SubRow, groups: Subcategory['groups'] = []): Subcategory => ({
  id: r.s.id,
  name: r.s.name,
  category: r.s.categoryId === null ? null : { id: r.s.categoryId, name: r.categoryName ?? '' },
  index: r.s.index,
  groups,
  group_count: r.groupCount,
});

/** A page of subcategories; with all=true every one as a plain array (SPEC 7). */
export async function listSubcategories(ctx: PublicCtx, query: z.output<typeof subcategoryListQuerySchema>) {
  const where = repo.subcategoryWhere({ name: query.name, category: query.category });
  const order = orderBy(query.order_by, repo.SUBCATEGORY_ORDER, 'index', repo.SUBCATEGORY_ORDER.id);
  if (query.all) return (await repo.subcategoryRows(ctx.db, where, order)).map((r) => wireSub(r));
  return toPaged(await repo.subcategoryPage(ctx.db, where, order, pageWindow(query)), (r) => wireSub(r));
}

export async function getSubcategory(ctx: PublicCtx, id: number): Promise<Subcategory> {
  const [row] = await repo.subcategoryRows(ctx.db, repo.subcategoryWhere({ id }), [], { limit: 1, offset: 0 });
  if (!row) throw notFound();
  const links = await repo.subcategoryLinks(ctx.db, id);
  const groups = await hydrateGroups(
    ctx,
    await repo.groupsByIds(
      ctx.db,
      links.map((l) => l.productGroupId),
    ),
  );
  const byId = new Map(groups.map((g) => [g.id, g]));
  return wireSub(
    row,
    links.filter((l) => byId.has(l.productGroupId)).map((l) => ({ ...byId.get(l.productGroupId)!, index: l.index })),
  );
}

async function checkSubCategory(ctx: PublicCtx, category: number | null | undefined) {
  if (category != null) await checkCategories(ctx, [category], ['LINE_ITEM', 'ATTACHMENT'], 'category');
}

export async function createSubcategory(ctx: Ctx, body: z.output<typeof subcategoryBodySchema>) {
  await checkSubCategory(ctx, body.category);
  return transaction(ctx, async (tx) => {
    const id = await repo.insertSubcategory(tx.db, {
      name: body.name,
      categoryId: body.category ?? null,
      index: body.index ?? 0,
    });
    const after = await getSubcategory(tx, id);
    await audit(tx, { entity: 'subcategory', id, action: 'create', after });
    return after;
  });
}

export async function updateSubcategory(ctx: Ctx, id: number, body: z.output<typeof subcategoryPatchSchema>) {
  await checkSubCategory(ctx, body.category);
  return transaction(ctx, async (tx) => {
    const before = await getSubcategory(tx, id);
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.category !== undefined ? { categoryId: body.category } : {}),
      ...(body.index !== undefined ? { index: body.index } : {}),
    };
    if (Object.keys(values).length) await repo.updateSubcategory(tx.db, id, values);
    const after = await getSubcategory(tx, id);
    await audit(tx, { entity: 'subcategory', id, action: 'update', before, after });
    return after;
  });
}

export async function deleteSubcategory(ctx: Ctx, id: number) {
  return transaction(ctx, async (tx) => {
    const before = await getSubcategory(tx, id);
    await repo.deleteSubcategory(tx.db, id);
    await audit(tx, { entity: 'subcategory', id, action: 'delete', before });
    return { detail: MSG.deleted(before.name) };
  });
}

/** The order of a subcategory's groups, as audited: [{ group, index }]. */
const groupOrder = async (tx: PublicCtx, id: number) =>
  (await repo.subcategoryLinks(tx.db, id)).map((l) => ({ group: l.productGroupId, index: l.index }));

/** Changes the groups of a subcategory under its row lock, audited as `action` with the group order before and after. */
async function changeGroups(
  ctx: Ctx,
  id: number,
  groupId: number,
  action: string,
  work: (tx: PublicCtx) => Promise<void>,
) {
  return transaction(ctx, async (tx) => {
    if (!(await repo.groupById(tx.db, groupId))) {
      throw fieldError(ERROR_CODES.validation, 'group', MSG.unknownProductGroup);
    }
    if (!(await repo.lockSubcategory(tx.db, id))) throw notFound();
    const before = await groupOrder(tx, id);
    await work(tx);
    await audit(tx, { entity: 'subcategory', id, action, before, after: await groupOrder(tx, id) });
    return getSubcategory(tx, id);
  });
}

export const addGroupToSubcategory = (ctx: Ctx, id: number, groupId: number) =>
  changeGroups(ctx, id, groupId, 'add_group', (tx) => repo.appendToSubcategory(tx.db, id, groupId));

export const removeGroupFromSubcategory = (ctx: Ctx, id: number, groupId: number) =>
  changeGroups(ctx, id, groupId, 'remove_group', async (tx) => {
    if (!(await repo.removeFromSubcategory(tx.db, id, groupId))) {
      throw fieldError(ERROR_CODES.validation, 'group', MSG.unknownProductGroup);
    }
  });

/** Moves a group to a new position in the subcategory; the groups in between shift by one. */
export const moveGroupInSubcategory = (ctx: Ctx, id: number, groupId: number, index: number) =>
  changeGroups(ctx, id, groupId, 'move_group', async (tx) => {
    const links = await repo.subcategoryLinks(tx.db, id);
    const order = links.map((l) => l.productGroupId);
    if (!order.includes(groupId)) throw fieldError(ERROR_CODES.validation, 'group', MSG.unknownProductGroup);
    const without = order.filter((g) => g !== groupId);
    without.splice(Math.min(index, without.length), 0, groupId);
    const current = new Map(links.map((l) => [l.productGroupId, l.index]));
    for (const [pos, g] of without.entries()) {
      if (current.get(g) !== pos) await repo.setLinkIndex(tx.db, id, g, pos);
    }
  });

/** Product group names by id (CSV export). */
export const productGroupNames = (ctx: PublicCtx) => repo.groupNamesById(ctx.db);

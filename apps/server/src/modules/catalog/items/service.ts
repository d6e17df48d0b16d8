import type { Db, Executor, schema } from '@cab/db';
import {
  type bulkUpdateBodySchema,
  ERROR_CODES,
  type LineItem,
  type lineItemBodySchema,
  lineItemIssues,
  type lineItemListQuerySchema,
  type lineItemPatchSchema,
  MSG,
  parseMoney,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import { fieldError, notFound } from '../../../http/errors.ts';
import { checkCategories } from '../categories/service.ts';
import {
  deleted,
  fieldErrors,
  idList,
  isUniqueViolation,
  mergeFilters,
  orderBy,
  paging,
  requestedIds,
  resolveTags,
  textFilter,
} from '../common.ts';
import { getProductGroup, productGroupExists } from '../groups/service.ts';
import * as repo from './repository.ts';

type ListQuery = z.output<typeof lineItemListQuerySchema>;
type Body = z.output<typeof lineItemBodySchema>;
type Patch = z.output<typeof lineItemPatchSchema>;
type Insert = typeof schema.lineItems.$inferInsert;

/** Which rows an endpoint sees: /items/ every line item, /attachments/ only attachments. */
export type ItemScope = 'items' | 'attachments';

export function toWireItem(row: repo.ItemRow, tags: LineItem['tags']): LineItem {
  return {
    id: row.id,
    manufacturer_code: row.manufacturerCode,
    price: toWire(row.priceCents),
    description: row.description,
    category: row.categoryId === null ? null : { id: row.categoryId, name: row.categoryName ?? '' },
    base_category: row.baseCategory,
    width: row.width,
    height: row.height,
    depth: row.depth,
    hinge: row.hinge,
    nb_base_door: row.nbBaseDoor,
    nb_door_pull: row.nbDoorPull,
    nb_drawer: row.nbDrawer,
    nb_drawer_pull: row.nbDrawerPull,
    nb_tall_door: row.nbTallDoor,
    nb_wall_door: row.nbWallDoor,
    nb_adjustable_shelf: row.nbAdjustableShelf,
    export_name_1: row.exportName1,
    export_name_2: row.exportName2,
    export_name_3: row.exportName3,
    export_name_4: row.exportName4,
    tags,
    product_group: row.productGroupId,
    is_attachment: row.isAttachment,
    manual_work_required: row.manualWorkRequired,
    export_with_finish_side: row.exportWithFinishSide,
    is_corner_cabinet: row.isCornerCabinet,
  };
}

/** SPEC 9: line items and attachments show 50 a page. */
const DEFAULT_PAGE_SIZE = 50;

export async function listItems(db: Executor, scope: ItemScope, rawQuery: ListQuery) {
  const query = mergeFilters(rawQuery);
  const where = repo.itemWhere({
    ids: requestedIds(query),
    code: textFilter(query.manufacturer_code) ?? textFilter(query.code),
    description: textFilter(query.description),
    categories: idList([...(query.categories ?? []), ...(query['categories[]'] ?? [])]),
    baseCategory: query.base_category,
    productGroup: query.product_group ? Number(query.product_group) : undefined,
    exportName: query.export_name === 'YES' || query.export_name === 'NO' ? query.export_name : undefined,
    isAttachment: scope === 'attachments' ? true : query.is_attachment,
  });
  const order = orderBy(query.order_by, repo.ITEM_ORDER_KEYS, '-id', repo.ITEM_ORDER_KEYS.id);
  const { limit, offset } = paging(query, DEFAULT_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    repo.listItemRows(db, where, order, limit, offset),
    repo.countItems(db, where),
  ]);
  const tags = await repo.itemTags(
    db,
    rows.map((r) => r.id),
  );
  return { results: rows.map((r) => toWireItem(r, tags.get(r.id) ?? [])), total };
}

export async function allItems(db: Executor, scope: ItemScope): Promise<LineItem[]> {
  const where = repo.itemWhere({ isAttachment: scope === 'attachments' ? true : undefined });
  const rows = await repo.listItemRows(
    db,
    where,
    orderBy('manufacturer_code', repo.ITEM_ORDER_KEYS, 'id', repo.ITEM_ORDER_KEYS.id),
    undefined,
    0,
  );
  const tags = await repo.itemTags(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWireItem(r, tags.get(r.id) ?? []));
}

export async function getItem(db: Executor, scope: ItemScope, id: number): Promise<LineItem> {
  const where = repo.itemWhere({ ids: [id], isAttachment: scope === 'attachments' ? true : undefined });
  const [row] = await repo.listItemRows(db, where, [], 1, 0);
  if (!row) throw notFound();
  const tags = await repo.itemTags(db, [id]);
  return toWireItem(row, tags.get(id) ?? []);
}

/** Body (or patch merged over the stored row) -> columns, after the SPEC 5 and database checks. */
async function prepareItem(
  db: Executor,
  body: Body | Patch,
  existing: typeof schema.lineItems.$inferSelect | null,
  isAttachment: boolean,
) {
  const issues = lineItemIssues({
    is_attachment: isAttachment,
    export_name_1: body.export_name_1 ?? existing?.exportName1 ?? '',
  });
  if (Object.keys(issues).length) throw fieldErrors(issues);
  if (body.category !== undefined) {
    await checkCategories(db, [body.category], [isAttachment ? 'ATTACHMENT' : 'LINE_ITEM'], 'category');
  }
  if (body.product_group != null && !(await productGroupExists(db, body.product_group))) {
    throw fieldError(ERROR_CODES.validation, 'product_group', MSG.unknownProductGroup);
  }
  return itemColumns(body);
}

/** Wire body -> table columns, only for the fields that were sent. */
export function itemColumns(body: Partial<Body>): Partial<Insert> {
  const c: Partial<Insert> = {};
  const set = <K extends keyof Insert>(key: K, value: Insert[K] | undefined) => {
    if (value !== undefined) c[key] = value;
  };
  set('manufacturerCode', body.manufacturer_code);
  if (body.price !== undefined) c.priceCents = parseMoney(body.price)!;
  set('description', body.description);
  set('categoryId', body.category);
  set('baseCategory', body.base_category);
  set('width', body.width);
  set('height', body.height);
  set('depth', body.depth);
  set('hinge', body.hinge);
  set('nbBaseDoor', body.nb_base_door);
  set('nbDoorPull', body.nb_door_pull);
  set('nbDrawer', body.nb_drawer);
  set('nbDrawerPull', body.nb_drawer_pull);
  set('nbTallDoor', body.nb_tall_door);
  set('nbWallDoor', body.nb_wall_door);
  set('nbAdjustableShelf', body.nb_adjustable_shelf);
  set('exportName1', body.export_name_1);
  set('exportName2', body.export_name_2);
  set('exportName3', body.export_name_3);
  set('exportName4', body.export_name_4);
  set('productGroupId', body.product_group);
  set('isAttachment', body.is_attachment);
  set('manualWorkRequired', body.manual_work_required);
  set('exportWithFinishSide', body.export_with_finish_side);
  set('isCornerCabinet', body.is_corner_cabinet);
  return c;
}

const codeTaken = () => fieldError(ERROR_CODES.validation, 'manufacturer_code', MSG.codeTaken);

export async function createItem(db: Db, scope: ItemScope, body: Body) {
  const isAttachment = scope === 'attachments' || body.is_attachment === true;
  const columns = await prepareItem(db, body, null, isAttachment);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const newId = await repo.insertItem(tx, {
        ...(columns as Insert),
        manufacturerCode: body.manufacturer_code,
        priceCents: parseMoney(body.price)!,
        isAttachment,
      });
      if (body.tags?.length) {
        const tagIds = await resolveTags(tx, body.tags);
        await repo.replaceItemTags(
          tx,
          [newId],
          tagIds.map((tagId) => ({ lineItemId: newId, tagId })),
        );
      }
      return newId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return getItem(db, scope, id);
}

export async function updateItem(db: Db, scope: ItemScope, id: number, body: Patch) {
  const existing = await repo.itemById(db, id);
  if (!existing || (scope === 'attachments' && !existing.isAttachment)) throw notFound();
  const isAttachment = body.is_attachment ?? existing.isAttachment;
  const columns = await prepareItem(db, body, existing, isAttachment);
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(columns).length) await repo.updateItem(tx, id, columns);
      if (body.tags !== undefined) {
        const tagIds = await resolveTags(tx, body.tags);
        await repo.replaceItemTags(
          tx,
          [id],
          tagIds.map((tagId) => ({ lineItemId: id, tagId })),
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return getItem(db, scope, id);
}

export async function deleteItem(db: Db, scope: ItemScope, id: number) {
  const existing = await repo.itemById(db, id);
  if (!existing || (scope === 'attachments' && !existing.isAttachment)) throw notFound();
  await repo.deleteItem(db, id);
  return deleted(existing.manufacturerCode);
}

/**
 * Bulk update (SPEC 5, 7): every sent value that is not null (NO CHANGE) is applied to every id,
 * in one transaction. Answers how many items were updated.
 */
export async function bulkUpdate(db: Db, body: z.output<typeof bulkUpdateBodySchema>) {
  const d = body.data;
  const values: Partial<Insert> = {};
  if (d.manual_work_required != null) values.manualWorkRequired = d.manual_work_required;
  if (d.export_with_finish_side != null) values.exportWithFinishSide = d.export_with_finish_side;
  if (d.is_corner_cabinet != null) values.isCornerCabinet = d.is_corner_cabinet;
  if (d.base_category != null) values.baseCategory = d.base_category;
  if (d.hinge != null) values.hinge = d.hinge;
  if (d.price != null) values.priceCents = parseMoney(d.price)!;
  if (d.category != null) {
    await checkCategories(db, [d.category], ['LINE_ITEM', 'ATTACHMENT'], 'category');
    values.categoryId = d.category;
  }
  if (d.product_group != null) {
    if (!(await productGroupExists(db, d.product_group))) {
      throw fieldError(ERROR_CODES.validation, 'product_group', MSG.unknownProductGroup);
    }
    values.productGroupId = d.product_group;
  }
  const ids = [...new Set(body.ids)];
  if (Object.keys(values).length === 0) return { updated: 0 };
  const updated = await db.transaction((tx) => repo.updateItems(tx, ids, values));
  return { updated };
}

export async function itemGroup(db: Db, id: number) {
  const item = await repo.itemById(db, id);
  if (!item) throw notFound();
  return item.productGroupId === null ? null : getProductGroup(db, item.productGroupId);
}

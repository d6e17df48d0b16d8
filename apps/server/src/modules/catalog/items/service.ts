import type { schema } from '@cab/db';
import {
  type LineItemBodyOut as Body,
  type bulkUpdateBodySchema,
  ERROR_CODES,
  type LineItem,
  type LineItemListQueryOut as ListQuery,
  lineItemIssues,
  MSG,
  type LineItemPatchOut as Patch,
  parseMoney,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx, PublicCtx } from '../../../kit/context.ts';
import { fieldError, fieldErrors, notFound } from '../../../kit/errors.ts';
import { jsonPage } from '../../../kit/json-rows.ts';
import { orderBy, pageWindow } from '../../../kit/list.ts';
import { rethrowUnique, transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { checkCategories } from '../categories/service.ts';
import { idFilter, idList, mergeFilters, requestedIds, textFilter } from '../filters.ts';
import { getProductGroup, productGroupExists } from '../groups/service.ts';
import { resolveTags, type TagRef } from '../tags/repository.ts';
import { catalogCached, queryKey } from '../version/service.ts';
import * as repo from './repository.ts';

type Insert = typeof schema.lineItems.$inferInsert;

/** Which rows an endpoint sees: /items/ every line item, /attachments/ only attachments. */
export type ItemScope = 'items' | 'attachments';

/** A row as the API sends it, in one pass (the list's cost is per row: docs/performance.md). */
function toWireItem(row: repo.ItemRow): LineItem {
  return {
    id: row.id,
    manufacturer_code: row.manufacturer_code,
    price: toWire(row.price_cents),
    description: row.description,
    category: row.category_id === null ? null : { id: row.category_id, name: row.category_name ?? '' },
    base_category: row.base_category,
    width: row.width,
    height: row.height,
    depth: row.depth,
    hinge: row.hinge,
    nb_base_door: row.nb_base_door,
    nb_door_pull: row.nb_door_pull,
    nb_drawer: row.nb_drawer,
    nb_drawer_pull: row.nb_drawer_pull,
    nb_tall_door: row.nb_tall_door,
    nb_wall_door: row.nb_wall_door,
    nb_adjustable_shelf: row.nb_adjustable_shelf,
    export_name_1: row.export_name_1,
    export_name_2: row.export_name_2,
    export_name_3: row.export_name_3,
    export_name_4: row.export_name_4,
    tags: row.tags,
    product_group: row.product_group_id,
    is_attachment: row.is_attachment,
    manual_work_required: row.manual_work_required,
    export_with_finish_side: row.export_with_finish_side,
    is_corner_cabinet: row.is_corner_cabinet,
  };
}

/** A page of line items, kept until the catalogue changes (version/service.ts). */
export function listItems(ctx: PublicCtx, scope: ItemScope, rawQuery: ListQuery) {
  return catalogCached(ctx, `items:${scope}:${queryKey(rawQuery)}`, () => drawItemPage(ctx, scope, rawQuery));
}

async function drawItemPage(ctx: PublicCtx, scope: ItemScope, rawQuery: ListQuery) {
  const query = mergeFilters(rawQuery);
  const where = repo.itemWhere({
    ids: requestedIds(query),
    code: textFilter(query.manufacturer_code) ?? textFilter(query.code),
    description: textFilter(query.description),
    categories: idList([...(query.categories ?? []), ...(query['categories[]'] ?? [])]),
    baseCategory: query.base_category,
    productGroup: idFilter(query.product_group),
    exportName: query.export_name === 'YES' || query.export_name === 'NO' ? query.export_name : undefined,
    isAttachment: scope === 'attachments' ? true : query.is_attachment,
  });
  const order = orderBy(query.order_by, repo.ITEM_ORDER, '-id', repo.ITEM_ORDER.id);
  return jsonPage<LineItem>(await repo.itemPage(ctx.db, where, order, pageWindow(query)));
}

export async function allItems(ctx: PublicCtx, scope: ItemScope): Promise<LineItem[]> {
  const where = repo.itemWhere({ isAttachment: scope === 'attachments' ? true : undefined });
  const rows = await repo.itemRows(
    ctx.db,
    where,
    orderBy('manufacturer_code', repo.ITEM_ORDER, 'id', repo.ITEM_ORDER.id),
  );
  return rows.map(toWireItem);
}

export async function getItem(ctx: PublicCtx, scope: ItemScope, id: number): Promise<LineItem> {
  const where = repo.itemWhere({ ids: [id], isAttachment: scope === 'attachments' ? true : undefined });
  const [row] = await repo.itemRows(ctx.db, where, [], { limit: 1, offset: 0 });
  if (!row) throw notFound();
  return toWireItem(row);
}

/** Body (or patch merged over the stored row) -> columns, after the SPEC 5 and database checks. */
async function prepareItem(
  ctx: PublicCtx,
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
    await checkCategories(ctx, [body.category], [isAttachment ? 'ATTACHMENT' : 'LINE_ITEM'], 'category');
  }
  if (body.product_group != null && !(await productGroupExists(ctx, body.product_group))) {
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

async function setItemTags(tx: PublicCtx, id: number, tags: TagRef[]) {
  const tagIds = await resolveTags(tx.db, tags);
  await repo.replaceItemTags(
    tx.db,
    [id],
    tagIds.map((tagId) => ({ lineItemId: id, tagId })),
  );
}

export async function createItem(ctx: Ctx, scope: ItemScope, body: Body) {
  const isAttachment = scope === 'attachments' || body.is_attachment === true;
  try {
    return await transaction(ctx, async (tx) => {
      const columns = await prepareItem(tx, body, null, isAttachment);
      const id = await repo.insertItem(tx.db, {
        ...(columns as Insert),
        manufacturerCode: body.manufacturer_code,
        priceCents: parseMoney(body.price)!,
        isAttachment,
      });
      if (body.tags?.length) await setItemTags(tx, id, body.tags);
      const after = await getItem(tx, scope, id);
      await audit(tx, { entity: 'line_item', id, action: 'create', after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, codeTaken);
  }
}

export async function updateItem(ctx: Ctx, scope: ItemScope, id: number, body: Patch) {
  try {
    return await transaction(ctx, async (tx) => {
      const existing = await repo.itemById(tx.db, id);
      if (!existing || (scope === 'attachments' && !existing.isAttachment)) throw notFound();
      const before = await getItem(tx, scope, id);
      const columns = await prepareItem(tx, body, existing, body.is_attachment ?? existing.isAttachment);
      if (Object.keys(columns).length) await repo.updateItem(tx.db, id, columns);
      if (body.tags !== undefined) await setItemTags(tx, id, body.tags);
      const after = await getItem(tx, scope, id);
      await audit(tx, { entity: 'line_item', id, action: 'update', before, after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, codeTaken);
  }
}

export async function deleteItem(ctx: Ctx, scope: ItemScope, id: number) {
  return transaction(ctx, async (tx) => {
    const existing = await repo.itemById(tx.db, id);
    if (!existing || (scope === 'attachments' && !existing.isAttachment)) throw notFound();
    const before = await getItem(tx, scope, id);
    await repo.deleteItem(tx.db, id);
    await audit(tx, { entity: 'line_item', id, action: 'delete', before });
    return { detail: MSG.deleted(existing.manufacturerCode) };
  });
}

/** The wire fields a bulk update can change, of one stored row. */
const bulkFields = (row: typeof schema.lineItems.$inferSelect) => ({
  manual_work_required: row.manualWorkRequired,
  export_with_finish_side: row.exportWithFinishSide,
  is_corner_cabinet: row.isCornerCabinet,
  base_category: row.baseCategory,
  hinge: row.hinge,
  price: toWire(row.priceCents),
  category: row.categoryId,
  product_group: row.productGroupId,
});
type BulkField = keyof ReturnType<typeof bulkFields>;

/**
 * Bulk update (SPEC 5, 7): every sent value that is not null (NO CHANGE) is applied to every id,
 * in one transaction, with one audit event per item holding the changed fields before and after.
 * Answers how many items were updated.
 */
export async function bulkUpdate(ctx: Ctx, body: z.output<typeof bulkUpdateBodySchema>) {
  const d = body.data;
  const values: Partial<Insert> = {};
  if (d.manual_work_required != null) values.manualWorkRequired = d.manual_work_required;
  if (d.export_with_finish_side != null) values.exportWithFinishSide = d.export_with_finish_side;
  if (d.is_corner_cabinet != null) values.isCornerCabinet = d.is_corner_cabinet;
  if (d.base_category != null) values.baseCategory = d.base_category;
  if (d.hinge != null) values.hinge = d.hinge;
  if (d.price != null) values.priceCents = parseMoney(d.price)!;
  if (d.category != null) {
    await checkCategories(ctx, [d.category], ['LINE_ITEM', 'ATTACHMENT'], 'category');
    values.categoryId = d.category;
  }
  if (d.product_group != null) {
    if (!(await productGroupExists(ctx, d.product_group))) {
      throw fieldError(ERROR_CODES.validation, 'product_group', MSG.unknownProductGroup);
    }
    values.productGroupId = d.product_group;
  }
  const ids = [...new Set(body.ids)];
  if (Object.keys(values).length === 0) return { updated: 0 };
  const changed = (Object.keys(d) as BulkField[]).filter((k) => d[k] != null);
  const pick = (row: typeof schema.lineItems.$inferSelect) => {
    const all = bulkFields(row);
    return Object.fromEntries(changed.map((k) => [k, all[k]]));
  };
  return transaction(ctx, async (tx) => {
    const before = new Map((await repo.lockItems(tx.db, ids)).map((r) => [r.id, pick(r)]));
    const rows = await repo.updateItems(tx.db, ids, values);
    await audit(
      tx,
      ...rows.map((r) => ({
        entity: 'line_item' as const,
        id: r.id,
        action: 'bulk_update',
        before: before.get(r.id),
        after: pick(r),
      })),
    );
    return { updated: rows.length };
  });
}

export async function itemGroup(ctx: PublicCtx, id: number) {
  const item = await repo.itemById(ctx.db, id);
  if (!item) throw notFound();
  return item.productGroupId === null ? null : getProductGroup(ctx, item.productGroupId);
}

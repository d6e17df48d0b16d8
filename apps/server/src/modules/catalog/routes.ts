import { drawSeedImage, isSeedImageKey } from '@cab/db';
import { catalogApi, ERROR_CODES, GROUP_MOVE_IMAGE_SPEC_PATH, MSG } from '@cab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { route } from '../../http/route.ts';
import { contentTypeOf, createStorage, type FileStorage, MEDIA_PREFIX } from '../../storage/index.ts';
import * as categories from './categories/service.ts';
import { csvFileMissing } from './csv.ts';
import * as groups from './groups/service.ts';
import { readMultipart } from './images.ts';
import * as itemsCsv from './items/csv.ts';
import * as items from './items/service.ts';
import * as premiumsCsv from './premiums/csv.ts';
import * as premiums from './premiums/service.ts';

/** Sends a CSV download; a Buffer bypasses the JSON serializer. */
function sendCsv(reply: FastifyReply, name: string, csv: string): Promise<string> {
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`);
  return Promise.resolve(Buffer.from(csv, 'utf8') as unknown as string);
}

export function catalogRoutes(
  app: FastifyInstance,
  { db, config }: AppDeps,
  storage: FileStorage = createStorage(config),
) {
  const maxBytes = config.uploadMaxBytes;
  const csvFile = async (req: import('fastify').FastifyRequest) => {
    const { files } = await readMultipart(req, maxBytes, 'file');
    const file = files.find((f) => f.field === 'file') ?? files[0];
    if (!file) throw csvFileMissing();
    return file.bytes;
  };
  const imageFiles = async (req: import('fastify').FastifyRequest) =>
    (await readMultipart(req, maxBytes, 'images')).files.filter((f) => f.field === 'images' || f.field === 'image');

  // Categories
  route(app, catalogApi.categoryList, ({ query }) => categories.listCategories(db, query));
  route(app, catalogApi.categoryDetail, ({ params }) => categories.getCategory(db, params.id));
  route(app, catalogApi.categoryCreate, ({ body }) => categories.createCategory(db, body));
  route(app, catalogApi.categoryUpdate, ({ params, body }) => categories.updateCategory(db, params.id, body));
  route(app, catalogApi.categoryDelete, ({ params }) => categories.deleteCategory(db, params.id));

  // Premiums
  route(app, catalogApi.premiumList, ({ params, query }) => premiums.listPremiums(db, params.kind, query));
  route(app, catalogApi.premiumCreate, ({ params, body }) => premiums.createPremium(db, params.kind, body));
  route(app, { ...catalogApi.premiumCreate, path: '/api/catalog/premiums/:kind/add/' }, ({ params, body }) =>
    premiums.createPremium(db, params.kind, body),
  );
  route(app, catalogApi.premiumDetail, ({ params }) => premiums.getPremium(db, params.kind, params.id));
  route(app, catalogApi.premiumUpdate, ({ params, body }) => premiums.updatePremium(db, params.kind, params.id, body));
  route(app, catalogApi.premiumDelete, ({ params }) => premiums.deletePremium(db, storage, params.kind, params.id));
  route(app, catalogApi.premiumImportCsv, async ({ params, req }) => {
    // Refuse drawer styles before reading the upload.
    if (params.kind === 'drawer_style') return premiumsCsv.importPremiums(db, params.kind, Buffer.alloc(0));
    return premiumsCsv.importPremiums(db, params.kind, await csvFile(req));
  });
  route(app, catalogApi.premiumExportCsv, async ({ params, reply }) =>
    sendCsv(reply, params.kind, await premiumsCsv.exportPremiums(db, params.kind)),
  );
  route(app, catalogApi.premiumAddImages, async ({ params, req }) =>
    premiums.addPremiumImages(db, storage, params.kind, params.id, await imageFiles(req)),
  );
  route(app, catalogApi.premiumDeleteImage, ({ params }) =>
    premiums.deletePremiumImage(db, storage, params.kind, params.id, params.imageId),
  );
  route(app, catalogApi.premiumMoveImage, ({ params, body }) =>
    premiums.movePremiumImage(db, params.kind, params.id, body),
  );

  // Premium groups
  route(app, catalogApi.premiumGroupList, ({ query }) => categories.listPremiumGroups(db, query.premium_type));
  route(app, catalogApi.premiumGroupCreate, ({ query, body }) =>
    categories.createPremiumGroup(db, query.premium_type, body),
  );
  route(app, catalogApi.premiumGroupUpdate, ({ params, body }) => categories.updatePremiumGroup(db, params.id, body));

  // Line items
  route(app, catalogApi.itemList, ({ query }) => items.listItems(db, 'items', query));
  route(app, catalogApi.itemCreate, ({ body }) => items.createItem(db, 'items', body));
  route(app, { ...catalogApi.itemCreate, path: '/api/catalog/items/add/' }, ({ body }) =>
    items.createItem(db, 'items', body),
  );
  route(app, catalogApi.itemDetail, ({ params }) => items.getItem(db, 'items', params.id));
  route(app, catalogApi.itemUpdate, ({ params, body }) => items.updateItem(db, 'items', params.id, body));
  route(app, catalogApi.itemDelete, ({ params }) => items.deleteItem(db, 'items', params.id));
  route(app, catalogApi.itemBulkUpdate, ({ body }) => items.bulkUpdate(db, body));
  route(app, catalogApi.itemGroup, ({ params }) => items.itemGroup(db, params.id));
  route(app, catalogApi.itemImportCsv, async ({ req }) => itemsCsv.importItems(db, 'items', await csvFile(req)));
  route(app, catalogApi.itemExportCsv, async ({ reply }) =>
    sendCsv(reply, 'line_items', await itemsCsv.exportItems(db, 'items')),
  );

  // Attachments
  route(app, catalogApi.attachmentList, ({ query }) => items.listItems(db, 'attachments', query));
  route(app, catalogApi.attachmentCreate, ({ body }) => items.createItem(db, 'attachments', body));
  route(app, { ...catalogApi.attachmentCreate, path: '/api/catalog/attachments/add/' }, ({ body }) =>
    items.createItem(db, 'attachments', body),
  );
  route(app, catalogApi.attachmentDetail, ({ params }) => items.getItem(db, 'attachments', params.id));
  route(app, catalogApi.attachmentUpdate, ({ params, body }) => items.updateItem(db, 'attachments', params.id, body));
  route(app, catalogApi.attachmentDelete, ({ params }) => items.deleteItem(db, 'attachments', params.id));
  route(app, catalogApi.attachmentImportCsv, async ({ req }) =>
    itemsCsv.importItems(db, 'attachments', await csvFile(req)),
  );
  route(app, catalogApi.attachmentExportCsv, async ({ reply }) =>
    sendCsv(reply, 'attachments', await itemsCsv.exportItems(db, 'attachments')),
  );

  // Product groups
  route(app, catalogApi.groupList, ({ query }) => groups.listProductGroups(db, query));
  route(app, catalogApi.groupCreate, async ({ req }) =>
    groups.createProductGroup(db, storage, await readMultipart(req, maxBytes, 'images')),
  );
  route(app, catalogApi.groupDetail, ({ params }) => groups.getProductGroup(db, params.id));
  route(app, catalogApi.groupUpdate, ({ params, body }) => groups.updateProductGroup(db, params.id, body));
  route(app, catalogApi.groupAddImages, async ({ params, req }) =>
    groups.addProductGroupImages(db, storage, params.id, await imageFiles(req)),
  );
  route(app, catalogApi.groupDelete, ({ params }) => groups.deleteProductGroup(db, storage, params.id));
  route(app, catalogApi.groupDeleteImage, ({ params }) => groups.deleteProductGroupImage(db, storage, params.id));
  route(app, catalogApi.groupMoveImage, ({ params, body }) => groups.moveProductGroupImage(db, params.id, body));
  route(app, { ...catalogApi.groupMoveImage, path: GROUP_MOVE_IMAGE_SPEC_PATH }, ({ params, body }) =>
    groups.moveProductGroupImage(db, params.id, body),
  );

  // Subcategories
  route(app, catalogApi.subcategoryList, ({ query }) => groups.listSubcategories(db, query));
  route(app, catalogApi.subcategoryCreate, ({ body }) => groups.createSubcategory(db, body));
  route(app, catalogApi.subcategoryDetail, ({ params }) => groups.getSubcategory(db, params.id));
  route(app, catalogApi.subcategoryUpdate, ({ params, body }) => groups.updateSubcategory(db, params.id, body));
  route(app, catalogApi.subcategoryDelete, ({ params }) => groups.deleteSubcategory(db, params.id));
  route(app, catalogApi.subcategoryMoveGroup, ({ params, body }) =>
    groups.moveGroupInSubcategory(db, params.id, body.group, body.index),
  );
  route(app, catalogApi.subcategoryAddGroup, ({ params, body }) =>
    groups.addGroupToSubcategory(db, params.id, body.group),
  );
  route(app, catalogApi.subcategoryRemoveGroup, ({ params, body }) =>
    groups.removeGroupFromSubcategory(db, params.id, body.group),
  );

  route(app, catalogApi.validate, ({ body }) => premiums.validateCombination(db, body));

  // Stored files. Public: an <img> cannot send the token, and SPEC 2 lets anyone view an image.
  // Keys are random UUIDs; seed drawings are rendered on first request and then kept.
  app.get(`${MEDIA_PREFIX}*`, { config: { access: 'public' } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    let bytes: Buffer | null = null;
    try {
      bytes = await storage.get(key);
    } catch {
      bytes = null;
    }
    if (!bytes && isSeedImageKey(key)) {
      bytes = drawSeedImage(key);
      if (bytes) await storage.put(key, bytes, 'image/png').catch(() => {});
    }
    if (!bytes) return reply.code(404).send({ code: ERROR_CODES.notFound, message: MSG.notFound });
    return reply
      .type(contentTypeOf(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}

import { catalogApi, ERROR_CODES, GROUP_MOVE_IMAGE_SPEC_PATH, MSG } from '@cab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readOneFile, type UploadedFile, withFiles, withMultipart, withUploads } from '../../http/multipart.ts';
import { contextOf, route } from '../../http/route.ts';
import type { PublicCtx } from '../../kit/context.ts';
import { sendCsv } from '../../kit/file-answer.ts';
import { contentTypeOf, MEDIA_PREFIX } from '../../storage/index.ts';
import * as categories from './categories/service.ts';
import { csvFileMissing } from './csv.ts';
import * as groups from './groups/service.ts';
import * as images from './images/service.ts';
import * as itemsCsv from './items/csv.ts';
import * as items from './items/service.ts';
import * as premiumsCsv from './premiums/csv.ts';
import * as premiums from './premiums/service.ts';
import { catalogChanged } from './version/service.ts';

/** The uploads of a request, each at most the configured size. */
const csvFile = (ctx: PublicCtx, req: FastifyRequest) =>
  readOneFile(req, ctx.config.uploadMaxBytes, 'file', csvFileMissing);
/** Runs `use` with the request's images (on disk until it returns). */
const withImages = <T>(ctx: PublicCtx, req: FastifyRequest, use: (files: UploadedFile[]) => Promise<T>) =>
  withFiles(req, ctx.config.uploadMaxBytes, ['images', 'image'], use);

/** A catalogue write: an admin's non-GET call under /api/catalog/ (validate is a read). */
const isCatalogWrite = (req: FastifyRequest) =>
  req.method !== 'GET' &&
  req.method !== 'HEAD' &&
  req.routeOptions.url?.startsWith('/api/catalog/') === true &&
  req.routeOptions.config.access !== 'authenticated';

/**
 * Every successful catalogue write of `scope` moves the catalogue's version before its answer
 * leaves, so the cached catalogue pages of every server process are drawn again on their next
 * request. A hook of the catalogue's contexts only (and the 2020 upload's), not of every call.
 */
export function moveCatalogVersionOnWrites(scope: FastifyInstance) {
  scope.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 && isCatalogWrite(req)) await catalogChanged(contextOf(req));
    return payload;
  });
}

/** The catalogue's routes, in a context of their own that reads uploads (images, CSV imports). */
export function catalogRoutes(app: FastifyInstance) {
  withUploads(app, (catalog) => {
    moveCatalogVersionOnWrites(catalog);
    catalogScopeRoutes(catalog);
  });
}

function catalogScopeRoutes(app: FastifyInstance) {
  // Categories
  route(app, catalogApi.categoryList, ({ ctx, query }) => categories.listCategories(ctx, query));
  route(app, catalogApi.categoryDetail, ({ ctx, params }) => categories.getCategory(ctx, params.id));
  route(app, catalogApi.categoryCreate, ({ ctx, body }) => categories.createCategory(ctx, body));
  route(app, catalogApi.categoryUpdate, ({ ctx, params, body }) => categories.updateCategory(ctx, params.id, body));
  route(app, catalogApi.categoryDelete, ({ ctx, params }) => categories.deleteCategory(ctx, params.id));

  // Premiums
  route(app, catalogApi.premiumList, ({ ctx, params, query }) => premiums.listPremiums(ctx, params.kind, query));
  route(app, catalogApi.premiumCreate, ({ ctx, params, body }) => premiums.createPremium(ctx, params.kind, body));
  route(
    app,
    { ...catalogApi.premiumCreate, path: '/api/catalog/premiums/:kind/add/', operationId: 'catalog.premiumAdd' },
    ({ ctx, params, body }) => premiums.createPremium(ctx, params.kind, body),
  );
  route(app, catalogApi.premiumDetail, ({ ctx, params }) => premiums.getPremium(ctx, params.kind, params.id));
  route(app, catalogApi.premiumUpdate, ({ ctx, params, body }) =>
    premiums.updatePremium(ctx, params.kind, params.id, body),
  );
  route(app, catalogApi.premiumDelete, ({ ctx, params, query }) =>
    premiums.deletePremium(ctx, params.kind, params.id, query.unlink === true),
  );
  route(app, catalogApi.premiumImportCsv, ({ ctx, params, req }) =>
    premiumsCsv.importPremiums(ctx, params.kind, () => csvFile(ctx, req)),
  );
  route(app, catalogApi.premiumExportCsv, async ({ ctx, params, reply }) =>
    sendCsv(reply, params.kind, await premiumsCsv.exportPremiums(ctx, params.kind)),
  );
  route(app, catalogApi.premiumAddImages, ({ ctx, params, req }) =>
    withImages(ctx, req, (files) => premiums.addPremiumImages(ctx, params.kind, params.id, files)),
  );
  route(app, catalogApi.premiumDeleteImage, ({ ctx, params }) =>
    premiums.deletePremiumImage(ctx, params.kind, params.id, params.imageId),
  );
  route(app, catalogApi.premiumMoveImage, ({ ctx, params, body }) =>
    premiums.movePremiumImage(ctx, params.kind, params.id, body),
  );

  // Premium groups
  route(app, catalogApi.premiumGroupList, ({ ctx, query }) => categories.listPremiumGroups(ctx, query.premium_type));
  route(app, catalogApi.premiumGroupCreate, ({ ctx, query, body }) =>
    categories.createPremiumGroup(ctx, query.premium_type, body),
  );
  route(app, catalogApi.premiumGroupUpdate, ({ ctx, params, body }) =>
    categories.updatePremiumGroup(ctx, params.id, body),
  );

  // Line items
  // Many rows per answer: serialized without zod's re-validation (http/serialize.ts).
  route(app, catalogApi.itemList, ({ ctx, query }) => items.listItems(ctx, 'items', query));
  route(app, catalogApi.itemCreate, ({ ctx, body }) => items.createItem(ctx, 'items', body));
  route(
    app,
    { ...catalogApi.itemCreate, path: '/api/catalog/items/add/', operationId: 'catalog.itemAdd' },
    ({ ctx, body }) => items.createItem(ctx, 'items', body),
  );
  route(app, catalogApi.itemDetail, ({ ctx, params }) => items.getItem(ctx, 'items', params.id));
  route(app, catalogApi.itemUpdate, ({ ctx, params, body }) => items.updateItem(ctx, 'items', params.id, body));
  route(app, catalogApi.itemDelete, ({ ctx, params }) => items.deleteItem(ctx, 'items', params.id));
  route(app, catalogApi.itemBulkUpdate, ({ ctx, body }) => items.bulkUpdate(ctx, body));
  route(app, catalogApi.itemGroup, ({ ctx, params }) => items.itemGroup(ctx, params.id));
  route(app, catalogApi.itemImportCsv, async ({ ctx, req }) =>
    itemsCsv.importItems(ctx, 'items', await csvFile(ctx, req)),
  );
  route(app, catalogApi.itemExportCsv, async ({ ctx, reply }) =>
    sendCsv(reply, 'line_items', await itemsCsv.exportItems(ctx, 'items')),
  );

  // Attachments
  route(app, catalogApi.attachmentList, ({ ctx, query }) => items.listItems(ctx, 'attachments', query));
  route(app, catalogApi.attachmentCreate, ({ ctx, body }) => items.createItem(ctx, 'attachments', body));
  route(
    app,
    { ...catalogApi.attachmentCreate, path: '/api/catalog/attachments/add/', operationId: 'catalog.attachmentAdd' },
    ({ ctx, body }) => items.createItem(ctx, 'attachments', body),
  );
  route(app, catalogApi.attachmentDetail, ({ ctx, params }) => items.getItem(ctx, 'attachments', params.id));
  route(app, catalogApi.attachmentUpdate, ({ ctx, params, body }) =>
    items.updateItem(ctx, 'attachments', params.id, body),
  );
  route(app, catalogApi.attachmentDelete, ({ ctx, params }) => items.deleteItem(ctx, 'attachments', params.id));
  route(app, catalogApi.attachmentImportCsv, async ({ ctx, req }) =>
    itemsCsv.importItems(ctx, 'attachments', await csvFile(ctx, req)),
  );
  route(app, catalogApi.attachmentExportCsv, async ({ ctx, reply }) =>
    sendCsv(reply, 'attachments', await itemsCsv.exportItems(ctx, 'attachments')),
  );

  // Product groups
  route(app, catalogApi.groupList, ({ ctx, query }) => groups.listProductGroups(ctx, query));
  route(app, catalogApi.groupCreate, ({ ctx, req }) =>
    withMultipart(req, ctx.config.uploadMaxBytes, 'images', (form) => groups.createProductGroup(ctx, form)),
  );
  route(app, catalogApi.groupDetail, ({ ctx, params }) => groups.getProductGroup(ctx, params.id));
  route(app, catalogApi.groupUpdate, ({ ctx, params, body }) => groups.updateProductGroup(ctx, params.id, body));
  route(app, catalogApi.groupAddImages, ({ ctx, params, req }) =>
    withImages(ctx, req, (files) => groups.addProductGroupImages(ctx, params.id, files)),
  );
  route(app, catalogApi.groupDelete, ({ ctx, params }) => groups.deleteProductGroup(ctx, params.id));
  route(app, catalogApi.groupDeleteImage, ({ ctx, params }) => groups.deleteProductGroupImage(ctx, params.id));
  route(app, catalogApi.groupMoveImage, ({ ctx, params, body }) => groups.moveProductGroupImage(ctx, params.id, body));
  route(
    app,
    { ...catalogApi.groupMoveImage, path: GROUP_MOVE_IMAGE_SPEC_PATH, operationId: 'catalog.groupMoveImageSpecPath' },
    ({ ctx, params, body }) => groups.moveProductGroupImage(ctx, params.id, body),
  );

  // Subcategories
  route(app, catalogApi.subcategoryList, ({ ctx, query }) => groups.listSubcategories(ctx, query));
  route(app, catalogApi.subcategoryCreate, ({ ctx, body }) => groups.createSubcategory(ctx, body));
  route(app, catalogApi.subcategoryDetail, ({ ctx, params }) => groups.getSubcategory(ctx, params.id));
  route(app, catalogApi.subcategoryUpdate, ({ ctx, params, body }) => groups.updateSubcategory(ctx, params.id, body));
  route(app, catalogApi.subcategoryDelete, ({ ctx, params }) => groups.deleteSubcategory(ctx, params.id));
  route(app, catalogApi.subcategoryMoveGroup, ({ ctx, params, body }) =>
    groups.moveGroupInSubcategory(ctx, params.id, body.group, body.index),
  );
  route(app, catalogApi.subcategoryAddGroup, ({ ctx, params, body }) =>
    groups.addGroupToSubcategory(ctx, params.id, body.group),
  );
  route(app, catalogApi.subcategoryRemoveGroup, ({ ctx, params, body }) =>
    groups.removeGroupFromSubcategory(ctx, params.id, body.group),
  );

  route(app, catalogApi.validate, ({ ctx, body }) => premiums.validateCombination(ctx, body));

  // Stored files. Public: an <img> cannot send the token, and SPEC 2 lets anyone view an image.
  // Keys are random UUIDs.
  app.get(
    `${MEDIA_PREFIX}*`,
    {
      config: { access: 'public' },
      schema: { operationId: 'catalog.media', summary: 'A stored file (an image) by its key', security: [] },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const bytes = await images.mediaFile(contextOf(req), key);
      if (!bytes) return reply.code(404).send({ code: ERROR_CODES.notFound, message: MSG.notFound });
      return reply
        .type(contentTypeOf(key))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}

import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  attachmentListQuerySchema,
  bulkUpdateBodySchema,
  bulkUpdateResponseSchema,
  categoryBodySchema,
  categoryListQuerySchema,
  categoryPatchSchema,
  categorySchema,
  imagesSchema,
  importResultSchema,
  lineItemBodySchema,
  lineItemListQuerySchema,
  lineItemPatchSchema,
  lineItemSchema,
  moveImageBodySchema,
  PREMIUM_KINDS,
  premiumBodySchema,
  premiumDeleteQuerySchema,
  premiumGroupBodySchema,
  premiumGroupListQuerySchema,
  premiumGroupPatchSchema,
  premiumGroupSchema,
  premiumListQuerySchema,
  premiumPatchSchema,
  premiumSchema,
  productGroupListQuerySchema,
  productGroupPatchSchema,
  productGroupSchema,
  subcategoryBodySchema,
  subcategoryGroupBodySchema,
  subcategoryListQuerySchema,
  subcategoryMoveGroupBodySchema,
  subcategoryPatchSchema,
  subcategorySchema,
  validateBodySchema,
  validateResponseSchema,
} from './schemas.ts';

/** Catalogue writes are for admins; reads for every signed-in role (order builders pick from it). */
const api = endpointsFor(['catalog']);

const idParams = z.object({ id: idField() });
const kindParams = z.object({ kind: z.enum(PREMIUM_KINDS) });
const kindIdParams = kindParams.extend({ id: idField() });
const kindImageParams = kindIdParams.extend({ imageId: idField() });
const deletedSchema = z.object({ detail: z.string() });
/** CSV download: the body is text/csv, not JSON. */
const csvSchema = z.string();

const P = '/api/catalog/premiums/:kind';

/**
 * Multipart endpoints (import_csv, add_images, group create/add images) carry no JSON body
 * schema: the file field is `file` for CSV and `images` (repeatable) for images; other form fields
 * are listed in the summary.
 */
export const catalogApi = {
  // Categories (SPEC 7)
  categoryList: api.signedIn({
    method: 'GET',
    path: '/api/catalog/category/',
    summary: 'Categories: page, page_size, name (contains), category_type, id; answers { results, total }',
    query: categoryListQuerySchema,
    response: paged(categorySchema),
  }),
  categoryDetail: api.signedIn({
    method: 'GET',
    path: '/api/catalog/category/:id/',
    summary: 'One category',
    params: idParams,
    response: categorySchema,
  }),
  categoryCreate: api.admin({
    method: 'POST',
    path: '/api/catalog/category/',
    summary: 'Create a category of a premium type',
    body: categoryBodySchema,
    response: categorySchema,
    status: 201,
  }),
  categoryUpdate: api.admin({
    method: 'PATCH',
    path: '/api/catalog/category/:id/',
    summary: 'Rename a category or change its type',
    params: idParams,
    body: categoryPatchSchema,
    response: categorySchema,
  }),
  categoryDelete: api.admin({
    method: 'DELETE',
    path: '/api/catalog/category/:id/',
    summary: 'Delete a category (premiums and items lose it)',
    params: idParams,
    response: deletedSchema,
  }),

  // Premiums of every kind: wood_species, door_style, drawer_style, finish_option, finished_side
  premiumList: api.signedIn({
    method: 'GET',
    path: `${P}/`,
    summary:
      'Premiums of a kind: page, page_size, code, description, categories, door_style, wood_species, filters (JSON), select, order_by (comma-joined, -desc, default -id), id[] with multiple',
    params: kindParams,
    query: premiumListQuerySchema,
    response: paged(premiumSchema),
  }),
  premiumCreate: api.admin({
    method: 'POST',
    path: `${P}/`,
    summary: 'Add a premium (also served at .../add/); finished sides: refused with 405',
    params: kindParams,
    body: premiumBodySchema,
    response: premiumSchema,
    status: 201,
  }),
  premiumDetail: api.signedIn({
    method: 'GET',
    path: `${P}/:id/`,
    summary: 'One premium',
    params: kindIdParams,
    response: premiumSchema,
  }),
  premiumUpdate: api.admin({
    method: 'PATCH',
    path: `${P}/:id/`,
    summary: 'Change a premium; a price clears the percentage and back',
    params: kindIdParams,
    body: premiumPatchSchema,
    response: premiumSchema,
  }),
  premiumDelete: api.admin({
    method: 'DELETE',
    path: `${P}/:id/`,
    summary:
      'Delete a premium and its images (finished sides: refused with 405); a finish option that wood species offer answers 409 with them unless unlink=true',
    params: kindIdParams,
    query: premiumDeleteQuerySchema,
    response: deletedSchema,
  }),
  premiumImportCsv: api.admin({
    method: 'POST',
    path: `${P}/import_csv/`,
    summary: 'Multipart `file`: CSV with SPEC 3 column names, upsert by code (drawer styles: refused with 405)',
    params: kindParams,
    response: importResultSchema,
  }),
  premiumExportCsv: api.admin({
    method: 'GET',
    path: `${P}/export_csv/`,
    summary: 'Every premium of the kind as CSV, in the import columns',
    params: kindParams,
    response: csvSchema,
  }),
  premiumAddImages: api.admin({
    method: 'POST',
    path: `${P}/:id/add_images/`,
    summary: 'Multipart `images` (png, gif, jpeg; several): appended after the existing images; answers the image list',
    params: kindIdParams,
    response: imagesSchema,
  }),
  premiumDeleteImage: api.admin({
    method: 'DELETE',
    path: `${P}/:id/delete_image/:imageId/`,
    summary: 'Delete an image; later images move up one index; answers the image list',
    params: kindImageParams,
    response: imagesSchema,
  }),
  premiumMoveImage: api.admin({
    method: 'POST',
    path: `${P}/:id/move_image/`,
    summary:
      'Move image `moved` above `above` or under `under` (going_up decides when both are given); answers the image list',
    params: kindIdParams,
    body: moveImageBodySchema,
    response: imagesSchema,
  }),

  // Premium groups (headers)
  premiumGroupList: api.signedIn({
    method: 'GET',
    path: '/api/catalog/premium_groups/',
    summary: 'Premium groups, optionally of one premium_type, by index',
    query: premiumGroupListQuerySchema,
    response: z.array(premiumGroupSchema),
  }),
  premiumGroupCreate: api.admin({
    method: 'POST',
    path: '/api/catalog/premium_groups/',
    summary: 'Create a group: ?premium_type=..., body { name, index }',
    query: premiumGroupListQuerySchema,
    body: premiumGroupBodySchema,
    response: premiumGroupSchema,
    status: 201,
  }),
  premiumGroupUpdate: api.admin({
    method: 'PATCH',
    path: '/api/catalog/premium_groups/:id/',
    summary: 'Change the index (or name) of a group',
    params: idParams,
    body: premiumGroupPatchSchema,
    response: premiumGroupSchema,
  }),

  // Line items (and attachments, which are line items with is_attachment)
  itemList: api.signedIn({
    method: 'GET',
    path: '/api/catalog/items/',
    summary:
      'Line items: page, page_size (50), manufacturer_code, description, categories, export_name YES/NO, is_attachment, filters (JSON), order_by, id[] with multiple',
    query: lineItemListQuerySchema,
    response: paged(lineItemSchema),
  }),
  itemCreate: api.admin({
    method: 'POST',
    path: '/api/catalog/items/',
    summary: 'Add a line item (also served at /api/catalog/items/add/)',
    body: lineItemBodySchema,
    response: lineItemSchema,
    status: 201,
  }),
  itemDetail: api.signedIn({
    method: 'GET',
    path: '/api/catalog/items/:id/',
    summary: 'One line item',
    params: idParams,
    response: lineItemSchema,
  }),
  itemUpdate: api.admin({
    method: 'PATCH',
    path: '/api/catalog/items/:id/',
    summary: 'Change a line item',
    params: idParams,
    body: lineItemPatchSchema,
    response: lineItemSchema,
  }),
  itemDelete: api.admin({
    method: 'DELETE',
    path: '/api/catalog/items/:id/',
    summary: 'Delete a line item',
    params: idParams,
    response: deletedSchema,
  }),
  itemBulkUpdate: api.admin({
    method: 'PATCH',
    path: '/api/catalog/items/bulk_update/',
    summary: 'Apply data to every id in one transaction; null (NO CHANGE) values are not applied',
    body: bulkUpdateBodySchema,
    response: bulkUpdateResponseSchema,
  }),
  itemGroup: api.signedIn({
    method: 'GET',
    path: '/api/catalog/items/:id/item_group/',
    summary: "The item's product group (name, notes, images), or null",
    params: idParams,
    response: productGroupSchema.nullable(),
  }),
  itemImportCsv: api.admin({
    method: 'POST',
    path: '/api/catalog/items/import_csv/',
    summary: 'Multipart `file`: CSV with SPEC 3 column names, upsert by manufacturer_code',
    response: importResultSchema,
  }),
  itemExportCsv: api.admin({
    method: 'GET',
    path: '/api/catalog/items/export_csv/',
    summary: 'Every line item (attachments too) as CSV, in the import columns',
    response: csvSchema,
  }),

  attachmentList: api.signedIn({
    method: 'GET',
    path: '/api/catalog/attachments/',
    summary: 'Attachments (line items with is_attachment); same query as items',
    query: attachmentListQuerySchema,
    response: paged(lineItemSchema),
  }),
  attachmentCreate: api.admin({
    method: 'POST',
    path: '/api/catalog/attachments/',
    summary: 'Add an attachment, export name not required (also served at /api/catalog/attachments/add/)',
    body: lineItemBodySchema,
    response: lineItemSchema,
    status: 201,
  }),
  attachmentDetail: api.signedIn({
    method: 'GET',
    path: '/api/catalog/attachments/:id/',
    summary: 'One attachment',
    params: idParams,
    response: lineItemSchema,
  }),
  attachmentUpdate: api.admin({
    method: 'PATCH',
    path: '/api/catalog/attachments/:id/',
    summary: 'Change an attachment',
    params: idParams,
    body: lineItemPatchSchema,
    response: lineItemSchema,
  }),
  attachmentDelete: api.admin({
    method: 'DELETE',
    path: '/api/catalog/attachments/:id/',
    summary: 'Delete an attachment',
    params: idParams,
    response: deletedSchema,
  }),
  attachmentImportCsv: api.admin({
    method: 'POST',
    path: '/api/catalog/attachments/import_csv/',
    summary: 'Multipart `file`: attachments CSV (line item columns), upsert by manufacturer_code',
    response: importResultSchema,
  }),
  attachmentExportCsv: api.admin({
    method: 'GET',
    path: '/api/catalog/attachments/export_csv/',
    summary: 'Every attachment as CSV',
    response: csvSchema,
  }),

  // Product groups
  groupList: api.signedIn({
    method: 'GET',
    path: '/api/catalog/group/',
    summary: 'Product groups: page, page_size, name, subcategory, id[], order_by',
    query: productGroupListQuerySchema,
    response: paged(productGroupSchema),
  }),
  groupCreate: api.admin({
    method: 'POST',
    path: '/api/catalog/group/',
    summary: 'Multipart: name, note, secondary_note, shelf_note, subcategories (repeat or comma-joined) and `images`',
    response: productGroupSchema,
    status: 201,
  }),
  groupDetail: api.signedIn({
    method: 'GET',
    path: '/api/catalog/group/:id/',
    summary: 'One product group with its images',
    params: idParams,
    response: productGroupSchema,
  }),
  groupUpdate: api.admin({
    method: 'PATCH',
    path: '/api/catalog/group/:id/',
    summary: 'Change name, notes or subcategories',
    params: idParams,
    body: productGroupPatchSchema,
    response: productGroupSchema,
  }),
  groupAddImages: api.admin({
    method: 'POST',
    path: '/api/catalog/group/:id/',
    summary: 'Multipart `images`: add images to the group; answers the group',
    params: idParams,
    response: productGroupSchema,
  }),
  groupDelete: api.admin({
    method: 'DELETE',
    path: '/api/catalog/group/:id/',
    summary: 'Delete a product group and its images (items keep existing without a group)',
    params: idParams,
    response: deletedSchema,
  }),
  groupDeleteImage: api.admin({
    method: 'DELETE',
    path: '/api/catalog/group/image/:id/',
    summary: 'Delete a product group image; later images move up one index; answers the image list',
    params: idParams,
    response: imagesSchema,
  }),
  groupMoveImage: api.admin({
    method: 'POST',
    path: '/api/catalog/group/:id/move_image/',
    summary: "Move a product group image (also served at SPEC's literal /api/catalog/group/{id}move_image/)",
    params: idParams,
    body: moveImageBodySchema,
    response: imagesSchema,
  }),

  // Subcategories (public catalogue browsing)
  subcategoryList: api.signedIn({
    method: 'GET',
    path: '/api/catalog/public/subcategory/',
    summary: 'Subcategories: page, page_size, name, category; all=true answers a plain array',
    query: subcategoryListQuerySchema,
    response: z.union([z.array(subcategorySchema), paged(subcategorySchema)]),
  }),
  subcategoryCreate: api.admin({
    method: 'POST',
    path: '/api/catalog/public/subcategory/',
    summary: 'Create a subcategory',
    body: subcategoryBodySchema,
    response: subcategorySchema,
    status: 201,
  }),
  subcategoryDetail: api.signedIn({
    method: 'GET',
    path: '/api/catalog/public/subcategory/:id/',
    summary: 'One subcategory with its product groups in order',
    params: idParams,
    response: subcategorySchema,
  }),
  subcategoryUpdate: api.admin({
    method: 'PATCH',
    path: '/api/catalog/public/subcategory/:id/',
    summary: 'Change a subcategory',
    params: idParams,
    body: subcategoryPatchSchema,
    response: subcategorySchema,
  }),
  subcategoryDelete: api.admin({
    method: 'DELETE',
    path: '/api/catalog/public/subcategory/:id/',
    summary: 'Delete a subcategory (its product groups stay)',
    params: idParams,
    response: deletedSchema,
  }),
  subcategoryMoveGroup: api.admin({
    method: 'POST',
    path: '/api/catalog/public/subcategory/:id/move_group/',
    summary: 'Move a product group to a new index within the subcategory',
    params: idParams,
    body: subcategoryMoveGroupBodySchema,
    response: subcategorySchema,
  }),
  subcategoryAddGroup: api.admin({
    method: 'POST',
    path: '/api/catalog/public/subcategory/:id/add_group/',
    summary: 'Add a product group at the end of the subcategory',
    params: idParams,
    body: subcategoryGroupBodySchema,
    response: subcategorySchema,
  }),
  subcategoryRemoveGroup: api.admin({
    method: 'POST',
    path: '/api/catalog/public/subcategory/:id/remove_group/',
    summary: 'Remove a product group from the subcategory',
    params: idParams,
    body: subcategoryGroupBodySchema,
    response: subcategorySchema,
  }),

  validate: api.signedIn({
    method: 'POST',
    path: '/api/catalog/validate/',
    summary:
      'Which premium combinations are not allowed: door styles not offered in the wood species, a finish not offered for it',
    body: validateBodySchema,
    response: validateResponseSchema,
  }),
};

/** The literal SPEC 7 spelling of the product group move call ("POST {id}move_image/"). */
export const GROUP_MOVE_IMAGE_SPEC_PATH = '/api/catalog/group/:id(^\\d+)move_image/';

import { z } from 'zod';
import {
  BASE_CATEGORIES,
  EXPORT_CATEGORIES,
  HINGES,
  PAGE_SIZE,
  PREMIUM_TYPES,
  type PremiumType,
  TAG_VALUE_MAX,
} from '../constants.ts';
import { emptyToUndefined, listQuery, optionalParam, orderByParam } from '../http/list.ts';
import { MSG } from '../messages.ts';
import { BASIS_POINTS_PER_WHOLE, parseMoney, parsePercent } from '../money.ts';
import { ALPHANUMERIC_RE, idField, intField, moneyField, requiredString } from '../validation.ts';

/**
 * Catalogue wire shapes (SPEC 3) and their validation (SPEC 5). Money is a decimal string with two
 * places on the wire ("12.50"); a percentage is an exact decimal string too ("12.50" = 12.5 %).
 * Inputs accept a string or a number for both and treat "" as null (SPEC 5 "Catalog patch:
 * empty-string fields sent as null").
 */

// ---------------------------------------------------------------------------------------------
// Premium kinds: the path segment of /api/catalog/premiums/{kind}/ and its premium type.

export const PREMIUM_KINDS = ['wood_species', 'door_style', 'drawer_style', 'finish_option', 'finished_side'] as const;
export type PremiumKind = (typeof PREMIUM_KINDS)[number];

type KindTypes = Record<PremiumKind, PremiumType>;
/** A kind is its premium type in lower case (wood_species: WOOD_SPECIES). */
export const KIND_TYPE = Object.fromEntries(PREMIUM_KINDS.map((k) => [k, k.toUpperCase()])) as KindTypes;

/** Human names used in messages ('{name} created successfully'). */
export const PREMIUM_TYPE_LABELS: Record<PremiumType, string> = {
  WOOD_SPECIES: 'Wood Species',
  DOOR_STYLE: 'Door Style',
  DRAWER_STYLE: 'Drawer Style',
  FINISH_OPTION: 'Finish Option',
  FINISHED_SIDE: 'Finished Side',
  LINE_ITEM: 'Line Item',
  ATTACHMENT: 'Attachment',
};

/** Finished sides are imported and edited, never added or deleted; drawer styles have no CSV import (SPEC 7). */
export const kindCanAdd = (kind: PremiumKind) => kind !== 'finished_side';
export const kindCanDelete = (kind: PremiumKind) => kind !== 'finished_side';
export const kindCanImport = (kind: PremiumKind) => kind !== 'drawer_style';

export const exportCategoryLabel = (value: number | null | undefined): string | null =>
  EXPORT_CATEGORIES.find((c) => c.value === value)?.label ?? null;

// ---------------------------------------------------------------------------------------------
// Field building blocks

const emptyToNull = (v: unknown) => (v === '' ? null : v);

const code = (max = 100) => requiredString(max).regex(ALPHANUMERIC_RE, MSG.alphanumeric);

const text = (max = 1000) =>
  z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(max, MSG.textTooLong(max)));

/** Money or percentage as "12.50" / 12.5; "" and null mean none. Negative amounts are allowed (SPEC 5). */
const decimal = () => z.preprocess(emptyToNull, moneyField().nullable());

const percentage = () =>
  z.preprocess(
    emptyToNull,
    z
      .union([z.string(), z.number()], { error: MSG.decimal })
      .nullable()
      // On the wire a percentage is a plain decimal like money ("12.50"); its value is basis points.
      .refine((v) => v === null || parseMoney(v) !== null, MSG.decimal)
      .refine((v) => {
        if (v === null) return true;
        const bp = parsePercent(v);
        return bp === null || (bp > 0 && bp <= BASIS_POINTS_PER_WHOLE);
      }, MSG.percentageGreaterThanZero),
  );

const id = idField;
const ids = () => z.array(id());
const nonNegativeInt = (message: string) => z.preprocess(emptyToUndefined, intField({ min: 0, message }).optional());

const tagInputSchema = z.object({
  name: requiredString(100),
  value: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(TAG_VALUE_MAX - 1, MSG.tagValueTooLong)
      .nullable()
      .optional(),
  ),
});

const doorStyleAttrsSchema = z.object({
  outside_edge: text(200).default(''),
  panel_detail: text(200).default(''),
  inside_edge: text(200).default(''),
  route_pattern: text(200).default(''),
});
export const DOOR_STYLE_ATTRS = ['outside_edge', 'panel_detail', 'inside_edge', 'route_pattern'] as const;

const exportCategory = () =>
  z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: 'Choose an export category' })
      .refine((v) => EXPORT_CATEGORIES.some((c) => c.value === v), 'Choose an export category')
      .nullable(),
  );

// ---------------------------------------------------------------------------------------------
// Wire shapes (responses)

const imageSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  thumbnail: z.string(),
  index: z.number().int(),
});
export type CatalogImage = z.infer<typeof imageSchema>;
export const imagesSchema = z.array(imageSchema);

const categoryTypeSchema = z.enum(PREMIUM_TYPES);

/** A named catalogue record as others point at it; categories and groups extend it. */
const categoryRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const categorySchema = categoryRefSchema.extend({ category_type: categoryTypeSchema });
export type Category = z.infer<typeof categorySchema>;

const catalogTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
  display: z.string(),
});

export const premiumSchema = z.object({
  id: z.number().int(),
  premium_type: categoryTypeSchema,
  code: z.string(),
  description: z.string(),
  categories: z.array(categoryRefSchema),
  /** Wood species only: the finish options offered for it. */
  finish_options: z.array(z.number().int()),
  /** Door styles only: the wood species it is offered in. */
  wood_species: z.array(z.number().int()),
  price: z.string().nullable(),
  percentage: z.string().nullable(),
  export_name: z.string(),
  config: z.object({
    door_style_attrs: z.object({
      outside_edge: z.string(),
      panel_detail: z.string(),
      inside_edge: z.string(),
      route_pattern: z.string(),
    }),
  }),
  index: z.number().int(),
  premium_group: z.number().int().nullable(),
  group_name: z.string().nullable(),
  group_index: z.number().int().nullable(),
  tags: z.array(catalogTagSchema),
  export_category: z.number().int().nullable(),
  export_category_display: z.string().nullable(),
  use_finish_option_for_export: z.boolean(),
  is_cabinet_construction_vertical: z.boolean(),
  images: imagesSchema,
});
export type Premium = z.infer<typeof premiumSchema>;

export const lineItemSchema = z.object({
  id: z.number().int(),
  manufacturer_code: z.string(),
  price: z.string(),
  description: z.string(),
  category: categoryRefSchema.nullable(),
  base_category: z.enum(BASE_CATEGORIES).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  depth: z.number().nullable(),
  hinge: z.enum(HINGES),
  nb_base_door: z.number().int(),
  nb_door_pull: z.number().int(),
  nb_drawer: z.number().int(),
  nb_drawer_pull: z.number().int(),
  nb_tall_door: z.number().int(),
  nb_wall_door: z.number().int(),
  nb_adjustable_shelf: z.number().int(),
  export_name_1: z.string(),
  export_name_2: z.string(),
  export_name_3: z.string(),
  export_name_4: z.string(),
  tags: z.array(catalogTagSchema),
  product_group: z.number().int().nullable(),
  is_attachment: z.boolean(),
  manual_work_required: z.boolean(),
  export_with_finish_side: z.boolean(),
  is_corner_cabinet: z.boolean(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

export const productGroupSchema = categoryRefSchema.extend({
  subcategories: z.array(z.number().int()),
  note: z.string(),
  secondary_note: z.string(),
  shelf_note: z.string(),
  images: imagesSchema,
});
export type ProductGroup = z.infer<typeof productGroupSchema>;

export const premiumGroupSchema = categoryRefSchema.extend({
  premium_type: categoryTypeSchema,
  index: z.number().int(),
});
export type PremiumGroup = z.infer<typeof premiumGroupSchema>;

export const subcategorySchema = categoryRefSchema.extend({
  category: categoryRefSchema.nullable(),
  index: z.number().int(),
  /** Product groups in display order (list answers leave this empty; detail fills it). */
  groups: z.array(productGroupSchema.extend({ index: z.number().int() })),
  group_count: z.number().int(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

// ---------------------------------------------------------------------------------------------
// Inputs (bodies)

const premiumFields = {
  code: code(),
  description: text(1000).optional(),
  categories: z.array(id(), { error: MSG.required }).min(1, MSG.required),
  finish_options: ids().optional(),
  wood_species: ids().optional(),
  price: decimal().optional(),
  percentage: percentage().optional(),
  export_name: text(255).optional(),
  config: z.object({ door_style_attrs: doorStyleAttrsSchema.partial().optional() }).optional(),
  index: nonNegativeInt(MSG.indexNonNegative).optional(),
  premium_group: z.preprocess(emptyToNull, id().nullable()).optional(),
  tags: z.array(tagInputSchema).optional(),
  export_category: exportCategory().optional(),
  use_finish_option_for_export: z.boolean().optional(),
  is_cabinet_construction_vertical: z.boolean().optional(),
};

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** SPEC 5: only one of price and percentage. */
function onePriceKind(v: { price?: unknown; percentage?: unknown }, ctx: z.RefinementCtx) {
  if (hasValue(v.price) && hasValue(v.percentage)) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: MSG.priceOrPercentage });
    ctx.addIssue({ code: 'custom', path: ['percentage'], message: MSG.priceOrPercentage });
  }
}

/** Create body of every premium kind; the kind-specific rule lives in premiumTypeIssues. */
export const premiumBodySchema = z.object(premiumFields).superRefine(onePriceKind);
export type PremiumBody = z.input<typeof premiumBodySchema>;
/** What the server gets once a body, patch or list query is parsed. */
export type PremiumBodyOut = z.output<typeof premiumBodySchema>;

export const premiumPatchSchema = z.object(premiumFields).partial().superRefine(onePriceKind);
export type PremiumPatch = z.input<typeof premiumPatchSchema>;
export type PremiumPatchOut = z.output<typeof premiumPatchSchema>;

/**
 * Rules that depend on the premium type (SPEC 5): Export Name is required except for
 * attachments and finished sides. Returns field -> messages (empty when fine).
 */
export function premiumTypeIssues(type: PremiumType, v: { export_name?: string | null }): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  if (type !== 'FINISHED_SIDE' && type !== 'ATTACHMENT' && !v.export_name?.trim()) {
    issues.export_name = [MSG.required];
  }
  return issues;
}

/** The premium form of one type: the shared body plus its type rule, for the web form. */
export const premiumFormSchema = (type: PremiumType) =>
  premiumBodySchema.superRefine((v, ctx) => {
    for (const [path, messages] of Object.entries(premiumTypeIssues(type, v))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });

const lineItemFields = {
  manufacturer_code: code(),
  price: z.preprocess(emptyToNull, moneyField(MSG.required)),
  description: text(1000).optional(),
  category: z.preprocess(emptyToNull, id()),
  base_category: z.preprocess(emptyToNull, z.enum(BASE_CATEGORIES).nullable()).optional(),
  width: z.preprocess(emptyToNull, z.coerce.number().min(0, MSG.mustBeNonNegative).nullable()).optional(),
  height: z.preprocess(emptyToNull, z.coerce.number().min(0, MSG.mustBeNonNegative).nullable()).optional(),
  depth: z.preprocess(emptyToNull, z.coerce.number().min(0, MSG.mustBeNonNegative).nullable()).optional(),
  hinge: z.preprocess((v) => (v === '' || v === null || v === 'NONE' ? 'None' : v), z.enum(HINGES)).optional(),
  nb_base_door: nonNegativeInt(MSG.wholeNumberNonNegative).optional(),
  nb_door_pull: nonNegativeInt(MSG.wholeNumberNonNegative).optional(),
  nb_drawer: nonNegativeInt(MSG.wholeNumberNonNegative).optional(),
  nb_drawer_pull: nonNegativeInt(MSG.wholeNumberNonNegative).optional(),
  nb_tall_door: nonNegativeInt(MSG.wholeNumberNonNegative).optional(),
  nb_wall_door: nonNegativeInt(MSG.wholeNumberNonNegative).optional(),
  nb_adjustable_shelf: nonNegativeInt(MSG.wholeNumberNonNegative).optional(),
  export_name_1: text(255).optional(),
  export_name_2: text(255).optional(),
  export_name_3: text(255).optional(),
  export_name_4: text(255).optional(),
  tags: z.array(tagInputSchema).optional(),
  product_group: z.preprocess(emptyToNull, id().nullable()).optional(),
  is_attachment: z.boolean().optional(),
  manual_work_required: z.boolean().optional(),
  export_with_finish_side: z.boolean().optional(),
  is_corner_cabinet: z.boolean().optional(),
};

export const lineItemBodySchema = z.object(lineItemFields);
export type LineItemBody = z.input<typeof lineItemBodySchema>;
export type LineItemBodyOut = z.output<typeof lineItemBodySchema>;
export const lineItemPatchSchema = z.object(lineItemFields).partial();
export type LineItemPatch = z.input<typeof lineItemPatchSchema>;
export type LineItemPatchOut = z.output<typeof lineItemPatchSchema>;

/** SPEC 5: export name 1 is required for a line item (not for an attachment). */
export function lineItemIssues(v: {
  is_attachment?: boolean;
  export_name_1?: string | null;
}): Record<string, string[]> {
  return !v.is_attachment && !v.export_name_1?.trim() ? { export_name_1: [MSG.required] } : {};
}

/** The line item form for the web: the body plus the export-name rule. */
export const lineItemFormSchema = lineItemBodySchema.superRefine((v, ctx) => {
  for (const [path, messages] of Object.entries(lineItemIssues(v))) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
  }
});

/** Bulk choice: YES / FALSE / NO CHANGE (SPEC 9); NO CHANGE (null) is not applied (SPEC 5). */
const bulkFlag = () =>
  z
    .preprocess(
      (v) => (v === 'YES' ? true : v === 'FALSE' ? false : v === 'NO CHANGE' || v === '' ? null : v),
      z.boolean().nullable(),
    )
    .optional();

export const bulkUpdateBodySchema = z.object({
  ids: z.array(id(), { error: MSG.idsRequired }).min(1, MSG.idsRequired).max(10_000),
  data: z.object({
    manual_work_required: bulkFlag(),
    export_with_finish_side: bulkFlag(),
    is_corner_cabinet: bulkFlag(),
    category: z.preprocess(emptyToNull, id().nullable()).optional(),
    base_category: z.preprocess(emptyToNull, z.enum(BASE_CATEGORIES).nullable()).optional(),
    product_group: z.preprocess(emptyToNull, id().nullable()).optional(),
    hinge: z.preprocess(emptyToNull, z.enum(HINGES).nullable()).optional(),
    price: decimal().optional(),
  }),
});
export type BulkUpdateBody = z.input<typeof bulkUpdateBodySchema>;
export const bulkUpdateResponseSchema = z.object({ updated: z.number().int() });

export const categoryBodySchema = z.object({
  name: requiredString(200),
  category_type: categoryTypeSchema,
});
export const categoryPatchSchema = categoryBodySchema.partial();

export const premiumGroupBodySchema = z.object({
  name: requiredString(200),
  index: nonNegativeInt(MSG.indexNonNegative).optional(),
  premium_type: categoryTypeSchema.optional(),
});
export const premiumGroupPatchSchema = z.object({
  name: requiredString(200).optional(),
  index: nonNegativeInt(MSG.indexNonNegative).optional(),
});

export const productGroupBodySchema = z.object({
  name: requiredString(200),
  note: text(4000).optional(),
  secondary_note: text(4000).optional(),
  shelf_note: text(4000).optional(),
  subcategories: ids().optional(),
});
export type ProductGroupBody = z.input<typeof productGroupBodySchema>;
export const productGroupPatchSchema = productGroupBodySchema.partial();

export const subcategoryBodySchema = z.object({
  name: requiredString(200),
  category: z.preprocess(emptyToNull, id().nullable()).optional(),
  index: nonNegativeInt(MSG.indexNonNegative).optional(),
});
export const subcategoryPatchSchema = subcategoryBodySchema.partial();
export const subcategoryGroupBodySchema = z.object({ group: id() });
export const subcategoryMoveGroupBodySchema = z.object({
  group: id(),
  index: intField({ min: 0, message: MSG.indexNonNegative }),
});

/** Drag reordering (SPEC 7): the moved image goes above `above` or under `under`. */
export const moveImageBodySchema = z.object({
  moved: id(),
  under: z.preprocess(emptyToNull, id().nullable()).optional(),
  above: z.preprocess(emptyToNull, id().nullable()).optional(),
  going_up: z.boolean().optional(),
});
export type MoveImageBody = z.input<typeof moveImageBodySchema>;

export const validateBodySchema = z.object({
  door_styles: z.array(id()).default([]),
  wood_species: z.preprocess(emptyToNull, id().nullable()).optional(),
  finish_option: z.preprocess(emptyToNull, id().nullable()).optional(),
});
export const validateResponseSchema = z.object({ errors: z.array(z.string()) });

export const importResultSchema = z.object({
  imported: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// ---------------------------------------------------------------------------------------------
// List queries (the list kit: page, page_size, order_by); empty values and empty lists are dropped (SPEC 5).

const q = optionalParam;
const qBool = () => q(z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'));
/** "1,2", ["1","2"] or "1" -> [1, 2]; "" and [] -> undefined. */
const qIds = () =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const list = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter((x) => x.trim() !== '');
    return list.length ? list : undefined;
  }, z.array(id()).optional());
const qText = () => q(z.string().max(200));
const qId = () => q(id());

/** The keys each list can be ordered by (order_by; a leading minus for descending). */
export const CATEGORY_ORDER_KEYS = ['id', 'name', 'category_type'] as const;
export const PREMIUM_ORDER_KEYS = [
  'id',
  'code',
  'description',
  'price',
  'percentage',
  'export_name',
  'index',
  'export_category',
  'group_name',
  'group_index',
] as const;
export const LINE_ITEM_ORDER_KEYS = [
  'id',
  'manufacturer_code',
  'code',
  'price',
  'description',
  'category',
  'base_category',
  'width',
  'height',
  'depth',
  'hinge',
  'is_attachment',
] as const;
export const PRODUCT_GROUP_ORDER_KEYS = ['id', 'name'] as const;
export const SUBCATEGORY_ORDER_KEYS = ['id', 'name', 'index'] as const;

/** id / id[] (several only with multiple=true) and the `filters` JSON of the premium and line item lists. */
const selectionFilters = {
  id: qIds(),
  'id[]': qIds(),
  multiple: qBool(),
  /** JSON object of filters ({ code, description, categories, ... }); the same keys are also accepted plainly. */
  filters: q(z.string().max(4000)),
};

export const premiumListQuerySchema = z.object({
  /** No default page size: 10, or 50 in selection mode (SPEC 9), picked by the server. */
  ...listQuery(),
  order_by: orderByParam(PREMIUM_ORDER_KEYS),
  ...selectionFilters,
  code: qText(),
  description: qText(),
  categories: qIds(),
  'categories[]': qIds(),
  door_style: qId(),
  wood_species: qId(),
  premium_group: qId(),
  /** Selection mode (SPEC 9: 50 per page instead of 10). */
  select: qBool(),
});
export type PremiumListQuery = z.input<typeof premiumListQuerySchema>;
export type PremiumListQueryOut = z.output<typeof premiumListQuerySchema>;

/** DELETE premium: `unlink=true` confirms removing a finish option the wood species still offer. */
export const premiumDeleteQuerySchema = z.object({ unlink: qBool() });

export const lineItemListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.lineItems }),
  order_by: orderByParam(LINE_ITEM_ORDER_KEYS),
  ...selectionFilters,
  code: qText(),
  manufacturer_code: qText(),
  description: qText(),
  categories: qIds(),
  'categories[]': qIds(),
  base_category: q(z.enum(BASE_CATEGORIES)),
  product_group: qId(),
  /** SPEC 2: With (YES), Without (NO), Both (empty). */
  export_name: q(z.enum(['YES', 'NO'])),
  is_attachment: qBool(),
});
export type LineItemListQuery = z.input<typeof lineItemListQuerySchema>;
export type LineItemListQueryOut = z.output<typeof lineItemListQuerySchema>;
/** Attachments are line items: the same filters, their own page size (SPEC 9). */
export const attachmentListQuerySchema = lineItemListQuerySchema.extend(listQuery({ pageSize: PAGE_SIZE.attachments }));

export const categoryListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.categories }),
  order_by: orderByParam(CATEGORY_ORDER_KEYS),
  name: qText(),
  category_type: q(categoryTypeSchema),
  id: qIds(),
  'id[]': qIds(),
});

export const premiumGroupListQuerySchema = z.object({ premium_type: q(categoryTypeSchema) });

export const productGroupListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.productGroups }),
  order_by: orderByParam(PRODUCT_GROUP_ORDER_KEYS),
  name: qText(),
  subcategory: qId(),
  id: qIds(),
  'id[]': qIds(),
});

export const subcategoryListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.subcategories }),
  order_by: orderByParam(SUBCATEGORY_ORDER_KEYS),
  name: qText(),
  category: qId(),
  /** true: every subcategory as a plain array, no paging. */
  all: qBool(),
});

// ---------------------------------------------------------------------------------------------
// CSV columns (SPEC 3 field names), shared by import and export so a file round-trips.

/** The columns every premium file has, in three places; the kinds add their own. */
const CSV_NAMING = ['code', 'description', 'categories'] as const;
const CSV_PRICING = ['price', 'percentage', 'export_name'] as const;
const CSV_LISTING = ['index', 'group_name', 'tags'] as const;

export const PREMIUM_CSV_COLUMNS: Record<PremiumKind, readonly string[]> = {
  wood_species: [...CSV_NAMING, 'finish_options', ...CSV_PRICING, ...CSV_LISTING, 'use_finish_option_for_export'],
  door_style: [...CSV_NAMING, 'wood_species', ...CSV_PRICING, ...DOOR_STYLE_ATTRS, ...CSV_LISTING],
  drawer_style: [...CSV_NAMING, ...CSV_PRICING, ...CSV_LISTING],
  finish_option: [...CSV_NAMING, ...CSV_PRICING, ...CSV_LISTING, 'export_category', 'is_cabinet_construction_vertical'],
  finished_side: [...CSV_NAMING, ...CSV_PRICING, 'index', 'tags'],
};

/** A line item's measures, its door/drawer/shelf counts, its export names and its flags: wire name = DB column. */
export const LINE_ITEM_MEASURES = ['width', 'height', 'depth'] as const;
export const LINE_ITEM_COUNTS = [
  'nb_base_door',
  'nb_door_pull',
  'nb_drawer',
  'nb_drawer_pull',
  'nb_tall_door',
  'nb_wall_door',
  'nb_adjustable_shelf',
] as const;
export const LINE_ITEM_EXPORT_NAMES = ['export_name_1', 'export_name_2', 'export_name_3', 'export_name_4'] as const;
export const LINE_ITEM_FLAGS = ['manual_work_required', 'export_with_finish_side', 'is_corner_cabinet'] as const;

export const LINE_ITEM_CSV_COLUMNS = [
  'manufacturer_code',
  'price',
  'description',
  'category',
  'base_category',
  ...LINE_ITEM_MEASURES,
  'hinge',
  ...LINE_ITEM_COUNTS,
  ...LINE_ITEM_EXPORT_NAMES,
  'tags',
  'product_group',
  'is_attachment',
  ...LINE_ITEM_FLAGS,
] as const;

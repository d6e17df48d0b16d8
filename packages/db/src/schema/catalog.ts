import type { BasisPoints, Cents } from '@cab/shared';
import { BASE_CATEGORIES, HINGES, PREMIUM_TYPES } from '@cab/shared';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, flag, id, parentRef, updatedAt } from './columns.ts';
import { tags } from './core.ts';

/**
 * The catalogue (SPEC 3): premiums of every type in one table, line items (attachments are line
 * items with is_attachment), categories, subcategories, product groups and images.
 * See docs/decisions/0006-catalogue-model.md.
 */

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    categoryType: text('category_type', { enum: PREMIUM_TYPES }).notNull(),
  },
  (t) => [uniqueIndex('categories_type_name_key').on(t.categoryType, t.name), index('categories_name_idx').on(t.name)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    index: integer('index').notNull().default(0),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

/** Headers that premium lists are grouped by (SPEC 3 "Premium group"). */
export const premiumGroups = pgTable(
  'premium_groups',
  {
    id: id(),
    name: text('name').notNull(),
    premiumType: text('premium_type', { enum: PREMIUM_TYPES }).notNull(),
    index: integer('index').notNull().default(0),
  },
  (t) => [uniqueIndex('premium_groups_type_name_key').on(t.premiumType, t.name)],
);

export interface PremiumConfig {
  door_style_attrs?: { outside_edge?: string; panel_detail?: string; inside_edge?: string; route_pattern?: string };
}

export const premiums = pgTable(
  'premiums',
  {
    id: id(),
    premiumType: text('premium_type', { enum: PREMIUM_TYPES }).notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    /** Integer cents; null when the premium is priced by percentage (never both). */
    priceCents: integer('price_cents').$type<Cents>(),
    /** Basis points (12.5 % = 1250); null when priced by amount. */
    percentageBp: integer('percentage_bp').$type<BasisPoints>(),
    exportName: text('export_name').notNull().default(''),
    config: jsonb('config').$type<PremiumConfig>().notNull().default({}),
    index: integer('index').notNull().default(0),
    premiumGroupId: integer('premium_group_id').references(() => premiumGroups.id, { onDelete: 'set null' }),
    /** Finish options: Method 1=1, 2=2, 3=3, 4=14. */
    exportCategory: integer('export_category'),
    useFinishOptionForExport: flag('use_finish_option_for_export'),
    isCabinetConstructionVertical: flag('is_cabinet_construction_vertical'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('premiums_type_code_key').on(t.premiumType, t.code),
    index('premiums_type_id_idx').on(t.premiumType, t.id),
    index('premiums_group_idx').on(t.premiumGroupId),
  ],
);

export const premiumCategories = pgTable(
  'premium_categories',
  {
    premiumId: parentRef('premium_id', () => premiums.id, 'cascade'),
    categoryId: parentRef('category_id', () => categories.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.premiumId, t.categoryId] }),
    index('premium_categories_category_idx').on(t.categoryId),
  ],
);

/** Finish options offered for a wood species. */
export const woodSpeciesFinishOptions = pgTable(
  'wood_species_finish_options',
  {
    woodSpeciesId: parentRef('wood_species_id', () => premiums.id, 'cascade'),
    finishOptionId: parentRef('finish_option_id', () => premiums.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.woodSpeciesId, t.finishOptionId] }),
    index('wood_species_finish_options_finish_idx').on(t.finishOptionId),
  ],
);

/** Wood species a door style is offered in. */
export const doorStyleWoodSpecies = pgTable(
  'door_style_wood_species',
  {
    doorStyleId: parentRef('door_style_id', () => premiums.id, 'cascade'),
    woodSpeciesId: parentRef('wood_species_id', () => premiums.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.doorStyleId, t.woodSpeciesId] }),
    index('door_style_wood_species_wood_idx').on(t.woodSpeciesId),
  ],
);

export const premiumTags = pgTable(
  'premium_tags',
  {
    premiumId: parentRef('premium_id', () => premiums.id, 'cascade'),
    tagId: parentRef('tag_id', () => tags.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.premiumId, t.tagId] }), index('premium_tags_tag_idx').on(t.tagId)],
);

export const productGroups = pgTable(
  'product_groups',
  {
    id: id(),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    secondaryNote: text('secondary_note').notNull().default(''),
    shelfNote: text('shelf_note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('product_groups_name_idx').on(t.name)],
);

/** A product group shown in a subcategory, at a position. */
export const subcategoryGroups = pgTable(
  'subcategory_groups',
  {
    subcategoryId: parentRef('subcategory_id', () => subcategories.id, 'cascade'),
    productGroupId: parentRef('product_group_id', () => productGroups.id, 'cascade'),
    index: integer('index').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.subcategoryId, t.productGroupId] }),
    index('subcategory_groups_group_idx').on(t.productGroupId),
  ],
);

export const lineItems = pgTable(
  'line_items',
  {
    id: id(),
    manufacturerCode: text('manufacturer_code').notNull(),
    priceCents: integer('price_cents').$type<Cents>().notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    baseCategory: text('base_category', { enum: BASE_CATEGORIES }),
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    depth: doublePrecision('depth'),
    hinge: text('hinge', { enum: HINGES }).notNull().default('None'),
    nbBaseDoor: integer('nb_base_door').notNull().default(0),
    nbDoorPull: integer('nb_door_pull').notNull().default(0),
    nbDrawer: integer('nb_drawer').notNull().default(0),
    nbDrawerPull: integer('nb_drawer_pull').notNull().default(0),
    nbTallDoor: integer('nb_tall_door').notNull().default(0),
    nbWallDoor: integer('nb_wall_door').notNull().default(0),
    nbAdjustableShelf: integer('nb_adjustable_shelf').notNull().default(0),
    exportName1: text('export_name_1').notNull().default(''),
    exportName2: text('export_name_2').notNull().default(''),
    exportName3: text('export_name_3').notNull().default(''),
    exportName4: text('export_name_4').notNull().default(''),
    productGroupId: integer('product_group_id').references(() => productGroups.id, { onDelete: 'set null' }),
    isAttachment: flag('is_attachment'),
    manualWorkRequired: flag('manual_work_required'),
    exportWithFinishSide: flag('export_with_finish_side'),
    isCornerCabinet: flag('is_corner_cabinet'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('line_items_manufacturer_code_key').on(t.manufacturerCode),
    index('line_items_attachment_id_idx').on(t.isAttachment, t.id),
    index('line_items_category_idx').on(t.categoryId),
    index('line_items_group_idx').on(t.productGroupId),
    // Substring filters (ilike '%x%') on a catalogue of 50,000 items: trigram indexes (pg_trgm).
    index('line_items_code_trgm_idx').using('gin', t.manufacturerCode.op('gin_trgm_ops')),
    index('line_items_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
  ],
);

export const lineItemTags = pgTable(
  'line_item_tags',
  {
    lineItemId: parentRef('line_item_id', () => lineItems.id, 'cascade'),
    tagId: parentRef('tag_id', () => tags.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.lineItemId, t.tagId] }), index('line_item_tags_tag_idx').on(t.tagId)],
);

export const IMAGE_OWNERS = ['premium', 'product_group'] as const;
export type ImageOwner = (typeof IMAGE_OWNERS)[number];

/** An uploaded image of a premium or product group; `path`/`thumbnailPath` are storage keys. */
export const images = pgTable(
  'images',
  {
    id: id(),
    ownerKind: text('owner_kind', { enum: IMAGE_OWNERS }).notNull(),
    ownerId: integer('owner_id').notNull(),
    path: text('path').notNull(),
    thumbnailPath: text('thumbnail_path').notNull(),
    contentType: text('content_type').notNull(),
    index: integer('index').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('images_owner_idx').on(t.ownerKind, t.ownerId, t.index)],
);

import { z } from 'zod';
import { orderSchema } from '../orders/schemas.ts';
import { GROUP_PREMIUM_KINDS } from '../pricing/types.ts';

/** Imports and exports (issue 18, decision 0030): 2020 design files in, CNC CSV and YAML out. */
export const TRANSFER_LIMITS = {
  /** Largest 2020 design file accepted, in bytes. */
  fileBytes: 5 * 1024 * 1024,
  /** Item elements (cabinets and attachments) of one file; an order holds at most ORDER_LIMITS.lines. */
  items: 20_000,
} as const;

/** One item of the file that was not imported: its source line in the file, its code and why. */
const importProblemSchema = z.object({
  line: z.number().int(),
  user_code: z.string(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/**
 * A line of the file the order import dropped (issue 29): its line in the file, its code
 * (UserCode, '' when it has none), its room (the Design's name) and why, in words.
 */
const droppedLineSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  room: z.string(),
  reason: z.string(),
});
export type DroppedLine = z.infer<typeof droppedLineSchema>;

/** The audit action of an order import, kept on the order's timeline with its dropped lines. */
export const ORDER_IMPORT_AUDIT_ACTION = 'import_2020';

/** POST /api/orders/importorder/: the BID created (null with preview=true), counts, what was left out. */
export const orderImportResultSchema = z.object({
  order: orderSchema.nullable(),
  /** The order's name: the one asked, else the file's Project Name, else the file's name. */
  name: z.string(),
  imported: z.number().int(),
  failed: z.number().int(),
  unknown: z.array(importProblemSchema),
  /** The same items as `unknown`, as the order keeps them (issue 29). */
  dropped: z.array(droppedLineSchema),
});
export type OrderImportResult = z.infer<typeof orderImportResultSchema>;

const sizeChange = z.object({ before: z.unknown(), after: z.unknown() });

/** One catalogue item a 2020 file changes (or would change, in a preview). */
const catalogImportChangeSchema = z.object({
  line: z.number().int(),
  user_code: z.string(),
  id: z.number().int(),
  /** Field -> { before, after }; empty when the file says what the catalogue already has. */
  changes: z.record(z.string(), sizeChange),
});
export type CatalogImportChange = z.infer<typeof catalogImportChangeSchema>;

/** POST /api/catalog/2020/upload/: items updated (or that would be), counts and what was left out. */
export const catalogImportResultSchema = z.object({
  preview: z.boolean(),
  imported: z.number().int(),
  failed: z.number().int(),
  unknown: z.array(importProblemSchema),
  items: z.array(catalogImportChangeSchema),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

/** The CNC export's columns, one row per cabinet (order export): the premiums in the group's slot order. */
export const EXPORT_PREMIUM_SLOTS = GROUP_PREMIUM_KINDS;

export const ORDER_EXPORT_COLUMNS = [
  'barcode',
  'order_id',
  'order_name',
  'group',
  'line_no',
  'unit_no',
  'code',
  'description',
  'is_attachment',
  'parent_line_no',
  'export_name_1',
  'export_name_2',
  'export_name_3',
  'export_name_4',
  'width',
  'height',
  'depth',
  'hinge',
  'finish',
  /** The line's finished side (premium FINISHED_SIDE): its code and export name; empty when none. */
  'finished_side',
  'finished_side_export_name',
  ...EXPORT_PREMIUM_SLOTS.flatMap((s) => [`${s}_export_name`, `${s}_export_category`]),
] as const;

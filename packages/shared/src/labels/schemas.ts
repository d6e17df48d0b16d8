import { z } from 'zod';
import { optionalParam } from '../http/list.ts';
import type { OrderStatus } from '../orders/lifecycle.ts';
import { idField, intField } from '../validation.ts';

/** Labels, shelf lists and print records (issue 18 "Labels", "Shelf list"; decision 0029). */

/** Orders whose cabinets exist (approved, DOMAIN.md): labels, shelf lists and remakes are for these. */
export const PRODUCTION_STATUSES = [
  'VERIFIED',
  'IN_PROGRESS',
  'PARTIALLY_COMPLETED',
  'COMPLETED',
  'SHIPPED',
] as const satisfies readonly OrderStatus[];

export const LABEL_MODES = ['cabinet', 'shelf'] as const;
export type LabelMode = (typeof LABEL_MODES)[number];

/** `format=pdf`: the same answer as one PDF (application/pdf) instead of JSON. */
const formatParam = optionalParam(z.enum(['json', 'pdf']));

export const dymoXmlsQuerySchema = z.object({
  mode: z.preprocess((v) => (v === '' || v === undefined ? 'cabinet' : v), z.enum(LABEL_MODES)),
  format: formatParam,
});

const dymoLabelSchema = z.object({ key: z.string(), xml: z.string() });
export const dymoXmlsSchema = z.object({ mode: z.enum(LABEL_MODES), results: z.array(dymoLabelSchema) });
export type DymoXmls = z.infer<typeof dymoXmlsSchema>;

export const shelfListQuerySchema = z.object({ format: formatParam });
const shelfRowSchema = z.object({
  width: z.number().nullable(),
  depth: z.number().nullable(),
  qty: z.number().int(),
});
export const shelfListSchema = z.object({ results: z.array(shelfRowSchema), total_shelves: z.number().int() });
export type ShelfList = z.infer<typeof shelfListSchema>;

const barcodeField = () => z.string().trim().min(1).max(40);

export const printListBodySchema = z.object({
  order: idField(),
  mode: z.enum(LABEL_MODES),
  /** The labels printed (barcodes or shelf keys); all of the order's when absent. */
  barcodes: z.array(barcodeField()).max(10_000).optional(),
});
export const printSessionBodySchema = z.object({ session: intField({ min: 1, max: 2_147_483_647 }) });

export const labelPrintSchema = z.object({
  id: z.number().int(),
  order: z.number().int().nullable(),
  session: z.number().int().nullable(),
  mode: z.string(),
  barcodes: z.array(z.string()),
  label_count: z.number().int(),
  printed_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  printed_at: z.string(),
});
export type LabelPrint = z.infer<typeof labelPrintSchema>;

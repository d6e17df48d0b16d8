import { z } from 'zod';
import { commaList, optionalParam } from '../http/list.ts';
import type { OrderStatus } from '../orders/lifecycle.ts';
import { idField, intField } from '../validation.ts';

/** Labels, shelf lists and print records (issue 18 "Labels", "Shelf list"; decision 0029). */

/**
 * The DYMO web service on the user's computer (DYMO Connect / DLS) answers on https://127.0.0.1 at
 * one of these ports (DOMAIN.md "Cabinets, scans, labels"): the web asks them, the CSP admits them.
 */
export const DYMO_PORTS = Array.from({ length: 10 }, (_, i) => 41951 + i);

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

const barcodeField = () => z.string().trim().min(1).max(40);
/** Most labels one call names (an order holds at most ORDER_LIMITS.lines lines, a few units each). */
const MAX_BARCODES = 10_000;

/**
 * `barcodes=30-01-1,30-02-1` (or repeated): only these labels of the order, e.g. a torn one
 * reprinted; absent or empty, all of them.
 */
const barcodesParam = z.preprocess(commaList, z.array(barcodeField()).max(MAX_BARCODES).optional());

export const dymoXmlsQuerySchema = z.object({
  mode: z.preprocess((v) => (v === '' || v === undefined ? 'cabinet' : v), z.enum(LABEL_MODES)),
  format: formatParam,
  barcodes: barcodesParam,
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

export const printListBodySchema = z.object({
  order: idField(),
  mode: z.enum(LABEL_MODES),
  /** The labels printed (cabinet or shelf barcodes); all of the order's when absent. */
  barcodes: z.array(barcodeField()).max(MAX_BARCODES).optional(),
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

/** GET {id}/label_prints/: the order's print records, newest first (who printed what, when). */
export const labelPrintListSchema = z.object({ results: z.array(labelPrintSchema), total: z.number().int() });
export type LabelPrintList = z.infer<typeof labelPrintListSchema>;

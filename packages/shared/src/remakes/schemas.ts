import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { listQuery, optionalParam } from '../http/list.ts';
import { cabinetSchema } from '../production/schemas.ts';
import { requiredString, textField } from '../validation.ts';
import { REMAKE_TEXT } from './text.ts';

/** Remakes (DOMAIN.md "Remakes", issue 18's wire shape; decision 0029). */

export const REMAKE_STATUSES = ['OPEN', 'APPROVED', 'REJECTED'] as const;
export type RemakeStatus = (typeof REMAKE_STATUSES)[number];
export const REMAKE_SOURCES = ['CUSTOMER', 'SHOP', 'DELIVERY', 'INSTALLATION'] as const;
export type RemakeSource = (typeof REMAKE_SOURCES)[number];
/** SPEC 4 and 9: the remake list shows OPEN requests unless told otherwise. */
export const DEFAULT_REMAKE_STATUS_FILTER: readonly RemakeStatus[] = ['OPEN'];

export const REMAKE_STATUS_LABELS: Record<RemakeStatus, string> = {
  OPEN: 'Open',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
export const REMAKE_SOURCE_LABELS: Record<RemakeSource, string> = {
  CUSTOMER: 'Customer',
  SHOP: 'Shop',
  DELIVERY: 'Delivery',
  INSTALLATION: 'Installation',
};

const REMAKE_LIMITS = { notes: 4000, reason: 255, items: 500 } as const;

export const remakeRequestSchema = z.object({
  items: z
    .array(z.object({ barcode: z.string().trim().min(1, REMAKE_TEXT.itemsRequired).max(40) }))
    .min(1, REMAKE_TEXT.itemsRequired)
    .max(REMAKE_LIMITS.items),
  reason: requiredString(REMAKE_LIMITS.reason),
  source: z.enum(REMAKE_SOURCES),
  notes: textField(REMAKE_LIMITS.notes).optional().default(''),
});
export type RemakeRequest = z.input<typeof remakeRequestSchema>;

export const remakeApproveSchema = z.object({ charged: z.boolean().optional() }).optional();
export const remakeRejectSchema = z.object({ reason: requiredString(REMAKE_LIMITS.notes) });

/** A cabinet to make again: the cabinet's own fields (production's `cabinetSchema`). */
const remakeItemSchema = cabinetSchema.pick({
  barcode: true,
  line_no: true,
  unit_no: true,
  manufacturer_code: true,
  description: true,
});

export type RemakeItem = z.infer<typeof remakeItemSchema>;

const person = z.object({ id: z.number().int(), full_name: z.string() }).nullable();

export const remakeSchema = z.object({
  id: z.number().int(),
  order: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(REMAKE_STATUSES),
  reason: z.string(),
  source: z.enum(REMAKE_SOURCES),
  notes: z.string(),
  items: z.array(remakeItemSchema),
  requested_by: person,
  requested_at: z.string(),
  remake_order: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_by: person,
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  charged: z.boolean(),
});
export type Remake = z.infer<typeof remakeSchema>;

/** `status=A,B` or `status=A&status=B` as one list of its parts; none (or only blanks) is absent (SPEC 5). */
function queryList(v: unknown): string[] | undefined {
  const raw = Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : '';
  const parts = raw.split(',').flatMap((s) => (s.trim() ? [s.trim()] : []));
  return parts.length > 0 ? parts : undefined;
}
const listOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(queryList, z.array(z.enum(values)).optional());

/** SPEC 3 Remake filter: search, status list (default OPEN), source list. */
export const remakeListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  search: optionalParam(z.string().trim().max(100)),
  status: listOf(REMAKE_STATUSES),
  source: listOf(REMAKE_SOURCES),
});
export type RemakeListQuery = z.infer<typeof remakeListQuerySchema>;

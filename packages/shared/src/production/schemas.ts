import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { dateParam, listQuery, optionalParam } from '../http/list.ts';
import { ORDER_STATUSES } from '../orders/lifecycle.ts';
import { requiredString, textField } from '../validation.ts';
import { PRODUCTION_TEXT, STATION_TEXT } from './text.ts';

/** Production (issue 18): cabinets, scan sessions and scans, the completed/shipped log. */

export const SCAN_SESSION_TYPES = ['PRODUCTION', 'SHIPPING', 'AUDIT'] as const;
export type ScanSessionType = (typeof SCAN_SESSION_TYPES)[number];
export const CABINET_SCAN_RESULTS = ['OK', 'DUPLICATE', 'UNKNOWN', 'WRONG_STATE'] as const;
export type CabinetScanResult = (typeof CABINET_SCAN_RESULTS)[number];
const CABINET_STATUSES = ['PENDING', 'COMPLETED', 'SHIPPED'] as const;
export type CabinetStatus = (typeof CABINET_STATUSES)[number];
export const LOG_RANGES = ['today', 'week', 'month'] as const;
export type LogRange = (typeof LOG_RANGES)[number];

const PRODUCTION_LIMITS = { code: 100, clientScanId: 100, station: 100 } as const;
/** The scans a session's page shows (newest first). */
export const SESSION_SCANS_SHOWN = 500;

export const cabinetSchema = z.object({
  barcode: z.string(),
  line_no: z.number().int(),
  unit_no: z.number().int(),
  manufacturer_code: z.string(),
  description: z.string(),
  status: z.enum(CABINET_STATUSES),
  completed_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
});
export type Cabinet = z.infer<typeof cabinetSchema>;

export const cabinetListSchema = z.object({ results: z.array(cabinetSchema), total: z.number().int() });

/** The order answer's counts (orderSchema `cabinets`). */
export const cabinetCountsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  shipped: z.number().int(),
});

const person = z.object({ id: z.number().int(), full_name: z.string() }).nullable();
const orderRef = z.object({ id: z.number().int(), name: z.string(), status: z.enum(ORDER_STATUSES) });

export const scanSessionSchema = z.object({
  id: z.number().int(),
  type: z.enum(SCAN_SESSION_TYPES),
  station: z.string().nullable(),
  opened_by: person,
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  counts: z.object({
    total: z.number().int(),
    ok: z.number().int(),
    duplicate: z.number().int(),
    unknown: z.number().int(),
    wrong_state: z.number().int(),
  }),
});
export type ScanSession = z.infer<typeof scanSessionSchema>;

export const scanRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  code: z.string(),
  client_scan_id: z.string().nullable(),
  result: z.enum(CABINET_SCAN_RESULTS),
  cabinet: cabinetSchema.nullable(),
  order: orderRef.nullable(),
  by: person,
  /** A mistaken scan undone (issue 35): when, by whom and why; null while it stands. */
  undone: z.object({ at: z.string(), by: person, reason: z.string() }).nullable(),
});
export type ScanRow = z.infer<typeof scanRowSchema>;

/** A scan of the day on the floor board (issue 35): with its session, as a live `scan` event names it. */
export const floorScanSchema = scanRowSchema.extend({ session_id: z.number().int() });
export type FloorScan = z.infer<typeof floorScanSchema>;

/** `page_size`: how many of the day's newest scans (the board's Last scans), 20 when absent, at most 100. */
export const floorScansQuerySchema = z.object({
  page_size: listQuery({ pageSize: 20, maxPageSize: 100 }).page_size,
});

export const scanSessionDetailSchema = scanSessionSchema.extend({ scans: z.array(scanRowSchema) });
export type ScanSessionDetail = z.infer<typeof scanSessionDetailSchema>;

export const orderScanSessionSchema = scanSessionSchema.extend({ scans_of_order: z.number().int() });

export const scanSessionCreateSchema = z.object({
  type: z.enum(SCAN_SESSION_TYPES),
  station: z.preprocess((v) => (v === '' ? null : v), textField(PRODUCTION_LIMITS.station).nullable().optional()),
});

export const scanSessionListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  type: optionalParam(z.enum(SCAN_SESSION_TYPES)),
  /** true: only open sessions; false: only closed ones. */
  open: optionalParam(z.enum(['true', 'false'])),
  /** Only the sessions of this station (its name, as the session names it; case ignored). */
  station: optionalParam(textField(PRODUCTION_LIMITS.station)),
});

export const scanBodySchema = z.object({
  code: requiredString(PRODUCTION_LIMITS.code),
  client_scan_id: optionalParam(textField(PRODUCTION_LIMITS.clientScanId)),
  /**
   * When the person scanned (an offline scan sent later): at most SCANNED_AT_BOUNDS.aheadMs after
   * the server's clock and SCANNED_AT_BOUNDS.behindMs before it (the server checks; absent: now).
   */
  scanned_at: optionalParam(z.iso.datetime({ offset: true, error: PRODUCTION_TEXT.scannedAtInvalid })),
});

/** How far a scan's `scanned_at` may be from the server's clock (issue 29). */
export const SCANNED_AT_BOUNDS = { aheadMs: 60_000, behindMs: 7 * 24 * 3600_000 } as const;

export const scanResultSchema = z.object({
  /** The scan's row (issue 35: the id an undo names); null when nothing was recorded. */
  id: z.number().int().nullable(),
  result: z.enum(CABINET_SCAN_RESULTS),
  cabinet: cabinetSchema.nullable(),
  order: orderRef.nullable(),
  /** The scanned order's cabinets after this scan (null for an unknown code). */
  cabinets: cabinetCountsSchema.nullable(),
});
export type ScanAnswer = z.infer<typeof scanResultSchema>;

export const completedShippedLogQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  selected_range: z.preprocess((v) => (v === '' || v === undefined ? 'today' : v), z.enum(LOG_RANGES)),
  date_after: dateParam(),
  date_before: dateParam(),
  /** One kind of event only (/orders/completed-cabinets: COMPLETED); both when absent. */
  event: optionalParam(z.enum(['COMPLETED', 'SHIPPED'])),
  format: optionalParam(z.enum(['json', 'csv'])),
});

export const completedShippedLogRowSchema = z.object({
  at: z.string(),
  event: z.enum(['COMPLETED', 'SHIPPED']),
  order: z.object({ id: z.number().int(), name: z.string() }),
  cabinet: z.object({ barcode: z.string(), line_no: z.number().int(), unit_no: z.number().int() }),
  by: person,
});
export type CompletedShippedLogRow = z.infer<typeof completedShippedLogRowSchema>;

/** POST /api/scan/scans/{id}/undo/ (issue 35). */
export const scanUndoBodySchema = z.object({
  reason: z.string({ error: STATION_TEXT.reasonRequired }).trim().min(1, STATION_TEXT.reasonRequired).max(500),
});

/** GET /api/reports/productivity/ (issue 35): scans net of undone ones, per station or per person. */
export const PRODUCTIVITY_GROUPS = ['station', 'user'] as const;
export const productivityQuerySchema = z.object({
  date_after: dateParam(),
  date_before: dateParam(),
  group_by: z.preprocess((v) => (v === '' || v === undefined ? 'station' : v), z.enum(PRODUCTIVITY_GROUPS)),
  format: optionalParam(z.enum(['json', 'csv'])),
});

const productivityWho = z.object({ id: z.number().int().nullable(), name: z.string() });
const productivityRowSchema = z.object({
  station: productivityWho.optional(),
  user: productivityWho.optional(),
  cabinets_completed: z.number().int(),
  scans: z.number().int(),
  first_scan_at: z.string(),
  last_scan_at: z.string(),
  /** Cabinets completed per hour worked: each day's first to last scan, at least an hour in all. */
  per_hour: z.number(),
});
export type ProductivityRow = z.infer<typeof productivityRowSchema>;
export const productivitySchema = z.object({
  date_after: z.string(),
  date_before: z.string(),
  group_by: z.enum(PRODUCTIVITY_GROUPS),
  results: z.array(productivityRowSchema),
});
export type Productivity = z.infer<typeof productivitySchema>;

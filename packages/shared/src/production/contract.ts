import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { orderSchema, orderVersionBodySchema } from '../orders/schemas.ts';
import { idField } from '../validation.ts';
import {
  cabinetListSchema,
  completedShippedLogQuerySchema,
  completedShippedLogRowSchema,
  floorScanSchema,
  floorScansQuerySchema,
  orderScanSessionSchema,
  productivityQuerySchema,
  productivitySchema,
  scanBodySchema,
  scanResultSchema,
  scanRowSchema,
  scanSessionCreateSchema,
  scanSessionDetailSchema,
  scanSessionListQuerySchema,
  scanSessionSchema,
  scanUndoBodySchema,
} from './schemas.ts';

/**
 * Production (issue 18): cabinets, scan sessions, the hand moves and the completed/shipped log.
 * The shop's calls: customers get 403. Status moves are the lifecycle table's (ORDER_MOVES).
 */
const api = endpointsFor(['production']);
const idParams = z.object({ id: idField() });
const empty = z.object({}).optional();
const O = '/api/orders/:id';
const S = '/api/scan/sessions';

export const productionApi = {
  cabinets: api.shop({
    method: 'GET',
    path: `${O}/cabinets/`,
    summary: "The order's cabinets (one per unit of every line), by line and unit",
    params: idParams,
    response: cabinetListSchema,
  }),
  orderScanSessions: api.shop({
    method: 'GET',
    path: `${O}/scan_sessions/`,
    summary: 'The scan sessions that scanned a cabinet of the order, newest first, with its scans in each',
    params: idParams,
    response: paged(orderScanSessionSchema),
  }),
  startProduction: api.shop({
    method: 'POST',
    path: `${O}/start_production/`,
    summary: 'VERIFIED -> IN_PROGRESS by hand',
    params: idParams,
    body: orderVersionBodySchema,
    response: orderSchema,
  }),
  complete: api.admin({
    method: 'POST',
    path: `${O}/complete/`,
    summary: 'IN_PROGRESS or PARTIALLY_COMPLETED -> COMPLETED by hand; cabinets not yet scanned are marked complete',
    params: idParams,
    body: orderVersionBodySchema,
    response: orderSchema,
  }),
  ship: api.admin({
    method: 'POST',
    path: `${O}/ship/`,
    summary: 'COMPLETED -> SHIPPED by hand; cabinets not yet scanned are marked shipped',
    params: idParams,
    body: orderVersionBodySchema,
    response: orderSchema,
  }),
  completedShippedLog: api.shop({
    method: 'GET',
    path: '/api/orders/logs/completed_shipped_log/',
    summary:
      'Cabinets completed or shipped: selected_range today (default), week (7 days), month (30 days), or date_after/date_before; newest first; format=csv',
    query: completedShippedLogQuerySchema,
    response: paged(completedShippedLogRowSchema),
  }),
  floorScans: api.shop({
    method: 'GET',
    path: '/api/scan/scans/',
    summary:
      "The day's newest scans across every session (the floor board's Last scans on load), newest first: page_size (default 20, at most 100)",
    query: floorScansQuerySchema,
    response: z.object({ results: z.array(floorScanSchema) }),
  }),
  sessionList: api.shop({
    method: 'GET',
    path: `${S}/`,
    summary: 'Scan sessions, newest first: type, open (true|false), station, page, page_size',
    query: scanSessionListQuerySchema,
    response: paged(scanSessionSchema),
  }),
  sessionCreate: api.shop({
    method: 'POST',
    path: `${S}/`,
    summary: 'Open a scan session { type: PRODUCTION | SHIPPING | AUDIT, station? }',
    body: scanSessionCreateSchema,
    response: scanSessionSchema,
    status: 201,
  }),
  sessionDetail: api.shop({
    method: 'GET',
    path: `${S}/:id/`,
    summary: 'One scan session with its scans (newest first, the last 500)',
    params: idParams,
    response: scanSessionDetailSchema,
  }),
  scan: api.shop({
    method: 'POST',
    path: `${S}/:id/scan/`,
    summary:
      'Scan one code { code, client_scan_id? }: OK, DUPLICATE (counted once), UNKNOWN or WRONG_STATE; a retried client_scan_id answers the first result',
    params: idParams,
    body: scanBodySchema,
    response: scanResultSchema,
  }),
  sessionClose: api.shop({
    method: 'POST',
    path: `${S}/:id/close/`,
    summary: 'Close a scan session (closing a closed one changes nothing)',
    params: idParams,
    body: empty,
    response: scanSessionSchema,
  }),
  sessionReopen: api.admin({
    method: 'POST',
    path: `${S}/:id/reopen/`,
    summary: 'Reopen a closed scan session (reopening an open one changes nothing)',
    params: idParams,
    body: empty,
    response: scanSessionSchema,
  }),
  scanUndo: api.shop({
    method: 'POST',
    path: '/api/scan/scans/:id/undo/',
    summary:
      'Undo a mistaken scan { reason }: the cabinet and its order go back; the scan stays marked undone. 409 when undone already or the cabinet moved on since',
    params: idParams,
    body: scanUndoBodySchema,
    response: scanRowSchema,
  }),
  productivity: api.shop({
    method: 'GET',
    path: '/api/reports/productivity/',
    summary:
      'Cabinets completed and scans per station or per person (group_by), net of undone scans: date_after/date_before (default today); format=csv',
    tags: ['reports'],
    query: productivityQuerySchema,
    response: productivitySchema,
  }),
};

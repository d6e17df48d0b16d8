import { z } from 'zod';
import { ROLE_GROUPS } from '../auth/roles.ts';
import { endpoint } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { orderSchema, orderVersionBodySchema } from '../orders/schemas.ts';
import { idField } from '../validation.ts';
import {
  cabinetListSchema,
  completedShippedLogQuerySchema,
  completedShippedLogRowSchema,
  orderScanSessionSchema,
  scanBodySchema,
  scanResultSchema,
  scanSessionCreateSchema,
  scanSessionDetailSchema,
  scanSessionListQuerySchema,
  scanSessionSchema,
} from './schemas.ts';

/**
 * Production (issue 18): cabinets, scan sessions, the hand moves and the completed/shipped log.
 * The shop's calls: customers get 403. Status moves are the lifecycle table's (ORDER_MOVES).
 */
const tags = ['production'];
const SHOP = ROLE_GROUPS.shop;
const idParams = z.object({ id: idField() });
const empty = z.object({}).optional();
const O = '/api/orders/:id';
const S = '/api/scan/sessions';

export const productionApi = {
  cabinets: endpoint({
    method: 'GET',
    path: `${O}/cabinets/`,
    access: SHOP,
    summary: "The order's cabinets (one per unit of every line), by line and unit",
    tags,
    params: idParams,
    response: cabinetListSchema,
  }),
  orderScanSessions: endpoint({
    method: 'GET',
    path: `${O}/scan_sessions/`,
    access: SHOP,
    summary: 'The scan sessions that scanned a cabinet of the order, newest first, with its scans in each',
    tags,
    params: idParams,
    response: paged(orderScanSessionSchema),
  }),
  startProduction: endpoint({
    method: 'POST',
    path: `${O}/start_production/`,
    access: SHOP,
    summary: 'VERIFIED -> IN_PROGRESS by hand',
    tags,
    params: idParams,
    body: orderVersionBodySchema,
    response: orderSchema,
  }),
  complete: endpoint({
    method: 'POST',
    path: `${O}/complete/`,
    access: ROLE_GROUPS.admin,
    summary: 'IN_PROGRESS or PARTIALLY_COMPLETED -> COMPLETED by hand; cabinets not yet scanned are marked complete',
    tags,
    params: idParams,
    body: orderVersionBodySchema,
    response: orderSchema,
  }),
  ship: endpoint({
    method: 'POST',
    path: `${O}/ship/`,
    access: ROLE_GROUPS.admin,
    summary: 'COMPLETED -> SHIPPED by hand; cabinets not yet scanned are marked shipped',
    tags,
    params: idParams,
    body: orderVersionBodySchema,
    response: orderSchema,
  }),
  completedShippedLog: endpoint({
    method: 'GET',
    path: '/api/orders/logs/completed_shipped_log/',
    access: SHOP,
    summary:
      'Cabinets completed or shipped: selected_range today (default), week (7 days), month (30 days), or date_after/date_before; newest first; format=csv',
    tags,
    query: completedShippedLogQuerySchema,
    response: paged(completedShippedLogRowSchema),
  }),
  sessionList: endpoint({
    method: 'GET',
    path: `${S}/`,
    access: SHOP,
    summary: 'Scan sessions, newest first: type, open (true|false), page, page_size',
    tags,
    query: scanSessionListQuerySchema,
    response: paged(scanSessionSchema),
  }),
  sessionCreate: endpoint({
    method: 'POST',
    path: `${S}/`,
    access: SHOP,
    summary: 'Open a scan session { type: PRODUCTION | SHIPPING | AUDIT, station? }',
    tags,
    body: scanSessionCreateSchema,
    response: scanSessionSchema,
    status: 201,
  }),
  sessionDetail: endpoint({
    method: 'GET',
    path: `${S}/:id/`,
    access: SHOP,
    summary: 'One scan session with its scans (newest first, the last 500)',
    tags,
    params: idParams,
    response: scanSessionDetailSchema,
  }),
  scan: endpoint({
    method: 'POST',
    path: `${S}/:id/scan/`,
    access: SHOP,
    summary:
      'Scan one code { code, client_scan_id? }: OK, DUPLICATE (counted once), UNKNOWN or WRONG_STATE; a retried client_scan_id answers the first result',
    tags,
    params: idParams,
    body: scanBodySchema,
    response: scanResultSchema,
  }),
  sessionClose: endpoint({
    method: 'POST',
    path: `${S}/:id/close/`,
    access: SHOP,
    summary: 'Close a scan session (closing a closed one changes nothing)',
    tags,
    params: idParams,
    body: empty,
    response: scanSessionSchema,
  }),
};

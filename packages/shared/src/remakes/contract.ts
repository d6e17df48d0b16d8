import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  remakeApproveSchema,
  remakeListQuerySchema,
  remakeRejectSchema,
  remakeRequestSchema,
  remakeSchema,
} from './schemas.ts';

/**
 * Remakes (issue 18): the shop asks (ADMIN, STAFF), an admin decides: approve creates a linked
 * remake order that enters production, reject keeps the reason. Customers get 403.
 */
const idParams = z.object({ id: idField() });

const api = endpointsFor(['remakes']);

export const remakesApi = {
  request: api.shop({
    method: 'POST',
    path: '/api/orders/:id/remake/',
    summary: 'Ask for a remake: { items: [{ barcode }], reason (settings.remake_reasons), source, notes }',
    params: idParams,
    body: remakeRequestSchema,
    response: remakeSchema,
    status: 201,
  }),
  ofOrder: api.shop({
    method: 'GET',
    path: '/api/orders/:id/remake/',
    summary: 'The remakes asked for one order, newest first',
    params: idParams,
    response: z.object({ results: z.array(remakeSchema), total: z.number().int() }),
  }),
  list: api.shop({
    method: 'GET',
    path: '/api/orders/remake_list/',
    summary: 'Remakes: search (order name or id, barcode, notes), status (default OPEN), source; page, page_size',
    query: remakeListQuerySchema,
    response: paged(remakeSchema),
  }),
  approve: api.admin({
    method: 'PATCH',
    path: '/api/orders/remake/:id/approve/',
    summary:
      'OPEN -> APPROVED: creates the linked remake order ($0.00 unless { charged: true }) and puts it in production',
    params: idParams,
    body: remakeApproveSchema,
    response: remakeSchema,
  }),
  reject: api.admin({
    method: 'PATCH',
    path: '/api/orders/remake/:id/reject/',
    summary: 'OPEN -> REJECTED with { reason }',
    params: idParams,
    body: remakeRejectSchema,
    response: remakeSchema,
  }),
};

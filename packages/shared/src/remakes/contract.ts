import { z } from 'zod';
import { ROLE_GROUPS } from '../auth/roles.ts';
import { endpoint } from '../http/contract.ts';
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
const tags = ['remakes'];
const idParams = z.object({ id: idField() });

export const remakesApi = {
  request: endpoint({
    method: 'POST',
    path: '/api/orders/:id/remake/',
    access: ROLE_GROUPS.shop,
    summary: 'Ask for a remake: { items: [{ barcode }], reason (settings.remake_reasons), source, notes }',
    tags,
    params: idParams,
    body: remakeRequestSchema,
    response: remakeSchema,
    status: 201,
  }),
  ofOrder: endpoint({
    method: 'GET',
    path: '/api/orders/:id/remake/',
    access: ROLE_GROUPS.shop,
    summary: 'The remakes asked for one order, newest first',
    tags,
    params: idParams,
    response: z.object({ results: z.array(remakeSchema), total: z.number().int() }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/orders/remake_list/',
    access: ROLE_GROUPS.shop,
    summary: 'Remakes: search (order name or id, barcode, notes), status (default OPEN), source; page, page_size',
    tags,
    query: remakeListQuerySchema,
    response: paged(remakeSchema),
  }),
  approve: endpoint({
    method: 'PATCH',
    path: '/api/orders/remake/:id/approve/',
    access: ROLE_GROUPS.admin,
    summary:
      'OPEN -> APPROVED: creates the linked remake order ($0.00 unless { charged: true }) and puts it in production',
    tags,
    params: idParams,
    body: remakeApproveSchema,
    response: remakeSchema,
  }),
  reject: endpoint({
    method: 'PATCH',
    path: '/api/orders/remake/:id/reject/',
    access: ROLE_GROUPS.admin,
    summary: 'OPEN -> REJECTED with { reason }',
    tags,
    params: idParams,
    body: remakeRejectSchema,
    response: remakeSchema,
  }),
};

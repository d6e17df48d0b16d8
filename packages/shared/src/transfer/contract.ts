import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { idField } from '../validation.ts';
import { catalogImportResultSchema, orderImportResultSchema } from './schemas.ts';

const idParams = z.object({ id: idField() });
const text = z.string();

const api = endpointsFor(['orders', 'transfer']);

/**
 * Imports and exports (issue 18, decision 0030). The two imports are multipart: their fields are
 * in the summary, not in a JSON body schema (as the catalogue's import_csv).
 */
export const transferApi = {
  importOrder: api.adminAndCustomers({
    method: 'POST',
    path: '/api/orders/importorder/',
    summary:
      'Multipart `name`, `order_file` (a 2020 design .xml), `created_by` (the customer, ADMIN only), `preview=true` (nothing saved): a BID, one group per Design; unknown codes listed with their line',
    response: orderImportResultSchema,
  }),
  catalog2020Upload: api.admin({
    method: 'POST',
    path: '/api/catalog/2020/upload/',
    summary:
      'Multipart `file` (a 2020 design or catalogue .xml), `preview=true`: updates the line items named by UserCode (description, sizes, hinge); unknown codes listed',
    tags: ['catalog', 'transfer'],
    response: catalogImportResultSchema,
  }),
  orderExport: api.shop({
    method: 'GET',
    path: '/api/orders/:id/export/',
    summary:
      'CSV for the CNC software: one row per cabinet (unit of a line), with export names and premium export names and categories',
    params: idParams,
    response: text,
  }),
  orderYaml: api.shop({
    method: 'GET',
    path: '/api/orders/:id/yaml/',
    summary: 'The whole order (as GET /api/orders/{id}/ answers it) as YAML',
    params: idParams,
    response: text,
  }),
};

import { z } from 'zod';
import { ROLE_GROUPS } from '../auth/roles.ts';
import { endpoint } from '../http/contract.ts';
import { idField } from '../validation.ts';
import { catalogImportResultSchema, orderImportResultSchema } from './schemas.ts';

const idParams = z.object({ id: idField() });
const text = z.string();

/**
 * Imports and exports (issue 18, decision 0030). The two imports are multipart: their fields are
 * in the summary, not in a JSON body schema (as the catalogue's import_csv).
 */
export const transferApi = {
  importOrder: endpoint({
    method: 'POST',
    path: '/api/orders/importorder/',
    access: ROLE_GROUPS.adminAndCustomers,
    summary:
      'Multipart `name`, `order_file` (a 2020 design .xml), `created_by` (the customer, ADMIN only), `preview=true` (nothing saved): a BID, one group per Design; unknown codes listed with their line',
    tags: ['orders', 'transfer'],
    response: orderImportResultSchema,
  }),
  catalog2020Upload: endpoint({
    method: 'POST',
    path: '/api/catalog/2020/upload/',
    access: ROLE_GROUPS.admin,
    summary:
      'Multipart `file` (a 2020 design or catalogue .xml), `preview=true`: updates the line items named by UserCode (description, sizes, hinge); unknown codes listed',
    tags: ['catalog', 'transfer'],
    response: catalogImportResultSchema,
  }),
  orderExport: endpoint({
    method: 'GET',
    path: '/api/orders/:id/export/',
    access: ROLE_GROUPS.shop,
    summary:
      'CSV for the CNC software: one row per cabinet (unit of a line), with export names and premium export names and categories',
    tags: ['orders', 'transfer'],
    params: idParams,
    response: text,
  }),
  orderYaml: endpoint({
    method: 'GET',
    path: '/api/orders/:id/yaml/',
    access: ROLE_GROUPS.shop,
    summary: 'The whole order (as GET /api/orders/{id}/ answers it) as YAML',
    tags: ['orders', 'transfer'],
    params: idParams,
    response: text,
  }),
};

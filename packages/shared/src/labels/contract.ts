import { z } from 'zod';
import { ROLE_GROUPS } from '../auth/roles.ts';
import { endpoint } from '../http/contract.ts';
import { idField } from '../validation.ts';
import {
  dymoXmlsQuerySchema,
  dymoXmlsSchema,
  labelPrintListSchema,
  labelPrintSchema,
  printListBodySchema,
  printSessionBodySchema,
  shelfListQuerySchema,
  shelfListSchema,
} from './schemas.ts';

/**
 * Labels (issue 18): DYMO label XML or one PDF per order, the shelf list, and the print records.
 * The shop's calls: ADMIN and STAFF; customers get 403.
 */
const tags = ['labels'];
const idParams = z.object({ id: idField() });

export const labelsApi = {
  dymoXmls: endpoint({
    method: 'GET',
    path: '/api/orders/:id/dymo_xmls/',
    access: ROLE_GROUPS.shop,
    summary:
      'mode=cabinet|shelf: one DYMO label XML per cabinet or per shelf to cut (key = its barcode); barcodes=a,b: only those of the order (400 on one that is not); format=pdf: the same labels as one PDF',
    tags,
    params: idParams,
    query: dymoXmlsQuerySchema,
    response: dymoXmlsSchema,
  }),
  shelfList: endpoint({
    method: 'GET',
    path: '/api/orders/:id/shelf_list/',
    access: ROLE_GROUPS.shop,
    summary: 'Adjustable shelves to cut (nb_adjustable_shelf x qty per line) grouped by width and depth; format=pdf',
    tags,
    params: idParams,
    query: shelfListQuerySchema,
    response: shelfListSchema,
  }),
  labelPrints: endpoint({
    method: 'GET',
    path: '/api/orders/:id/label_prints/',
    access: ROLE_GROUPS.shop,
    summary: 'The order’s print records, newest first (the last 200; total counts all): who printed which labels, when',
    tags,
    params: idParams,
    response: labelPrintListSchema,
  }),
  printList: endpoint({
    method: 'POST',
    path: '/api/orders/print_list/',
    access: ROLE_GROUPS.shop,
    summary: 'Records that an order’s labels were printed: { order, mode, barcodes? } (all when absent)',
    tags,
    body: printListBodySchema,
    response: labelPrintSchema,
    status: 201,
  }),
  printSession: endpoint({
    method: 'POST',
    path: '/api/orders/print_session/',
    access: ROLE_GROUPS.shop,
    summary: 'Records that a scan session’s labels were printed: { session }',
    tags,
    body: printSessionBodySchema,
    response: labelPrintSchema,
    status: 201,
  }),
};

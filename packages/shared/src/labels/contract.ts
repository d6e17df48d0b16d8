import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
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
const idParams = z.object({ id: idField() });

const api = endpointsFor(['labels']);

export const labelsApi = {
  dymoXmls: api.shop({
    method: 'GET',
    path: '/api/orders/:id/dymo_xmls/',
    summary:
      'mode=cabinet|shelf: one DYMO label XML per cabinet or per shelf to cut (key = its barcode); barcodes=a,b: only those of the order (400 on one that is not); format=pdf: the same labels as one PDF',
    params: idParams,
    query: dymoXmlsQuerySchema,
    response: dymoXmlsSchema,
  }),
  shelfList: api.shop({
    method: 'GET',
    path: '/api/orders/:id/shelf_list/',
    summary: 'Adjustable shelves to cut (nb_adjustable_shelf x qty per line) grouped by width and depth; format=pdf',
    params: idParams,
    query: shelfListQuerySchema,
    response: shelfListSchema,
  }),
  labelPrints: api.shop({
    method: 'GET',
    path: '/api/orders/:id/label_prints/',
    summary: 'The order’s print records, newest first (the last 200; total counts all): who printed which labels, when',
    params: idParams,
    response: labelPrintListSchema,
  }),
  printList: api.shop({
    method: 'POST',
    path: '/api/orders/print_list/',
    summary: 'Records that an order’s labels were printed: { order, mode, barcodes? } (all when absent)',
    body: printListBodySchema,
    response: labelPrintSchema,
    status: 201,
  }),
  printSession: api.shop({
    method: 'POST',
    path: '/api/orders/print_session/',
    summary: 'Records that a scan session’s labels were printed: { session }',
    body: printSessionBodySchema,
    response: labelPrintSchema,
    status: 201,
  }),
};

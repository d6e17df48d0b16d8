import { accountsApi, PAGE_SIZE, transferApi } from '@cab/shared';
import { call, download, upload } from '../../lib/api.ts';

/** Imports and exports (decision 0030): the two 2020 uploads and the order's downloads. */

export interface ImportOrderInput {
  name: string;
  file: File;
  /** The customer an admin imports for. */
  customer: number | null;
  preview: boolean;
}

export function importOrder(input: ImportOrderInput) {
  const form = new FormData();
  form.append('name', input.name);
  if (input.customer !== null) form.append('created_by', String(input.customer));
  if (input.preview) form.append('preview', 'true');
  form.append('order_file', input.file);
  return upload(transferApi.importOrder, { form, handles: ['validation_error', 'payload_too_large'] });
}

export function upload2020(file: File, preview: boolean) {
  const form = new FormData();
  if (preview) form.append('preview', 'true');
  form.append('file', file);
  return upload(transferApi.catalog2020Upload, { form, handles: ['validation_error', 'payload_too_large'] });
}

/** Customers an admin may import for, by name or e-mail. */
export async function customerOptions(text: string, signal: AbortSignal) {
  const search = text.trim();
  const query = { page: 1, page_size: PAGE_SIZE.autocomplete, ...(search ? { search } : {}) };
  return (await call(accountsApi.customers, { query, signal })).results;
}

export const downloadOrderCsv = (id: number) =>
  download(transferApi.orderExport, { params: { id }, fallbackName: `order-${id}.csv` });
export const downloadOrderYaml = (id: number) =>
  download(transferApi.orderYaml, { params: { id }, fallbackName: `order-${id}.yaml` });

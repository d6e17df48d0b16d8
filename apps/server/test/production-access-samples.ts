import { productionApi } from '@cab/shared';

/**
 * Valid requests for each production endpoint (access.test.ts), on ids that do not exist, so a
 * permitted call answers 404 (or an empty list) and changes nothing; opening a session is the
 * one write that succeeds.
 */
export function productionSamples() {
  const none = 999_999;
  const samples: Record<
    string,
    { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown }
  > = {
    'productionApi.sessionCreate': { body: { type: 'AUDIT' } },
    'productionApi.scan': { params: { id: none }, body: { code: '1-01-1', client_scan_id: 'access-1' } },
    'productionApi.completedShippedLog': { query: { selected_range: 'week' } },
    'productionApi.sessionList': { query: { open: 'true', station: 'Assembly 1' } },
    'productionApi.scanUndo': { params: { id: none }, body: { reason: 'Access test' } },
    'productionApi.productivity': { query: { group_by: 'user' } },
  };
  for (const [name, e] of Object.entries(productionApi)) {
    const key = `productionApi.${name}`;
    if (samples[key] || !e.path.includes(':id')) continue;
    samples[key] = { params: { id: none }, ...(e.method === 'GET' ? {} : { body: {} }) };
  }
  return samples;
}

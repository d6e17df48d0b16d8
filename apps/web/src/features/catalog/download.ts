import { buildPath, type Endpoint } from '@cab/shared';
import { getToken } from '../../lib/token.ts';

/**
 * Downloads a CSV export (GET .../export_csv/) as a file. The API client parses JSON, and a link
 * cannot send the Authorization header, so the file is fetched here and saved from a blob.
 */
export async function downloadCsv(
  endpoint: Endpoint,
  params: Record<string, string> | undefined,
  fallbackName: string,
) {
  const token = getToken();
  const response = await fetch(buildPath(endpoint.path, params ?? {}), {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${fallbackName}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

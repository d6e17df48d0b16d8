import { randomBytes } from 'node:crypto';
import { buildPath, type Endpoint } from '@cab/shared';
import sharp from 'sharp';
import type { TestApp } from './helpers.ts';

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  contentType?: string;
  bytes?: Buffer;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cab${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined)
      head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), p.bytes ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends a multipart request to a contract's path. */
export async function upload(
  t: TestApp,
  endpoint: Endpoint,
  token: string,
  params: Record<string, string | number>,
  parts: Part[],
) {
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, params),
    payload,
    headers: { ...headers, authorization: `Token ${token}` },
  });
  let body: any = res.body;
  try {
    body = res.json();
  } catch {}
  return { status: res.statusCode, body, headers: res.headers };
}

export const csvPart = (text: string, filename = 'import.csv'): Part => ({
  name: 'file',
  filename,
  contentType: 'text/csv',
  bytes: Buffer.from(text),
});

/** A real PNG of the given size. */
export async function png(width = 400, height = 300, color = '#b08a5c'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function jpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
}

export const imagePart = (bytes: Buffer, filename = 'picture.png', contentType = 'image/png'): Part => ({
  name: 'images',
  filename,
  contentType,
  bytes,
});

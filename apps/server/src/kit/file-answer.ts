import type { FastifyReply } from 'fastify';

/**
 * The one way a route answers with a file (issue 28; immich's utils/file.ts is the model): every
 * download (CSV exports and reports, invoice, receipt and label PDFs, order files, YAML) sets
 * its type, its Content-Disposition and its cache headers here.
 */

export interface FileAnswer {
  /** The file's name as the person saves it; any characters (it is made safe here). */
  name: string;
  /** Its media type; a text body is sent as UTF-8 and says so. */
  type: string;
  body: Buffer | string;
  /** Shown in the browser (a PDF) rather than saved; default: saved (attachment). */
  inline?: boolean;
}

/**
 * RFC 6266 Content-Disposition: `filename` is an ASCII fallback (anything else, quotes and
 * backslashes become `_`) for old clients, `filename*` the exact name in RFC 8187 UTF-8 form,
 * which every current browser prefers. Both always, so one shape serves every name.
 */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 8187 attr-char excludes ' ( ) * as well, which encodeURIComponent leaves alone.
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * Sets the answer's headers for `file` and gives back its bytes for the route to return (a Buffer
 * goes past the JSON serializer, hence the cast to the route's answer type). Downloads are a
 * signed-in person's data: never kept by a shared cache, never sniffed into a page. A file may be
 * opened as a document (a PDF in a tab): it carries the pages' security headers, not the API's.
 */
export function sendFile<T>(reply: FastifyReply, file: FileAnswer): T {
  const text = typeof file.body === 'string';
  reply
    .asDocument()
    .type(text ? `${file.type}; charset=utf-8` : file.type)
    .header('content-disposition', contentDisposition(file.name, file.inline ? 'inline' : 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return (typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body) as unknown as T;
}

/** A CSV download saved as `name`.csv (sendFile's answer type, for the route's contract). */
export const sendCsv = <T>(reply: FastifyReply, name: string, csv: string): T =>
  sendFile<T>(reply, { name: `${name}.csv`, type: 'text/csv', body: csv });

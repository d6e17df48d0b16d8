import {
  idField,
  type LineItem,
  MSG,
  type ProductGroup,
  type Subcategory,
  subcategoryListQuerySchema,
  WEB_TEXT,
} from '@cab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { contextOf } from '../../http/route.ts';
import { AppError } from '../../kit/errors.ts';
import { getProductGroup, getSubcategory, listSubcategories } from './groups/service.ts';
import { allItems } from './items/service.ts';
import { catalogCached } from './version/service.ts';

/**
 * The server-hosted catalogue pages of SPEC 2 (open in a new tab, printable): the public
 * catalogue, one product group (?print=true opens the print dialog), and the 2020 catalogue of
 * line item codes. Plain HTML with a print stylesheet, so they print cleanly from any browser.
 */
const esc = (s: string | number | null | undefined) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
  body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b2430; margin: 0; }
  header { background: #1f3a5f; color: #fff; padding: 16px 32px; display: flex; justify-content: space-between; align-items: center; }
  header h1 { margin: 0; font-size: 22px; }
  header button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid #fff; background: transparent; color: #fff; cursor: pointer; }
  main { padding: 24px 32px; max-width: 1200px; margin: 0 auto; }
  h2 { border-bottom: 2px solid #1f3a5f; padding-bottom: 4px; margin-top: 32px; }
  h3 { margin: 24px 0 8px; color: #1f3a5f; }
  .groups { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }
  .group { border: 1px solid #d5dbe3; border-radius: 8px; padding: 12px; break-inside: avoid; }
  .group img { width: 100%; height: 160px; object-fit: contain; background: #f4f6f9; border-radius: 4px; }
  .group h4 { margin: 8px 0 4px; }
  .note { color: #4a5563; margin: 2px 0; }
  .images { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 16px; margin-top: 16px; }
  .images img { width: 100%; border: 1px solid #d5dbe3; border-radius: 6px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e3e7ed; }
  th { background: #f4f6f9; }
  .empty { color: #6b7582; }
  @media print {
    header { background: none; color: #000; border-bottom: 2px solid #000; padding: 0 0 8px; }
    header button { display: none; }
    main { padding: 0; max-width: none; }
    h2 { break-after: avoid; }
    .group, tr { break-inside: avoid; }
    a { color: inherit; text-decoration: none; }
    @page { margin: 14mm; }
  }`;

function page(title: string, body: string, autoPrint = false) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${esc(WEB_TEXT.appName)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style>
${autoPrint ? '<script src="/template/print.js" defer></script>' : ''}</head>
<body><header><h1>${esc(title)}</h1><button type="button" id="print">Print</button></header><main>${body}</main>
<script src="/template/print-button.js" defer></script></body></html>`;
}

function groupCard(group: ProductGroup) {
  const image = group.images[0];
  return `<article class="group">
  ${image ? `<img src="${esc(image.thumbnail)}" alt="${esc(group.name)}">` : ''}
  <h4><a href="/template/catalog/group/${group.id}/">${esc(group.name)}</a></h4>
  ${group.note ? `<p class="note">${esc(group.note)}</p>` : ''}
</article>`;
}

function catalogBody(subcategories: Subcategory[]) {
  if (subcategories.length === 0) return '<p class="empty">The catalogue is empty.</p>';
  const byCategory = new Map<string, Subcategory[]>();
  for (const sub of subcategories) {
    const key = sub.category?.name ?? 'Other';
    byCategory.set(key, [...(byCategory.get(key) ?? []), sub]);
  }
  return [...byCategory]
    .map(
      ([category, subs]) =>
        `<section><h2>${esc(category)}</h2>${subs
          .map(
            (sub) =>
              `<h3>${esc(sub.name)}</h3>${
                sub.groups.length
                  ? `<div class="groups">${sub.groups.map(groupCard).join('')}</div>`
                  : '<p class="empty">No product groups yet.</p>'
              }`,
          )
          .join('')}</section>`,
    )
    .join('');
}

function groupBody(group: ProductGroup) {
  const notes = [group.note, group.secondary_note, group.shelf_note].filter(Boolean);
  return `${notes.map((n) => `<p class="note">${esc(n)}</p>`).join('')}
<div class="images">${group.images.map((i) => `<img src="${esc(i.image)}" alt="${esc(group.name)} ${i.index + 1}">`).join('') || '<p class="empty">No images.</p>'}</div>`;
}

function catalog2020Body(items: LineItem[]) {
  const rows = items
    .map(
      (i) =>
        `<tr><td>${esc(i.manufacturer_code)}</td><td>${esc(i.description)}</td><td>${esc(i.category?.name)}</td><td>${esc(i.width)} × ${esc(i.height)} × ${esc(i.depth)}</td><td>${esc(i.export_name_1)}</td></tr>`,
    )
    .join('');
  return `<p class="note">Codes to use as UserCode in 2020 Design projects.</p>
<table><thead><tr><th>Code</th><th>Description</th><th>Category</th><th>W × H × D (in)</th><th>Export name</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const sendHtml = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

/** A page that does not exist: the same HTML page look, status 404 (never the API's JSON error). */
const sendNotFound = (reply: FastifyReply) =>
  sendHtml(
    reply.code(404),
    page(
      MSG.errorPageNotFound,
      `<p class="empty">${esc(MSG.pageNotFound)}</p><p><a href="/template/catalog/">Catalog</a> · <a href="/">${esc(MSG.homePage)}</a></p>`,
    ),
  );

export function catalogPages(app: FastifyInstance) {
  // The whole-catalogue pages are drawn once per catalogue version (version/service.ts).
  app.get('/template/catalog/', async (req, reply) => {
    const ctx = contextOf(req);
    const html = await catalogCached(ctx, 'page:catalog', async () => {
      const subs = (await listSubcategories(ctx, subcategoryListQuerySchema.parse({ all: 'true' }))) as Subcategory[];
      const full = await Promise.all(subs.map((s) => getSubcategory(ctx, s.id)));
      return page('Catalog', catalogBody(full));
    });
    return sendHtml(reply, html);
  });

  app.get('/template/catalog/2020/', async (req, reply) => {
    const ctx = contextOf(req);
    const html = await catalogCached(ctx, 'page:2020', async () =>
      page('2020 Catalog', catalog2020Body(await allItems(ctx, 'items'))),
    );
    return sendHtml(reply, html);
  });

  const groupParams = z.object({ id: idField() });
  const groupQuery = z.object({ print: z.string().optional() });
  app.get('/template/catalog/group/:id/', async (req, reply) => {
    const params = groupParams.safeParse(req.params);
    if (!params.success) return sendNotFound(reply);
    let group: ProductGroup;
    try {
      group = await getProductGroup(contextOf(req), params.data.id);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return sendNotFound(reply);
      throw err;
    }
    const print = groupQuery.parse(req.query).print === 'true';
    return sendHtml(reply, page(group.name, groupBody(group), print));
  });

  // Scripts are files (the Content-Security-Policy allows no inline script).
  app.get('/template/print.js', async (_req, reply) =>
    reply.type('text/javascript').send("window.addEventListener('load', () => window.print());"),
  );
  app.get('/template/print-button.js', async (_req, reply) =>
    reply
      .type('text/javascript')
      .send("document.getElementById('print')?.addEventListener('click', () => window.print());"),
  );
}

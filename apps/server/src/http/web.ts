import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES, MSG } from '@cab/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The built web app on the same port as the API: static files, and index.html for any other
 * path that is not under /api (the SPA router decides what to show).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  // Files are looked up per request (wildcard), so a rebuild is served without a restart.
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      // .br / .gz written at build time (apps/web/vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      // Vite names every asset by its content hash: a changed file has a new name, so an asset
      // may be cached for good; everything else (index.html, favicon) is revalidated.
      cacheControl: false,
      setHeaders: (reply, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendApp = async (reply: FastifyReply) => {
    const indexHtml = await readFile(indexFile, 'utf8').catch(() => null);
    if (!indexHtml) return reply.code(404).send({ code: ERROR_CODES.notFound, message: MSG.notFound });
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  };
  app.get('/', (_req, reply) => sendApp(reply));

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing file (e.g. a chunk of an older build) is a real 404, so the app can reload itself.
    const isFile = /\.[A-Za-z0-9]+$/.test(pathname);
    if (isApi || isFile || req.method !== 'GET') {
      return reply.code(404).send({ code: ERROR_CODES.notFound, message: MSG.notFound });
    }
    return sendApp(reply);
  });
}

import { randomUUID } from 'node:crypto';
import { type DbHandle, inLine } from '@cab/db';
import type { Access } from '@cab/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { swaggerOptions } from './http/openapi.ts';
import { acceptEmptyJsonBodies } from './http/route.ts';
import { securityHeaders } from './http/security-headers.ts';
import { registerWeb } from './http/web.ts';
import { accountsRoutes } from './modules/accounts/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { authRoutes, registerAuthentication } from './modules/auth/index.ts';
import { catalogPages, catalogRoutes } from './modules/catalog/index.ts';
import { coreRoutes, readShopTimeZone, shopTimeZoneIsFresh } from './modules/core/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { emailRoutes } from './modules/email/index.ts';
import { eventsRoutes } from './modules/events/index.ts';
import { financeRoutes } from './modules/finance/index.ts';
import { invoicesRoutes } from './modules/invoices/index.ts';
import { labelsRoutes } from './modules/labels/index.ts';
import { opsRoutes, QUIET_ROUTES } from './modules/ops/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import { productionRoutes } from './modules/production/index.ts';
import { proposalsRoutes } from './modules/proposals/index.ts';
import { remakesRoutes } from './modules/remakes/index.ts';
import { remindersRoutes } from './modules/reminders/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { transferRoutes } from './modules/transfer/index.ts';
import { createStorage } from './storage/index.ts';
import { wireModules } from './wiring.ts';

/** What each registered route is and who may call it (checked by the access tests). */
interface RouteInfo {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
  }
}

export interface BuildAppOptions extends Omit<AppDeps, 'storage'> {
  /** Where uploads go; by default what the configuration names (createStorage). */
  storage?: AppDeps['storage'];
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | object;
  /** The database's connection counts for GET /metrics (DbHandle.stats). */
  dbStats?: DbHandle['stats'];
}

/** Routes without a contract are public by nature: web pages, static files, API documentation. */
const isUncontractedPublic = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

export async function buildApp({ db, config, storage, logger, dbStats }: BuildAppOptions): Promise<FastifyInstance> {
  // Every cross-module reaction, before anything can run one (an empty slot stops the start here).
  wireModules();
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // One JSON line per request (written in onResponse below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Path segments up to 1,024 characters reach validation, which says how long they may be.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // Off by default: otherwise any client picks its own IP (and every per-IP limit) by header.
    // A hop count is supported at runtime (proxy-addr); Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // While stopping, a request on a kept-alive connection is served (its answer says
    // `Connection: close`) rather than refused with 503: in-flight clients see no error (decision 0033).
    return503OnClosing: false,
  });
  const deps: AppDeps = { db, config, storage: storage ?? createStorage(config) };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);

  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (opts) => {
    if (isUncontractedPublic(opts.url)) {
      opts.config = { ...(opts.config as object), access: 'public' };
    }
    // The API document describes the API: pages, their scripts and /metrics are left out of it.
    if (!opts.url.startsWith('/api/')) opts.schema = { ...opts.schema, hide: true };
    for (const method of [opts.method].flat()) {
      routeTable.push({ method, url: opts.url, access: (opts.config as { access?: Access } | undefined)?.access });
    }
  });
  // One hook for what every request needs first (a hook per concern cost a turn of Fastify's hook
  // runner each; callbacks, not async: a promise per hook per request showed in the profile):
  // - the security headers (http/security-headers.ts) and the request id go on the answer;
  // - each request is one caller in the embedded database's line: its statements are served before
  //   those of requests that arrived after it (first come, first served; no-op on PostgreSQL). On
  //   PGlite each request also gets a turn of the event loop of its own, so new connections are
  //   accepted between requests (packages/db/src/pglite-queue.ts);
  // - the shop's clock (decision 0051): its zone is read again once older than a few seconds, so
  //   every day a request counts is the shop's. A failed read keeps the zone last read.
  const setSecurityHeaders = securityHeaders(app, config.httpsOnly);
  app.addHook('onRequest', (req, reply, done) => {
    setSecurityHeaders(req, reply);
    reply.header('x-request-id', req.id);
    inLine(() => {
      if (shopTimeZoneIsFresh(deps.db)) return done();
      readShopTimeZone(deps).then(
        () => done(),
        (err) => {
          req.log.warn({ err }, 'reading the shop time zone failed');
          done();
        },
      );
    });
  });
  app.addHook('onResponse', (req, reply, done) => {
    // Health checks and scrapes come every second: logged only at debug level.
    const quiet = QUIET_ROUTES.has(req.routeOptions.url ?? '');
    (quiet ? req.log.debug : req.log.info).call(
      req.log,
      {
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: req.user?.id,
      },
      'request',
    );
    done();
  });

  await app.register(swagger, swaggerOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerAuthentication(app, db);
  authRoutes(app);
  accountsRoutes(app);
  coreRoutes(app);
  dashboardRoutes(app);
  catalogRoutes(app);
  emailRoutes(app);
  auditRoutes(app);
  ordersRoutes(app);
  labelsRoutes(app);
  remakesRoutes(app);
  financeRoutes(app);
  remindersRoutes(app);
  productionRoutes(app);
  transferRoutes(app);
  reportsRoutes(app);
  invoicesRoutes(app);
  eventsRoutes(app);
  proposalsRoutes(app);
  opsRoutes(app, { dbStats });
  catalogPages(app);
  await registerWeb(app, config.webDist);
  return app;
}

import { CLIENT_LOG_LIMITS, coreApi } from '@cab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

/** The client a log line came from. */
const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export function coreRoutes(app: FastifyInstance) {
  route(app, coreApi.getSettings, ({ ctx }) => service.getSettings(ctx));
  route(app, coreApi.patchSettings, ({ ctx, body }) => service.patchSettings(ctx, body));
  route(app, coreApi.holidays, ({ ctx, query }) => service.holidays(ctx, query.year));
  route(app, coreApi.postalCodeLookup, async ({ query }) => service.lookupPostalCode(query.postal_code));
  route(app, coreApi.stripe, async ({ ctx }) => service.stripeKey(ctx));
  route(app, coreApi.tags, ({ ctx }) => service.tags(ctx));
  route(app, coreApi.config, async ({ ctx }) => service.clientConfig(ctx));

  const logOptions = { bodyLimit: CLIENT_LOG_LIMITS.bodyBytes };
  route(
    app,
    coreApi.logWarn,
    ({ ctx, body, req }) => service.recordClientLog(ctx, { level: 'warn', ...body }, client(req)),
    logOptions,
  );
  route(
    app,
    coreApi.logError,
    ({ ctx, body, req }) => service.recordClientLog(ctx, { level: 'error', ...body }, client(req)),
    logOptions,
  );
}

import { CLIENT_LOG_LIMITS, coreApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function coreRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  route(app, coreApi.getSettings, () => service.getSettings(db));
  route(app, coreApi.patchSettings, ({ user, body }) => service.patchSettings(db, user, body));
  route(app, coreApi.holidays, ({ query }) => service.holidays(db, query.year));
  route(app, coreApi.postalCodeLookup, async ({ query }) => service.lookupPostalCode(query.postal_code));
  route(app, coreApi.stripe, async () => ({ pk: config.stripe.publishableKey }));
  route(app, coreApi.tags, () => service.tags(db));
  route(app, coreApi.config, async () => ({
    app_env: config.appEnv,
    is_test_environment: config.isTestEnvironment,
    version: config.version,
  }));
  route(app, coreApi.dashboard, ({ user }) => service.dashboard(db, user));

  const logOptions = { bodyLimit: CLIENT_LOG_LIMITS.bodyBytes };
  const who = (req: import('fastify').FastifyRequest) => ({
    user: req.user,
    ip: req.ip,
    userAgent: req.headers['user-agent'],
  });
  route(
    app,
    coreApi.logWarn,
    ({ body, req }) => service.recordClientLog(db, config, { level: 'warn', ...body }, who(req)),
    logOptions,
  );
  route(
    app,
    coreApi.logError,
    ({ body, req }) => service.recordClientLog(db, config, { level: 'error', ...body }, who(req)),
    logOptions,
  );
}

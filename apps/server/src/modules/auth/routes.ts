import { authApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function authRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  route(app, authApi.login, ({ body, req }) =>
    service.login(db, { ...body, ip: req.ip }, { perEmailPerMinute: config.loginRateLimitPerMinute }),
  );
  route(app, authApi.logout, ({ user }) => service.logout(db, user));
  route(app, authApi.me, ({ user }) => service.me(db, user));
  route(app, authApi.passwordUpdate, ({ user, body }) => service.updatePassword(db, user, body));
  route(app, authApi.passwordChange, ({ user, body }) => service.changePassword(db, user, body));
}

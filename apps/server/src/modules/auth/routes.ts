import { authApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function authRoutes(app: FastifyInstance) {
  route(app, authApi.login, ({ ctx, body, req }) => service.login(ctx, { ...body, ip: req.ip }));
  route(app, authApi.logout, ({ ctx }) => service.logout(ctx));
  // Read on every page load: serialized without zod's re-validation (http/serialize.ts).
  route(app, authApi.me, ({ ctx }) => service.me(ctx), { fastSerialize: true });
  route(app, authApi.passwordUpdate, ({ ctx, body }) => service.updatePassword(ctx, body));
  route(app, authApi.passwordChange, ({ ctx, body }) => service.changePassword(ctx, body));
}

import { auditApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function auditRoutes(app: FastifyInstance) {
  route(app, auditApi.events, ({ ctx, query }) => service.events(ctx, query));
}

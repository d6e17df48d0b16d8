import { coreApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { dashboard } from './service.ts';

export function dashboardRoutes(app: FastifyInstance) {
  route(app, coreApi.dashboard, ({ ctx }) => dashboard(ctx));
}

import { remakesApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as remakes from './service.ts';

export function remakesRoutes(app: FastifyInstance) {
  route(app, remakesApi.request, ({ ctx, params, body }) => remakes.requestRemake(ctx, params.id, body));
  route(app, remakesApi.ofOrder, ({ ctx, params }) => remakes.remakesOfOrder(ctx, params.id));
  route(app, remakesApi.list, ({ ctx, query }) => remakes.listRemakes(ctx, query));
  route(app, remakesApi.approve, ({ ctx, params, body }) =>
    remakes.approveRemake(ctx, params.id, body?.charged ?? false),
  );
  route(app, remakesApi.reject, ({ ctx, params, body }) => remakes.rejectRemake(ctx, params.id, body.reason));
}

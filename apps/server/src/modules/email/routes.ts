import { emailApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function emailRoutes(app: FastifyInstance, { db }: AppDeps) {
  route(app, emailApi.listTemplates, () => service.listTemplates(db));
  route(app, emailApi.getTemplate, ({ params }) => service.getTemplate(db, params.name));
  route(app, emailApi.updateTemplate, ({ user, params, body }) => service.updateTemplate(db, user, params.name, body));
  route(app, emailApi.previewTemplate, ({ params, body }) => service.preview(params.name, body));
  route(app, emailApi.outbox, ({ query }) => service.outbox(db, query));
}

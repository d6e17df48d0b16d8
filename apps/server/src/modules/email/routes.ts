import { emailApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as announcements from './announcements.ts';
import * as service from './service.ts';

export function emailRoutes(app: FastifyInstance) {
  route(app, emailApi.listTemplates, ({ ctx }) => service.listTemplates(ctx));
  route(app, emailApi.getTemplate, ({ ctx, params }) => service.getTemplate(ctx, params.name));
  route(app, emailApi.updateTemplate, ({ ctx, params, body }) => service.updateTemplate(ctx, params.name, body));
  route(app, emailApi.previewTemplate, ({ params, body }) => service.preview(params.name, body));
  route(app, emailApi.outbox, ({ ctx, query }) => service.outbox(ctx, query));
  route(app, emailApi.announcements, ({ ctx, query }) => announcements.listAnnouncements(ctx, query));
  route(app, emailApi.previewAnnouncement, ({ ctx, body }) => announcements.previewAnnouncement(ctx, body));
  route(app, emailApi.sendAnnouncement, ({ ctx, body }) => announcements.sendAnnouncement(ctx, body));
  route(app, emailApi.expireAnnouncement, ({ ctx, params }) => announcements.expireAnnouncement(ctx, params.id));
  route(app, emailApi.currentAnnouncements, ({ ctx }) => announcements.currentAnnouncements(ctx));
}

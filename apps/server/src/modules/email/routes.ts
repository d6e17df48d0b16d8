import { emailApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { route } from '../../http/route.ts';
import * as announcements from './announcements.ts';
import * as service from './service.ts';

export function emailRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  route(app, emailApi.listTemplates, () => service.listTemplates(db));
  route(app, emailApi.getTemplate, ({ params }) => service.getTemplate(db, params.name));
  route(app, emailApi.updateTemplate, ({ user, params, body }) => service.updateTemplate(db, user, params.name, body));
  route(app, emailApi.previewTemplate, ({ params, body }) => service.preview(params.name, body));
  route(app, emailApi.outbox, ({ query }) => service.outbox(db, query));
  route(app, emailApi.announcements, ({ query }) => announcements.listAnnouncements(db, query));
  route(app, emailApi.previewAnnouncement, ({ body }) => announcements.previewAnnouncement(db, config.publicUrl, body));
  route(app, emailApi.sendAnnouncement, ({ user, body }) =>
    announcements.sendAnnouncement(db, user, config.publicUrl, body),
  );
  route(app, emailApi.expireAnnouncement, ({ params }) => announcements.expireAnnouncement(db, params.id));
  route(app, emailApi.currentAnnouncements, ({ user }) => announcements.currentAnnouncements(db, user));
}

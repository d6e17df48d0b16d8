import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import {
  announcementBodySchema,
  announcementPageSchema,
  announcementParamsSchema,
  announcementPreviewSchema,
  announcementQuerySchema,
  announcementSchema,
  emailPreviewSchema,
  emailTemplateBodySchema,
  emailTemplateSchema,
  outboxPageSchema,
  outboxQuerySchema,
  templateNameParamsSchema,
} from './schemas.ts';

const api = endpointsFor(['email']);

export const emailApi = {
  listTemplates: api.admin({
    method: 'GET',
    path: '/api/email/templates/',
    summary: 'Every e-mail template',
    response: z.array(emailTemplateSchema),
  }),
  getTemplate: api.admin({
    method: 'GET',
    path: '/api/email/templates/:name/',
    summary: 'One e-mail template with its placeholders',
    params: templateNameParamsSchema,
    response: emailTemplateSchema,
  }),
  updateTemplate: api.admin({
    method: 'PATCH',
    path: '/api/email/templates/:name/',
    summary: 'Save a template; refused with field errors when it does not render',
    params: templateNameParamsSchema,
    body: emailTemplateBodySchema,
    response: emailTemplateSchema,
  }),
  previewTemplate: api.admin({
    method: 'POST',
    path: '/api/email/templates/:name/preview/',
    summary: 'Render a subject and body with the sample data of a template, without saving',
    params: templateNameParamsSchema,
    body: emailTemplateBodySchema,
    response: emailPreviewSchema,
  }),
  outbox: api.admin({
    method: 'GET',
    path: '/api/email/outbox/',
    summary: 'Messages in the outbox, newest first (pending, sent, failed)',
    query: outboxQuerySchema,
    response: outboxPageSchema,
  }),
  announcements: api.admin({
    method: 'GET',
    path: '/api/email/announcements/',
    summary: 'Announcements sent, newest first',
    query: announcementQuerySchema,
    response: announcementPageSchema,
  }),
  previewAnnouncement: api.admin({
    method: 'POST',
    path: '/api/email/announcements/preview/',
    summary: 'The e-mail an announcement would send, and the size of its audience',
    body: announcementBodySchema,
    response: announcementPreviewSchema,
  }),
  sendAnnouncement: api.admin({
    method: 'POST',
    path: '/api/email/announcements/',
    summary: 'Send an announcement to its audience (one outbox message each) and show it in the app',
    body: announcementBodySchema,
    response: announcementSchema,
    status: 201,
  }),
  expireAnnouncement: api.admin({
    method: 'POST',
    path: '/api/email/announcements/:id/expire/',
    summary: 'Stop showing an announcement in the app now',
    params: announcementParamsSchema,
    response: announcementSchema,
  }),
  currentAnnouncements: api.signedIn({
    method: 'GET',
    path: '/api/email/announcements/current/',
    summary: "Announcements for the signed-in user's audience that have not expired",
    response: z.array(announcementSchema),
  }),
};

import { z } from 'zod';
import { endpoint } from '../http/contract.ts';
import {
  emailPreviewSchema,
  emailTemplateBodySchema,
  emailTemplateSchema,
  outboxPageSchema,
  outboxQuerySchema,
  templateNameParamsSchema,
} from './schemas.ts';

export const emailApi = {
  listTemplates: endpoint({
    method: 'GET',
    path: '/api/email/templates/',
    access: ['ADMIN'],
    summary: 'Every e-mail template',
    tags: ['email'],
    response: z.array(emailTemplateSchema),
  }),
  getTemplate: endpoint({
    method: 'GET',
    path: '/api/email/templates/:name/',
    access: ['ADMIN'],
    summary: 'One e-mail template with its placeholders',
    tags: ['email'],
    params: templateNameParamsSchema,
    response: emailTemplateSchema,
  }),
  updateTemplate: endpoint({
    method: 'PATCH',
    path: '/api/email/templates/:name/',
    access: ['ADMIN'],
    summary: 'Save a template; refused with field errors when it does not render',
    tags: ['email'],
    params: templateNameParamsSchema,
    body: emailTemplateBodySchema,
    response: emailTemplateSchema,
  }),
  previewTemplate: endpoint({
    method: 'POST',
    path: '/api/email/templates/:name/preview/',
    access: ['ADMIN'],
    summary: 'Render a subject and body with the sample data of a template, without saving',
    tags: ['email'],
    params: templateNameParamsSchema,
    body: emailTemplateBodySchema,
    response: emailPreviewSchema,
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/api/email/outbox/',
    access: ['ADMIN'],
    summary: 'Messages in the outbox, newest first (pending, sent, failed)',
    tags: ['email'],
    query: outboxQuerySchema,
    response: outboxPageSchema,
  }),
};

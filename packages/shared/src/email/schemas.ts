import { z } from 'zod';
import { MSG } from '../messages.ts';

export const emailTemplateSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  subject: z.string(),
  body: z.string(),
  placeholders: z.array(z.string()),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateBodySchema = z.object({
  subject: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(300),
  body: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(20_000),
});
export type EmailTemplateBody = z.input<typeof emailTemplateBodySchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), body: z.string() });

export const templateNameParamsSchema = z.object({ name: z.string().regex(/^[a-z_]{1,64}$/) });

export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

export const outboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(50),
  status: z.enum(OUTBOX_STATUSES).optional(),
});

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  template_name: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const outboxPageSchema = z.object({ results: z.array(outboxMessageSchema), total: z.number().int() });

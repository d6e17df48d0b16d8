import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { listQuery, paged } from '../http/list.ts';
import { MSG } from '../messages.ts';
import { idField, requiredString } from '../validation.ts';

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
  subject: requiredString(300),
  body: requiredString(20_000),
});
export type EmailTemplateBody = z.input<typeof emailTemplateBodySchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), body: z.string() });

export const templateNameParamsSchema = z.object({ name: z.string().regex(/^[a-z_]{1,64}$/) });

export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

export const outboxQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.outbox, maxPageSize: PAGE_SIZE.recommendedMax }),
  status: z.enum(OUTBOX_STATUSES).optional(),
});

const outboxMessageSchema = z.object({
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

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxPageSchema = paged(outboxMessageSchema);

/** Who an announcement can go to, in the form's order, with the form's words for them. */
export const ANNOUNCEMENT_AUDIENCE_LABELS = {
  ALL_CUSTOMERS: 'All customers',
  BUSINESS: 'Business customers',
  PERSONAL: 'Personal customers',
  STAFF: 'Staff and admins',
};
export type AnnouncementAudience = keyof typeof ANNOUNCEMENT_AUDIENCE_LABELS;
export const ANNOUNCEMENT_AUDIENCES = Object.keys(ANNOUNCEMENT_AUDIENCE_LABELS) as [
  AnnouncementAudience,
  ...AnnouncementAudience[],
];

/** An announcement: e-mailed (announcement template) and shown in the app until expires_at. */
export const announcementBodySchema = z.object({
  title: requiredString(200),
  message: requiredString(10_000),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: MSG.required }),
  /** ISO date-time; must be in the future when sent. */
  expires_at: z.iso.datetime({ offset: true, error: MSG.required }),
});
export type AnnouncementBody = z.input<typeof announcementBodySchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  expires_at: z.string(),
  recipients: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementPageSchema = paged(announcementSchema);
export const announcementQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.announcements, maxPageSize: PAGE_SIZE.recommendedMax }),
});
/** The preview: the e-mail one recipient would get, and how many recipients the audience has. */
export const announcementPreviewSchema = z.object({
  subject: z.string(),
  body: z.string(),
  recipients: z.number().int(),
});
export const announcementParamsSchema = z.object({ id: idField() });

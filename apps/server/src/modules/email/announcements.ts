import type { Executor } from '@cab/db';
import {
  type Announcement,
  type AnnouncementAudience,
  type announcementQuerySchema,
  ERROR_CODES,
  MSG,
  type Role,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { AppError, fieldError, notFound } from '../../kit/errors.ts';
import { pageWindow } from '../../kit/list.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { audienceCount, audienceRecipients, userNames } from '../auth/index.ts';
import { enqueueMany, renderTemplate, templateSource } from './outbox.ts';
import { TemplateError } from './render.ts';
import * as repo from './repository.ts';
import { appData, userData } from './template-data.ts';

interface AnnouncementInput {
  title: string;
  message: string;
  audience: AnnouncementAudience;
  expires_at: string;
}

type Recipient = { email: string; firstName: string; lastName: string };

/** Previews show this person when the audience is empty (the template's own sample user). */
const SAMPLE_RECIPIENT: Recipient = { email: 'paula@example.com', firstName: 'Paula', lastName: 'Price' };

function templateData(recipient: Recipient, input: AnnouncementInput, config: Ctx['config']) {
  return {
    user: userData(recipient),
    app: appData(config),
    announcement: { title: input.title, message: input.message },
  };
}

/** The template was saved against sample data; real data can still trip it (a 400, not a 500). */
async function rendering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TemplateError) {
      throw new AppError(400, ERROR_CODES.templateInvalid, `${MSG.templateDoesNotRender}: ${err.message}`);
    }
    throw err;
  }
}

/** Announcements on the wire, with their authors' names (one read through auth). */
async function toWire(db: Executor, rows: readonly repo.AnnouncementRow[]): Promise<Announcement[]> {
  const names = await userNames(
    db,
    rows.map((r) => r.createdBy).filter((id): id is number => id !== null),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.subject,
    message: row.body,
    audience: row.audience,
    expires_at: row.expiresAt.toISOString(),
    recipients: row.recipients,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
  }));
}

export async function previewAnnouncement(ctx: Ctx, input: AnnouncementInput) {
  const [first] = await audienceRecipients(ctx.db, input.audience, 1);
  const recipients = await audienceCount(ctx.db, input.audience);
  const source = await templateSource(ctx, 'announcement');
  const data = templateData(first ?? SAMPLE_RECIPIENT, input, ctx.config);
  const mail = await rendering(() => renderTemplate(source, data));
  return { ...mail, recipients };
}

async function announcement(ctx: Ctx, id: number) {
  const row = await repo.announcementById(ctx.db, id);
  if (!row) throw notFound();
  return (await toWire(ctx.db, [row]))[0]!;
}

/** Records the announcement and queues one e-mail per recipient, all or nothing. */
export async function sendAnnouncement(ctx: Ctx, input: AnnouncementInput) {
  const expiresAt = new Date(input.expires_at);
  if (expiresAt.getTime() <= Date.now()) throw fieldError(ERROR_CODES.validation, 'expires_at', MSG.expiryInPast);
  return transaction(ctx, async (tx) => {
    const row = await repo.insertAnnouncement(tx.db, {
      subject: input.title,
      body: input.message,
      audience: input.audience,
      expiresAt,
      createdBy: ctx.actor.id,
    });
    const recipients = await audienceRecipients(tx.db, input.audience);
    const sent = await rendering(() =>
      enqueueMany(
        tx,
        'announcement',
        recipients.map((r) => ({ to: r.email, data: templateData(r, input, ctx.config) })),
      ),
    );
    await repo.setAnnouncementRecipients(tx.db, row.id, sent);
    const after = await announcement(tx, row.id);
    await audit(tx, { entity: 'announcement', id: row.id, action: 'send', after });
    return after;
  });
}

export async function listAnnouncements(ctx: Ctx, q: z.output<typeof announcementQuerySchema>) {
  const page = await repo.announcementPage(ctx.db, pageWindow(q));
  return { results: await toWire(ctx.db, page.rows), total: page.total };
}

export async function expireAnnouncement(ctx: Ctx, id: number) {
  return transaction(ctx, async (tx) => {
    const before = await announcement(tx, id);
    await repo.expireAnnouncement(tx.db, id, new Date());
    const after = await announcement(tx, id);
    await audit(tx, { entity: 'announcement', id, action: 'expire', before, after });
    return after;
  });
}

/** The audiences a role belongs to: staff see staff notices, customers their account type's. */
function audiencesOf(role: Role | null): AnnouncementAudience[] {
  switch (role) {
    case 'ADMIN':
    case 'STAFF':
      return ['STAFF'];
    case 'BUSINESS_MANAGER':
    case 'BUSINESS_EMPLOYEE':
      return ['ALL_CUSTOMERS', 'BUSINESS'];
    case 'PERSONAL':
      return ['ALL_CUSTOMERS', 'PERSONAL'];
    default:
      return [];
  }
}

export async function currentAnnouncements(ctx: Ctx) {
  const audiences = audiencesOf(ctx.actor.role);
  if (audiences.length === 0) return [];
  return toWire(ctx.db, await repo.currentAnnouncements(ctx.db, audiences));
}

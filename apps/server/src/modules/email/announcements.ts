import type { Db } from '@cab/db';
import { type Announcement, type AnnouncementAudience, ERROR_CODES, MSG, type Role, WEB_TEXT } from '@cab/shared';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { enqueueMany, renderTemplate, templateSource } from './outbox.ts';
import { TemplateError } from './render.ts';
import * as repo from './repository.ts';

interface AnnouncementInput {
  title: string;
  message: string;
  audience: AnnouncementAudience;
  expires_at: string;
}

type Recipient = { email: string; firstName: string; lastName: string };

/** Previews show this person when the audience is empty (the template's own sample user). */
const SAMPLE_RECIPIENT: Recipient = { email: 'paula@example.com', firstName: 'Paula', lastName: 'Price' };

function templateData(recipient: Recipient, input: AnnouncementInput, appUrl: string) {
  const fullName = `${recipient.firstName} ${recipient.lastName}`.trim();
  return {
    user: {
      first_name: recipient.firstName,
      last_name: recipient.lastName,
      full_name: fullName,
      email: recipient.email,
    },
    app: { name: WEB_TEXT.appName, url: appUrl },
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

type Joined = { row: repo.AnnouncementRow; firstName: string | null; lastName: string | null };

function toWire({ row, firstName, lastName }: Joined): Announcement {
  const createdBy = firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null;
  return {
    id: row.id,
    title: row.subject,
    message: row.body,
    audience: row.audience,
    expires_at: row.expiresAt.toISOString(),
    recipients: row.recipients,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
  };
}

export async function previewAnnouncement(db: Db, appUrl: string, input: AnnouncementInput) {
  const [first] = await repo.audienceRecipients(db, input.audience, 1);
  const recipients = await repo.audienceCount(db, input.audience);
  const source = await templateSource(db, 'announcement');
  const mail = await rendering(() => renderTemplate(source, templateData(first ?? SAMPLE_RECIPIENT, input, appUrl)));
  return { ...mail, recipients };
}

/** Records the announcement and queues one e-mail per recipient, all or nothing. */
export async function sendAnnouncement(db: Db, user: AuthUser, appUrl: string, input: AnnouncementInput) {
  const expiresAt = new Date(input.expires_at);
  if (expiresAt.getTime() <= Date.now()) throw fieldError(ERROR_CODES.validation, 'expires_at', MSG.expiryInPast);
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertAnnouncement(tx, {
      subject: input.title,
      body: input.message,
      audience: input.audience,
      expiresAt,
      createdBy: user.id,
    });
    const recipients = await repo.audienceRecipients(tx, input.audience);
    const sent = await rendering(() =>
      enqueueMany(
        tx,
        'announcement',
        recipients.map((r) => ({ to: r.email, data: templateData(r, input, appUrl) })),
      ),
    );
    await repo.setAnnouncementRecipients(tx, row.id, sent);
    return row.id;
  });
  return toWire((await repo.announcementById(db, id))!);
}

export async function listAnnouncements(db: Db, q: { page: number; page_size: number }) {
  const { rows, total } = await repo.announcementPage(db, { page: q.page, pageSize: q.page_size });
  return { total, results: rows.map(toWire) };
}

export async function expireAnnouncement(db: Db, id: number) {
  if (!(await repo.expireAnnouncement(db, id, new Date()))) throw notFound();
  return toWire((await repo.announcementById(db, id))!);
}

/** The audiences a role belongs to: staff see staff notices, customers their account type's. */
export function audiencesOf(role: Role | null): AnnouncementAudience[] {
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

export async function currentAnnouncements(db: Db, user: AuthUser) {
  const audiences = audiencesOf(user.role);
  if (audiences.length === 0) return [];
  return (await repo.currentAnnouncements(db, audiences)).map(toWire);
}

import type { Db } from '@cab/db';
import { type EmailTemplate, type EmailTemplateBody, ERROR_CODES, emailTemplateDefinition, MSG } from '@cab/shared';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { placeholdersOf, renderText, TemplateError } from './render.ts';
import type { OutboxRow } from './repository.ts';
import * as repo from './repository.ts';

function definitionOf(name: string) {
  const definition = emailTemplateDefinition(name);
  if (!definition) throw notFound();
  return definition;
}

function toWire(row: { name: string; subject: string; body: string; updatedAt: Date }): EmailTemplate {
  const definition = definitionOf(row.name);
  return {
    name: row.name,
    label: definition.label,
    description: definition.description,
    subject: row.subject,
    body: row.body,
    placeholders: placeholdersOf(definition.sample),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(db: Db) {
  const rows = await repo.allTemplates(db);
  return rows.filter((r) => emailTemplateDefinition(r.name)).map(toWire);
}

export async function getTemplate(db: Db, name: string) {
  const row = await repo.templateByName(db, name);
  if (!row) throw notFound();
  return toWire(row);
}

/** Renders subject and body with the template's sample data; a template that fails is a 400 on its field. */
export async function preview(name: string, body: EmailTemplateBody) {
  const { sample } = definitionOf(name);
  const fields: Record<string, string[]> = {};
  const result = { subject: '', body: '' };
  for (const field of ['subject', 'body'] as const) {
    try {
      result[field] = await renderText(body[field], sample);
    } catch (err) {
      if (!(err instanceof TemplateError)) throw err;
      fields[field] = [`${MSG.templateDoesNotRender}: ${err.message}`];
    }
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError(400, ERROR_CODES.templateInvalid, MSG.templateDoesNotRender, undefined, fields);
  }
  return { subject: result.subject.trim(), body: result.body };
}

export async function updateTemplate(db: Db, user: AuthUser, name: string, body: EmailTemplateBody) {
  await preview(name, body);
  const row = await repo.saveTemplate(db, name, { subject: body.subject, body: body.body }, user.id);
  if (!row) throw notFound();
  return toWire(row);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function outbox(db: Db, q: { page: number; page_size: number; status?: OutboxRow['status'] }) {
  const { rows, total } = await repo.outboxPage(db, { page: q.page, pageSize: q.page_size, status: q.status });
  return {
    total,
    results: rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      body: r.body,
      template_name: r.templateName,
      status: r.status,
      attempts: r.attempts,
      next_attempt_at: r.nextAttemptAt.toISOString(),
      last_error: r.lastError,
      created_at: r.createdAt.toISOString(),
      sent_at: iso(r.sentAt),
    })),
  };
}

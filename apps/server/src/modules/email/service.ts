import {
  type EmailTemplate,
  type EmailTemplateBody,
  ERROR_CODES,
  emailTemplateDefinition,
  isoOrNull,
  MSG,
  type OutboxMessage,
  type outboxQuerySchema,
  toPaged,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import { pageWindow } from '../../kit/list.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { placeholdersOf, renderText, TemplateError } from './render.ts';
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

export async function listTemplates(ctx: Ctx) {
  const rows = await repo.allTemplates(ctx.db);
  return rows.filter((r) => emailTemplateDefinition(r.name)).map(toWire);
}

export async function getTemplate(ctx: Ctx, name: string) {
  const row = await repo.templateByName(ctx.db, name);
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

export async function updateTemplate(ctx: Ctx, name: string, body: EmailTemplateBody) {
  await preview(name, body);
  return transaction(ctx, async (tx) => {
    const before = await repo.templateByName(tx.db, name);
    const row =
      before && (await repo.saveTemplate(tx.db, name, { subject: body.subject, body: body.body }, ctx.actor.id));
    if (!before || !row) throw notFound();
    const after = toWire(row);
    await audit(tx, { entity: 'email_template', id: name, action: 'update', before: toWire(before), after });
    return after;
  });
}

const toOutboxMessage = (r: repo.OutboxRow): OutboxMessage => ({
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
  sent_at: isoOrNull(r.sentAt),
});

export async function outbox(ctx: Ctx, q: z.output<typeof outboxQuerySchema>) {
  return toPaged(await repo.outboxPage(ctx.db, { status: q.status }, pageWindow(q)), toOutboxMessage);
}

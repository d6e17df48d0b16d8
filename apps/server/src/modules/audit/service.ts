import { type AuditEntity, type AuditEvent, type auditQuerySchema, personName } from '@cab/shared';
import type { z } from 'zod';
import type { Ctx, RequestContext } from '../../kit/context.ts';
import { pageWindow } from '../../kit/list.ts';
import * as repo from './repository.ts';

export interface Change {
  entity: AuditEntity;
  id: number | string;
  /** 'create', 'update', 'delete' or a domain verb ('invite', 'accept', 'reject', ...). */
  action: string;
  /** The entity's wire shape before the change (null on create). */
  before?: unknown;
  /** ... and after it (null on delete). */
  after?: unknown;
}

/**
 * Records changes in the audit trail with who made them and in which request. Call it with the
 * context of the transaction that makes the change, so the event exists exactly when the
 * change does (decision 0009).
 */
export async function audit(ctx: RequestContext, ...changes: Change[]): Promise<void> {
  await repo.insertAuditEvents(
    ctx.db,
    changes.map((c) => ({
      ...(ctx.at ? { at: ctx.at } : {}),
      actorId: ctx.actor?.id ?? null,
      requestId: ctx.requestId,
      entity: c.entity,
      entityId: String(c.id),
      action: c.action,
      before: c.before ?? null,
      after: c.after ?? null,
    })),
  );
}

/** GET core/audit/: an entity's history, or what one user did, newest first. */
export async function events(ctx: Ctx, query: z.output<typeof auditQuerySchema>) {
  const page = await repo.auditPage(
    ctx.db,
    { entity: query.entity, entityId: query.entity_id, actorId: query.actor },
    pageWindow(query),
  );
  return {
    total: page.total,
    results: page.rows.map(
      ({ event: e, actor }): AuditEvent => ({
        id: e.id,
        at: e.at.toISOString(),
        actor: actor
          ? { id: actor.id, full_name: personName(actor.firstName, actor.lastName), email: actor.email }
          : null,
        request_id: e.requestId,
        entity: e.entity,
        entity_id: e.entityId,
        action: e.action,
        before: e.before,
        after: e.after,
      }),
    ),
  };
}

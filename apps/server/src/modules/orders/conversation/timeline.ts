import {
  APPROVAL_AUDIT_ACTIONS,
  CUSTOMER_ROLES,
  ORDER_ACTIONS,
  ORDER_IMPORT_AUDIT_ACTION,
  ORDER_INTERNAL_AUDIT_FIELDS,
  ORDER_TERMS_OF_USE,
  type orderTimelineEntrySchema,
  PROPOSAL_ORDER_AUDIT_ACTION,
  type Role,
  type termsOfUseSchema,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../kit/context.ts';
import { historyOf } from '../../audit/index.ts';
import { loadOrderRow } from '../reach.ts';

/**
 * GET {id}/timeline/: the order's audit trail (decision 0009), newest first. The shop sees every
 * event; a customer sees the lifecycle moves and the price changes, not the shop's notes, to-dos,
 * internal files or the admin's internal discount notes (ORDER_INTERNAL_AUDIT_FIELDS).
 */
type TimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** Events that change what the order costs (recorded by the order service under these actions). */
const ORDER_PRICE_ACTIONS = [
  'create',
  'update_groups',
  'add_group',
  'recalculate',
  'update_custom_discount',
  'discount_code',
  'cancel_discount_code',
  'update_bypass_payment_option_discount',
] as const;

/** What a customer's timeline shows. */
const CUSTOMER_TIMELINE_ACTIONS: readonly string[] = [
  ...ORDER_ACTIONS,
  ...ORDER_PRICE_ACTIONS,
  ...APPROVAL_AUDIT_ACTIONS,
  // A customer's own 2020 import, with the lines it dropped (issue 29).
  ORDER_IMPORT_AUDIT_ACTION,
  // The dealer's client accepted a proposal of the order (issue 37).
  PROPOSAL_ORDER_AUDIT_ACTION,
];

/** The newest events shown; an order's trail stays far below this in practice. */
const TIMELINE_LIMIT = 500;

const isCustomer = (role: Role | null) => role !== null && (CUSTOMER_ROLES as readonly Role[]).includes(role);

/** An event's before or after as a customer may read it: the shop's internal fields left out. */
function withoutInternal(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const field of ORDER_INTERNAL_AUDIT_FIELDS) delete out[field];
  return out;
}

export async function orderTimeline(ctx: Ctx, id: number): Promise<{ results: TimelineEntry[] }> {
  await loadOrderRow(ctx, id);
  const customer = isCustomer(ctx.actor.role);
  const rows = await historyOf(
    ctx.db,
    'order',
    String(id),
    customer ? CUSTOMER_TIMELINE_ACTIONS : null,
    TIMELINE_LIMIT,
  );
  const shown = customer ? withoutInternal : (v: unknown) => v;
  return {
    results: rows.map(({ event: e, actor }) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: actor && actor.id !== null ? { id: actor.id, full_name: actor.fullName ?? '' } : null,
      action: e.action,
      before: shown(e.before ?? null),
      after: shown(e.after ?? null),
    })),
  };
}

/** GET {id}/terms_of_use/: the terms accepted on submit, for anyone who reaches the order. */
export async function termsOfUse(ctx: Ctx, id: number): Promise<z.infer<typeof termsOfUseSchema>> {
  await loadOrderRow(ctx, id);
  return { text: ORDER_TERMS_OF_USE.text, version: ORDER_TERMS_OF_USE.version };
}

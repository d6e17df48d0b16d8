import {
  CUSTOMER_ROLES,
  ORDER_ACTIONS,
  ORDER_TERMS_OF_USE,
  type orderTimelineEntrySchema,
  type Role,
  type termsOfUseSchema,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import * as repo from './lifecycle-repository.ts';
import { loadOrderRow } from './reach.ts';

/**
 * GET {id}/timeline/: the order's audit trail (decision 0009), newest first. The shop sees every
 * event; a customer sees the lifecycle moves and the price changes, not the shop's notes, to-dos
 * or internal files.
 */
type TimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** Events that change what the order costs (recorded by the order service under these actions). */
export const ORDER_PRICE_ACTIONS = [
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
export const CUSTOMER_TIMELINE_ACTIONS: readonly string[] = [...ORDER_ACTIONS, ...ORDER_PRICE_ACTIONS];

/** The newest events shown; an order's trail stays far below this in practice. */
export const TIMELINE_LIMIT = 500;

const isCustomer = (role: Role | null) => role !== null && (CUSTOMER_ROLES as readonly Role[]).includes(role);

export async function orderTimeline(ctx: Ctx, id: number): Promise<{ results: TimelineEntry[] }> {
  await loadOrderRow(ctx, id);
  const rows = await repo.orderEvents(
    ctx.db,
    id,
    isCustomer(ctx.actor.role) ? CUSTOMER_TIMELINE_ACTIONS : null,
    TIMELINE_LIMIT,
  );
  return {
    results: rows.map(({ event: e, actor }) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: actor && actor.id !== null ? { id: actor.id, full_name: actor.fullName ?? '' } : null,
      action: e.action,
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  };
}

/** GET {id}/terms_of_use/: the terms accepted on submit, for anyone who reaches the order. */
export async function termsOfUse(ctx: Ctx, id: number): Promise<z.infer<typeof termsOfUseSchema>> {
  await loadOrderRow(ctx, id);
  return { text: ORDER_TERMS_OF_USE.text, version: ORDER_TERMS_OF_USE.version };
}

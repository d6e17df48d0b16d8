import { type Cents, reaches, reachOf, toWire } from '@cab/shared';
import type { Actor } from '../../kit/context.ts';
import { notFound } from '../../kit/errors.ts';

/** What every part of the invoices module shares: who reaches what, money on the wire (days: @cab/shared dates.ts). */

export const money = (c: number) => toWire(c as Cents);

/** 404 unless `actor` reaches a record of this customer and company (the shared reachOf/reaches). */
export function assertReaches(
  actor: Pick<Actor, 'id' | 'role' | 'companyId'>,
  record: { customerId: number; companyId: number | null } | null | undefined,
): asserts record is { customerId: number; companyId: number | null } {
  if (!record || !reaches(reachOf(actor), record)) throw notFound();
}

/**
 * When a payment was received (the wire's received_at): the day an admin wrote for a check,
 * cash or a wire (`received_on`, at noon in the server's zone, so the zones around it show that
 * day too), else when Stripe said it succeeded; null while it has not.
 */
export const receivedAtOf = (p: { receivedOn: string | null; receivedAt: Date | null }): Date | null =>
  p.receivedOn ? new Date(`${p.receivedOn}T12:00:00`) : p.receivedAt;

import { type Cents, toWire } from '@cab/shared';

/** What every part of the invoices module shares: money on the wire (days: @cab/shared dates.ts). */

export const money = (c: number) => toWire(c as Cents);

/**
 * When a payment was received (the wire's received_at): the day an admin wrote for a check,
 * cash or a wire (`received_on`, at noon in the server's zone, so the zones around it show that
 * day too), else when Stripe said it succeeded; null while it has not.
 */
export const receivedAtOf = (p: { receivedOn: string | null; receivedAt: Date | null }): Date | null =>
  p.receivedOn ? new Date(`${p.receivedOn}T12:00:00`) : p.receivedAt;

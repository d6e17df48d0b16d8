import type { Payment } from '@cab/shared';
import { formatDateTime, formatDay } from '../../../lib/format.ts';

/**
 * When a payment was received, as a person reads it: the day an admin wrote for a check, cash or
 * wire is a date with no time (issue 34: one recorded today read "12:00 PM", a time not yet come);
 * a card or bank payment the moment Stripe took it.
 */
export const paymentDate = (p: Pick<Payment, 'received_on' | 'received_at' | 'created_at'>) =>
  p.received_on ? formatDay(p.received_on) : formatDateTime(p.received_at ?? p.created_at);

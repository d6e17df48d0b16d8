import type { PaymentStatus } from '@cab/shared';

/**
 * The moves a payment may make (issue 27). Stripe does not promise the order of its events, so
 * every event is checked against this table: a move it does not allow (a `payment_failed` after
 * the success, a repeated `processing`) is recorded and changes nothing.
 *
 * - SUCCEEDED is final except for a dispute (DISPUTED) or a credit memo's reversal (REVERSED);
 *   refunds do not move the status, they add to `refunded`.
 * - A success is money taken: it is accepted from any state but the final ones, even after the
 *   payment was cancelled here (the customer's confirmation raced the cancel); the surplus over
 *   the milestone's balance then becomes credit.
 * - FAILED is not final: Stripe lets the customer retry the same intent, which may then succeed.
 * - A lost dispute keeps DISPUTED; a won one returns to SUCCEEDED.
 */
const MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  PENDING: ['PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELED'],
  PROCESSING: ['SUCCEEDED', 'FAILED', 'CANCELED'],
  FAILED: ['PROCESSING', 'SUCCEEDED', 'CANCELED'],
  CANCELED: ['SUCCEEDED'],
  SUCCEEDED: ['DISPUTED', 'REVERSED'],
  DISPUTED: ['SUCCEEDED'],
  REVERSED: [],
};

export function mayMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return MOVES[from].includes(to);
}

/** What a Stripe event asks of a payment (null: nothing). */
export function statusOfEvent(eventType: string, intentStatus?: string): PaymentStatus | null {
  switch (eventType) {
    case 'payment_intent.succeeded':
      return 'SUCCEEDED';
    case 'payment_intent.processing':
      return 'PROCESSING';
    case 'payment_intent.payment_failed':
      return 'FAILED';
    case 'payment_intent.canceled':
      return 'CANCELED';
    case 'charge.dispute.created':
      return 'DISPUTED';
    default:
      // An intent read back from Stripe (the finisher, a cancel that came too late).
      if (intentStatus === 'succeeded') return 'SUCCEEDED';
      if (intentStatus === 'processing') return 'PROCESSING';
      if (intentStatus === 'canceled') return 'CANCELED';
      return null;
  }
}

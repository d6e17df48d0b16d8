import type { RequestContext } from '../../../kit/context.ts';
import { paymentsToWire } from '../read/service.ts';
import * as repo from '../repository.ts';

/**
 * A receipt is a record of a moment (issue 34): what it says is written down when the payment
 * succeeds, in that transaction, and never read again from the balances (a later refund, reprice
 * or reissue changes them; it gets its own paper). Kept once: a dispute won later keeps the first.
 */
export async function keepReceipt(tx: RequestContext, p: repo.PaymentRecord) {
  if (p.receipt) return;
  const [[wire], milestone] = await Promise.all([
    paymentsToWire(tx.db, [p]),
    repo.milestoneFigures(tx.db, p.milestoneId),
  ]);
  const receipt: NonNullable<repo.PaymentRecord['receipt']> = {
    payer: wire!.payer,
    invoice: wire!.invoice.number,
    milestone: milestone?.label ?? '',
    order: wire!.order.name,
    balance_left: Math.max(0, milestone?.balance ?? 0),
  };
  await repo.updatePayment(tx.db, p.id, { receipt });
}

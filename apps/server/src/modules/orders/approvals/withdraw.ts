import { toWire } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { audit } from '../../audit/index.ts';
import { publishApproval } from './event.ts';
import { withdrawPendingOf } from './repository.ts';

/**
 * A PENDING request is withdrawn when its order changes (issue 30): the manager would approve an
 * order that is no longer the one asked about. changeOrder calls this for every change of a BID
 * but the approval's own; each withdrawal is an event of the order's trail.
 */
export async function withdrawPending(
  tx: Ctx,
  order: { id: number; customerId: number; companyId: number | null },
  because: string,
): Promise<void> {
  const orderId = order.id;
  const withdrawn = await withdrawPendingOf(tx.db, orderId, tx.actor.id);
  for (const w of withdrawn) {
    await publishApproval(tx, w.id, order, 'WITHDRAWN');
    await audit(tx, {
      entity: 'order',
      id: orderId,
      action: 'approval_withdraw',
      before: { approval: { id: w.id, status: 'PENDING', total: toWire(w.total) } },
      after: { approval: { id: w.id, status: 'WITHDRAWN' }, because },
    });
  }
}

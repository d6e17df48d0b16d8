import { toWire } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { audit } from '../../audit/index.ts';
import { publishApproval } from './event.ts';
import { withdrawPendingOf } from './repository.ts';

/** The approvals' own order changes: they write their request themselves (ask.ts, decide.ts). */
export const APPROVAL_CHANGES = { request: 'approval_request', decline: 'approval_decline' } as const;
const OWN_CHANGES: ReadonlySet<string> = new Set(Object.values(APPROVAL_CHANGES));

/**
 * The spine's hook before a BID changes (orders' reactions, filled in wiring.ts): every change of
 * a BID but the approvals' own withdraws its PENDING request.
 */
export async function beforeBidChanges(tx: Ctx, order: Parameters<typeof withdrawPending>[1], action: string) {
  if (!OWN_CHANGES.has(action)) await withdrawPending(tx, order, action);
}

/**
 * A PENDING request is withdrawn when its order changes (issue 30): the manager would approve an
 * order that is no longer the one asked about. Each withdrawal is an event of the order's trail.
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

import type { ApprovalStatus } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { publishEvent } from '../../events/index.ts';

/**
 * A request asked, decided or withdrawn is a live event (issue 35), owned as its order: the
 * company's managers hear it (their menu badge follows it, with no polling), and so does the
 * employee who owns the order. Published in the change's transaction, heard at its commit.
 */
export const publishApproval = (
  tx: Ctx,
  approvalId: number,
  order: { id: number; customerId: number; companyId: number | null },
  status: ApprovalStatus,
) => publishEvent(tx.db, 'approval', { id: approvalId, order_id: order.id, status }, order);

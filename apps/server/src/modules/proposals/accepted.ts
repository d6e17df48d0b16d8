import { deriveRole, PROPOSAL_ORDER_AUDIT_ACTION } from '@cab/shared';
import type { Actor, Ctx, PublicCtx } from '../../kit/context.ts';
import { audit } from '../audit/index.ts';
import { findUserWithCompany } from '../auth/index.ts';
import { submitWithDefaults } from '../orders/index.ts';
import type { ProposalRow } from './repository.ts';
import { ownerOfOrder, settingsFor } from './settings.ts';
import { proposalNumber } from './wire.ts';

/**
 * Accepted -> on its way (issue 37): with the dealer's accept action SUBMIT the order is submitted
 * as its own customer would submit it (orders' submitWithDefaults, the company's approval rule
 * included); with LEAVE, or when the submit cannot be made (no billing address or payment option,
 * the order moved), it stays a bid for the dealer, and the order's audit trail names the proposal
 * either way. Answers whether the order was submitted (or asked for approval).
 */
export async function submitAccepted(ctx: PublicCtx, p: ProposalRow, name: string): Promise<boolean> {
  const settings = await settingsFor(ctx, ownerOfOrder(p));
  const dealer = await findUserWithCompany(ctx.db, p.customerId);
  if (!dealer) return false;
  const u = dealer.user;
  const actor: Actor = {
    id: u.id,
    email: u.email,
    role: deriveRole({
      account_type: u.accountType,
      is_staff: u.isStaff,
      is_employee: u.isEmployee,
      is_manager: u.isManager,
    }),
    companyId: u.companyId,
    tokenId: 0,
    mustChangePassword: false,
  };
  const asDealer: Ctx = { ...ctx, actor };
  const number = proposalNumber(p.id);
  let submitted = false;
  if (settings.acceptAction === 'SUBMIT') {
    try {
      submitted = (await submitWithDefaults(asDealer, p.orderId, number)) !== null;
    } catch (err) {
      // The client's accept stands; the dealer submits by hand (and learns why there).
      ctx.log.warn({ err, proposal: p.id }, 'proposal accepted: the order could not be submitted');
    }
  }
  await audit(asDealer, {
    entity: 'order',
    id: p.orderId,
    action: PROPOSAL_ORDER_AUDIT_ACTION,
    after: { proposal: number, name, submitted },
  });
  return submitted;
}

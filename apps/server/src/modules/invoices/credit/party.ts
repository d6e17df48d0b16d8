import type { Executor } from '@cab/db';
import { isCustomer } from '@cab/shared';
import type { Actor } from '../../../kit/context.ts';
import { notFound } from '../../../kit/errors.ts';
import { assertReaches } from '../../../kit/reach.ts';
import { companyName } from '../../accounts/index.ts';
import { customerOf, userNames } from '../../auth/index.ts';

/**
 * Whose credit and banks a call names (issue 27): a customer (a personal or business account, no
 * staff) or a company. Customers reach only their own, a business manager also its company's;
 * anything else, or a party that does not exist, is 404 as every record a customer cannot reach.
 */
export type CreditParty = { type: 'customer'; id: number } | { type: 'company'; id: number };

/** The party a customer acts for, its credit and its banks: its own, a business manager's company's. */
export const partyOf = (actor: Pick<Actor, 'id' | 'role' | 'companyId'>): CreditParty =>
  actor.role === 'BUSINESS_MANAGER' && actor.companyId !== null
    ? { type: 'company', id: actor.companyId }
    : { type: 'customer', id: actor.id };

/** The party as a record: a customer's own, or the company's. */
const recordOf = (party: CreditParty) =>
  party.type === 'customer' ? { customerId: party.id, companyId: null } : { customerId: null, companyId: party.id };

/** The party's display name; 404 when it does not exist or is no customer. */
export async function partyName(db: Executor, party: CreditParty): Promise<string> {
  if (party.type === 'company') {
    const name = await companyName(db, party.id);
    if (name === null || name === undefined) throw notFound();
    return name;
  }
  const customer = await customerOf(db, party.id);
  if (
    !customer ||
    !isCustomer({
      account_type: customer.accountType as 'P' | 'B' | null,
      is_staff: customer.isStaff,
      is_employee: customer.isEmployee,
      is_manager: customer.isManager,
    })
  ) {
    throw notFound();
  }
  return (await userNames(db, [party.id])).get(party.id) ?? '';
}

/** The party the actor may read, checked to exist: its name. */
export async function reachParty(
  ctx: { db: Executor; actor: Pick<Actor, 'id' | 'role' | 'companyId'> },
  party: CreditParty,
) {
  // 404 unless the actor may read this party's credit and banks (the shared reachOf/reaches).
  assertReaches(ctx.actor, recordOf(party));
  return partyName(ctx.db, party);
}

import type { Executor } from '@cab/db';
import { type Cents, DEFAULT_INVOICE_STATUSES, reachOf } from '@cab/shared';
import { type Actor, type RequestContext, todayOf } from '../../../kit/context.ts';
import * as repo from '../repository.ts';
import { type CreditParty, partyOf } from './party.ts';
import { creditAvailable } from './service.ts';

/**
 * What a customer owes and holds (issue 27, the customer dashboard): the figures of its invoice
 * list as `GET /api/invoices/` answers it by default (open invoices: a manager's are the
 * company's) and the credit its credit answer gives (a manager: the company's).
 */
export interface AccountFigures {
  /** Sum of the open invoices' balances. */
  balanceDue: Cents;
  /** What of the open invoices' balances is past due (milestones due before today, decision 0045). */
  balanceOverdue: Cents;
  /** The open invoices' interest and fees (their `interest_fees`, summed): part of the balance due. */
  interestFees: Cents;
  /** The earliest next due date of the open invoices. */
  nextDueDate: string | null;
  creditAvailable: Cents;
  /** Whose credit: the customer's own, a manager's company's. */
  creditParty: CreditParty;
}

export async function accountFigures(ctx: {
  db: Executor;
  actor: Pick<Actor, 'id' | 'role' | 'companyId'>;
  at?: RequestContext['at'];
}): Promise<AccountFigures> {
  const creditParty = partyOf(ctx.actor);
  const [list, credit] = await Promise.all([
    repo.listFigures(ctx.db, {
      reach: reachOf(ctx.actor),
      statuses: DEFAULT_INVOICE_STATUSES,
      today: todayOf(ctx),
    }),
    creditAvailable(ctx.db, creditParty),
  ]);
  return {
    balanceDue: list.balance,
    balanceOverdue: list.overdue,
    interestFees: list.interestFees,
    nextDueDate: list.nextDueDate,
    creditAvailable: credit,
    creditParty,
  };
}

import type { Cents } from '@cab/shared';
import { type Ctx, type RequestContext, todayOf } from '../../kit/context.ts';
import * as repo from './repository.ts';

/** Posting to the ledger: the one place entries are written (append-only; never updated). */

export interface Party {
  customerId: number | null;
  companyId: number | null;
}

export interface Posting {
  kind: repo.NewEntry['kind'];
  amount: Cents | number;
  milestone?: { id: number; invoiceId: number; orderId: number } | null;
  paymentId?: number | null;
  creditMemoId?: number | null;
  refundId?: number | null;
  reversesEntryId?: number | null;
  /** A charge carried to a reissued invoice: the old version's entry (decision 0035). */
  carriedFromEntryId?: number | null;
  notes?: string;
  effectiveDate?: string;
}

const entryOf = (ctx: RequestContext | Ctx, party: Party, p: Posting): repo.NewEntry => ({
  kind: p.kind,
  amount: p.amount as Cents,
  customerId: party.customerId,
  companyId: party.companyId,
  orderId: p.milestone?.orderId ?? null,
  invoiceId: p.milestone?.invoiceId ?? null,
  milestoneId: p.milestone?.id ?? null,
  paymentId: p.paymentId ?? null,
  creditMemoId: p.creditMemoId ?? null,
  refundId: p.refundId ?? null,
  reversesEntryId: p.reversesEntryId ?? null,
  carriedFromEntryId: p.carriedFromEntryId ?? null,
  notes: p.notes ?? '',
  // Unnamed, an entry is effective the shop's day it is made (todayOf: the shop's time zone, not
  // the database's current_date); in a replayed history (the demo seed, `ctx.at`) the day it happened.
  effectiveDate: p.effectiveDate ?? todayOf(ctx),
  ...(ctx.at ? { recordedAt: ctx.at } : {}),
  createdById: ctx.actor?.id ?? null,
});

export async function post(ctx: RequestContext | Ctx, party: Party, postings: Posting[]) {
  return repo.insertEntries(
    ctx.db,
    postings.filter((p) => p.amount !== 0).map((p) => entryOf(ctx, party, p)),
  );
}

/**
 * A day's interest and fees (decision 0035), each on its milestone's own party. One already
 * posted for its milestone, kind and day (the unique key) is skipped, so a day run twice posts
 * once; answers the entries written now.
 */
export async function postDailyEntries(ctx: RequestContext | Ctx, charges: { party: Party; posting: Posting }[]) {
  return repo.insertEntries(
    ctx.db,
    charges.filter((c) => c.posting.amount !== 0).map((c) => entryOf(ctx, c.party, c.posting)),
    { skipPosted: true },
  );
}

/**
 * Undoes what one payment or one credit memo paid onto milestones, wherever it sits now (a
 * reissued invoice carries payments forward): one REVERSAL per milestone, nothing deleted.
 */
export async function reverseOnMilestones(
  ctx: RequestContext | Ctx,
  party: Party,
  by: { paymentId?: number; creditMemoId?: number },
  notes: string,
) {
  const sums = await repo.sumsByMilestone(ctx.db, by);
  await post(
    ctx,
    party,
    sums.map((s) => ({
      kind: 'REVERSAL' as const,
      amount: -s.total,
      milestone: { id: s.milestoneId, invoiceId: s.invoiceId, orderId: s.orderId },
      paymentId: by.paymentId ?? null,
      creditMemoId: by.creditMemoId ?? null,
      notes,
    })),
  );
  return sums;
}

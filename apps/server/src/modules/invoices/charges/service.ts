import { type BasisPoints, type Cents, dayIn, daysBetween, divRound, INVOICE_TEXT, toWire } from '@cab/shared';
import type { Ctx, RequestContext } from '../../../kit/context.ts';
import { audit } from '../../audit/index.ts';
import type { ChargeSettings } from '../../finance/index.ts';
import { ordersAwaitingPickup } from '../../orders/index.ts';
import { type Party, type Posting, post, postDailyEntries } from '../ledger.ts';
import * as repo from './repository.ts';

/**
 * The body of `finance:daily-charges` (decision 0035): for one day, per account with charges on,
 * an INTEREST entry on each milestone overdue past the grace days and a FEE entry on each
 * COMPLETED order waiting past the free days. Entries go on milestones, so balances, statuses,
 * the lists and the aging read them like any other entry; a unique key makes each (milestone,
 * kind, day) post once even if the body ran twice.
 */

/** Whole days from `from` to `to` (both YYYY-MM-DD). */

/**
 * One day's interest on `base` at `monthly` basis points a month: monthly x 12 / 365 per day,
 * rounded half away from zero to the cent (DOMAIN.md "Money") once, on the day's entry.
 */
const dailyInterest = (base: Cents, monthly: BasisPoints): Cents =>
  divRound(base * monthly * 12, 10_000 * 365) as Cents;

const partyOf = (s: ChargeSettings): repo.ChargeParty | null =>
  s.companyId !== null ? { companyId: s.companyId } : s.customerId !== null ? { customerId: s.customerId } : null;

async function postForParty(ctx: RequestContext, day: string, s: ChargeSettings) {
  const party = partyOf(s);
  if (!party) return;
  const charges: { party: Party; posting: Posting }[] = [];
  const charge = (
    m: { id: number; invoiceId: number; orderId: number; customerId: number; companyId: number | null },
    kind: 'INTEREST' | 'FEE',
    amount: Cents,
    notes: string,
  ) =>
    charges.push({
      party: { customerId: m.customerId, companyId: m.companyId },
      posting: {
        kind,
        amount,
        milestone: { id: m.id, invoiceId: m.invoiceId, orderId: m.orderId },
        notes,
        effectiveDate: day,
      },
    });
  if (s.interest.enabled && s.interest.monthly > 0) {
    for (const m of await repo.overdueMilestones(ctx.db, party, day, s.interest.graceDays, s.interest.onFees)) {
      const amount = dailyInterest(m.base, s.interest.monthly);
      if (amount <= 0) continue;
      charge(m, 'INTEREST', amount, INVOICE_TEXT.interestNote(toWire(s.interest.monthly), toWire(m.base), m.dueDate));
    }
  }
  if (s.storage.enabled && s.storage.dailyAmount > 0) {
    for (const order of await ordersAwaitingPickup(ctx.db, party)) {
      if (!order.completedAt) continue;
      const completedOn = dayIn(order.completedAt);
      if (daysBetween(completedOn, day) <= s.storage.freeDays) continue;
      const m = await repo.feeMilestoneOfOrder(ctx.db, order.id);
      // A customer's settings cover their own invoices; a company order is the company's.
      if (!m || ('customerId' in party && m.companyId !== null)) continue;
      charge(m, 'FEE', s.storage.dailyAmount, INVOICE_TEXT.storageNote(toWire(s.storage.dailyAmount), completedOn));
    }
  }
  const posted = await postDailyEntries(ctx, charges);
  if (posted.length === 0) return;
  const sum = (kind: string) => posted.filter((e) => e.kind === kind).reduce((a, e) => a + e.amount, 0) as Cents;
  await audit(ctx, {
    entity: 'account_charges',
    id: 'companyId' in party ? `company:${party.companyId}` : `customer:${party.customerId}`,
    action: 'post',
    after: {
      day,
      interest: toWire(sum('INTEREST')),
      fees: toWire(sum('FEE')),
      entries: posted.map((e) => e.id),
    },
  });
}

/** Posts `day`'s charges for every account with charges on (in the daily run's transaction). */
export async function postDailyCharges(ctx: RequestContext, day: string, settings: ChargeSettings[]) {
  for (const s of settings) await postForParty(ctx, day, s);
}

/** An invoice version and its milestones, as a reissue knows them. */
type Version = { id: number; orderId: number; number: string; milestones: { id: number; seq: number }[] };

/**
 * A reissue carries the old version's interest and fees (decision 0035): each entry not yet
 * reversed is reversed on its milestone (REVERSAL naming it) and posted again, same kind and
 * amount, on the new version (naming it as carried from): interest on the milestone in the same
 * place (the last when the new version has fewer), a fee on the last, where fees go. Both on `day`,
 * the reissue's, so a report of an earlier day sees the old version as it was. Answers what each
 * new milestone received, so the payments moved after it can cover it.
 */
export async function carryCharges(
  tx: Ctx,
  party: Party,
  from: Version,
  to: Version,
  day: string,
): Promise<Map<number, number>> {
  const carried = new Map<number, number>();
  const last = to.milestones.at(-1);
  const charges = await repo.openChargesOfInvoice(tx.db, from.id);
  if (!last || charges.length === 0) return carried;
  const seqOf = new Map(from.milestones.map((m) => [m.id, m.seq]));
  const postings = charges.flatMap((e) => {
    const seq = e.kind === 'INTEREST' ? seqOf.get(e.milestoneId!) : undefined;
    const target = to.milestones.find((m) => m.seq === seq) ?? last;
    carried.set(target.id, (carried.get(target.id) ?? 0) + e.amount);
    return [
      {
        kind: 'REVERSAL' as const,
        amount: -e.amount,
        milestone: { id: e.milestoneId!, invoiceId: from.id, orderId: from.orderId },
        reversesEntryId: e.id,
        notes: `carried to ${to.number}`,
        effectiveDate: day,
      },
      {
        kind: e.kind,
        amount: e.amount,
        milestone: { id: target.id, invoiceId: to.id, orderId: to.orderId },
        carriedFromEntryId: e.id,
        notes: `${e.notes} (${e.effectiveDate}, carried from ${from.number})`,
        effectiveDate: day,
      },
    ];
  });
  await post(tx, party, postings);
  return carried;
}

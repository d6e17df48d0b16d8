import { addDays, type BasisPoints, type Cents, dayIn, daysBetween, divRound, INVOICE_TEXT, toWire } from '@cab/shared';
import type { Ctx, RequestContext } from '../../../kit/context.ts';
import { audit } from '../../audit/index.ts';
import { paymentTermsOnDay } from '../../core/index.ts';
import type { ChargeSettings } from '../../finance/index.ts';
import { ordersAwaitingPickup } from '../../orders/index.ts';
import { type Party, type Posting, post, postDailyEntries } from '../ledger.ts';
import * as repo from './repository.ts';

/**
 * The body of `finance:daily-charges` (decision 0035): for one day, per account with charges on,
 * an INTEREST entry for each invoice with milestones overdue past the grace days and a FEE entry
 * for each COMPLETED order waiting past the free days, on the invoice's charges milestone of the
 * day, due the day plus the shop's payment terms (decisions 0052, 0053). Balances, statuses, the lists, the aging and
 * the reminder read it like any other milestone; a unique key makes each (milestone, kind, day)
 * post once even if the body ran twice.
 */

/**
 * One day's interest on `base` at `monthly` basis points a month: monthly x 12 / 365 per day,
 * rounded half away from zero to the cent (DOMAIN.md "Money") once, on the day's entry.
 */
const dailyInterest = (base: Cents, monthly: BasisPoints): Cents =>
  divRound(base * monthly * 12, 10_000 * 365) as Cents;

const partyOf = (s: ChargeSettings): repo.ChargeParty | null =>
  s.companyId !== null ? { companyId: s.companyId } : s.customerId !== null ? { customerId: s.customerId } : null;

type ChargedInvoice = { invoiceId: number; orderId: number; customerId: number; companyId: number | null };

/** `terms`: the shop's payment terms in days as they held on `day` (decision 0053). */
async function postForParty(ctx: RequestContext, day: string, s: ChargeSettings, terms: number) {
  const party = partyOf(s);
  if (!party) return;
  const charges: { party: Party; posting: Posting }[] = [];
  // Each invoice's charges of the day go on its charges milestone of the day (decision 0052).
  const charge = async (inv: ChargedInvoice, kind: 'INTEREST' | 'FEE', amount: Cents, notes: string) => {
    const id = await repo.chargesMilestone(ctx.db, inv.invoiceId, INVOICE_TEXT.chargesLabel(day), addDays(day, terms));
    charges.push({
      party: { customerId: inv.customerId, companyId: inv.companyId },
      posting: {
        kind,
        amount,
        milestone: { id, invoiceId: inv.invoiceId, orderId: inv.orderId },
        notes,
        effectiveDate: day,
      },
    });
  };
  if (s.interest.enabled && s.interest.monthly > 0) {
    // One INTEREST entry per invoice and day (the daily key): each overdue milestone's day rounded, summed.
    const byInvoice = new Map<number, { inv: repo.OverdueMilestone; amount: number; base: number }>();
    for (const m of await repo.overdueMilestones(ctx.db, party, day, s.interest.graceDays, s.interest.onFees)) {
      const amount = dailyInterest(m.base, s.interest.monthly);
      if (amount <= 0) continue;
      const sum = byInvoice.get(m.invoiceId) ?? { inv: m, amount: 0, base: 0 };
      // The note names the oldest due date of the invoice's overdue milestones.
      const oldest = sum.inv.dueDate <= m.dueDate ? sum.inv : m;
      byInvoice.set(m.invoiceId, { inv: oldest, amount: sum.amount + amount, base: sum.base + m.base });
    }
    for (const { inv, amount, base } of byInvoice.values()) {
      const note = INVOICE_TEXT.interestNote(toWire(s.interest.monthly), toWire(base as Cents), inv.dueDate);
      await charge(inv, 'INTEREST', amount as Cents, note);
    }
  }
  if (s.storage.enabled && s.storage.dailyAmount > 0) {
    for (const order of await ordersAwaitingPickup(ctx.db, party)) {
      if (!order.completedAt) continue;
      const completedOn = dayIn(order.completedAt);
      if (daysBetween(completedOn, day) <= s.storage.freeDays) continue;
      const inv = await repo.currentInvoiceOfOrder(ctx.db, order.id);
      // A customer's settings cover their own invoices; a company order is the company's.
      if (!inv || ('customerId' in party && inv.companyId !== null)) continue;
      await charge(
        inv,
        'FEE',
        s.storage.dailyAmount,
        INVOICE_TEXT.storageNote(toWire(s.storage.dailyAmount), completedOn),
      );
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
  if (settings.length === 0) return;
  const terms = await paymentTermsOnDay(ctx, day);
  for (const s of settings) await postForParty(ctx, day, s, terms);
}

/** An invoice version and its milestones, as a reissue knows them. */
type Version = {
  id: number;
  orderId: number;
  number: string;
  milestones: { id: number; seq: number; due?: string; dueDate?: string | null; label?: string }[];
};

/**
 * A reissue carries the old version's interest and fees (decision 0035): each entry not yet
 * reversed is reversed on its milestone (REVERSAL naming it) and posted again, same kind and
 * amount, on the new version (naming it as carried from): an entry of a charges milestone on the
 * new version's charges milestone of the same due date (decision 0052); an older entry (posted
 * on a payment milestone) on the milestone in the same place (interest; the last when the new
 * version has fewer), a fee on the last. Both on `day`, the reissue's, so a report of an earlier
 * day sees the old version as it was. Answers what each new milestone received (charges
 * milestones made here included), so the payments moved after it can cover it.
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
  const oldById = new Map(from.milestones.map((m) => [m.id, m]));
  const targetOf = async (e: (typeof charges)[number]) => {
    const old = oldById.get(e.milestoneId!);
    if (old?.due === 'CHARGES' && old.dueDate && old.label) {
      return repo.chargesMilestone(tx.db, to.id, old.label, old.dueDate);
    }
    const seq = e.kind === 'INTEREST' ? old?.seq : undefined;
    return (to.milestones.find((m) => m.seq === seq) ?? last).id;
  };
  const postings = [];
  for (const e of charges) {
    const target = await targetOf(e);
    carried.set(target, (carried.get(target) ?? 0) + e.amount);
    postings.push(
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
        milestone: { id: target, invoiceId: to.id, orderId: to.orderId },
        carriedFromEntryId: e.id,
        notes: `${e.notes} (${e.effectiveDate}, carried from ${from.number})`,
        effectiveDate: day,
      },
    );
  }
  await post(tx, party, postings);
  return carried;
}

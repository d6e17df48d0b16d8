import { type Cents, divRound, INVOICE_TEXT } from '@cab/shared';
import type { RequestContext } from '../../../kit/context.ts';
import { audit } from '../../audit/index.ts';
import { money } from '../common.ts';
import { type Posting, post } from '../ledger.ts';
import * as repo from '../repository.ts';

const memoParty = (memo: repo.CreditMemoRecord) => ({ customerId: memo.customerId, companyId: memo.companyId });

/**
 * Money taken back from a payment whose overpayment credit was spent, and refunds that are
 * credit notes (decision 0044). Every helper posts so that, for every party at every moment,
 * sum(ledger) = invoiced − paid − credited + refunded = what the invoices owe − unapplied credit.
 */

/**
 * What an overpayment memo paid onto other milestones, taken back up to `amount`: owed again on
 * the milestone it paid (the credit application undone back to the memo, which the caller then
 * empties). A payment a dispute or a Stripe-dashboard refund takes back cannot be refused, so the
 * spent part goes back where it was spent. Answers what was taken back.
 */
export async function takeBackSpentCredit(
  tx: RequestContext,
  memo: repo.CreditMemoRecord,
  amount: number,
  notes: string,
) {
  let rest = amount;
  const party = memoParty(memo);
  for (const c of await repo.paymentsOfMemo(tx.db, memo.id)) {
    if (rest <= 0) break;
    if (c.status !== 'SUCCEEDED') continue;
    const onMilestones = await repo.sumsByMilestone(tx.db, { paymentId: c.id });
    const held = onMilestones.reduce((sum, s) => sum - s.total, 0);
    const postings: Posting[] = [];
    let back = 0;
    for (const s of onMilestones) {
      const take = Math.min(rest, -s.total);
      if (take <= 0) continue;
      postings.push({
        kind: 'REVERSAL',
        amount: take,
        milestone: { id: s.milestoneId, invoiceId: s.invoiceId, orderId: s.orderId },
        paymentId: c.id,
        creditMemoId: memo.id,
        notes,
      });
      back += take;
      rest -= take;
    }
    if (back === 0) continue;
    // The credit returns to its memo (the caller takes it out with the money).
    postings.push({ kind: 'REVERSAL', amount: -back, paymentId: c.id, creditMemoId: memo.id, notes });
    await post(tx, party, postings);
    if (back === held) await repo.updatePayment(tx.db, c.id, { status: 'REVERSED' });
    await audit(tx, {
      entity: 'payment',
      id: c.id,
      action: 'take_back',
      before: { status: c.status },
      after: { taken_back: money(back), credit_memo: memo.id, notes },
    });
  }
  return amount - rest;
}

/**
 * What a payment could still give back: what it holds on milestones and in its overpayment memo,
 * less refunds pending; `spent` is the rest of what it has not given back (its credit that paid
 * other invoices, or a memo reversed), which a refund we make may not take.
 */
export async function refundable(tx: RequestContext, p: repo.PaymentRecord, pending: number) {
  const onMilestones = (await repo.sumsByMilestone(tx.db, { paymentId: p.id })).reduce((t, s) => t - s.total, 0);
  const [memo] = p.method === 'CREDIT' ? [] : await repo.memosOfSourcePayments(tx.db, [p.id]);
  const held =
    memo?.status === 'ACTIVE' ? ((await repo.memoFigures(tx.db, [memo.id])).get(memo.id)?.available ?? 0) : 0;
  const spent = p.method === 'CREDIT' ? 0 : Math.max(0, p.amount - p.refunded - onMilestones - held);
  return { left: Math.max(0, onMilestones + held - pending) as Cents, spent: spent as Cents };
}

/**
 * A refund that is also a credit note (decision 0044): what it took off milestones is credited back
 * on them, so they stay paid. The note is a credit memo named with the reason, applied at once,
 * with its share of the invoice's sales tax (the sales-tax report gives it back).
 */
export async function postCreditNote(
  tx: RequestContext,
  r: repo.RefundRecord,
  invoice: repo.InvoiceRecord,
  refunded: Posting[],
) {
  const onMilestones = refunded.filter((x) => x.milestone && x.amount > 0);
  const amount = onMilestones.reduce((sum, x) => sum + Number(x.amount), 0) as Cents;
  if (amount <= 0) return null;
  const of = (await repo.invoiceById(tx.db, onMilestones[0]!.milestone!.invoiceId)) ?? invoice;
  const memo = await repo.insertMemo(tx.db, {
    customerId: of.companyId === null ? of.customerId : null,
    companyId: of.companyId,
    amount,
    notes: INVOICE_TEXT.creditNoteNotes(r.reason),
    refundId: r.id,
    tax: (of.total > 0 ? divRound(amount * of.salesTax, of.total) : 0) as Cents,
    createdById: tx.actor?.id ?? null,
    ...(tx.at ? { createdAt: tx.at } : {}),
  });
  await post(tx, memoParty(memo), [
    { kind: 'CREDIT', amount: -amount, creditMemoId: memo.id, refundId: r.id, notes: memo.notes },
    ...onMilestones.flatMap((x): Posting[] => [
      { kind: 'ALLOCATION', amount: -x.amount, milestone: x.milestone, creditMemoId: memo.id, refundId: r.id },
      { kind: 'ALLOCATION', amount: x.amount, creditMemoId: memo.id, refundId: r.id },
    ]),
  ]);
  await audit(tx, {
    entity: 'credit_memo',
    id: memo.id,
    action: 'credit_note',
    after: { refund: r.id, amount: money(amount), tax: money(memo.tax), invoice: of.number },
  });
  return memo;
}

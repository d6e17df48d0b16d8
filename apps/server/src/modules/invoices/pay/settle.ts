import { type Cents, formatWireMoney, INVOICE_TEXT, type PaymentStatus, personName } from '@cab/shared';
import { nowOf, type RequestContext } from '../../../kit/context.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { adminRecipients, findUserWithCompany } from '../../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../../email/index.ts';
import { publishEvent } from '../../events/index.ts';
import { money } from '../common.ts';
import { type Party, post, reverseOnMilestones } from '../ledger.ts';
import * as repo from '../repository.ts';
import { mayMove } from './moves.ts';
import { queueReceipt } from './receipt-mail.ts';
import { takeBackSpentCredit } from './take-back.ts';

/**
 * What Stripe says of a payment, applied to the database (issue 27). Database work only: the
 * Stripe calls happen before or after, never inside these transactions. Every money write takes
 * its locks in one order (docs/conventions.md "Money writes"): the milestones (by id), then the
 * credit memos, then the payment, then its refunds.
 */

export const partyOf = (inv: { customerId: number; companyId: number | null }): Party => ({
  customerId: inv.customerId,
  companyId: inv.companyId,
});

/** A credit memo's entries carry the memo's own party (a company's memo has no customer). */
export const memoParty = (memo: { customerId: number | null; companyId: number | null }): Party => ({
  customerId: memo.customerId,
  companyId: memo.companyId,
});

export interface StripeNews {
  /** The Stripe event or call that brought it (kept in the audit trail). */
  source: string;
  intentId?: string | null;
  amount?: number | null;
  failureMessage?: string | null;
  /** A dispute's reason (charge.dispute.created). */
  reason?: string | null;
  /** A success's reference: brand or bank, last 4 and the charge id (chargeReference). */
  reference?: string | null;
}

/**
 * Locks a payment with what its money touches, in the house order: the milestones it sits on (a
 * reissue carries it to the new version's), its credit memo (applied, or its overpayment's),
 * then the payment itself; null when there is no such payment.
 */
export async function lockPayment(tx: RequestContext, paymentId: number) {
  const first = await repo.paymentById(tx.db, paymentId);
  if (!first) return null;
  const sums = await repo.sumsByMilestone(tx.db, { paymentId });
  const [overpaid] = await repo.memosOfSourcePayments(tx.db, [paymentId]);
  // And where its overpayment credit was spent: a dispute takes that back (decision 0044).
  const spentOn = overpaid ? await repo.sumsByMilestone(tx.db, { creditMemoId: overpaid.id }) : [];
  await repo.lockMilestones(tx.db, [first.milestoneId, ...[...sums, ...spentOn].map((s) => s.milestoneId)]);
  for (const memoId of [first.creditMemoId, overpaid?.id].filter((id): id is number => id != null)) {
    await repo.memoById(tx.db, memoId, true);
  }
  return (await repo.paymentById(tx.db, paymentId, true))!;
}

/**
 * Moves a payment to `to` when the table of moves allows it; a move it does not allow (a late
 * `payment_failed` after the success, a repeat) is recorded in the audit trail and changes nothing.
 */
export async function movePayment(ctx: RequestContext, paymentId: number, to: PaymentStatus, news: StripeNews) {
  return transaction(ctx, async (tx) => {
    const p = await lockPayment(tx, paymentId);
    if (!p) return null;
    if (p.status === to) return p;
    const record = (action: string, after: Record<string, unknown>) =>
      audit(tx, {
        entity: 'payment',
        id: p.id,
        action,
        before: { status: p.status },
        after: { ...after, event: news.source, payment_intent: news.intentId ?? null },
      });
    if (!mayMove(p.status, to) || (to === 'SUCCEEDED' && news.amount != null && news.amount !== p.amount)) {
      await record('stripe_ignored', { asked: to });
      return p;
    }
    const invoice = (await repo.invoiceById(tx.db, p.invoiceId))!;
    if (to === 'SUCCEEDED') await settleSuccess(tx, p, invoice);
    if (to === 'DISPUTED') await settleDispute(tx, p, invoice, news.reason ?? '');
    const updated = await repo.updatePayment(tx.db, p.id, {
      status: to,
      ...(to === 'SUCCEEDED' && !p.receivedAt ? { receivedAt: nowOf(tx) } : {}),
      ...(to === 'FAILED' ? { failureMessage: news.failureMessage ?? null } : {}),
      ...(to === 'SUCCEEDED' && news.reference && !p.reference ? { reference: news.reference } : {}),
    });
    if (to === 'SUCCEEDED' && p.status !== 'DISPUTED') await queueReceipt(tx, updated, invoice);
    // A bank payment that bounced (failed after processing) or was returned: both sides are told.
    if (p.method === 'ACH' && ((to === 'FAILED' && p.status === 'PROCESSING') || to === 'DISPUTED')) {
      await queueBounced(tx, p, invoice, news.failureMessage || news.reason || '');
    }
    await record('stripe', { status: to });
    await publishEvent(tx.db, 'payment', { invoice_id: p.invoiceId, milestone_id: p.milestoneId, status: to }, invoice);
    return updated;
  });
}

/**
 * Money taken: onto the milestone up to its balance, and what is more (a second tab's payment, a
 * success that raced a cancel) becomes the customer's credit, a memo "Overpayment on INV-…" that
 * names the payment. No milestone balance is ever negative; nothing is lost or hidden.
 */
async function settleSuccess(tx: RequestContext, p: repo.PaymentRecord, invoice: repo.InvoiceRecord) {
  const m = (await repo.milestoneFigures(tx.db, p.milestoneId))!;
  // A won dispute restores what was disputed, never what was refunded before it (decision 0044).
  const amount = p.amount - p.refunded;
  const onMilestone = Math.max(0, Math.min(amount, m.voided ? 0 : m.balance)) as Cents;
  const surplus = (amount - onMilestone) as Cents;
  const party = partyOf(invoice);
  await post(tx, party, [
    {
      kind: 'PAYMENT',
      amount: -onMilestone,
      milestone: { id: m.id, invoiceId: invoice.id, orderId: invoice.orderId },
      paymentId: p.id,
    },
  ]);
  if (surplus <= 0) return;
  // A dispute won returns to SUCCEEDED: its memo (one per payment) takes the surplus again.
  const [known] = await repo.memosOfSourcePayments(tx.db, [p.id]);
  const memo =
    known ??
    (await repo.insertMemo(tx.db, {
      customerId: invoice.companyId === null ? invoice.customerId : null,
      companyId: invoice.companyId,
      amount: surplus,
      notes: INVOICE_TEXT.overpaymentNotes(invoice.number),
      sourcePaymentId: p.id,
      ...(tx.at ? { createdAt: tx.at } : {}),
    }));
  // The surplus is money received (a PAYMENT), held as the memo's unapplied credit.
  await post(tx, memoParty(memo), [
    { kind: 'PAYMENT', amount: -surplus, paymentId: p.id, creditMemoId: memo.id, notes: memo.notes },
  ]);
  await audit(tx, {
    entity: 'credit_memo',
    id: memo.id,
    action: 'overpayment',
    after: { payment: p.id, amount: money(surplus), invoice: invoice.number },
  });
}

/**
 * A card payment disputed: what it paid goes back on the milestones' balances, what its
 * overpayment memo paid elsewhere is owed again there and what the memo still holds is withdrawn
 * (decision 0044), and every admin is told.
 */
async function settleDispute(tx: RequestContext, p: repo.PaymentRecord, invoice: repo.InvoiceRecord, reason: string) {
  const party = partyOf(invoice);
  await reverseOnMilestones(tx, party, { paymentId: p.id }, `disputed: ${reason}`);
  const [memo] = await repo.memosOfSourcePayments(tx.db, [p.id]);
  if (memo && memo.status === 'ACTIVE') {
    await takeBackSpentCredit(tx, memo, Number.MAX_SAFE_INTEGER, `disputed: ${reason}`);
    const available = (await repo.memoFigures(tx.db, [memo.id])).get(memo.id)?.available ?? 0;
    if (available > 0) {
      await post(tx, memoParty(memo), [
        { kind: 'REVERSAL', amount: available, paymentId: p.id, creditMemoId: memo.id, notes: 'disputed' },
      ]);
    }
  }
  await mailAbout(tx, 'payment_disputed', p, invoice, { reason: reason || 'not given' }, { customer: false });
}

type Person = { email: string; firstName: string; lastName: string };

/** A mail about a payment to every admin, and to the customer unless `customer` is false. */
async function mailAbout(
  tx: RequestContext,
  template: string,
  p: repo.PaymentRecord,
  invoice: repo.InvoiceRecord,
  more: Record<string, string>,
  { customer: toCustomer }: { customer: boolean },
) {
  const customer = await findUserWithCompany(tx.db, invoice.customerId);
  const customerName = customer ? personName(customer.user.firstName, customer.user.lastName) : '';
  const to: Person[] = [...(toCustomer && customer ? [customer.user] : []), ...(await adminRecipients(tx.db))];
  for (const person of to) {
    await enqueueTemplate(tx, template, person.email, {
      user: userData(person),
      order: { id: invoice.orderId, name: invoice.orderName },
      app: appData(tx.config),
      payment: {
        id: p.id,
        amount: formatWireMoney(money(p.amount)),
        invoice: invoice.number,
        customer: customerName,
        ...more,
      },
    });
  }
}

/** A bank payment the bank did not honour: the customer and the admins, with the bank's reason. */
function queueBounced(tx: RequestContext, p: repo.PaymentRecord, invoice: repo.InvoiceRecord, reason: string) {
  const date = nowOf(tx).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return mailAbout(
    tx,
    'payment_bounced',
    p,
    invoice,
    { reason: reason || 'no reason given', date },
    { customer: true },
  );
}

import { addDays, type BasisPoints, type Cents, dayIn, divRound, INVOICE_CODES, INVOICE_TEXT } from '@cab/shared';
import { type Ctx, nowOf, type RequestContext, todayOf } from '../../../kit/context.ts';
import { badRequest } from '../../../kit/errors.ts';
import { audit } from '../../audit/index.ts';
import { type PaymentOptionRow, paymentOptionById } from '../../finance/index.ts';
import type { OrderRow } from '../../orders/index.ts';
import { carryCharges } from '../charges/service.ts';
import { money } from '../common.ts';
import { post } from '../ledger.ts';
import * as repo from '../repository.ts';

/**
 * Issuing invoices (issue 17): approving an order issues its invoice in the move's transaction
 * (a reaction to the order's move, wiring.ts); a reprice after approval issues the next version, carrying what was
 * paid onto the new milestones; a cancel voids them; completion dates the milestones that wait for it.
 */

type PaymentMilestoneRule = PaymentOptionRow['milestones'][number];

const FULL: PaymentMilestoneRule[] = [{ label: 'Payment in full', percentage: 10_000, due: 'ON_APPROVAL' }];

/** The split of `total` by the rules' shares: each rounded, the last takes the remainder (to the cent). */
export function splitTotal(total: Cents, rules: { percentage: number }[]): Cents[] {
  const parts: Cents[] = [];
  let left = total;
  rules.forEach((r, i) => {
    const part = (i === rules.length - 1 ? left : divRound(total * r.percentage, 10_000)) as Cents;
    parts.push(part);
    left = (left - part) as Cents;
  });
  return parts;
}

const dayOf = (d: Date | null) => (d ? dayIn(d) : null);

function dueDateOf(rule: PaymentMilestoneRule, issuedOn: string, completedOn: string | null): string | null {
  if (rule.due === 'ON_APPROVAL') return issuedOn;
  if (!completedOn) return null;
  return rule.due === 'BEFORE_PICKUP' ? completedOn : addDays(completedOn, rule.days ?? 0);
}

/**
 * An invoice's number: `INV-` and its place in issue order (six digits at least), a reissued
 * version the first version's number and `-<version>` (INV-000042-2).
 */
const invoiceNumber = (seq: number, version: number) =>
  `INV-${String(seq).padStart(6, '0')}${version > 1 ? `-${version}` : ''}`;

/** The first version's number of an invoice numbered `number` at `version`. */
const baseNumber = (number: string, version: number) =>
  version > 1 && number.endsWith(`-${version}`) ? number.slice(0, -`-${version}`.length) : number;

/** Issues version `version` of the order's invoice with its milestones and their CHARGE entries. */
async function issueVersion(tx: Ctx, order: OrderRow, version: number, reason: string, number: string) {
  const option = order.customerPaymentOptionId ? await paymentOptionById(tx.db, order.customerPaymentOptionId) : null;
  const rules = option?.milestones?.length ? option.milestones : FULL;
  const issuedOn = todayOf(tx);
  const invoice = await repo.insertInvoice(tx.db, {
    orderId: order.id,
    version,
    number,
    orderName: order.name,
    customerId: order.customerId,
    companyId: order.companyId,
    total: order.totalPrice,
    salesTax: order.salesTaxAmount,
    taxState: order.frozenRules?.taxState ?? null,
    taxRate: order.salesTaxInPercentage,
    paymentOptionDiscount: order.paymentOptionDiscount,
    paymentOptionName: option?.name ?? '',
    reason,
    ...(tx.at ? { issuedAt: tx.at } : {}),
    createdById: tx.actor?.id ?? null,
  });
  const amounts = splitTotal(order.totalPrice, rules);
  const milestones = await repo.insertMilestones(
    tx.db,
    rules.map((r, i) => ({
      invoiceId: invoice.id,
      seq: i + 1,
      label: r.label,
      percentage: r.percentage as BasisPoints,
      amount: amounts[i]!,
      due: r.due,
      days: r.days ?? 0,
      dueDate: dueDateOf(r, issuedOn, dayOf(order.completedAt)),
    })),
  );
  const party = { customerId: order.customerId, companyId: order.companyId };
  await post(
    tx,
    party,
    milestones.map((m) => ({
      kind: 'CHARGE' as const,
      amount: m.amount,
      milestone: { id: m.id, invoiceId: invoice.id, orderId: order.id },
      effectiveDate: issuedOn,
    })),
  );
  await audit(tx, {
    entity: 'invoice',
    id: invoice.id,
    action: version === 1 ? 'issue' : 'reissue',
    after: { number: invoice.number, total: money(invoice.total), milestones: amounts.map(money), reason },
  });
  return { invoice, milestones, issuedOn };
}

/** approve: the order's first invoice (once: an order that already has one keeps it). */
export async function issueOnApprove(tx: Ctx, order: OrderRow) {
  // The invoice records its own audit event ('invoice' 'issue'): the move's event stays the move's.
  const current = await repo.currentInvoiceOfOrder(tx.db, order.id, true);
  // The next number under a lock held to the commit: numbers follow the order invoices are issued in.
  if (!current) await issueVersion(tx, order, 1, 'approve', invoiceNumber(await repo.nextInvoiceSeq(tx.db), 1));
  return undefined;
}

/**
 * A reprice after approval: the next version, the old one superseded (its charges reversed, its
 * milestones VOID); its interest and fees carried to the new version (decision 0035); what was
 * paid or credited on it moves to the new milestones in order. Every entry is on the reissue's day.
 */
export async function reissue(tx: Ctx, saved: OrderRow) {
  const current = await repo.currentInvoiceOfOrder(tx.db, saved.id, true);
  if (!current || current.total === saved.totalPrice) return;
  const old = await repo.milestonesOf(tx.db, [current.id]);
  await repo.supersede(tx.db, current.id, tx.at);
  const party = { customerId: current.customerId, companyId: current.companyId };
  const version = current.version + 1;
  const number = `${baseNumber(current.number, current.version)}-${version}`;
  const { invoice, milestones, issuedOn } = await issueVersion(tx, saved, version, 'reprice', number);
  // The old charges reversed; each payment's and memo's pieces on the old milestones moved.
  await post(
    tx,
    party,
    old
      .filter((m) => !m.voided)
      .map((m) => ({
        kind: 'REVERSAL' as const,
        amount: -m.amount,
        milestone: { id: m.id, invoiceId: current.id, orderId: current.orderId },
        notes: `superseded by ${invoice.number}`,
        effectiveDate: issuedOn,
      })),
  );
  const carried = await carryCharges(tx, party, { ...current, milestones: old }, { ...invoice, milestones }, issuedOn);
  // A milestone's room includes the charges carried onto it: a payment that covered interest still does.
  // The charges milestones made by the carry (decision 0052) come after the payment milestones.
  const made = [...carried.keys()].filter((id) => !milestones.some((m) => m.id === id));
  const room = [
    ...milestones.map((m) => ({ id: m.id, left: m.amount + (carried.get(m.id) ?? 0) })),
    ...made.map((id) => ({ id, left: carried.get(id) ?? 0 })),
  ];
  const pieces = await repo.paidPiecesOfInvoice(tx.db, current.id);
  // Each payment then names the new milestone its money went to first (the receipt, the lists).
  const movedTo = new Map<number, number>();
  for (const piece of pieces) {
    let toMove = -piece.total;
    await post(tx, party, [
      {
        kind: 'REVERSAL',
        amount: toMove,
        milestone: { id: piece.milestoneId, invoiceId: current.id, orderId: current.orderId },
        paymentId: piece.paymentId,
        creditMemoId: piece.creditMemoId,
        notes: `moved to ${invoice.number}`,
        effectiveDate: issuedOn,
      },
    ]);
    for (let i = 0; i < room.length && toMove > 0; i++) {
      const slot = room[i]!;
      const part = Math.min(slot.left, toMove);
      if (part <= 0) continue;
      slot.left -= part;
      toMove -= part;
      if (piece.paymentId !== null && !movedTo.has(piece.paymentId)) movedTo.set(piece.paymentId, slot.id);
      await post(tx, party, [
        {
          kind: piece.creditMemoId ? 'ALLOCATION' : 'PAYMENT',
          amount: -part,
          milestone: { id: slot.id, invoiceId: invoice.id, orderId: saved.id },
          paymentId: piece.paymentId,
          creditMemoId: piece.creditMemoId,
          notes: `moved from ${current.number}`,
          effectiveDate: issuedOn,
        },
      ]);
    }
    // More than the new version owes (a reprice below what was paid): never a negative balance.
    if (toMove > 0) await keepSurplus(tx, piece, toMove, invoice, issuedOn);
  }
  for (const [paymentId, milestoneId] of movedTo) {
    const before = await repo.movePayment(tx.db, paymentId, { milestoneId, invoiceId: invoice.id });
    await audit(tx, {
      entity: 'payment',
      id: paymentId,
      action: 'move',
      before: { milestone: before?.milestoneId ?? null, invoice: current.number },
      after: { milestone: milestoneId, invoice: invoice.number },
    });
  }
}

/**
 * What a reprice left over of a piece (decision 0044): a payment's money becomes its credit, the
 * memo "Overpayment on INV-…-2" (the payment's own overpayment memo when it has one); a credit
 * memo's application returns to the memo.
 */
async function keepSurplus(
  tx: Ctx,
  piece: { paymentId: number | null; creditMemoId: number | null },
  surplus: number,
  invoice: repo.InvoiceRecord,
  issuedOn: string,
) {
  const at = { notes: INVOICE_TEXT.overpaymentNotes(invoice.number), effectiveDate: issuedOn };
  if (piece.creditMemoId !== null) {
    const memo = (await repo.memoById(tx.db, piece.creditMemoId))!;
    await post(tx, { customerId: memo.customerId, companyId: memo.companyId }, [
      { kind: 'REVERSAL', amount: -surplus, paymentId: piece.paymentId, creditMemoId: memo.id, ...at },
    ]);
    return;
  }
  const paymentId = piece.paymentId!;
  const [known] = await repo.memosOfSourcePayments(tx.db, [paymentId]);
  const memo =
    known ??
    (await repo.insertMemo(tx.db, {
      customerId: invoice.companyId === null ? invoice.customerId : null,
      companyId: invoice.companyId,
      amount: surplus as Cents,
      notes: at.notes,
      sourcePaymentId: paymentId,
      ...(tx.at ? { createdAt: tx.at } : {}),
    }));
  await post(tx, { customerId: memo.customerId, companyId: memo.companyId }, [
    { kind: 'PAYMENT', amount: -surplus, paymentId, creditMemoId: memo.id, ...at },
  ]);
  await audit(tx, {
    entity: 'credit_memo',
    id: memo.id,
    action: 'overpayment',
    after: { payment: paymentId, amount: money(surplus), invoice: invoice.number },
  });
}

/** cancel: refused while the invoice has payments; else its milestones are VOID and charges reversed. */
export async function voidOnCancel(tx: Ctx, order: OrderRow) {
  const current = await repo.currentInvoiceOfOrder(tx.db, order.id, true);
  if (!current) return undefined;
  const milestones = await repo.milestonesOf(tx.db, [current.id]);
  if (milestones.some((m) => m.paid + m.credited !== 0)) {
    throw badRequest(INVOICE_CODES.orderHasPayments, INVOICE_TEXT.orderHasPayments);
  }
  await repo.supersede(tx.db, current.id, tx.at);
  await post(
    tx,
    { customerId: current.customerId, companyId: current.companyId },
    milestones
      .filter((m) => !m.voided)
      .map((m) => ({
        kind: 'REVERSAL' as const,
        amount: -m.balance,
        milestone: { id: m.id, invoiceId: current.id, orderId: order.id },
        notes: 'order cancelled',
      })),
  );
  await audit(tx, { entity: 'invoice', id: current.id, action: 'void', after: { reason: 'cancel' } });
  return undefined;
}

/** complete: milestones due before pickup or N days after completion get their dates. */
export async function dateOnComplete(tx: Ctx, order: OrderRow) {
  const current = await repo.currentInvoiceOfOrder(tx.db, order.id);
  if (!current) return undefined;
  await repo.setCompletionDueDates(tx.db, current.id, dayIn(order.completedAt ?? nowOf(tx)));
  return undefined;
}

/**
 * A history replayed out of order (the demo seed: orders approved a few at a time, each on its
 * own past day, `RequestContext.at`) numbered again in the order its invoices were issued. Not
 * for requests: a number a customer has seen never changes.
 */
export async function numberInIssueOrder(ctx: RequestContext) {
  await repo.renumberInIssueOrder(ctx.db);
}

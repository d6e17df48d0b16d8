import type { Executor } from '@cab/db';
import { type Cents, type CreditMemo, INVOICE_CODES, INVOICE_TEXT, parseMoney } from '@cab/shared';
import { type Ctx, nowOf } from '../../../kit/context.ts';
import { badRequest, notFound } from '../../../kit/errors.ts';
import { transaction } from '../../../kit/transaction.ts';
import { companyName } from '../../accounts/index.ts';
import { audit } from '../../audit/index.ts';
import { userNames } from '../../auth/index.ts';
import { money } from '../common.ts';
import { post, reverseOnMilestones } from '../ledger.ts';
import * as repo from '../repository.ts';
import { type CreditParty, partyName, reachParty } from './party.ts';

export type { CreditParty } from './party.ts';

/**
 * Credit memos (issue 17): an admin credits a customer or a company; the credit pays milestones
 * through pay (method CREDIT), split over invoices as wanted; reversing a memo returns what it paid
 * to the milestones' balances with REVERSAL entries, nothing deleted.
 */

function toWire(
  m: repo.CreditMemoRecord,
  figures: { applied: Cents; available: Cents } | undefined,
  name: string,
): CreditMemo {
  return {
    id: m.id,
    amount: money(m.amount),
    applied: money(figures?.applied ?? 0),
    available: money(figures?.available ?? 0),
    notes: m.notes,
    status: m.status,
    created_at: m.createdAt.toISOString(),
    party:
      m.companyId !== null
        ? { type: 'company', id: m.companyId, name }
        : { type: 'customer', id: m.customerId ?? 0, name },
    reversed_at: m.reversedAt ? m.reversedAt.toISOString() : null,
    reversal_notes: m.reversalNotes,
  };
}

/** A party's memos with their figures and what they hold together (`available`). */
async function memosWithFigures(db: Executor, party: CreditParty) {
  const memos = await repo.memosOf(db, party.type === 'company' ? { companyId: party.id } : { customerId: party.id });
  const figures = await repo.memoFigures(
    db,
    memos.map((m) => m.id),
  );
  const available = memos.reduce((sum, m) => sum + (figures.get(m.id)?.available ?? 0), 0) as Cents;
  return { memos, figures, available };
}

/** What a party's credit memos hold unapplied: the credit list's `available`. */
export async function creditAvailable(db: Executor, party: CreditParty): Promise<Cents> {
  return (await memosWithFigures(db, party)).available;
}

export async function listCredit(ctx: Ctx, party: CreditParty) {
  const name = await reachParty(ctx, party);
  const { memos, figures, available } = await memosWithFigures(ctx.db, party);
  const results = memos.map((m) => toWire(m, figures.get(m.id), name));
  return { results, total: results.length, available: money(available) };
}

export async function createCredit(ctx: Ctx, party: CreditParty, body: { amount: string | number; notes?: string }) {
  const name = await partyName(ctx.db, party);
  const amount = parseMoney(body.amount)!;
  return transaction(ctx, async (tx) => {
    const memo = await repo.insertMemo(tx.db, {
      customerId: party.type === 'customer' ? party.id : null,
      companyId: party.type === 'company' ? party.id : null,
      amount,
      notes: body.notes ?? '',
      createdById: ctx.actor.id,
      ...(ctx.at ? { createdAt: ctx.at } : {}),
    });
    await post(tx, { customerId: memo.customerId, companyId: memo.companyId }, [
      { kind: 'CREDIT', amount: -amount, creditMemoId: memo.id, notes: memo.notes },
    ]);
    await audit(tx, {
      entity: 'credit_memo',
      id: memo.id,
      action: 'create',
      after: { party: { type: party.type, id: party.id }, amount: money(amount), notes: memo.notes },
    });
    const figures = await repo.memoFigures(tx.db, [memo.id]);
    return toWire(memo, figures.get(memo.id), name);
  });
}

export async function reverseCredit(ctx: Ctx, id: number, notes: string) {
  return transaction(ctx, async (tx) => {
    // The house lock order (docs/conventions.md "Money writes"): the milestones the memo paid
    // onto, then the memo. Paying with the memo takes them in the same order, so the two wait
    // for each other instead of deadlocking.
    const paidOnto = await repo.sumsByMilestone(tx.db, { creditMemoId: id });
    await repo.lockMilestones(
      tx.db,
      paidOnto.map((s) => s.milestoneId),
    );
    const memo = await repo.memoById(tx.db, id, true);
    if (!memo) throw notFound();
    if (memo.status === 'REVERSED') throw badRequest(INVOICE_CODES.creditMemoReversed, INVOICE_TEXT.creditMemoReversed);
    const party = { customerId: memo.customerId, companyId: memo.companyId };
    const before = (await repo.memoFigures(tx.db, [memo.id])).get(memo.id);
    // What it paid goes back onto the milestones, then the memo's own credit is undone.
    await reverseOnMilestones(tx, party, { creditMemoId: memo.id }, notes);
    const after = (await repo.memoFigures(tx.db, [memo.id])).get(memo.id);
    await post(tx, party, [{ kind: 'REVERSAL', amount: after?.available ?? 0, creditMemoId: memo.id, notes }]);
    for (const p of await repo.paymentsOfMemo(tx.db, memo.id)) {
      if (p.status === 'SUCCEEDED') await repo.updatePayment(tx.db, p.id, { status: 'REVERSED' });
    }
    const updated = await repo.updateMemo(tx.db, memo.id, {
      status: 'REVERSED',
      reversalNotes: notes,
      reversedAt: nowOf(ctx),
      reversedById: ctx.actor.id,
    });
    await audit(tx, {
      entity: 'credit_memo',
      id: memo.id,
      action: 'reverse',
      before: { status: 'ACTIVE', applied: money(before?.applied ?? 0), available: money(before?.available ?? 0) },
      after: { status: 'REVERSED', notes },
    });
    const name =
      memo.companyId !== null
        ? ((await companyName(tx.db, memo.companyId)) ?? '')
        : ((await userNames(tx.db, [memo.customerId!])).get(memo.customerId!) ?? '');
    return toWire(updated, (await repo.memoFigures(tx.db, [memo.id])).get(memo.id), name);
  });
}

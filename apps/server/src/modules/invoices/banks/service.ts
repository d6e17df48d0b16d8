import { type Bank, INVOICE_CODES, INVOICE_TEXT, parseMoney } from '@cab/shared';
import Stripe from 'stripe';
import type { Ctx } from '../../../kit/context.ts';
import { badRequest, notFound } from '../../../kit/errors.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { userNames } from '../../auth/index.ts';
import { partyOf, reachParty } from '../credit/party.ts';
import { bankOfMethod, requireStripe } from '../pay/stripe.ts';
import * as repo from '../repository.ts';

/**
 * Bank accounts for ACH (issue 17): added through a Stripe SetupIntent for us_bank_account (no
 * account number is stored here), verified by the two micro-deposits. A business manager keeps
 * the company's, a personal customer its own.
 */

async function toWire(ctx: Ctx, rows: repo.BankRecord[]): Promise<Bank[]> {
  const names = await userNames(
    ctx.db,
    rows.map((b) => b.userId),
  );
  return rows.map((b) => ({
    id: b.id,
    bank_name: b.bankName,
    last4: b.last4,
    account_holder_name: b.accountHolderName,
    account_holder_type: b.accountHolderType,
    status: b.status,
    owner: { id: b.userId, name: names.get(b.userId) ?? '' },
    company: b.companyId,
    created_at: b.createdAt.toISOString(),
  }));
}

/** Whose banks the caller keeps (the party it acts for). */
const ownerOf = (ctx: Ctx) => {
  const party = partyOf(ctx.actor);
  return party.type === 'company' ? { companyId: party.id } : { userId: party.id };
};

export async function myBanks(ctx: Ctx) {
  return { results: await toWire(ctx, await repo.banksOf(ctx.db, ownerOf(ctx))) };
}

export async function banksOf(ctx: Ctx, owner: { userId: number } | { companyId: number }) {
  // An unknown customer or company is 404, not an empty list (issue 27).
  await reachParty(
    ctx,
    'userId' in owner ? { type: 'customer', id: owner.userId } : { type: 'company', id: owner.companyId },
  );
  return { results: await toWire(ctx, await repo.banksOf(ctx.db, owner)) };
}

export async function createBank(
  ctx: Ctx,
  body: { account_holder_name: string; account_holder_type?: 'individual' | 'company' },
) {
  const stripe = requireStripe(ctx.config);
  const customer = await stripe.customers.create({ email: ctx.actor.email, name: body.account_holder_name });
  const intent = await stripe.setupIntents.create({
    customer: customer.id,
    allowed_payment_method_types: ['us_bank_account'],
    payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } },
  });
  return transaction(ctx, async (tx) => {
    const owner = ownerOf(ctx);
    const bank = await repo.insertBank(tx.db, {
      userId: ctx.actor.id,
      companyId: owner.companyId ?? null,
      accountHolderName: body.account_holder_name,
      accountHolderType: body.account_holder_type ?? (owner.companyId ? 'company' : 'individual'),
      status: 'PENDING_VERIFICATION',
      stripeSetupIntentId: intent.id,
      stripeCustomerId: customer.id,
    });
    await audit(tx, {
      entity: 'bank_account',
      id: bank.id,
      action: 'create',
      after: { account_holder_name: bank.accountHolderName, status: bank.status },
    });
    const [wire] = await toWire(tx, [bank]);
    return { ...wire!, client_secret: intent.client_secret };
  });
}

export async function verifyBank(ctx: Ctx, id: number, deposits: (string | number)[]) {
  const bank = await repo.bankById(ctx.db, id);
  const owner = ownerOf(ctx);
  const owns =
    bank && (owner.companyId !== undefined ? bank.companyId === owner.companyId : bank.userId === ctx.actor.id);
  if (!bank || !owns) throw notFound();
  if (bank.status === 'VERIFIED') return (await toWire(ctx, [bank]))[0]!;
  const stripe = requireStripe(ctx.config);
  if (!bank.stripeSetupIntentId) throw badRequest(INVOICE_CODES.verificationFailed, INVOICE_TEXT.verificationFailed);
  let intent: Awaited<ReturnType<typeof stripe.setupIntents.verifyMicrodeposits>>;
  try {
    intent = await stripe.setupIntents.verifyMicrodeposits(bank.stripeSetupIntentId, {
      amounts: deposits.map((d) => parseMoney(d)!),
    });
  } catch (err) {
    // Stripe refused the amounts; an outage is 502 (the error handler), not a wrong guess.
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    throw badRequest(INVOICE_CODES.verificationFailed, INVOICE_TEXT.verificationFailed, {
      micro_deposits: [INVOICE_TEXT.verificationFailed],
    });
  }
  const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  // Verified at Stripe: the bank's name and last 4 when Stripe says them, the account verified anyway.
  const details = pmId ? await bankOfMethod(stripe, pmId) : null;
  const bankName = details?.bankName || bank.bankName;
  const last4 = details?.last4 || bank.last4;
  const status = intent.status === 'succeeded' ? 'VERIFIED' : 'PENDING_VERIFICATION';
  return transaction(ctx, async (tx) => {
    const updated = await repo.updateBank(tx.db, bank.id, { status, stripePaymentMethodId: pmId, bankName, last4 });
    await audit(tx, {
      entity: 'bank_account',
      id: bank.id,
      action: 'verify',
      before: { status: bank.status },
      after: { status },
    });
    return (await toWire(tx, [updated]))[0]!;
  });
}

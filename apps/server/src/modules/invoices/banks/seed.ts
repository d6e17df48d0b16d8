import type { RequestContext } from '../../../kit/context.ts';
import * as repo from '../repository.ts';

/** A demo bank account awaiting its micro-deposits (the demo seed; no Stripe call). */
export async function seedBank(
  ctx: RequestContext,
  owner: { userId: number; companyId: number | null },
  holder: string,
) {
  const existing = await repo.banksOf(
    ctx.db,
    owner.companyId ? { companyId: owner.companyId } : { userId: owner.userId },
  );
  if (existing.length) return existing[0]!;
  return repo.insertBank(ctx.db, {
    userId: owner.userId,
    companyId: owner.companyId,
    accountHolderName: holder,
    accountHolderType: owner.companyId ? 'company' : 'individual',
    bankName: 'STRIPE TEST BANK',
    last4: '6789',
    status: 'PENDING_VERIFICATION',
  });
}

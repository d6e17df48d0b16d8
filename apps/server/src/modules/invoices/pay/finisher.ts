import type { RequestContext } from '../../../kit/context.ts';
import * as repo from '../repository.ts';
import { failRefund, recordStripeRefund } from './refund.ts';
import { cancelAtStripe } from './service.ts';
import { isStripeOutage, refundAtStripe, stripeOf } from './stripe.ts';

/**
 * The Stripe finisher (issue 27): a payment is written PENDING and committed before its intent is
 * made, a refund before Stripe is asked; a crash or an outage between the two leaves one waiting.
 * After FINISH_AFTER_MS the finisher ends them: a payment's intent is made or found again with the
 * same key and cancelled (nobody holds its client secret), a refund is asked again with its key,
 * and a refund Stripe answered but that was never settled here is read back from Stripe.
 * An attempt still open on a milestone a reissue or a cancel voided is cancelled too.
 * The body of job `stripe_finisher` (apps/server/src/jobs.ts: every minute, once across servers);
 * safe to run twice anyway: every step is keyed at Stripe and applied under row locks.
 */
const FINISH_AFTER_MS = 2 * 60_000;

export async function finishStripeWork(ctx: RequestContext, now: Date = new Date()) {
  const stripe = stripeOf(ctx.config);
  const done = { payments: 0, refunds: 0, failed: 0 };
  if (!stripe) return done;
  const before = new Date(now.getTime() - FINISH_AFTER_MS);
  for (const p of await repo.paymentsWithoutIntent(ctx.db, before)) {
    try {
      await cancelAtStripe(ctx, p, 'left without an intent');
      done.payments++;
    } catch (err) {
      done.failed++;
      ctx.log.warn({ err, payment: p.id }, 'finisher: payment left open');
    }
  }
  // A reissue or a cancel voided the milestone an attempt was for: nothing is owed there any more.
  for (const p of await repo.openPaymentsOnVoidMilestones(ctx.db)) {
    try {
      await cancelAtStripe(ctx, p, 'its milestone was voided');
      done.payments++;
    } catch (err) {
      done.failed++;
      ctx.log.warn({ err, payment: p.id }, 'finisher: payment on a void milestone left open');
    }
  }
  for (const r of await repo.pendingRefunds(ctx.db, before, false)) {
    const p = (await repo.paymentById(ctx.db, r.paymentId))!;
    try {
      await recordStripeRefund(ctx, r.id, await refundAtStripe(stripe, r, p.stripePaymentIntentId!));
      done.refunds++;
    } catch (err) {
      if (isStripeOutage(err)) done.failed++;
      else await failRefund(ctx, r.id, (err as Error).message);
    }
  }
  // Recorded at Stripe but never settled (a crash between the two, no webhook): Stripe is asked.
  for (const r of await repo.pendingRefunds(ctx.db, before, true)) {
    try {
      await recordStripeRefund(ctx, r.id, await stripe.refunds.retrieve(r.stripeRefundId!));
      done.refunds++;
    } catch (err) {
      done.failed++;
      ctx.log.warn({ err, refund: r.id }, 'finisher: refund left pending');
    }
  }
  if (done.payments || done.refunds || done.failed) ctx.log.info(done, 'stripe finisher round');
  return done;
}

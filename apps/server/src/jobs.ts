import type { Config } from './config.ts';
import type { JobDefinition } from './kit/jobs/define.ts';
import { deliverRound, type MailSender, OUTBOX, OUTBOX_JOB, smtpSender } from './modules/email/index.ts';
import { PRUNE_EVENTS_JOB, pruneEvents } from './modules/events/index.ts';
import { DAILY_CHARGES_JOB, dailyChargesJob } from './modules/finance/index.ts';
import { finishStripeWork, MONTHLY_STATEMENTS_JOB, monthlyStatementsJob } from './modules/invoices/index.ts';
import { EXPIRE_PROPOSALS_JOB, expireProposalsJob } from './modules/proposals/index.ts';

/**
 * Every piece of background work, in one place (decision 0041): its name, when it is due, its
 * retries (past them it stops until an admin runs it again: GET /api/ops/jobs/) and timeout, and
 * the module function it runs. main.ts starts one runner with these
 * (kit/jobs/runner.ts), which runs each job once across servers and counts its runs on /metrics.
 * A new job is one more entry here; its body stays in its module.
 */
export function backgroundJobs(options: { mailSender?: MailSender } = {}): JobDefinition[] {
  // One SMTP pool per process, made at the first round.
  let sender = options.mailSender;
  const senderOf = (config: Config) => {
    sender ??= smtpSender(config.smtpUrl!, config.mailFrom);
    return sender;
  };
  return [
    {
      // With no SMTP_URL the outbox keeps every message for an admin to read; nothing is lost.
      name: OUTBOX_JOB,
      everyMs: 5_000,
      // Past its retries a job stops until an admin runs it again: about 40 minutes of failed rounds
      // (the database away; SMTP failures are each message's own retries, outbox.ts).
      retries: { max: 10, backoffMs: 5_000, maxBackoffMs: 10 * 60_000 },
      // Below the messages' own lease: a message in hand is never claimed again while its round goes on.
      timeoutMs: OUTBOX.leaseMs / 2,
      enabled: (config) => Boolean(options.mailSender ?? config.smtpUrl),
      run: (ctx, run) => deliverRound(ctx, senderOf(ctx.config), run),
    },
    {
      // Overdue interest and storage fees, once a UTC day, missed days caught up (decision 0035).
      name: DAILY_CHARGES_JOB,
      daily: dailyChargesJob,
      retries: { max: 20, backoffMs: 60_000, maxBackoffMs: 10 * 60_000 },
      timeoutMs: 10 * 60_000,
    },
    {
      // Last month's statement to every party with an open balance, on the 1st, when the
      // finance setting `statement_monthly` is on (off by default; decision 0046).
      name: MONTHLY_STATEMENTS_JOB,
      daily: monthlyStatementsJob,
      retries: { max: 10, backoffMs: 60_000, maxBackoffMs: 10 * 60_000 },
      timeoutMs: 10 * 60_000,
    },
    {
      // Dealer proposals past their last day (issue 37): EXPIRED, once a day (reads say it already).
      name: EXPIRE_PROPOSALS_JOB,
      daily: expireProposalsJob,
      retries: { max: 10, backoffMs: 60_000, maxBackoffMs: 10 * 60_000 },
      timeoutMs: 5 * 60_000,
    },
    {
      // Card and bank payments (and refunds) a crash or an outage left half-way with Stripe (decision 0040).
      name: 'stripe_finisher',
      everyMs: 60_000,
      retries: { max: 10, backoffMs: 30_000, maxBackoffMs: 5 * 60_000 },
      timeoutMs: 5 * 60_000,
      enabled: (config) => Boolean(config.stripe.secretKey),
      run: (ctx) => finishStripeWork(ctx),
    },
    {
      // The live floor's events are kept a day for a reconnect to resume from (decision 0042).
      name: PRUNE_EVENTS_JOB,
      everyMs: 60 * 60_000,
      retries: { max: 10, backoffMs: 60_000, maxBackoffMs: 10 * 60_000 },
      timeoutMs: 5 * 60_000,
      run: (ctx) => pruneEvents(ctx),
    },
  ];
}

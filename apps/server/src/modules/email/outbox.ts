import { emailTemplateDefinition, MSG } from '@cab/shared';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { RequestContext } from '../../kit/context.ts';
import { type JobRun, msFromNow } from '../../kit/jobs/define.ts';
import { runSoon } from '../../kit/jobs/runner.ts';
import { afterCommit } from '../../kit/transaction.ts';
import { renderText } from './render.ts';
import * as repo from './repository.ts';

export const OUTBOX = {
  /** Messages claimed per delivery round. */
  batch: 50,
  /** A claimed message is retried after this if its worker never reports back. */
  leaseMs: 120_000,
  /** Give up (status FAILED) after this many attempts. */
  maxAttempts: 10,
  /** Retry delay: base x 2^(attempts-1), capped. */
  backoffBaseMs: 30_000,
  backoffCapMs: 3600_000,
  /** Messages sent at once (the SMTP pool's connections). */
  concurrency: 5,
};

/** The job that delivers the outbox (declared in apps/server/src/jobs.ts). */
export const OUTBOX_JOB = 'outbox';

/** After a message is queued (and its transaction committed): the runner delivers soon, not at its next poll. */
const deliverSoon = (ctx: RequestContext) => afterCommit(ctx, () => runSoon(OUTBOX_JOB));

export const retryDelayMs = (attempts: number) =>
  Math.min(OUTBOX.backoffCapMs, OUTBOX.backoffBaseMs * 2 ** Math.max(0, attempts - 1));

/** What a sender needs of an outbox row; `id` and `createdAt` name the mail on every attempt. */
export interface OutgoingMail {
  id: number;
  createdAt: Date;
  to: string;
  subject: string;
  text: string;
}

export interface MailSender {
  send(message: OutgoingMail): Promise<{ messageId: string }>;
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so a mail resent after a crash
 * (sent, but not yet marked SENT) is recognisably the same mail to the receiving servers and
 * mail clients, which drop the duplicate. The creation time keeps ids unique across databases.
 */
export function outboxMessageId(mail: Pick<OutgoingMail, 'id' | 'createdAt'>, from: string) {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  return `<outbox.${mail.id}.${mail.createdAt.getTime().toString(36)}@${domain}>`;
}

/** nodemailer over SMTP_URL (e.g. smtp://user:pass@mail.example.com:587). */
export function smtpSender(smtpUrl: string, from: string): MailSender & { transporter: Transporter } {
  // A pool keeps connections open between messages instead of a handshake per e-mail.
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  const transporter = nodemailer.createTransport(url.toString());
  return {
    transporter,
    async send({ id, createdAt, ...message }) {
      const messageId = outboxMessageId({ id, createdAt }, from);
      const info = await transporter.sendMail({ from, messageId, ...message });
      return { messageId: info.messageId };
    },
  };
}

/**
 * Renders a template with its data and puts the message in the outbox (inside the caller's
 * transaction when given one, so the mail exists exactly when the change that caused it does).
 */
export async function enqueueTemplate(
  ctx: RequestContext,
  templateName: string,
  to: string,
  data: Record<string, unknown>,
  options: { secrets?: string[] } = {},
) {
  const source = await templateSource(ctx, templateName);
  const secrets = options.secrets?.filter(Boolean);
  const queued = await repo.insertOutbox(ctx.db, {
    toAddress: to,
    ...(await renderTemplate(source, data)),
    templateName,
    secrets: secrets?.length ? secrets : null,
  });
  await deliverSoon(ctx);
  return queued;
}

/**
 * A sign-in link (an invitation, a password reset) is a secret like a token, which is stored only
 * as its hash: the outbox needs it until the mail is sent, then keeps the mail without it.
 */
function withoutSecrets(message: repo.OutboxRow): Partial<repo.OutboxRow> {
  if (!message.secrets?.length) return {};
  let { subject, body } = message;
  for (const secret of message.secrets) {
    subject = subject.replaceAll(secret, MSG.outboxSecretRemoved);
    body = body.replaceAll(secret, MSG.outboxSecretRemoved);
  }
  return { subject, body, secrets: null };
}

/** The saved template, or its default when the row is missing. */
export async function templateSource(ctx: RequestContext, templateName: string) {
  const source = (await repo.templateByName(ctx.db, templateName)) ?? emailTemplateDefinition(templateName);
  if (!source) throw new Error(`unknown e-mail template ${templateName}`);
  return { subject: source.subject, body: source.body };
}

export async function renderTemplate(source: { subject: string; body: string }, data: Record<string, unknown>) {
  return { subject: (await renderText(source.subject, data)).trim(), body: await renderText(source.body, data) };
}

/** Many messages from one template (read once), inserted in batches: an announcement to thousands. */
export async function enqueueMany(
  ctx: RequestContext,
  templateName: string,
  messages: { to: string; data: Record<string, unknown> }[],
) {
  const source = await templateSource(ctx, templateName);
  const rows = [];
  for (const m of messages) rows.push({ toAddress: m.to, ...(await renderTemplate(source, m.data)), templateName });
  await repo.insertOutboxMany(ctx.db, rows);
  await deliverSoon(ctx);
  return rows.length;
}

/**
 * One delivery round: claims due messages, sends them, records success or schedules a retry.
 * Background work: `ctx` is a system context (no actor, no request). Every time it writes (the
 * lease, sent at, the next attempt) is the database's clock, as the jobs runner's (decision 0057):
 * servers with skewed clocks agree on when a message is due.
 */
export async function deliverDue(
  ctx: RequestContext,
  sender: MailSender,
  /** Asked between messages: when it says stop, the claimed messages not yet sent are let go. */
  stopping: () => boolean = () => false,
): Promise<{ sent: number; failed: number }> {
  const { db } = ctx;
  const claimed = await repo.claimDue(db, OUTBOX.batch, msFromNow(OUTBOX.leaseMs));
  let sent = 0;
  let failed = 0;
  const deliver = async (message: repo.OutboxRow) => {
    const attempts = message.attempts + 1;
    try {
      const { messageId } = await sender.send({
        id: message.id,
        createdAt: message.createdAt,
        to: message.toAddress,
        subject: message.subject,
        text: message.body,
      });
      await repo.updateOutbox(db, message.id, {
        status: 'SENT',
        attempts,
        sentAt: sql`now()`,
        messageId,
        lastError: null,
        ...withoutSecrets(message),
      });
      sent++;
    } catch (err) {
      failed++;
      const giveUp = attempts >= OUTBOX.maxAttempts;
      await repo.updateOutbox(db, message.id, {
        attempts,
        status: giveUp ? 'FAILED' : 'PENDING',
        lastError: (err as Error).message.slice(0, 1000),
        nextAttemptAt: msFromNow(retryDelayMs(attempts)),
        ...(giveUp ? withoutSecrets(message) : {}),
      });
    }
  };
  // As many messages in flight as the SMTP pool has connections.
  for (let i = 0; i < claimed.length; i += OUTBOX.concurrency) {
    if (stopping()) {
      // Shutting down: the rest are due again at once, for another server or the next start,
      // instead of waiting out their lease.
      await repo.releaseClaimed(
        db,
        claimed.slice(i).map((m) => m.id),
      );
      break;
    }
    await Promise.all(claimed.slice(i, i + OUTBOX.concurrency).map(deliver));
  }
  return { sent, failed };
}

/**
 * The body of job `outbox`: one delivery round, stopping between messages when the runner says
 * so (the claimed messages not yet sent are let go); a full batch asks to go again at once.
 * `ctx` is a system context: the round serves no request.
 */
export async function deliverRound(ctx: RequestContext, sender: MailSender, run: JobRun) {
  const r = await deliverDue(ctx, sender, () => run.signal.aborted);
  if (r.sent || r.failed) ctx.log.info(r, 'outbox delivery round');
  return { again: r.sent + r.failed >= OUTBOX.batch };
}

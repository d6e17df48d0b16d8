/**
 * E-mail: templates, the outbox and its delivery round (job `outbox`, declared in
 * apps/server/src/jobs.ts), announcements. Other modules queue mail with
 * `enqueueTemplate(ctx, ...)` in the transaction of the change that causes it.
 */
export {
  deliverDue,
  deliverRound,
  enqueueTemplate,
  type MailSender,
  OUTBOX,
  OUTBOX_JOB,
  outboxMessageId,
  retryDelayMs,
  smtpSender,
} from './outbox.ts';
export { outboxBacklog } from './repository.ts';
export { emailRoutes } from './routes.ts';
export { appData, userData } from './template-data.ts';

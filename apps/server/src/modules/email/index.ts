/**
 * E-mail: templates, the outbox and its delivery worker, announcements. Other modules queue mail
 * with `enqueueTemplate(ctx, ...)` in the transaction of the change that causes it.
 */
export {
  deliverDue,
  enqueueTemplate,
  type MailSender,
  OUTBOX,
  outboxMessageId,
  retryDelayMs,
  smtpSender,
  startOutboxWorker,
} from './outbox.ts';
export { outboxBacklog } from './repository.ts';
export { emailRoutes } from './routes.ts';

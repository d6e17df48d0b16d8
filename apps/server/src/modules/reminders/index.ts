/**
 * Reminders (issue 17): the payment and pickup reminder e-mails an admin sends to a customer or
 * a company. A module of its own because it reads orders (which read finance), so finance
 * cannot hold it without an import cycle.
 */
export { remindersRoutes } from './routes.ts';

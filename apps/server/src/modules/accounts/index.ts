/**
 * Accounts: users, companies, addresses, invitations, access requests and password resets. Its
 * ownership helpers are for this module; single-user and token queries live in the auth module.
 */
export { accountsRoutes } from './routes.ts';

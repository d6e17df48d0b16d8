/**
 * Accounts: users, companies, addresses, invitations, access requests and password resets. Its
 * ownership helpers are for this module; single-user and token queries live in the auth module.
 */

export { activeManagersOf, addressOfOwner, companyName, companyNames, shippingState } from './customers.ts';
export { accountsRoutes } from './routes.ts';

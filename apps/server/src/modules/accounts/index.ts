/**
 * Accounts: users, companies, addresses, invitations, access requests and password resets. Its
 * ownership helpers are for this module; single-user and token queries live in the auth module.
 */

/** An employee's submit asks the company's rule and the employee's limit (issue 30). */
export { approvalRuleFor } from './approvals-repository.ts';
/** The user and the product as e-mail templates name them (proposals' mails too). */
export {
  activeManagersOf,
  addressOfOwner,
  companyName,
  companyNames,
  defaultAddressOf,
  shippingState,
} from './customers.ts';
export { accountsRoutes } from './routes.ts';

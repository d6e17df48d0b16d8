/**
 * Sign-in and sessions, and the one home of the users and tokens queries other modules share
 * (accounts, core's dashboard), the authentication hook (authenticate.ts) and the token helpers.
 */

export { actorSessionEndsAt, registerAuthentication, sessionHolds, sessionOf } from './authenticate.ts';
export {
  activeMemberCount,
  adminRecipients,
  adminsAmong,
  audienceCount,
  audienceRecipients,
  type CompanyRef,
  CUSTOMER_FIELDS,
  type CustomerRow,
  companySessionsChanged,
  customerOf,
  deleteTokensOf,
  findUserByEmail,
  findUserWithCompany,
  insertToken,
  insertUser,
  type NewUser,
  tokensOf,
  toUserWithCompany,
  type UserRow,
  type UserWithCompany,
  updateUser,
  userNames,
  userWithCompanyColumns,
} from './repository.ts';
export { authRoutes } from './routes.ts';
export { parseSessionChange } from './session-cache.ts';
export { SESSION_CHANNEL, type SessionChange } from './session-changes.ts';
export { hashToken, newToken } from './tokens.ts';

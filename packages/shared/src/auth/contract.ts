import { endpointsFor } from '../http/contract.ts';
import {
  loginBodySchema,
  meSchema,
  okSchema,
  passwordChangeBodySchema,
  passwordUpdateBodySchema,
  tokenResponseSchema,
} from './schemas.ts';

const api = endpointsFor(['auth']);

/** Base of the accounts API (SPEC 7 "Accounts ... relative to an account base"). */
export const ACCOUNTS_BASE = '/api/accounts';

export const authApi = {
  login: api.anyone({
    method: 'POST',
    path: '/api/users/token/',
    summary: 'Sign in with e-mail and password; returns a token for the Authorization header',
    body: loginBodySchema,
    response: tokenResponseSchema,
  }),
  logout: api.signedIn({
    method: 'POST',
    path: '/api/users/logout/',
    allowedDuringPasswordReset: true,
    summary: 'Revoke the token this request was made with',
    response: okSchema,
  }),
  me: api.signedIn({
    method: 'GET',
    path: '/api/users/me/',
    allowedDuringPasswordReset: true,
    summary: 'The signed-in user',
    response: meSchema,
  }),
  passwordUpdate: api.signedIn({
    method: 'PUT',
    path: `${ACCOUNTS_BASE}/password/update/`,
    allowedDuringPasswordReset: true,
    summary: 'Change the password, given the current one; signs out other sessions',
    body: passwordUpdateBodySchema,
    response: okSchema,
  }),
  passwordChange: api.signedIn({
    method: 'PATCH',
    path: `${ACCOUNTS_BASE}/password/change/`,
    allowedDuringPasswordReset: true,
    summary: 'Set a new password when require_password_reset is set; clears the flag',
    body: passwordChangeBodySchema,
    response: okSchema,
  }),
};

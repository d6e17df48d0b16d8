import { endpoint } from '../http/contract.ts';
import {
  loginBodySchema,
  meSchema,
  okSchema,
  passwordChangeBodySchema,
  passwordUpdateBodySchema,
  tokenResponseSchema,
} from './schemas.ts';

/** Base of the accounts API (SPEC 7 "Accounts ... relative to an account base"). */
export const ACCOUNTS_BASE = '/api/accounts';

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/users/token/',
    access: 'public',
    summary: 'Sign in with e-mail and password; returns a token for the Authorization header',
    tags: ['auth'],
    body: loginBodySchema,
    response: tokenResponseSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/users/logout/',
    access: 'authenticated',
    allowedDuringPasswordReset: true,
    summary: 'Revoke the token this request was made with',
    tags: ['auth'],
    response: okSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/users/me/',
    access: 'authenticated',
    allowedDuringPasswordReset: true,
    summary: 'The signed-in user',
    tags: ['auth'],
    response: meSchema,
  }),
  passwordUpdate: endpoint({
    method: 'PUT',
    path: `${ACCOUNTS_BASE}/password/update/`,
    access: 'authenticated',
    allowedDuringPasswordReset: true,
    summary: 'Change the password, given the current one; signs out other sessions',
    tags: ['auth'],
    body: passwordUpdateBodySchema,
    response: okSchema,
  }),
  passwordChange: endpoint({
    method: 'PATCH',
    path: `${ACCOUNTS_BASE}/password/change/`,
    access: 'authenticated',
    allowedDuringPasswordReset: true,
    summary: 'Set a new password when require_password_reset is set; clears the flag',
    tags: ['auth'],
    body: passwordChangeBodySchema,
    response: okSchema,
  }),
};

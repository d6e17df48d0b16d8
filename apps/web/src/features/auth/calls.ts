import { authApi, type LoginBody, type PasswordChangeBody, type PasswordUpdateBody } from '@cab/shared';
import { call } from '../../lib/api.ts';

/**
 * The auth endpoints' calls. The session hooks (api.ts) load this module when they first call:
 * the contracts carry their zod schemas, which /login does not load before a person signs in
 * (decision 0064).
 */
export const fetchMe = () => call(authApi.me);

// The login form shows the server's message itself (wrong password, rate limit).
export const signIn = (body: LoginBody) => call(authApi.login, { body, skipCommonHandling: true });

export const signOut = () => call(authApi.logout, { skipCommonHandling: true });

export const updatePassword = (body: PasswordUpdateBody) => call(authApi.passwordUpdate, { body, form: true });

export const changePassword = (body: PasswordChangeBody) => call(authApi.passwordChange, { body, form: true });

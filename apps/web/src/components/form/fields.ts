import { WEB_TEXT } from '@cab/shared';

/** The e-mail a person signs in with, focused first: the sign-in and forgotten-password forms. */
export const signInEmailField = {
  name: 'email',
  label: WEB_TEXT.emailLabel,
  type: 'email',
  autoComplete: 'username',
  autoFocus: true,
} as const;

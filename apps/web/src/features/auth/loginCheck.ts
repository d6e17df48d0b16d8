import { type LoginBody, loginBodySchema } from '@cab/shared';
import type { z } from 'zod';

export type LoginField = keyof LoginBody;
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The sign-in form's checks: loginBodySchema's (the API's own), each field's first message, as
 * the forms' zod resolver gives them. Loaded when the form is first typed in or sent (LoginPage).
 */
export function checkLogin(
  values: LoginBody,
): { ok: true; values: z.output<typeof loginBodySchema> } | { ok: false; errors: LoginErrors } {
  const parsed = loginBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as LoginField;
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

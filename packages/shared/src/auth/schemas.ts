import { z } from 'zod';
import { MSG } from '../messages.ts';
import { emailField, passwordField, secretField } from '../validation.ts';

export const loginBodySchema = z.object({
  email: emailField(),
  password: secretField(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

export const companyRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  account_type: z.enum(['P', 'B']).nullable(),
  is_staff: z.boolean(),
  is_employee: z.boolean(),
  is_manager: z.boolean(),
  is_superuser: z.boolean(),
  require_password_reset: z.boolean(),
  company: companyRefSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const okSchema = z.object({ detail: z.string() });

/** PUT password/update/: change a known password (settings page). */
export const passwordUpdateBodySchema = z
  .object({
    old_password: secretField(),
    new_password: passwordField(),
    confirm_password: secretField(),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirm_password'],
  })
  .refine((v) => v.new_password !== v.old_password, { message: MSG.passwordSameAsOld, path: ['new_password'] });
export type PasswordUpdateBody = z.input<typeof passwordUpdateBodySchema>;

/** PATCH password/change/: the forced change after require_password_reset (SPEC 4). */
export const passwordChangeBodySchema = z
  .object({
    new_password: passwordField(),
    confirm_password: secretField(),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

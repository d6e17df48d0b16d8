import { z } from 'zod';

/**
 * The one API error shape (SPEC 8): { code, message, extra?, fields? }.
 * `fields` maps a field name (dot path for nested fields) to its messages.
 * `extra.timer` makes the web popup close by itself; `extra.skip_common_handling` leaves the
 * error to the caller; `extra.transaction_id` identifies a 500 for support.
 */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  extra: z.record(z.string(), z.unknown()).optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  validation: 'validation_error',
  notAuthenticated: 'not_authenticated',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  invalidCredentials: 'invalid_credentials',
  wrongPassword: 'wrong_password',
  passwordResetNotRequired: 'password_reset_not_required',
  passwordChangeRequired: 'password_change_required',
  invalidPostalCode: 'invalid_postal_code',
  payloadTooLarge: 'payload_too_large',
  templateInvalid: 'template_invalid',
  emailTaken: 'email_taken',
  lastManager: 'last_manager',
  lastAdmin: 'last_admin',
  invitationInvalid: 'invitation_invalid',
  invitationUsed: 'invitation_used',
  invitationExpired: 'invitation_expired',
  resetLinkInvalid: 'reset_link_invalid',
  resetLinkExpired: 'reset_link_expired',
  accessRequestNotPending: 'access_request_not_pending',
  finishOptionInUse: 'finish_option_in_use',
  /** Submit's expected_total is not what the order would be priced at (409; extra.total_price). */
  orderTotalChanged: 'order_total_changed',
  internal: 'internal_error',
} as const;

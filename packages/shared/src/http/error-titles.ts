/**
 * Human titles of the error popups (SPEC 8: "title (or code)"): an answer without `extra.title`
 * whose code is here is titled with these words instead of its raw code
 * (`payment_amount_too_large` -> "Amount too large"); any other code is still shown as it is.
 */
export const ERROR_TITLES: Readonly<Record<string, string>> = {
  validation_error: 'Please check the form',
  permission_denied: 'Not allowed',
  rate_limited: 'Too many requests',
  csv_parse_failed: 'The file could not be read',
  // Payments, credit and banks
  stripe_not_configured: 'Card and bank payments unavailable',
  stripe_unavailable: 'Payment service unavailable',
  stripe_refused: 'Payment service refused',
  payment_method_not_allowed: 'Payment method not allowed',
  payment_amount_too_large: 'Amount too large',
  payment_processing: 'Payment in progress',
  milestone_closed: 'Nothing left to pay',
  credit_unavailable: 'Not enough credit',
  credit_memo_reversed: 'Credit memo reversed',
  bank_required: 'Bank account needed',
  bank_not_verified: 'Bank account not verified',
  bank_verification_failed: 'Verification failed',
  idempotency_key_reused: 'Already recorded',
  order_has_payments: 'The order has payments',
  refund_too_large: 'Refund too large',
  refund_not_allowed: 'Refund not possible',
  // Finance rules
  rule_in_use: 'Rule in use',
};

/** The popup title of an error: its `extra.title`, else the human title of its code, else the code. */
export const errorTitle = (code: string, title?: unknown): string =>
  typeof title === 'string' && title ? title : (ERROR_TITLES[code] ?? code);

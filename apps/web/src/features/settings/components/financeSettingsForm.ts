import { BOOK_ACCOUNTS, type BookAccount, type Settings, type SettingsPatch, settingsPatchSchema } from '@cab/shared';
import { bodyResolver } from '../../../lib/forms.ts';

/** The finance settings form (issue 34): inputs hold text; the account names by role. */
export interface FinanceSettingsValues {
  /** Days after the day charged that interest and fees fall due (decision 0053). */
  payment_terms_days: string;
  statement_monthly: boolean;
  books_accounts: Record<BookAccount, string>;
}

export function financeValuesOf(settings: Settings): FinanceSettingsValues {
  return {
    payment_terms_days: String(settings.payment_terms_days),
    statement_monthly: settings.statement_monthly,
    books_accounts: Object.fromEntries(BOOK_ACCOUNTS.map((a) => [a, settings.books_accounts[a] ?? ''])) as Record<
      BookAccount,
      string
    >,
  };
}

/** The PATCH body: only the settings this form shows (the others are the global screen's). */
export function financeBodyOf(values: FinanceSettingsValues): SettingsPatch {
  const terms = values.payment_terms_days.trim();
  return {
    payment_terms_days: terms === '' ? Number.NaN : Number(terms),
    statement_monthly: values.statement_monthly,
    books_accounts: values.books_accounts,
  };
}

/** Validates the body with the shared schema; each issue lands on the field of the same path. */
export const financeSettingsResolver = bodyResolver<FinanceSettingsValues>(settingsPatchSchema, financeBodyOf);

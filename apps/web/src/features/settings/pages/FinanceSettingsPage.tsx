import { BOOK_ACCOUNTS, SETTINGS_TEXT } from '@cab/shared';
import Stack from '@mui/material/Stack';
import type { FieldList } from '../../../components/form/FormFields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useGlobalSettings } from '../api.ts';
import {
  type FinanceSettingsValues,
  financeBodyOf,
  financeSettingsResolver,
  financeValuesOf,
} from '../components/financeSettingsForm.ts';
import { SettingsCard, SettingsForm, type SettingsFormShape } from '../components/SettingsForm.tsx';

const T = SETTINGS_TEXT;

const TERMS: FieldList<FinanceSettingsValues> = [
  {
    name: 'payment_terms_days',
    label: T.paymentTermsDays,
    type: 'number',
    min: 0,
    helperText: T.termsHint,
    testId: 'payment-terms-days',
  },
];
const STATEMENTS: FieldList<FinanceSettingsValues> = [
  { name: 'statement_monthly', label: T.statementMonthly, type: 'switch', testId: 'statement-monthly' },
];
const ACCOUNTS: FieldList<FinanceSettingsValues> = BOOK_ACCOUNTS.map((a) => ({
  name: `books_accounts.${a}` as const,
  label: T.bookAccountLabels[a],
  testId: `books-account-${a}`,
}));

const SHAPE: SettingsFormShape<FinanceSettingsValues> = {
  resolver: financeSettingsResolver,
  valuesOf: financeValuesOf,
  bodyOf: financeBodyOf,
  // The fields a server error may name.
  fields: ['payment_terms_days', 'statement_monthly', ...BOOK_ACCOUNTS.map((a) => `books_accounts.${a}` as const)],
  testId: 'finance-settings-form',
  submitTestId: 'finance-settings-save',
};

/** /finance/settings (ADMIN): the shop's payment terms, the monthly statement run and the journal's account names. */
export default function FinanceSettingsPage() {
  const settings = useGlobalSettings();
  return (
    <>
      <PageHeader subtitle={T.financeSubtitle} />
      <QueryState query={settings}>
        {(data) => (
          <SettingsForm
            settings={data}
            shape={SHAPE}
            columns={({ control }) => [
              <Stack key="terms" spacing={3}>
                <SettingsCard control={control} title={T.termsTitle} fields={TERMS} />
                <SettingsCard control={control} title={T.statementsTitle} fields={STATEMENTS} />
              </Stack>,
              <SettingsCard
                key="accounts"
                control={control}
                title={T.booksAccountsTitle}
                subheader={T.booksAccountsHint}
                fields={ACCOUNTS}
              />,
            ]}
          />
        )}
      </QueryState>
    </>
  );
}

import { BOOK_ACCOUNTS, MSG, SETTINGS_TEXT, type Settings } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { type Path, useForm } from 'react-hook-form';
import { type FieldList, FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useFrameSubmit } from '../../../lib/forms.ts';
import { useGlobalSettings, usePatchSettings } from '../api.ts';
import {
  type FinanceSettingsValues,
  financeBodyOf,
  financeSettingsResolver,
  financeValuesOf,
} from '../components/financeSettingsForm.ts';

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

/** The fields a server error may name. */
const FIELDS: Path<FinanceSettingsValues>[] = [
  'payment_terms_days',
  'statement_monthly',
  ...BOOK_ACCOUNTS.map((a) => `books_accounts.${a}` as const),
];

/** /finance/settings (ADMIN): the shop's payment terms, the monthly statement run and the journal's account names. */
export default function FinanceSettingsPage() {
  const settings = useGlobalSettings();
  return (
    <>
      <PageHeader subtitle={T.financeSubtitle} />
      <QueryState query={settings}>{(data) => <FinanceSettingsForm settings={data} />}</QueryState>
    </>
  );
}

function FinanceSettingsForm({ settings }: { settings: Settings }) {
  const patch = usePatchSettings();
  const { control, handleSubmit, setError, reset, formState } = useForm<FinanceSettingsValues>({
    resolver: financeSettingsResolver,
    defaultValues: financeValuesOf(settings),
  });
  const frame = useFrameSubmit(
    { handleSubmit, setError, formState },
    FIELDS,
    async (values) => {
      reset(financeValuesOf(await patch.mutateAsync(financeBodyOf(values))));
      return MSG.settingsUpdated;
    },
    { pending: patch.isPending },
  );

  return (
    <PageForm
      {...frame}
      submitLabel={T.saveSettings}
      submitTestId="finance-settings-save"
      submitSize="large"
      spacing={3}
      testId="finance-settings-form"
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          <Card>
            <CardHeader title={T.termsTitle} />
            <CardContent sx={{ pt: 0, maxWidth: 420 }}>
              <FormFields control={control} fields={TERMS} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={T.statementsTitle} />
            <CardContent sx={{ pt: 0 }}>
              <FormFields control={control} fields={STATEMENTS} />
            </CardContent>
          </Card>
        </Stack>
        <Card>
          <CardHeader title={T.booksAccountsTitle} subheader={T.booksAccountsHint} />
          <CardContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              <FormFields control={control} fields={ACCOUNTS} />
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </PageForm>
  );
}

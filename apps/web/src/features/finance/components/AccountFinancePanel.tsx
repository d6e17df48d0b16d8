import {
  BOOKS_TEXT,
  FINANCE_LABELS,
  FINANCE_TEXT,
  financeApi,
  NOTIFY_MS,
  overdueInterestBodySchema,
  storageFeesBodySchema,
} from '@cab/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { type FieldSpec, FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { bodyResolver, useFrameSubmit } from '../../../lib/forms.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useCan } from '../../auth/index.ts';
import {
  type Party,
  useOverdueInterest,
  useSaveOverdueInterest,
  useSaveStorageFees,
  useSendReminder,
  useStorageFees,
} from '../api.ts';

/**
 * The finance part of a customer's or a company's page (ADMIN): the payment and pickup reminder
 * buttons, and the overdue interest and storage fee settings (issue 17).
 */
export function AccountFinancePanel({ party, id }: { party: Party; id: number }) {
  const allowed = useCan(party === 'customer' ? financeApi.customerPaymentReminder : financeApi.companyPaymentReminder);
  if (!allowed) return null;
  return (
    <Card data-testid="account-finance">
      <CardContent>
        <Stack spacing={3}>
          <Reminders party={party} id={id} />
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 6 }}>
              <InterestForm party={party} id={id} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <StorageForm party={party} id={id} />
            </Grid>
          </Grid>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Reminders({ party, id }: { party: Party; id: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const payment = useSendReminder(party, id, 'payment');
  const pickup = useSendReminder(party, id, 'pickup');
  const send = async (mutation: typeof payment) => {
    try {
      const { queued } = await mutation.mutateAsync();
      enqueueSnackbar(FINANCE_TEXT.remindersQueued(queued), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch {
      // The API client shows the failure (SPEC 8).
    }
  };
  return (
    <div>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {FINANCE_LABELS.reminders}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          disabled={payment.isPending}
          onClick={() => send(payment)}
          data-testid="send-payment-reminder"
        >
          {FINANCE_LABELS.sendPaymentReminder}
        </Button>
        <Button
          variant="outlined"
          disabled={pickup.isPending}
          onClick={() => send(pickup)}
          data-testid="send-pickup-reminder"
        >
          {FINANCE_LABELS.sendPickupReminder}
        </Button>
        <Button
          variant="outlined"
          component={RouterLink}
          to={`/invoices/statement?${party}=${id}`}
          data-testid="open-statement"
        >
          {BOOKS_TEXT.statementTitle}
        </Button>
      </Stack>
    </div>
  );
}

/** One settings form of the panel: its title, fields and save, with the shared schema's messages. */
function SettingsForm<V extends FieldValues>({
  title,
  testId,
  defaults,
  schema,
  fields,
  save,
}: {
  title: string;
  testId: string;
  defaults: DefaultValues<V>;
  schema: z.ZodType;
  fields: readonly FieldSpec<V>[];
  save: { mutateAsync: (body: V) => Promise<unknown>; isPending: boolean };
}) {
  const form = useForm<V>({ resolver: bodyResolver(schema, (v: V) => v), defaultValues: defaults });
  const frame = useFrameSubmit(
    form,
    fields.map((f) => f.name),
    async (v) => {
      await save.mutateAsync(v);
      return FINANCE_TEXT.settingsSaved;
    },
    { pending: save.isPending },
  );
  return (
    <PageForm {...frame} submitLabel={FINANCE_LABELS.save} testId={testId} submitTestId={`${testId}-save`}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <FormFields control={form.control} fields={fields} />
    </PageForm>
  );
}

interface InterestValues {
  enabled: boolean;
  monthly_percentage: string;
  grace_days: string;
  on_fees: boolean;
}

function InterestForm({ party, id }: { party: Party; id: number }) {
  const current = useOverdueInterest(party, id);
  const save = useSaveOverdueInterest(party, id);
  const value = current.data;
  if (!value) return <Skeleton variant="rounded" height={200} />;
  return (
    <SettingsForm<InterestValues>
      key={current.dataUpdatedAt}
      title={FINANCE_LABELS.overdueInterest}
      testId="overdue-interest"
      defaults={{ ...value, grace_days: String(value.grace_days) }}
      schema={overdueInterestBodySchema}
      save={save}
      fields={[
        { name: 'enabled', label: FINANCE_LABELS.enabled, type: 'switch', testId: 'interest-enabled' },
        {
          name: 'monthly_percentage',
          label: FINANCE_LABELS.monthlyPercentage,
          inputMode: 'decimal',
          testId: 'interest-monthly',
        },
        { name: 'grace_days', label: FINANCE_LABELS.graceDays, inputMode: 'numeric', testId: 'interest-grace' },
        { name: 'on_fees', label: FINANCE_LABELS.interestOnFees, type: 'switch', testId: 'interest-on-fees' },
      ]}
    />
  );
}

interface StorageValues {
  enabled: boolean;
  daily_amount: string;
  free_days: string;
}

function StorageForm({ party, id }: { party: Party; id: number }) {
  const current = useStorageFees(party, id);
  const save = useSaveStorageFees(party, id);
  const value = current.data;
  if (!value) return <Skeleton variant="rounded" height={200} />;
  return (
    <SettingsForm<StorageValues>
      key={current.dataUpdatedAt}
      title={FINANCE_LABELS.storageFees}
      testId="storage-fees"
      defaults={{ ...value, free_days: String(value.free_days) }}
      schema={storageFeesBodySchema}
      save={save}
      fields={[
        { name: 'enabled', label: FINANCE_LABELS.enabled, type: 'switch', testId: 'storage-enabled' },
        { name: 'daily_amount', label: FINANCE_LABELS.dailyAmount, type: 'money', testId: 'storage-daily' },
        { name: 'free_days', label: FINANCE_LABELS.freeDays, inputMode: 'numeric', testId: 'storage-free' },
      ]}
    />
  );
}

import {
  FINANCE_LABELS,
  FINANCE_TEXT,
  financeApi,
  NOTIFY_MS,
  type OverdueInterest,
  overdueInterestBodySchema,
  type StorageFees,
  storageFeesBodySchema,
} from '@cab/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { bodyResolver, useFrameSubmit } from '../../../lib/forms.ts';
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
      </Stack>
    </div>
  );
}

interface InterestValues {
  enabled: boolean;
  monthly_percentage: string;
  grace_days: string;
}

function InterestForm({ party, id }: { party: Party; id: number }) {
  const current = useOverdueInterest(party, id);
  if (!current.data) return <Skeleton variant="rounded" height={200} />;
  return <InterestFields key={current.dataUpdatedAt} party={party} id={id} value={current.data} />;
}

function InterestFields({ party, id, value }: { party: Party; id: number; value: OverdueInterest }) {
  const save = useSaveOverdueInterest(party, id);
  const form = useForm<InterestValues>({
    resolver: bodyResolver(overdueInterestBodySchema, (v: InterestValues) => v),
    defaultValues: { ...value, grace_days: String(value.grace_days) },
  });
  const frame = useFrameSubmit(
    form,
    ['enabled', 'monthly_percentage', 'grace_days'],
    async (v) => {
      await save.mutateAsync(v);
      return FINANCE_TEXT.settingsSaved;
    },
    { pending: save.isPending },
  );
  return (
    <PageForm
      {...frame}
      submitLabel={FINANCE_LABELS.save}
      testId="overdue-interest-form"
      submitTestId="save-overdue-interest"
    >
      <Typography variant="h6" component="h2">
        {FINANCE_LABELS.overdueInterest}
      </Typography>
      <FormFields
        control={form.control}
        fields={[
          { name: 'enabled', label: FINANCE_LABELS.enabled, type: 'switch', testId: 'interest-enabled' },
          {
            name: 'monthly_percentage',
            label: FINANCE_LABELS.monthlyPercentage,
            inputMode: 'decimal',
            testId: 'interest-monthly',
          },
          { name: 'grace_days', label: FINANCE_LABELS.graceDays, inputMode: 'numeric', testId: 'interest-grace' },
        ]}
      />
    </PageForm>
  );
}

interface StorageValues {
  enabled: boolean;
  daily_amount: string;
  free_days: string;
}

function StorageForm({ party, id }: { party: Party; id: number }) {
  const current = useStorageFees(party, id);
  if (!current.data) return <Skeleton variant="rounded" height={200} />;
  return <StorageFields key={current.dataUpdatedAt} party={party} id={id} value={current.data} />;
}

function StorageFields({ party, id, value }: { party: Party; id: number; value: StorageFees }) {
  const save = useSaveStorageFees(party, id);
  const form = useForm<StorageValues>({
    resolver: bodyResolver(storageFeesBodySchema, (v: StorageValues) => v),
    defaultValues: { ...value, free_days: String(value.free_days) },
  });
  const frame = useFrameSubmit(
    form,
    ['enabled', 'daily_amount', 'free_days'],
    async (v) => {
      await save.mutateAsync(v);
      return FINANCE_TEXT.settingsSaved;
    },
    { pending: save.isPending },
  );
  return (
    <PageForm {...frame} submitLabel={FINANCE_LABELS.save} testId="storage-fees-form" submitTestId="save-storage-fees">
      <Typography variant="h6" component="h2">
        {FINANCE_LABELS.storageFees}
      </Typography>
      <FormFields
        control={form.control}
        fields={[
          { name: 'enabled', label: FINANCE_LABELS.enabled, type: 'switch', testId: 'storage-enabled' },
          { name: 'daily_amount', label: FINANCE_LABELS.dailyAmount, inputMode: 'decimal', testId: 'storage-daily' },
          { name: 'free_days', label: FINANCE_LABELS.freeDays, inputMode: 'numeric', testId: 'storage-free' },
        ]}
      />
    </PageForm>
  );
}

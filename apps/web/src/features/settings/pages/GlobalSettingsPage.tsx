import { MSG, REPORTS_WEB_TEXT, SETTINGS_TEXT, type Settings } from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray, useForm } from 'react-hook-form';
import { AddButton } from '../../../components/AddButton.tsx';
import { FormSelect } from '../../../components/form/FormSelect.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useFrameSubmit } from '../../../lib/forms.ts';
import { useGlobalSettings, usePatchSettings } from '../api.ts';
import { StationsCard } from '../components/StationsCard.tsx';
import {
  bodyOf,
  fieldOf,
  type GlobalSettingsValues,
  globalSettingsResolver,
  valuesOf,
} from '../components/settingsForm.ts';
import { TaxRatesTable } from '../components/TaxRatesTable.tsx';
import { STATE_CODES, STATE_NAMES } from '../components/usStates.ts';

/** /settings/global (ADMIN): lead time, the planner's capacity per day, the shop's state, the seller on invoices, remake reasons and sales tax rates by state. */
export default function GlobalSettingsPage() {
  const settings = useGlobalSettings();
  return (
    <>
      <PageHeader subtitle={SETTINGS_TEXT.globalSubtitle} />
      <QueryState query={settings}>
        {(data) => (
          <Stack spacing={3}>
            <GlobalSettingsForm settings={data} />
            <StationsCard settings={data} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function GlobalSettingsForm({ settings }: { settings: Settings }) {
  const patch = usePatchSettings();
  const { control, handleSubmit, setError, reset, formState } = useForm<GlobalSettingsValues>({
    resolver: globalSettingsResolver,
    defaultValues: valuesOf(settings),
  });

  const frame = useFrameSubmit(
    { handleSubmit, setError, formState },
    [],
    async (values) => {
      reset(valuesOf(await patch.mutateAsync(bodyOf(values))));
      return MSG.settingsUpdated;
    },
    { fieldOf, pending: patch.isPending },
  );

  return (
    <PageForm
      {...frame}
      submitLabel={SETTINGS_TEXT.saveSettings}
      submitTestId="settings-save"
      submitSize="large"
      spacing={3}
      testId="global-settings-form"
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          <Card>
            <CardHeader title={SETTINGS_TEXT.leadTimeTitle} />
            <CardContent sx={{ pt: 0 }}>
              <FormTextField
                control={control}
                name="lead_time"
                label={SETTINGS_TEXT.leadTime}
                type="number"
                slotProps={{ htmlInput: { min: 0, max: 365, step: 1 } }}
                sx={{ maxWidth: 260 }}
              />
              <FormTextField
                control={control}
                name="remake_lead_time"
                label={SETTINGS_TEXT.remakeLeadTime}
                helperText={SETTINGS_TEXT.remakeLeadTimeHint}
                type="number"
                slotProps={{ htmlInput: { min: 0, max: 365, step: 1, 'data-testid': 'remake-lead-time' } }}
                sx={{ maxWidth: 260, mt: 2, display: 'flex' }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={REPORTS_WEB_TEXT.capacityTitle} subheader={REPORTS_WEB_TEXT.capacityHint} />
            <CardContent sx={{ pt: 0 }}>
              <FormTextField
                control={control}
                name="capacity_per_day"
                label={REPORTS_WEB_TEXT.capacityPerDay}
                type="number"
                slotProps={{ htmlInput: { min: 1, max: 100000, step: 1, 'data-testid': 'capacity-per-day' } }}
                sx={{ maxWidth: 260 }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={SETTINGS_TEXT.shopTitle} subheader={SETTINGS_TEXT.shopStateHint} />
            <CardContent sx={{ pt: 0 }}>
              {/* A native select with an empty choice, as the address dialog's state field. */}
              <FormSelect
                control={control}
                name="shop_state"
                label={SETTINGS_TEXT.shopState}
                native
                noneLabel=""
                options={STATE_CODES}
                labels={STATE_NAMES}
                sx={{ minWidth: 260 }}
              />
              <FormTextField
                control={control}
                name="time_zone"
                label={SETTINGS_TEXT.timeZone}
                helperText={SETTINGS_TEXT.timeZoneHint}
                slotProps={{ htmlInput: { 'data-testid': 'time-zone' } }}
                sx={{ mt: 2, maxWidth: 420, display: 'flex' }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={SETTINGS_TEXT.sellerTitle} subheader={SETTINGS_TEXT.sellerHint} />
            <CardContent sx={{ pt: 0 }}>
              <Stack spacing={2}>
                <FormTextField
                  control={control}
                  name="seller_name"
                  label={SETTINGS_TEXT.sellerName}
                  slotProps={{ htmlInput: { 'data-testid': 'seller-name' } }}
                />
                <FormTextField
                  control={control}
                  name="seller_address"
                  label={SETTINGS_TEXT.sellerAddress}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { 'data-testid': 'seller-address' } }}
                />
                <FormTextField
                  control={control}
                  name="seller_phone"
                  label={SETTINGS_TEXT.sellerPhone}
                  slotProps={{ htmlInput: { 'data-testid': 'seller-phone' } }}
                  sx={{ maxWidth: 260 }}
                />
              </Stack>
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={SETTINGS_TEXT.remittanceTitle} subheader={SETTINGS_TEXT.remittanceHint} />
            <CardContent sx={{ pt: 0 }}>
              <Stack spacing={2}>
                <FormTextField
                  control={control}
                  name="remit_check_payee"
                  label={SETTINGS_TEXT.remitCheckPayee}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { 'data-testid': 'remit-check-payee' } }}
                />
                <FormTextField
                  control={control}
                  name="remit_wire_details"
                  label={SETTINGS_TEXT.remitWireDetails}
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { 'data-testid': 'remit-wire-details' } }}
                />
              </Stack>
            </CardContent>
          </Card>
          <RemakeReasons control={control} listError={formState.errors.root?.reasons?.message} />
        </Stack>
        <TaxRatesTable control={control} errors={formState.errors.tax_rates} />
      </Box>
    </PageForm>
  );
}

function RemakeReasons({ control, listError }: { control: Control<GlobalSettingsValues>; listError?: string }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'reasons' });
  return (
    <Card data-testid="remake-reasons">
      <CardHeader
        title={SETTINGS_TEXT.remakeReasonsTitle}
        action={
          <AddButton size="small" onClick={() => append({ value: '' })} data-testid="add-reason">
            {SETTINGS_TEXT.addReason}
          </AddButton>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          {listError && (
            <Alert severity="error" role="alert">
              {listError}
            </Alert>
          )}
          {fields.length === 0 && <Typography color="text.secondary">{SETTINGS_TEXT.noReasons}</Typography>}
          {fields.map((field, index) => (
            <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormTextField
                control={control}
                name={`reasons.${index}.value`}
                label={SETTINGS_TEXT.remakeReason(index + 1)}
                size="small"
                fullWidth
              />
              <IconButton
                aria-label={SETTINGS_TEXT.removeReason(index + 1)}
                onClick={() => remove(index)}
                color="error"
                sx={{ mt: 0.5 }}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

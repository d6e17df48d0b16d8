import { REPORTS_WEB_TEXT, SETTINGS_TEXT, type Settings } from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray } from 'react-hook-form';
import { AddButton } from '../../../components/AddButton.tsx';
import type { FieldList } from '../../../components/form/FormFields.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useGlobalSettings } from '../api.ts';
import { SettingsCard, SettingsForm, type SettingsFormShape } from '../components/SettingsForm.tsx';
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

const T = SETTINGS_TEXT;
type Fields = FieldList<GlobalSettingsValues>;

const LEAD_TIME: Fields = [
  { name: 'lead_time', label: T.leadTime, type: 'number', min: 0, max: 365 },
  {
    name: 'remake_lead_time',
    label: T.remakeLeadTime,
    helperText: T.remakeLeadTimeHint,
    type: 'number',
    min: 0,
    max: 365,
    testId: 'remake-lead-time',
  },
];
const CAPACITY: Fields = [
  {
    name: 'capacity_per_day',
    label: REPORTS_WEB_TEXT.capacityPerDay,
    type: 'number',
    min: 1,
    max: 100000,
    testId: 'capacity-per-day',
  },
];
const SHOP: Fields = [
  // A native select with an empty choice, as the address dialog's state field.
  {
    name: 'shop_state',
    label: T.shopState,
    type: 'select',
    native: true,
    noneLabel: '',
    options: STATE_CODES,
    labels: STATE_NAMES,
  },
  { name: 'time_zone', label: T.timeZone, helperText: T.timeZoneHint, testId: 'time-zone' },
];
const SELLER: Fields = [
  { name: 'seller_name', label: T.sellerName, testId: 'seller-name' },
  { name: 'seller_address', label: T.sellerAddress, type: 'multiline', minRows: 2, testId: 'seller-address' },
  { name: 'seller_phone', label: T.sellerPhone, testId: 'seller-phone' },
];
const REMITTANCE: Fields = [
  { name: 'remit_check_payee', label: T.remitCheckPayee, type: 'multiline', minRows: 2, testId: 'remit-check-payee' },
  {
    name: 'remit_wire_details',
    label: T.remitWireDetails,
    type: 'multiline',
    minRows: 3,
    testId: 'remit-wire-details',
  },
];

const SHAPE: SettingsFormShape<GlobalSettingsValues> = {
  resolver: globalSettingsResolver,
  valuesOf,
  bodyOf,
  fieldOf,
  testId: 'global-settings-form',
  submitTestId: 'settings-save',
};

function GlobalSettingsForm({ settings }: { settings: Settings }) {
  return (
    <SettingsForm
      settings={settings}
      shape={SHAPE}
      columns={({ control, formState }) => [
        <Stack key="main" spacing={3}>
          <SettingsCard control={control} title={T.leadTimeTitle} fields={LEAD_TIME} />
          <SettingsCard
            control={control}
            title={REPORTS_WEB_TEXT.capacityTitle}
            subheader={REPORTS_WEB_TEXT.capacityHint}
            fields={CAPACITY}
          />
          <SettingsCard control={control} title={T.shopTitle} subheader={T.shopStateHint} fields={SHOP} />
          <SettingsCard control={control} title={T.sellerTitle} subheader={T.sellerHint} fields={SELLER} />
          <SettingsCard control={control} title={T.remittanceTitle} subheader={T.remittanceHint} fields={REMITTANCE} />
          <RemakeReasons control={control} listError={formState.errors.root?.reasons?.message} />
        </Stack>,
        <TaxRatesTable key="tax" control={control} errors={formState.errors.tax_rates} />,
      ]}
    />
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

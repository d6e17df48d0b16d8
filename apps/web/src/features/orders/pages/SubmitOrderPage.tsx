import {
  type Address,
  APPROVALS_WEB_TEXT,
  COMPLETION_PREFERENCES,
  ORDER_DETAIL_TEXT as D,
  ERROR_CODES,
  earliestRequestedDate,
  formatWirePercent,
  JOB_PRIORITIES,
  ORDER_TEXT,
  orderSubmitSchema,
  PAYMENT_METHODS,
  parsePercent,
  SHIPPING_METHODS,
  ORDERS_WEB_TEXT as T,
  todayIn,
} from '@cab/shared';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormSelect } from '../../../components/form/FormSelect.tsx';
import { FormPasswordField, FormTextField } from '../../../components/form/FormTextField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { bodyResolver, useFormSubmit } from '../../../lib/forms.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import {
  useCustomerAddresses,
  useLeadTime,
  useOrder,
  usePaymentOptions,
  useSubmitOrder,
  useSubmitQuote,
  useTermsOfUse,
} from '../api.ts';
import { addressText } from '../detail/address.ts';
import { finalRows, MoneyRows } from '../detail/MoneyRows.tsx';
import { formatDay } from '../list/day.ts';

interface Values {
  requested_date: string;
  completion_preference: string;
  job_priority: string;
  shipping_method: string;
  billing_address: string;
  shipping_address: string;
  delivery_notes: string;
  delivery_contact_name: string;
  delivery_contact_phone: string;
  customer_payment_option: string;
  po_number: string;
  payment_method: string;
  bank: string;
  password: string;
  terms_of_use: boolean;
}
const FIELDS = [
  'requested_date',
  'completion_preference',
  'job_priority',
  'shipping_method',
  'billing_address',
  'shipping_address',
  'delivery_notes',
  'delivery_contact_name',
  'delivery_contact_phone',
  'customer_payment_option',
  'po_number',
  'payment_method',
  'bank',
  'password',
  'terms_of_use',
] as const;

/** The wire body of the form: empty texts are left out; a pickup sends no shipping address. */
function toBody(v: Values): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(v)) {
    if (typeof value === 'boolean') body[name] = value;
    else if (value.trim() !== '') body[name] = value;
  }
  if (v.shipping_method !== 'DELIVERY') delete body.shipping_address;
  if (v.payment_method !== 'ACH') delete body.bank;
  return body;
}
const resolver = bodyResolver<Values>(orderSubmitSchema, toBody);

const defaultOf = (list: Address[]) => String((list.find((a) => a.is_default) ?? list[0])?.id ?? '');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The total the submit commits to, priced by the server as the submit prices it (surcharges of
 * the payment method, the payment option's discount, the tax of the state the order is taxed in).
 */
function SubmitTotal({ quote }: { quote: ReturnType<typeof useSubmitQuote> | null }) {
  if (!quote) return <Typography color="text.secondary">{D.quoteHint}</Typography>;
  if (quote.isError && !quote.data) return <Alert severity="error">{D.quoteFailed}</Alert>;
  const q = quote.data;
  if (!q) return <Skeleton variant="rounded" height={160} />;
  return (
    <Box data-testid="submit-total" aria-busy={quote.isFetching} aria-live="polite">
      <MoneyRows rows={finalRows('quote', q)} />
    </Box>
  );
}

/** A payment option as chosen: its name, and its discount when it has one. */
const paymentOptionText = (o: { name: string; discount_percentage: string | null }) =>
  o.discount_percentage && parsePercent(o.discount_percentage)
    ? `${o.name} (${T.paymentOptionDiscount2(formatWirePercent(o.discount_percentage))})`
    : o.name;

function SubmitForm({
  orderId,
  version,
  addresses,
  poNumber,
}: {
  orderId: number;
  version: number;
  addresses: Address[];
  poNumber: string;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const submit = useSubmitOrder({ id: orderId, version });
  const terms = useTermsOfUse(orderId);
  const today = todayIn();
  const lead = useLeadTime(Number(today.slice(0, 4)));
  const earliest = lead.data
    ? earliestRequestedDate(today, lead.data.leadTime, (day) => lead.data.holidays.has(day))
    : null;
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);

  const billing = addresses.filter((a) => a.kind === 'BILLING');
  const shipping = addresses.filter((a) => a.kind === 'SHIPPING');
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver,
    defaultValues: {
      requested_date: '',
      completion_preference: 'ALL_AT_ONCE',
      job_priority: 'NORMAL',
      shipping_method: 'PICKUP',
      billing_address: defaultOf(billing),
      shipping_address: defaultOf(shipping),
      delivery_notes: '',
      delivery_contact_name: '',
      delivery_contact_phone: '',
      customer_payment_option: '',
      po_number: poNumber,
      payment_method: '',
      bank: '',
      password: '',
      terms_of_use: false,
    },
  });
  const [shippingMethod, paymentMethod, requestedDate, paymentOption, shippingAddress] = useWatch({
    control,
    name: ['shipping_method', 'payment_method', 'requested_date', 'customer_payment_option', 'shipping_address'],
  });
  const options = usePaymentOptions(orderId, requestedDate);
  const paymentOptions = options.data?.results ?? [];
  const chosenOption = paymentOptions.find((o) => String(o.id) === paymentOption);
  // The query as the wire sends it: ids as the form holds them (text); empty choices left out.
  const choice: Record<string, string> = Object.fromEntries(
    Object.entries({
      customer_payment_option: paymentOption,
      payment_method: paymentMethod,
      shipping_method: shippingMethod,
      shipping_address: shippingMethod === 'DELIVERY' ? shippingAddress : '',
    }).filter(([, v]) => v),
  );
  const chosen = Boolean(paymentOption && paymentMethod);
  const quote = useSubmitQuote(orderId, version, choice, chosen);
  // The total shown is the one sent back: the server refuses the submit if it would charge another.
  const expectedTotal = chosen && quote.data && !quote.isPlaceholderData ? quote.data.total_price : null;

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(toBody(values))) form.append(name, String(value));
    if (expectedTotal !== null) form.append('expected_total', expectedTotal);
    for (const file of files) form.append('supplement_documentation', file);
    let answer: Awaited<ReturnType<typeof submit.mutateAsync>>;
    try {
      answer = await submit.mutateAsync(form);
    } catch (err) {
      // The order would now be priced differently (409): show the new total before a second try.
      if (isApiRequestError(err) && err.code === ERROR_CODES.orderTotalChanged) {
        void quote.refetch();
        enqueueSnackbar(D.quoteChanged, { variant: 'warning' });
      }
      throw err;
    }
    navigate(`/orders/${orderId}`);
    // A business employee's submit may wait for a manager instead (issue 30): the order stays a bid.
    return answer.status === 'BID' && answer.approval?.status === 'PENDING'
      ? APPROVALS_WEB_TEXT.sentForApproval
      : ORDER_TEXT.orderSubmitted;
  });

  /** A required choice of the form: its values, what each shows as, and its test id. */
  const select = (
    name: keyof Values,
    label: string,
    options: readonly string[],
    labels: Partial<Record<string, string>>,
    extra: { testId?: string; helperText?: string; inputTestId?: string } = {},
  ) => (
    <FormSelect
      control={control}
      name={name}
      label={label}
      required
      options={options}
      labels={labels}
      helperText={extra.helperText}
      slotProps={extra.inputTestId ? { htmlInput: { 'data-testid': extra.inputTestId } } : undefined}
      data-testid={extra.testId}
    />
  );
  const addressSelect = (name: 'billing_address' | 'shipping_address', label: string, list: Address[]) =>
    select(
      name,
      label,
      list.map((a) => String(a.id)),
      Object.fromEntries(list.map((a) => [String(a.id), addressText(a)])),
      {
        testId: `${name}-select`,
        inputTestId: `${name}-input`,
        helperText: list.length === 0 ? T.noAddresses : undefined,
      },
    );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="submit-form">
      <Stack spacing={3}>
        <FormRootError errors={formState.errors} />
        <Section title={T.sectionSchedule}>
          <FormTextField
            control={control}
            name="requested_date"
            label={T.requestedDate}
            type="date"
            helperText={earliest ? T.requestedDateHint(formatDay(earliest)) : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: earliest ?? undefined } }}
          />
          {select('completion_preference', T.completionPreference, COMPLETION_PREFERENCES, T.completionLabels)}
          {select('job_priority', T.jobPriority, JOB_PRIORITIES, T.priorityLabels)}
          <FormTextField control={control} name="po_number" label={T.poNumber} />
        </Section>

        <Section title={T.sectionShipping}>
          {select('shipping_method', T.shippingMethod, SHIPPING_METHODS, T.shippingLabels, {
            testId: 'shipping-method-select',
          })}
          {addressSelect('billing_address', T.billingAddress, billing)}
          {shippingMethod === 'DELIVERY' && (
            <>
              {addressSelect('shipping_address', T.shippingAddress, shipping)}
              <FormTextField control={control} name="delivery_contact_name" label={T.deliveryContactName} />
              <FormTextField control={control} name="delivery_contact_phone" label={T.deliveryContactPhone} />
              <FormTextField control={control} name="delivery_notes" label={T.deliveryNotes} multiline minRows={2} />
            </>
          )}
        </Section>

        <Section title={T.sectionPayment}>
          {select(
            'customer_payment_option',
            T.paymentOption,
            paymentOptions.map((o) => String(o.id)),
            Object.fromEntries(paymentOptions.map((o) => [String(o.id), paymentOptionText(o)])),
            { testId: 'payment-option-select' },
          )}
          {chosenOption && (
            <Box data-testid="payment-option-details">
              {chosenOption.description && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {chosenOption.description}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {T.milestones}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
                {chosenOption.milestones.map((m) => (
                  <Chip
                    key={m.label}
                    size="small"
                    label={`${m.label}: ${formatWirePercent(m.percentage)} (${m.due})`}
                  />
                ))}
              </Box>
            </Box>
          )}
          {select('payment_method', T.paymentMethod, PAYMENT_METHODS, T.paymentLabels, {
            testId: 'payment-method-select',
          })}
          {paymentMethod === 'ACH' && select('bank', T.bank, [], {}, { helperText: T.noBanks })}
        </Section>

        <Section title={D.quoteTitle}>
          <SubmitTotal quote={chosen ? quote : null} />
        </Section>

        <Section title={T.supplementDocs}>
          <Box>
            <Button variant="outlined" startIcon={<AttachFileRounded />} onClick={() => fileInput.current?.click()}>
              {T.chooseFiles}
            </Button>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="supplement-input"
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {files.map((f) => (
                <Chip key={f.name} label={f.name} onDelete={() => setFiles(files.filter((x) => x !== f))} />
              ))}
            </Box>
          </Box>
        </Section>

        <Section title={T.termsOfUse}>
          <Box
            sx={{
              maxHeight: 200,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
              whiteSpace: 'pre-wrap',
              typography: 'body2',
            }}
            tabIndex={0}
            data-testid="terms-text"
          >
            {terms.data?.text ?? <Skeleton />}
          </Box>
          <Controller
            control={control}
            name="terms_of_use"
            render={({ field, fieldState }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      slotProps={{ input: { ref: field.ref } }}
                      data-testid="terms-checkbox"
                    />
                  }
                  label={T.acceptTerms}
                />
                {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
              </Box>
            )}
          />
          <FormPasswordField
            control={control}
            name="password"
            label={T.password}
            helperText={T.passwordHint}
            required
            autoComplete="current-password"
          />
        </Section>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submit.isPending || (chosen && quote.isFetching)}
            data-testid="submit-order"
          >
            {T.submit}
          </Button>
          <Button size="large" component={RouterLink} to={`/orders/${orderId}`} data-testid="submit-back">
            {D.backToOrder}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** /orders/{id}/submit: SPEC 3's submit fields; BID -> ORDERED. */
export default function SubmitOrderPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const addresses = useCustomerAddresses(order.data?.customer);
  if (!order.data || (order.data.allowed_actions.includes('submit') && !addresses.data))
    return <Skeleton variant="rounded" height={320} />;
  const o = order.data;
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader
        title={T.submitTitle(o.name)}
        subtitle={o.customer_display}
        actions={
          <Button component={RouterLink} to={`/orders/${o.id}`} startIcon={<ArrowBackRounded />}>
            {D.backToOrder}
          </Button>
        }
      />
      {o.allowed_actions.includes('submit') ? (
        <SubmitForm orderId={o.id} version={o.version} addresses={addresses.data ?? []} poNumber={o.po_number ?? ''} />
      ) : (
        <Alert severity="info">{T.notBid}</Alert>
      )}
    </Box>
  );
}

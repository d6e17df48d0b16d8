import {
  canChangePrice,
  cents,
  customDiscountError,
  ORDER_DETAIL_TEXT as D,
  formatMoney,
  formatWireMoney,
  formatWirePercent,
  NOTIFY_MS,
  type Order,
  ordersApi,
  parseCustomDiscount,
  parseMoney,
  ORDERS_WEB_TEXT as T,
} from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useCan, useSession } from '../../auth/index.ts';
import {
  useBypassPaymentOptionDiscount,
  useCancelDiscountCode,
  useDiscountCode,
  useUpdateCustomDiscount,
} from '../api.ts';
import { finalRows, MoneyRows, minus } from './MoneyRows.tsx';

/** The text a custom discount field starts with: the stored value as a person would type it. */
function currentCustomDiscount(order: Order): string {
  if (order.custom_discount_percentage)
    return `${formatWirePercent(order.custom_discount_percentage).replace(' %', '')}%`;
  if (order.custom_discount_amount) return order.custom_discount_amount;
  return '';
}

/**
 * What a custom amount may take off at most: what is left once the customer and code discounts
 * are taken (the custom discount comes after them), so a larger amount is refused in the form.
 */
const customDiscountCeiling = (order: Order) =>
  cents((parseMoney(order.total_after_discount) ?? 0) + (parseMoney(order.custom_discount_amount_display.amount) ?? 0));

/** The form's message for a discount the order cannot take; null when it fits. */
function tooLarge(order: Order, text: string): string | null {
  const value = parseCustomDiscount(text);
  const amount = value?.custom_discount_amount;
  if (amount === null || amount === undefined) return null;
  const ceiling = customDiscountCeiling(order);
  return Math.abs(amount) > ceiling ? D.customDiscountTooLarge(formatMoney(ceiling)) : null;
}

/** SPEC 5 custom discount (ADMIN): "12.5%" a percentage, "-40" an amount; setting one clears the other. */
function CustomDiscountForm({ order }: { order: Order }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateCustomDiscount(order);
  const [text, setText] = useState(currentCustomDiscount(order));
  const [notes, setNotes] = useState(order.custom_discount_notes);
  const [error, setError] = useState<string | null>(null);

  const save = async (value: string) => {
    const trimmed = value.trim();
    const invalid = trimmed === '' ? null : (customDiscountError(trimmed) ?? tooLarge(order, trimmed));
    setError(invalid);
    if (invalid) return;
    const percent = trimmed.endsWith('%');
    try {
      const saved = await update.mutateAsync({
        custom_discount_amount: trimmed && !percent ? trimmed : null,
        custom_discount_percentage: percent ? trimmed : null,
        custom_discount_notes: notes,
      });
      setText(currentCustomDiscount(saved));
      setNotes(saved.custom_discount_notes);
      enqueueSnackbar(T.discountApplied, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (err) {
      if (isApiRequestError(err) && err.hasFieldErrors) setError(Object.values(err.fields).flat().join(' '));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(text);
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="custom-discount-form">
      <Stack spacing={1.5}>
        <TextField
          size="small"
          label={T.customDiscount}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? T.customDiscountHint}
          slotProps={{ htmlInput: { 'data-testid': 'custom-discount-input' } }}
        />
        <TextField
          size="small"
          label={T.customDiscountNotes}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          multiline
          minRows={1}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            type="submit"
            variant="outlined"
            size="small"
            disabled={update.isPending}
            data-testid="custom-discount-apply"
          >
            {T.apply}
          </Button>
          {(order.custom_discount_amount || order.custom_discount_percentage) && (
            <Button
              size="small"
              color="inherit"
              disabled={update.isPending}
              onClick={() => {
                setText('');
                void save('');
              }}
            >
              {T.clear}
            </Button>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

function DiscountCodeForm({ order }: { order: Order }) {
  const { enqueueSnackbar } = useSnackbar();
  const apply = useDiscountCode(order);
  const cancel = useCancelDiscountCode(order);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (order.discount_code) {
    return (
      <Box data-testid="discount-code">
        <Typography variant="body2">
          {T.discountCode}: <strong>{order.discount_code}</strong>
        </Typography>
        {order.discount_code_refusal && (
          <Typography variant="caption" color="warning.main">
            {order.discount_code_refusal}
          </Typography>
        )}
        <Box>
          <Button size="small" color="inherit" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {T.removeCode}
          </Button>
        </Box>
      </Box>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    try {
      await apply.mutateAsync(code.trim());
      enqueueSnackbar(T.codeApplied(code.trim()), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      setCode('');
      setError(null);
    } catch (err) {
      if (isApiRequestError(err) && err.hasFieldErrors) setError(Object.values(err.fields).flat().join(' '));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'flex', gap: 1 }}>
      <TextField
        size="small"
        label={T.discountCode}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? undefined}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'discount-code-input' } }}
      />
      <Button
        type="submit"
        variant="outlined"
        size="small"
        disabled={apply.isPending}
        sx={{ alignSelf: 'flex-start', mt: 0.5 }}
      >
        {T.applyCode}
      </Button>
    </Box>
  );
}

/** Every price field of the order (SPEC 3), the admin's custom discount and bypass, and the discount code. */
export function PriceSummary({ order }: { order: Order }) {
  // Offered only where the server allows it (contract access, then the shared price rules).
  const { role } = useSession();
  const allowed = (action: Parameters<typeof canChangePrice>[0]) =>
    role !== null && canChangePrice(action, order, role);
  const canCustom = useCan(ordersApi.updateCustomDiscount) && allowed('custom_discount');
  const canCode = useCan(ordersApi.discountCode) && allowed('discount_code');
  const canBypass = useCan(ordersApi.updateBypassPaymentOptionDiscount) && allowed('bypass_payment_option_discount');
  const bypass = useBypassPaymentOptionDiscount(order);
  return (
    <Card data-testid="price-summary">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {T.priceSummary}
        </Typography>
        <MoneyRows
          rows={[
            { label: T.subtotal, value: formatWireMoney(order.subtotal), testId: 'price-subtotal' },
            {
              label: T.customerDiscount,
              value: minus(order.customer_discount_amount),
              testId: 'price-customer-discount',
            },
            {
              label: T.totalAfterCustomerDiscount,
              value: formatWireMoney(order.total_after_customer_discount),
              testId: 'price-after-customer-discount',
            },
            { label: T.orderDiscount, value: minus(order.order_discount), testId: 'price-order-discount' },
            ...finalRows('price', order),
          ]}
        />
        {(canCustom || canBypass || canCode) && <Divider sx={{ my: 2, displayPrint: 'none' }} />}
        <Stack spacing={2} sx={{ displayPrint: 'none' }}>
          {canCustom && <CustomDiscountForm order={order} />}
          {canBypass && (
            <FormControlLabel
              control={
                <Switch
                  checked={order.bypass_payment_option_discount}
                  disabled={bypass.isPending}
                  onChange={(e) => bypass.mutate(e.target.checked)}
                  slotProps={{ input: { 'aria-label': T.bypassPaymentOptionDiscount } }}
                  data-testid="bypass-switch"
                />
              }
              label={T.bypassPaymentOptionDiscount}
            />
          )}
          {canCode && <DiscountCodeForm order={order} />}
        </Stack>
      </CardContent>
    </Card>
  );
}

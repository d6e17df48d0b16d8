import { formatWireMoney, INVOICE_CODES, INVOICE_WEB_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useMilestone, useMyBanks, usePay, useStripeKey } from '../api.ts';

type MilestoneInfo = NonNullable<ReturnType<typeof useMilestone>['data']>;

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (pk: string) => {
  if (!stripes.has(pk)) stripes.set(pk, loadStripe(pk));
  return stripes.get(pk)!;
};

function PayForm({ milestone }: { milestone: MilestoneInfo }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const pay = usePay(milestone.id);
  const banks = useMyBanks();
  const verified = (banks.data?.results ?? []).filter((b) => b.status === 'VERIFIED');
  const [method, setMethod] = useState<'CARD' | 'ACH'>('CARD');
  const [bank, setBank] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per page: a second click answers the same payment (the server's idempotency).
  const key = useRef(`pay-${milestone.id}-${Date.now()}`);

  const submit = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await pay.mutateAsync({
        method,
        idempotency_key: `${key.current}-${method}`,
        ...(method === 'ACH' ? { bank: Number(bank) } : {}),
      });
      const secret = answer.client_secret!;
      const result =
        method === 'CARD'
          ? await stripe.confirmCardPayment(secret, { payment_method: { card: elements.getElement(CardElement)! } })
          : await stripe.confirmUsBankAccountPayment(secret);
      const intent = result.paymentIntent;
      if (result.error || !intent) navigate(`/payment/error?milestone=${milestone.id}`);
      else
        navigate(`/payment/success?payment_intent=${intent.id}&status=${intent.status}&invoice=${milestone.invoice}`);
    } catch (err) {
      setError(isApiRequestError(err) ? err.message : INVOICE_WEB_TEXT.paymentFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tabs value={method} onChange={(_, m) => setMethod(m)} sx={{ mb: 2 }}>
        <Tab value="CARD" label={INVOICE_WEB_TEXT.payCard} data-testid="pay-card-tab" />
        <Tab value="ACH" label={INVOICE_WEB_TEXT.payBank} data-testid="pay-bank-tab" />
      </Tabs>
      {method === 'CARD' ? (
        <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="card-element">
          <CardElement options={{ hidePostalCode: false }} />
        </Box>
      ) : verified.length === 0 ? (
        <Alert severity="info">{INVOICE_WEB_TEXT.noVerifiedBank}</Alert>
      ) : (
        <TextField
          select
          fullWidth
          label={INVOICE_WEB_TEXT.chooseBank}
          value={bank}
          onChange={(e) => setBank(e.target.value)}
        >
          {verified.map((b) => (
            <MenuItem key={b.id} value={String(b.id)}>
              {b.bank_name} ···{b.last4} ({b.account_holder_name})
            </MenuItem>
          ))}
        </TextField>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="pay-error">
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        disabled={busy || !stripe || (method === 'ACH' && !bank)}
        onClick={() => void submit()}
        data-testid="pay-submit"
      >
        {INVOICE_WEB_TEXT.payNow(formatWireMoney(milestone.balance))}
      </Button>
    </>
  );
}

function PayView({ milestone }: { milestone: MilestoneInfo }) {
  const config = useStripeKey();
  const pk = config.data?.pk ?? '';
  const stripe = useMemo(() => (pk ? stripeFor(pk) : null), [pk]);
  const closed = milestone.status === 'PAID' || milestone.status === 'VOID';
  return (
    <>
      <PageHeader subtitle={INVOICE_WEB_TEXT.payTitle(milestone.label, milestone.invoice_number)} />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          {closed ? (
            <Alert severity="success">{INVOICE_WEB_TEXT.nothingToPay}</Alert>
          ) : config.isPending ? null : !stripe ? (
            <Alert severity="warning" data-testid="stripe-not-configured" data-code={INVOICE_CODES.stripeNotConfigured}>
              {INVOICE_WEB_TEXT.notConfigured}
            </Alert>
          ) : (
            <Elements stripe={stripe}>
              <PayForm milestone={milestone} />
            </Elements>
          )}
          <Button component={RouterLink} to={`/invoices/${milestone.invoice}`} sx={{ mt: 2 }}>
            {INVOICE_WEB_TEXT.backToInvoice}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

/** /invoices/milestone/:id/pay: card or bank through Stripe Elements; a clear state when Stripe is not configured. */
export default function PayMilestonePage() {
  const id = Number(useParams().id);
  const query = useMilestone(id);
  return <QueryState query={query}>{(m) => <PayView milestone={m} />}</QueryState>;
}

import { formatWireMoney, INVOICE_CODES, INVOICE_WEB_TEXT, parseMoney } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useMilestone, useMyBanks, usePay } from '../api.ts';
import { useStripeJs } from '../stripe.ts';

type MilestoneInfo = NonNullable<ReturnType<typeof useMilestone>['data']>;

function NotConfigured() {
  return (
    <Alert severity="warning" data-testid="stripe-not-configured" data-code={INVOICE_CODES.stripeNotConfigured}>
      {INVOICE_WEB_TEXT.notConfigured}
    </Alert>
  );
}

function LoadFailed() {
  return (
    <Alert severity="error" data-testid="stripe-load-failed">
      {INVOICE_WEB_TEXT.stripeLoadFailed}
    </Alert>
  );
}

/** A Stripe.js answer whose message is meant for the payer (a declined or incomplete card). */
const payerError = (error: { type?: string; message?: string } | undefined) =>
  error && (error.type === 'card_error' || error.type === 'validation_error') ? (error.message ?? null) : null;

/** One idempotency key per attempt: a double click answers the same payment, a retry is a new one. */
const newKey = (milestoneId: number) => `pay-${milestoneId}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Card through Stripe's Payment Element (collected in Stripe's frame, confirmed with
 * confirmPayment once the server made the PaymentIntent); ACH from a saved, verified bank account
 * (the intent already carries it, so confirmUsBankAccountPayment is all that is left). The Payment
 * Element cannot pay from a bank account saved by micro-deposits, hence the two tabs.
 */
function PayForm({ milestone }: { milestone: MilestoneInfo }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const pay = usePay(milestone.id, { inline: true });
  const banks = useMyBanks();
  const verified = (banks.data?.results ?? []).filter((b) => b.status === 'VERIFIED');
  const [method, setMethod] = useState<'CARD' | 'ACH'>('CARD');
  const [bank, setBank] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unconfigured, setUnconfigured] = useState(false);
  const [elementFailed, setElementFailed] = useState(false);
  const [cardReady, setCardReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alreadyPaid, setAlreadyPaid] = useState(false);
  // One key per attempt (the button is disabled while one runs); a failed attempt takes a new one,
  // so a corrected card is a new payment, not the declined one answered again (issue 34).
  const key = useRef(newKey(milestone.id));
  const failed = (message: string) => {
    key.current = newKey(milestone.id);
    setError(message);
  };

  const submit = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      if (method === 'CARD') {
        // The card is checked in Stripe's frame before any payment is made on our side.
        const checked = await elements.submit();
        if (checked.error) {
          failed(checked.error.message ?? INVOICE_WEB_TEXT.paymentFailed);
          return;
        }
      }
      const answer = await pay.mutateAsync({
        method,
        idempotency_key: `${key.current}-${method}`,
        ...(method === 'ACH' ? { bank: Number(bank) } : {}),
      });
      const clientSecret = answer.client_secret!;
      const done = `/payment/success?invoice=${milestone.invoice}`;
      const result =
        method === 'CARD'
          ? await stripe.confirmPayment({
              elements,
              clientSecret,
              confirmParams: { return_url: new URL(done, window.location.origin).href },
              redirect: 'if_required',
            })
          : await stripe.confirmUsBankAccountPayment(clientSecret);
      // Another tab may have paid this very intent first: Stripe refuses the confirm; read what it is.
      const intent = result.error
        ? (await stripe.retrievePaymentIntent(clientSecret)).paymentIntent
        : result.paymentIntent;
      const shown = payerError(result.error);
      if (intent?.status === 'succeeded' && result.error) setAlreadyPaid(true);
      else if (shown) failed(shown);
      else if (!intent || (result.error && intent.status !== 'processing'))
        navigate(`/payment/error?milestone=${milestone.id}`);
      else navigate(`${done}&payment_intent=${intent.id}&status=${intent.status}`);
    } catch (err) {
      if (isApiRequestError(err) && err.code === INVOICE_CODES.stripeNotConfigured) setUnconfigured(true);
      else if (isApiRequestError(err) && err.code === INVOICE_CODES.milestoneClosed) setAlreadyPaid(true);
      else failed(isApiRequestError(err) ? err.message : INVOICE_WEB_TEXT.paymentFailed);
    } finally {
      setBusy(false);
    }
  };

  if (unconfigured) return <NotConfigured />;
  if (alreadyPaid) {
    return (
      <Alert severity="success" data-testid="pay-already-paid">
        {INVOICE_WEB_TEXT.alreadyPaid}
      </Alert>
    );
  }
  return (
    <>
      <Tabs value={method} onChange={(_, m) => setMethod(m)} sx={{ mb: 2 }}>
        <Tab value="CARD" label={INVOICE_WEB_TEXT.payCard} data-testid="pay-card-tab" />
        <Tab value="ACH" label={INVOICE_WEB_TEXT.payBank} data-testid="pay-bank-tab" />
      </Tabs>
      {method === 'CARD' ? (
        elementFailed ? (
          <LoadFailed />
        ) : (
          <Box data-testid="card-element" data-ready={cardReady ? 'true' : 'false'}>
            <PaymentElement
              onReady={() => setCardReady(true)}
              onLoadError={() => setElementFailed(true)}
              options={{ layout: 'tabs' }}
            />
          </Box>
        )
      ) : verified.length === 0 ? (
        <Alert severity="info">{INVOICE_WEB_TEXT.noVerifiedBank}</Alert>
      ) : (
        <SelectField
          fullWidth
          label={INVOICE_WEB_TEXT.chooseBank}
          value={bank}
          onChange={(e) => setBank(e.target.value)}
          options={verified.map((b) => ({
            value: b.id,
            label: `${b.bank_name} ···${b.last4} (${b.account_holder_name})`,
          }))}
          optionTestId={(id) => `pay-bank-${id}`}
          data-testid="pay-bank-select"
        />
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="pay-error">
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        disabled={busy || !stripe || (method === 'CARD' ? !cardReady || elementFailed : !bank)}
        onClick={() => void submit()}
        data-testid="pay-submit"
      >
        {INVOICE_WEB_TEXT.payNow(formatWireMoney(milestone.balance))}
      </Button>
    </>
  );
}

function PayView({ milestone }: { milestone: MilestoneInfo }) {
  const stripe = useStripeJs();
  const balance = parseMoney(milestone.balance) ?? 0;
  const closed = milestone.status === 'PAID' || milestone.status === 'VOID' || balance <= 0;
  // Deferred intent: the Payment Element is shown before the server makes the PaymentIntent.
  const options = useMemo<StripeElementsOptions>(
    () => ({ mode: 'payment', amount: balance, currency: 'usd', allowedPaymentMethodTypes: ['card'] }),
    [balance],
  );
  return (
    <>
      <PageHeader subtitle={INVOICE_WEB_TEXT.payTitle(milestone.label, milestone.invoice_number)} />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          {closed ? (
            <Alert severity="success">{INVOICE_WEB_TEXT.nothingToPay}</Alert>
          ) : stripe.status === 'pending' ? null : stripe.status === 'unconfigured' ? (
            <NotConfigured />
          ) : stripe.status === 'failed' ? (
            <LoadFailed />
          ) : (
            <Elements stripe={stripe.stripe} options={options}>
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

/**
 * /invoices/milestone/:id/pay: card through the Payment Element, bank from a verified account; says
 * so plainly when Stripe is not configured or Stripe.js cannot be loaded.
 */
export default function PayMilestonePage() {
  const id = Number(useParams().id);
  const query = useMilestone(id);
  return <QueryState query={query}>{(m) => <PayView milestone={m} />}</QueryState>;
}

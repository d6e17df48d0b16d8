import { INVOICE_WEB_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';

/** /payment/success: Stripe took the payment (a bank payment may still be processing). */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const processing = params.get('status') === 'processing';
  const invoice = params.get('invoice');
  return (
    <>
      <PageHeader />
      <Alert severity={processing ? 'info' : 'success'} data-testid="payment-success">
        {processing ? INVOICE_WEB_TEXT.paymentProcessing : INVOICE_WEB_TEXT.paymentReceived}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        {invoice && (
          <Button component={RouterLink} to={`/invoices/${invoice}`} variant="contained">
            {INVOICE_WEB_TEXT.backToInvoice}
          </Button>
        )}
        <Button component={RouterLink} to="/payment/receipts">
          {INVOICE_WEB_TEXT.receipts}
        </Button>
      </Stack>
    </>
  );
}

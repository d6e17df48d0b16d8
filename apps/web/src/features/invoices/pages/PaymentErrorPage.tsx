import { INVOICE_WEB_TEXT } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';

/** /payment/error: the payment did not go through; nothing was applied. */
export default function PaymentErrorPage() {
  const [params] = useSearchParams();
  const milestone = params.get('milestone');
  return (
    <>
      <PageHeader />
      <Alert severity="error" data-testid="payment-error">
        {INVOICE_WEB_TEXT.paymentFailed}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        {milestone && (
          <Button component={RouterLink} to={`/invoices/milestone/${milestone}/pay`} variant="contained">
            {INVOICE_WEB_TEXT.tryAgain}
          </Button>
        )}
        <Button component={RouterLink} to="/invoices">
          {INVOICE_WEB_TEXT.toInvoices}
        </Button>
      </Stack>
    </>
  );
}

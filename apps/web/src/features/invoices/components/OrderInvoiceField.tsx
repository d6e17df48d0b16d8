import { formatWireMoney, INVOICE_WEB_TEXT, type OrderInvoice } from '@cab/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { StatusChip } from './StatusChip.tsx';

/** The order page's link to its invoice: number, balance and status (null before approval). */
export function OrderInvoiceField({ invoice }: { invoice: OrderInvoice | null }) {
  if (!invoice) return null;
  return (
    <Box data-testid="order-invoice">
      <Typography variant="caption" color="text.secondary">
        {INVOICE_WEB_TEXT.number}
      </Typography>
      <Typography variant="body2" component="div" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Link component={RouterLink} to={`/invoices/${invoice.id}`}>
          {invoice.number}
        </Link>
        {INVOICE_WEB_TEXT.balance} {formatWireMoney(invoice.balance)}
        <StatusChip status={invoice.status} testId="order-invoice-status" />
      </Typography>
    </Box>
  );
}

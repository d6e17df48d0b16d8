import { formatWireMoney, INVOICE_WEB_TEXT, type Payment, RECEIPT_STATUSES } from '@cab/shared';
import Button from '@mui/material/Button';
import { downloadReceipt, downloadRefundReceipt } from '../api.ts';

/**
 * A payment's papers as the API gives them (decision 0047): its receipt when money reached the shop
 * (succeeded, refunded in part or in full, or disputed later), and a refund receipt per refund that
 * went through; none for a failed, cancelled or reversed attempt. The invoice and Receipts pages.
 */
export function PaymentPapers({ payment }: { payment: Payment }) {
  return (
    <>
      {RECEIPT_STATUSES.includes(payment.status) && (
        <Button
          size="small"
          onClick={() => void downloadReceipt(payment.id)}
          data-testid={`payment-receipt-${payment.id}`}
        >
          {INVOICE_WEB_TEXT.receipt}
        </Button>
      )}
      {payment.refunds
        .filter((r) => r.status === 'SUCCEEDED')
        .map((r) => (
          <Button
            key={r.id}
            size="small"
            onClick={() => void downloadRefundReceipt(r.id)}
            data-testid={`refund-receipt-${r.id}`}
          >
            {INVOICE_WEB_TEXT.refundReceipt(formatWireMoney(r.amount))}
          </Button>
        ))}
    </>
  );
}

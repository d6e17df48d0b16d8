import {
  DEFAULT_RECEIPT_LIST_STATUSES,
  formatWireMoney,
  INVOICE_WEB_TEXT,
  PAGE_SIZE,
  PAY_METHODS,
  PAYMENT_STATUSES,
  type Payment,
  ROLE_GROUPS,
} from '@cab/shared';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { dateRangeField } from '../../../components/data-table/DateRangeFilter.tsx';
import { type DataColumn, ListPage, useListQuery } from '../../../components/data-table/index.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { downloadPayments, type PaymentFilters, usePayments } from '../api.ts';
import { amountStackColumn } from '../components/amountStackColumn.tsx';
import { PaymentPapers } from '../components/PaymentPapers.tsx';
import { paymentDate } from '../components/paymentDate.ts';
import { StatusChip } from '../components/StatusChip.tsx';
import { usePhone } from '../components/usePhone.ts';

const columns: DataColumn<Payment>[] = [
  {
    key: 'date',
    header: INVOICE_WEB_TEXT.date,
    noWrap: true,
    render: (p) => paymentDate(p),
  },
  {
    key: 'invoice',
    header: INVOICE_WEB_TEXT.number,
    render: (p) => (
      <Link component={RouterLink} to={`/invoices/${p.invoice.id}`}>
        {p.invoice.number}
      </Link>
    ),
  },
  { key: 'order', header: INVOICE_WEB_TEXT.order, render: (p) => p.order.name },
  { key: 'payer', header: INVOICE_WEB_TEXT.payer, render: (p) => p.payer },
  { key: 'method', header: INVOICE_WEB_TEXT.method, render: (p) => INVOICE_WEB_TEXT.methodLabels[p.method] },
  { key: 'reference', header: INVOICE_WEB_TEXT.reference, render: (p) => p.reference },
  {
    key: 'amount',
    header: INVOICE_WEB_TEXT.amount,
    align: 'right',
    render: (p) => <span data-testid="receipt-amount-cell">{formatWireMoney(p.amount)}</span>,
  },
  {
    key: 'refunded',
    header: INVOICE_WEB_TEXT.refunded,
    align: 'right',
    render: (p) => (p.refunds.length > 0 ? formatWireMoney(p.refunded) : ''),
  },
  { key: 'status', header: INVOICE_WEB_TEXT.status, render: (p) => <StatusChip status={p.status} /> },
];

/**
 * On a phone (issue 34: the amount was off the edge at 390 px) two columns: when and for what
 * (date, invoice, method), and how much (amount, refunded, status).
 */
const phoneColumns: DataColumn<Payment>[] = [
  {
    key: 'date',
    header: INVOICE_WEB_TEXT.date,
    render: (p) => (
      <>
        {columns[1]!.render(p)}
        <Typography variant="body2">{columns[0]!.render(p)}</Typography>
        <Typography variant="caption" color="text.secondary">
          {INVOICE_WEB_TEXT.methodLabels[p.method]}
        </Typography>
      </>
    ),
  },
  amountStackColumn('amount', INVOICE_WEB_TEXT.amount, (p) => (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="receipt-amount-cell">
        {formatWireMoney(p.amount)}
      </Typography>
      {p.refunds.length > 0 && (
        <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
          {INVOICE_WEB_TEXT.refunded} {formatWireMoney(p.refunded)}
        </Typography>
      )}
      <StatusChip status={p.status} />
    </>
  )),
];

const EMPTY: PaymentFilters = {
  reference: '',
  payer: '',
  method: '',
  status: '',
  date_after: '',
  date_before: '',
  amount: '',
};

/**
 * /payment/receipts: the payment search (issue 34), by reference, payer, method, status, received
 * dates and amount, kept in the URL; each payment that reached the shop with its receipt (PDF) and
 * each refund with its own. Unless a status is chosen, failed, cancelled and reversed attempts are
 * not listed (the server's default).
 */
export default function ReceiptsPage() {
  const list = useListQuery({ key: 'invoices.receipts', pageSize: PAGE_SIZE.orders, filters: EMPTY }, usePayments);
  const phone = usePhone();
  // The shop looks into failed and cancelled attempts too; a customer's page is its receipts.
  const statuses = useInRoleGroup(ROLE_GROUPS.admin) ? PAYMENT_STATUSES : DEFAULT_RECEIPT_LIST_STATUSES;
  return (
    <ListPage
      actions={
        <DownloadButton onDownload={() => downloadPayments(list.state)} data-testid="payments-csv">
          {INVOICE_WEB_TEXT.downloadPaymentsCsv}
        </DownloadButton>
      }
      {...list}
      filters={{
        fields: [
          { kind: 'text', name: 'reference', label: INVOICE_WEB_TEXT.searchReference, testId: 'receipt-reference' },
          { kind: 'text', name: 'payer', label: INVOICE_WEB_TEXT.searchPayer, testId: 'receipt-payer' },
          {
            kind: 'select',
            name: 'method',
            label: INVOICE_WEB_TEXT.method,
            anyLabel: '',
            options: PAY_METHODS,
            labels: INVOICE_WEB_TEXT.methodLabels,
            testId: 'receipt-method-filter',
          },
          {
            kind: 'select',
            name: 'status',
            label: INVOICE_WEB_TEXT.status,
            anyLabel: INVOICE_WEB_TEXT.statusReceipts,
            options: statuses,
            labels: INVOICE_WEB_TEXT.statusLabels,
            testId: 'receipt-status-filter',
          },
          dateRangeField(list.state, 'receipt-dates'),
          { kind: 'text', name: 'amount', label: INVOICE_WEB_TEXT.searchAmount, testId: 'receipt-amount' },
        ],
      }}
      columns={phone ? phoneColumns : columns}
      emptyText={INVOICE_WEB_TEXT.noReceipts}
      testId="receipts-table"
      rowTestId={(p) => `receipt-${p.id}`}
      rowActions={(p) => (
        <Stack direction="row" spacing={0.5}>
          <PaymentPapers payment={p} />
        </Stack>
      )}
    />
  );
}

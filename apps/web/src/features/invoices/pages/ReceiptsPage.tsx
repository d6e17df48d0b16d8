import { formatWireMoney, INVOICE_WEB_TEXT, PAGE_SIZE, PAY_METHODS, type Payment } from '@cab/shared';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type DataColumn, ListPage, useListState } from '../../../components/data-table/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadReceipt, usePayments } from '../api.ts';
import { amountStackColumn } from '../components/amountStackColumn.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { usePhone } from '../components/usePhone.ts';

const columns: DataColumn<Payment>[] = [
  {
    key: 'date',
    header: INVOICE_WEB_TEXT.date,
    noWrap: true,
    render: (p) => formatDateTime(p.received_at ?? p.created_at),
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
  {
    key: 'amount',
    header: INVOICE_WEB_TEXT.amount,
    align: 'right',
    render: (p) => <span data-testid="receipt-amount">{formatWireMoney(p.amount)}</span>,
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
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="receipt-amount">
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

/** /payment/receipts: every payment the caller may see, each with its receipt (PDF). */
export default function ReceiptsPage() {
  const list = useListState({ key: 'invoices.receipts', pageSize: PAGE_SIZE.orders, filters: { method: '' } });
  const query = usePayments(list);
  const phone = usePhone();
  return (
    <ListPage
      query={query}
      state={list}
      filters={{
        fields: [
          {
            kind: 'select',
            name: 'method',
            label: INVOICE_WEB_TEXT.method,
            anyLabel: '',
            options: PAY_METHODS,
            labels: INVOICE_WEB_TEXT.methodLabels,
            testId: 'receipt-method-filter',
          },
        ],
      }}
      columns={phone ? phoneColumns : columns}
      emptyText={INVOICE_WEB_TEXT.noReceipts}
      testId="receipts-table"
      rowTestId={(p) => `receipt-${p.id}`}
      rowActions={(p) => (
        <Button size="small" onClick={() => void downloadReceipt(p.id)}>
          {INVOICE_WEB_TEXT.receipt}
        </Button>
      )}
    />
  );
}

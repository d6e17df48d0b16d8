import { formatWireMoney, INVOICE_WEB_TEXT, PAGE_SIZE, PAY_METHODS, type Payment } from '@cab/shared';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { type DataColumn, ListPage, useListState } from '../../../components/data-table/index.ts';
import { downloadReceipt, usePayments } from '../api.ts';
import { paymentDate } from '../components/paymentDate.ts';
import { StatusChip } from '../components/StatusChip.tsx';

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
  { key: 'amount', header: INVOICE_WEB_TEXT.amount, align: 'right', render: (p) => formatWireMoney(p.amount) },
  {
    key: 'refunded',
    header: INVOICE_WEB_TEXT.refunded,
    align: 'right',
    render: (p) => (p.refunds.length > 0 ? formatWireMoney(p.refunded) : ''),
  },
  { key: 'status', header: INVOICE_WEB_TEXT.status, render: (p) => <StatusChip status={p.status} /> },
];

/** /payment/receipts: every payment the caller may see, each with its receipt (PDF). */
export default function ReceiptsPage() {
  const list = useListState({ key: 'invoices.receipts', pageSize: PAGE_SIZE.orders, filters: { method: '' } });
  const query = usePayments(list);
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
      columns={columns}
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

import { formatWireMoney, INVOICE_WEB_TEXT, type InvoiceRow, MILESTONE_STATUSES, PAGE_SIZE } from '@cab/shared';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type InvoiceFilters, useInvoices } from '../api.ts';
import { StatusChip } from './StatusChip.tsx';

const STATUS_OPTIONS = MILESTONE_STATUSES.map((s) => ({ value: s, label: INVOICE_WEB_TEXT.statusLabels[s] ?? s }));

const columns: DataColumn<InvoiceRow>[] = [
  {
    key: 'number',
    header: INVOICE_WEB_TEXT.number,
    noWrap: true,
    render: (r) => (
      <Link component={RouterLink} to={`/invoices/${r.id}`} sx={{ fontWeight: 600 }} data-testid="invoice-link">
        {r.number}
      </Link>
    ),
  },
  {
    key: 'order',
    header: INVOICE_WEB_TEXT.order,
    render: (r) => (
      <Link component={RouterLink} to={`/orders/${r.order.id}`}>
        {r.order.name}
      </Link>
    ),
  },
  { key: 'customer', header: INVOICE_WEB_TEXT.customer, render: (r) => r.customer_display },
  { key: 'issued', header: INVOICE_WEB_TEXT.issued, noWrap: true, render: (r) => formatDateTime(r.issued_at) },
  { key: 'total', header: INVOICE_WEB_TEXT.total, align: 'right', render: (r) => formatWireMoney(r.total) },
  {
    key: 'paid',
    header: INVOICE_WEB_TEXT.paid,
    align: 'right',
    optional: true,
    render: (r) => formatWireMoney(r.paid),
  },
  {
    key: 'credited',
    header: INVOICE_WEB_TEXT.credited,
    align: 'right',
    optional: true,
    render: (r) => formatWireMoney(r.credited),
  },
  { key: 'balance', header: INVOICE_WEB_TEXT.balance, align: 'right', render: (r) => formatWireMoney(r.balance) },
  { key: 'due', header: INVOICE_WEB_TEXT.nextDue, noWrap: true, render: (r) => r.next_due_date ?? '' },
  { key: 'status', header: INVOICE_WEB_TEXT.status, render: (r) => <StatusChip status={r.status} /> },
];

/**
 * Invoices with the payment filters (SPEC 3: status, default due, overdue and partial; the
 * order), optionally of one customer or company (the account pages' invoice tabs).
 */
export function InvoiceList({ customer, company, listKey }: { customer?: number; company?: number; listKey: string }) {
  const list = useListState<InvoiceFilters>({
    key: listKey,
    pageSize: PAGE_SIZE.orders,
    filters: { status: '', customer: '', company: '', order: '' },
  });
  const query = useInvoices(list, { customer, company });
  return (
    <Card>
      <PagedDataTable
        query={query}
        state={list}
        filters={{
          fields: [
            {
              kind: 'select',
              name: 'status',
              label: INVOICE_WEB_TEXT.status,
              anyLabel: INVOICE_WEB_TEXT.anyStatus,
              options: STATUS_OPTIONS,
              testId: 'invoice-status-filter',
            },
            { kind: 'text', name: 'order', label: INVOICE_WEB_TEXT.order, testId: 'invoice-order-filter' },
          ],
        }}
        columns={columns}
        emptyText={INVOICE_WEB_TEXT.noInvoices}
        testId="invoices-table"
        rowTestId={(r) => `invoice-${r.id}`}
      />
    </Card>
  );
}

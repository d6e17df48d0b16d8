import {
  formatWireMoney,
  INVOICE_WEB_TEXT,
  type InvoiceRow,
  MILESTONE_STATUSES,
  PAGE_SIZE,
  ROLE_GROUPS,
} from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ListFilter } from '../../../components/data-table/PagedDataTable.tsx';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { formatDay, formatMomentDay } from '../../../lib/format.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { useCustomerChoices } from '../../finance/index.ts';
import { type InvoiceFilters, useInvoices } from '../api.ts';
import { StatusChip } from './StatusChip.tsx';
import { usePhone } from './usePhone.ts';

const invoiceLink = (r: InvoiceRow) => (
  <Link component={RouterLink} to={`/invoices/${r.id}`} sx={{ fontWeight: 600 }} data-testid="invoice-link">
    {r.number}
  </Link>
);
const status = (r: InvoiceRow) => <StatusChip status={r.status} testId="invoice-row-status" />;

const columns: DataColumn<InvoiceRow>[] = [
  { key: 'number', header: INVOICE_WEB_TEXT.number, noWrap: true, render: invoiceLink },
  // Beside the number, so it stays in view at 1440 px with every money column shown (issue 34).
  { key: 'status', header: INVOICE_WEB_TEXT.status, render: status },
  {
    key: 'order',
    header: INVOICE_WEB_TEXT.order,
    // Narrow enough that Status stays in view at 1440 px (issue 34): the name wraps instead.
    minWidth: 140,
    render: (r) => (
      <Link component={RouterLink} to={`/orders/${r.order.id}`}>
        {r.order.name}
      </Link>
    ),
  },
  { key: 'customer', header: INVOICE_WEB_TEXT.customer, render: (r) => r.customer_display },
  { key: 'issued', header: INVOICE_WEB_TEXT.issued, noWrap: true, render: (r) => formatMomentDay(r.issued_at) },
  { key: 'total', header: INVOICE_WEB_TEXT.total, align: 'right', render: (r) => formatWireMoney(r.total) },
  {
    key: 'interest_fees',
    header: INVOICE_WEB_TEXT.interestFees,
    align: 'right',
    optional: true,
    render: (r) => formatWireMoney(r.interest_fees),
  },
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
  {
    key: 'balance',
    header: INVOICE_WEB_TEXT.balance,
    align: 'right',
    render: (r) => <span data-testid="invoice-row-balance">{formatWireMoney(r.balance)}</span>,
  },
  {
    key: 'overdue',
    header: INVOICE_WEB_TEXT.pastDue,
    align: 'right',
    optional: true,
    hiddenByDefault: true,
    render: (r) => <span data-testid="invoice-row-past-due">{formatWireMoney(r.overdue)}</span>,
  },
  { key: 'due', header: INVOICE_WEB_TEXT.nextDue, noWrap: true, render: (r) => formatDay(r.next_due_date) },
];

/**
 * On a phone (m4 of the finance walk) two columns: what the invoice is (number, order, next due)
 * and what it asks (balance, status), so nothing a customer needs sits off-screen.
 */
const phoneColumns: DataColumn<InvoiceRow>[] = [
  {
    key: 'number',
    header: INVOICE_WEB_TEXT.number,
    render: (r) => (
      <>
        {invoiceLink(r)}
        <Typography variant="body2">{r.order.name}</Typography>
        {r.next_due_date && (
          <Typography variant="caption" color="text.secondary">
            {INVOICE_WEB_TEXT.nextDue} {formatDay(r.next_due_date)}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'balance',
    header: INVOICE_WEB_TEXT.balance,
    align: 'right',
    render: (r) => (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="invoice-row-balance">
          {formatWireMoney(r.balance)}
        </Typography>
        {status(r)}
      </Box>
    ),
  },
];

/** The Order filter takes a name or an id: digits are the order's id, anything else part of its name. */
const ORDER_ID = /^\s*\d+\s*$/;

/**
 * Invoices with the payment filters (SPEC 3: status, default due, overdue and partial; customer;
 * order), optionally of one customer or company (the account pages' invoice tabs).
 */
export function InvoiceList({ customer, company, listKey }: { customer?: number; company?: number; listKey: string }) {
  const list = useListState<InvoiceFilters>({
    key: listKey,
    pageSize: PAGE_SIZE.orders,
    filters: { status: '', customer: '', company: '', order: '' },
  });
  const phone = usePhone();
  // The customer filter: ADMIN's list of every invoice (an account page's list is one party's).
  const pickCustomer = useInRoleGroup(ROLE_GROUPS.admin) && customer === undefined && company === undefined;
  const customers = useCustomerChoices(pickCustomer);
  const order = list.filters.order.trim();
  const query = useInvoices(
    { ...list, filters: { ...list.filters, order: ORDER_ID.test(order) ? order : '' } },
    { customer, company, ...(order && !ORDER_ID.test(order) ? { order_name: order } : {}) },
  );
  const fields: ListFilter<InvoiceFilters>[] = [
    {
      kind: 'select',
      name: 'status',
      label: INVOICE_WEB_TEXT.status,
      anyLabel: INVOICE_WEB_TEXT.anyStatus,
      options: MILESTONE_STATUSES,
      labels: INVOICE_WEB_TEXT.statusLabels,
      testId: 'invoice-status-filter',
    },
  ];
  if (pickCustomer) {
    fields.push({
      kind: 'select',
      name: 'customer',
      label: INVOICE_WEB_TEXT.customer,
      anyLabel: INVOICE_WEB_TEXT.anyCustomer,
      options: (customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      testId: 'invoice-customer-filter',
    });
  }
  fields.push({
    kind: 'text',
    name: 'order',
    label: INVOICE_WEB_TEXT.order,
    placeholder: INVOICE_WEB_TEXT.orderFilterHint,
    testId: 'invoice-order-filter',
  });
  return (
    <Card>
      <PagedDataTable
        query={query}
        state={list}
        filters={{ fields }}
        columns={phone ? phoneColumns : columns}
        emptyText={INVOICE_WEB_TEXT.noInvoices}
        testId="invoices-table"
        rowTestId={(r) => `invoice-${r.id}`}
      />
    </Card>
  );
}

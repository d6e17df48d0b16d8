import {
  APPROVALS_WEB_TEXT as A,
  APPROVAL_TEXT,
  type ApprovalQueueRow,
  formatWireMoney,
  PAGE_SIZE,
  ORDERS_WEB_TEXT as T,
} from '@cab/shared';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import { oneSelectFilter } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type QueueFilters, useApprovalQueue } from '../api.ts';
import { ApprovalStatusChip } from '../components/ApprovalStatusChip.tsx';

const columns: DataColumn<ApprovalQueueRow>[] = [
  {
    key: 'order',
    header: A.colOrder,
    minWidth: 200,
    render: (r) => (
      <Link
        component={RouterLink}
        to={`/orders/${r.order.id}`}
        sx={{ fontWeight: 600 }}
        onClick={(e) => e.stopPropagation()}
        data-testid="approval-order-link"
      >
        {T.orderTitle(r.order.id, r.order.name)}
      </Link>
    ),
  },
  { key: 'requested_by', header: A.colRequestedBy, render: (r) => r.requested_by?.name ?? '' },
  { key: 'requested_at', header: A.colRequestedAt, noWrap: true, render: (r) => formatDateTime(r.requested_at) },
  { key: 'total', header: A.colTotal, align: 'right', noWrap: true, render: (r) => formatWireMoney(r.total) },
  { key: 'status', header: A.colStatus, render: (r) => <ApprovalStatusChip status={r.status} /> },
];

/**
 * /orders/approvals: the requests of a manager's employees (ADMIN: every company's), waiting ones
 * first shown; a row opens its order, where the manager approves or declines it (issue 30).
 */
export default function ApprovalsPage() {
  const navigate = useNavigate();
  // An empty status is the server's own default, the requests waiting.
  const state = useListState<QueueFilters>({
    key: 'approvals.queue',
    pageSize: PAGE_SIZE.orders,
    filters: { status: '' },
  });
  // A link naming status=PENDING (the dashboard's card) shows the same list as no status.
  const list = state.filters.status === 'PENDING' ? { ...state, filters: { status: '' }, isFiltered: false } : state;
  const query = useApprovalQueue(list);
  return (
    <ListPage
      query={query}
      state={list}
      filters={oneSelectFilter({
        name: 'status',
        label: A.status,
        anyLabel: APPROVAL_TEXT.statusLabels.PENDING,
        options: ['APPROVED', 'DECLINED'],
        labels: APPROVAL_TEXT.statusLabels,
        testId: 'approval-status-filter',
      })}
      columns={columns}
      emptyText={A.queueEmpty}
      onRowClick={(r) => navigate(`/orders/${r.order.id}`)}
      rowTestId={(r) => `approval-row-${r.order.id}`}
      testId="approvals-table"
    />
  );
}

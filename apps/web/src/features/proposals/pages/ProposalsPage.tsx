import {
  formatWireMoney,
  PAGE_SIZE,
  PROPOSAL_STATUSES,
  PROPOSAL_TEXT,
  type ProposalRow,
  PROPOSALS_WEB_TEXT as T,
} from '@cab/shared';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { dateRangeField } from '../../../components/data-table/DateRangeFilter.tsx';
import { type DataColumn, ListPage, useListQuery } from '../../../components/data-table/index.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useProposalEvents, useProposals } from '../api.ts';
import { ProposalActions } from '../components/ProposalActions.tsx';
import { ProposalStatusChip } from '../components/ProposalStatusChip.tsx';

const columns: DataColumn<ProposalRow>[] = [
  {
    key: 'number',
    header: T.colNumber,
    noWrap: true,
    render: (r) => (
      <Link
        component={RouterLink}
        to={`/proposals/${r.id}`}
        sx={{ fontWeight: 600 }}
        onClick={(e) => e.stopPropagation()}
        data-testid="proposal-link"
      >
        {r.number}
      </Link>
    ),
  },
  { key: 'client', header: T.colClient, minWidth: 160, render: (r) => r.client.name },
  {
    key: 'order',
    header: T.colOrder,
    optional: true,
    render: (r) => (
      <Link component={RouterLink} to={`/orders/${r.order.id}`} onClick={(e) => e.stopPropagation()}>
        {T.orderLink(r.order.id)}
      </Link>
    ),
  },
  {
    key: 'created_at',
    header: T.colCreated,
    noWrap: true,
    optional: true,
    render: (r) => formatDateTime(r.created_at),
  },
  {
    key: 'valid_until',
    header: T.colValidUntil,
    noWrap: true,
    optional: true,
    render: (r) => formatDay(r.valid_until),
  },
  { key: 'total', header: T.colTotal, align: 'right', noWrap: true, render: (r) => formatWireMoney(r.total) },
  { key: 'status', header: T.colStatus, render: (r) => <ProposalStatusChip status={r.status} /> },
  { key: 'actions', header: T.colActions, render: (r) => <ProposalActions proposal={r} /> },
];

/**
 * /proposals: the dealer's proposals, a server page at a time, filtered by status, client and the
 * day made; the client's answers show live (issue 37).
 */
export default function ProposalsPage() {
  const navigate = useNavigate();
  useProposalEvents();
  const list = useListQuery(
    {
      key: 'proposals.list',
      pageSize: PAGE_SIZE.orders,
      filters: { status: '', client: '', date_after: '', date_before: '' },
    },
    useProposals,
  );
  return (
    <ListPage
      actions={
        <Button component={RouterLink} to="/proposals/report" variant="outlined" data-testid="proposals-report-link">
          {T.report}
        </Button>
      }
      {...list}
      filters={{
        fields: [
          {
            kind: 'select',
            name: 'status',
            label: T.status,
            anyLabel: T.anyStatus,
            options: PROPOSAL_STATUSES,
            labels: PROPOSAL_TEXT.statusLabels,
            testId: 'proposal-status-filter',
          },
          { kind: 'text', name: 'client', label: T.client, testId: 'proposal-client-filter' },
          dateRangeField(list.state, 'proposal-dates'),
        ],
      }}
      columns={columns}
      emptyText={T.listEmpty}
      onRowClick={(r) => navigate(`/proposals/${r.id}`)}
      rowTestId={(r) => `proposal-row-${r.id}`}
      testId="proposals-table"
    />
  );
}

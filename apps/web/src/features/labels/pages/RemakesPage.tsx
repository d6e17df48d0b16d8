import {
  PAGE_SIZE,
  REMAKE_SOURCE_LABELS,
  REMAKE_SOURCES,
  REMAKE_STATUS_LABELS,
  REMAKE_STATUSES,
  REMAKE_TEXT,
  type Remake,
  remakesApi,
} from '@cab/shared';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import { RowDecision } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { StatusCell, StatusNote } from '../../../components/StatusCell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../auth/index.ts';
import { useRemakeList } from '../api.ts';
import { ApproveRemakeDialog, RejectRemakeDialog } from '../components/DecideRemakeDialogs.tsx';

const STATUS_COLOR = { OPEN: 'warning', APPROVED: 'success', REJECTED: 'default' } as const;
const ALL = 'All';

const columns: DataColumn<Remake>[] = [
  { key: 'id', header: '#', noWrap: true, render: (r) => r.id },
  {
    key: 'order',
    header: REMAKE_TEXT.order,
    render: (r) => (
      <Link to={`/orders/${r.order.id}`}>
        #{r.order.id} {r.order.name}
      </Link>
    ),
  },
  {
    key: 'items',
    header: REMAKE_TEXT.cabinets,
    render: (r) => r.items.map((i) => `${i.barcode} ${i.manufacturer_code}`).join(', '),
  },
  { key: 'reason', header: REMAKE_TEXT.reason, render: (r) => r.reason },
  { key: 'source', header: REMAKE_TEXT.source, noWrap: true, render: (r) => REMAKE_SOURCE_LABELS[r.source] },
  { key: 'notes', header: REMAKE_TEXT.notes, minWidth: 160, render: (r) => r.notes },
  {
    key: 'requested',
    header: REMAKE_TEXT.requestedAt,
    noWrap: true,
    render: (r) => (
      <>
        {formatDateTime(r.requested_at)}
        <Typography variant="body2" color="text.secondary">
          {r.requested_by?.full_name}
        </Typography>
      </>
    ),
  },
  {
    key: 'status',
    header: REMAKE_TEXT.status,
    render: (r) => (
      <StatusCell
        status={r.status}
        label={REMAKE_STATUS_LABELS[r.status]}
        color={STATUS_COLOR[r.status]}
        testId="remake-status"
      >
        {r.remake_order && (
          <StatusNote>
            <Link to={`/orders/${r.remake_order.id}`} data-testid="remake-order-link">
              {REMAKE_TEXT.remakeOrder} #{r.remake_order.id}
            </Link>
          </StatusNote>
        )}
        {r.reject_reason && <StatusNote muted>{r.reject_reason}</StatusNote>}
      </StatusCell>
    ),
  },
];

/** /orders/remakes: remake requests by search, status (OPEN first shown) and source; an admin approves or rejects. */
export default function RemakesPage() {
  const list = useListQuery(
    {
      key: 'labels.remakes',
      pageSize: PAGE_SIZE.orders,
      filters: { search: '', status: 'OPEN', source: '' },
    },
    useRemakeList,
  );
  const canDecide = useCan(remakesApi.approve);
  const [approving, setApproving] = useState<Remake | null>(null);
  const [rejecting, setRejecting] = useState<Remake | null>(null);
  return (
    <ListPage
      {...list}
      filters={{
        fields: [
          {
            kind: 'text',
            name: 'search',
            label: REMAKE_TEXT.search,
            testId: 'remake-search',
            search: true,
            width: 220,
          },
          {
            kind: 'select',
            name: 'status',
            label: REMAKE_TEXT.status,
            anyLabel: ALL,
            options: REMAKE_STATUSES,
            labels: REMAKE_STATUS_LABELS,
            testId: 'remake-status-filter',
          },
          {
            kind: 'select',
            name: 'source',
            label: REMAKE_TEXT.source,
            anyLabel: ALL,
            options: REMAKE_SOURCES,
            labels: REMAKE_SOURCE_LABELS,
            testId: 'remake-source-filter',
          },
        ],
      }}
      columns={columns}
      emptyText={REMAKE_TEXT.none}
      rowTestId={(r) => `remake-row-${r.id}`}
      testId="remakes-table"
      rowActions={(r) =>
        canDecide && r.status === 'OPEN' ? (
          <RowDecision
            yes={{ label: REMAKE_TEXT.approve, onClick: () => setApproving(r), testId: 'approve-remake' }}
            no={{ label: REMAKE_TEXT.reject, onClick: () => setRejecting(r), testId: 'reject-remake' }}
          />
        ) : null
      }
    >
      {approving && <ApproveRemakeDialog remake={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectRemakeDialog remake={rejecting} onClose={() => setRejecting(null)} />}
    </ListPage>
  );
}

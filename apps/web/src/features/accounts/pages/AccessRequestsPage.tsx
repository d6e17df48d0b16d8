import { ACCESS_REQUEST_STATUSES, ACCOUNTS_TEXT, type AccessRequest, MSG, NOTIFY_MS, PAGE_SIZE } from '@cab/shared';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import { oneSelectFilter } from '../../../components/data-table/PagedDataTable.tsx';
import { RowDecision } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { StatusCell, StatusNote } from '../../../components/StatusCell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useAcceptAccessRequest, useAccessRequests } from '../api.ts';
import { RejectRequestDialog } from '../components/RejectRequestDialog.tsx';

const STATUS_COLOR = { PENDING: 'warning', ACCEPTED: 'success', REJECTED: 'default' } as const;

const columns: DataColumn<AccessRequest>[] = [
  { key: 'created', header: ACCOUNTS_TEXT.requestedAt, noWrap: true, render: (r) => formatDateTime(r.created_at) },
  {
    key: 'name',
    header: ACCOUNTS_TEXT.name,
    render: (r) => (
      <>
        <strong>{r.full_name}</strong>
        <Typography variant="body2" color="text.secondary">
          {r.email}
        </Typography>
      </>
    ),
  },
  { key: 'phone', header: ACCOUNTS_TEXT.phone, noWrap: true, render: (r) => r.phone },
  {
    key: 'type',
    header: ACCOUNTS_TEXT.accountType,
    render: (r) =>
      r.account_type === 'B' ? `${ACCOUNTS_TEXT.businessAccount}: ${r.company_name}` : ACCOUNTS_TEXT.personalAccount,
  },
  { key: 'message', header: ACCOUNTS_TEXT.message, minWidth: 200, render: (r) => r.message },
  {
    key: 'status',
    header: ACCOUNTS_TEXT.requestsStatus,
    render: (r) => (
      <StatusCell
        status={r.status}
        label={ACCOUNTS_TEXT.statusLabels[r.status]}
        color={STATUS_COLOR[r.status]}
        testId="request-status"
      >
        {r.reason && (
          <StatusNote muted testId="request-reason">
            {r.reason}
          </StatusNote>
        )}
      </StatusCell>
    ),
  },
];

/** /settings/users/requests: access requests by status (PENDING first shown); Accept invites, Reject tells by e-mail. */
export default function AccessRequestsPage() {
  const { enqueueSnackbar } = useSnackbar();
  // Pending requests first shown; 'All' is an empty status.
  const list = useListQuery(
    { key: 'accounts.requests', pageSize: PAGE_SIZE.accounts, filters: { status: 'PENDING' } },
    useAccessRequests,
  );
  const [accepting, setAccepting] = useState<AccessRequest | null>(null);
  const [rejecting, setRejecting] = useState<AccessRequest | null>(null);
  const accept = useAcceptAccessRequest();

  return (
    <ListPage
      {...list}
      filters={oneSelectFilter({
        name: 'status',
        label: ACCOUNTS_TEXT.requestsStatus,
        anyLabel: ACCOUNTS_TEXT.allStatuses,
        options: ACCESS_REQUEST_STATUSES,
        labels: ACCOUNTS_TEXT.statusLabels,
        testId: 'status-filter',
      })}
      columns={columns}
      emptyText={ACCOUNTS_TEXT.noRequests}
      rowTestId={(r) => `request-row-${r.email}`}
      testId="requests-table"
      rowActions={(r) =>
        r.status === 'PENDING' ? (
          <RowDecision
            yes={{ label: ACCOUNTS_TEXT.accept, onClick: () => setAccepting(r), testId: 'accept-request' }}
            no={{ label: ACCOUNTS_TEXT.reject, onClick: () => setRejecting(r), testId: 'reject-request' }}
          />
        ) : null
      }
    >
      <ConfirmDialog
        open={accepting !== null}
        title={accepting ? ACCOUNTS_TEXT.acceptRequestConfirm(accepting.email) : ''}
        confirmLabel={ACCOUNTS_TEXT.accept}
        busy={accept.isPending}
        onClose={() => setAccepting(null)}
        onConfirm={async () => {
          if (!accepting) return;
          try {
            await accept.mutateAsync(accepting.id);
            enqueueSnackbar(MSG.accessRequestAccepted(accepting.email), {
              variant: 'success',
              autoHideDuration: NOTIFY_MS.short,
            });
          } catch {
            // The API client shows the server's message (e.g. already answered, e-mail taken).
          } finally {
            setAccepting(null);
          }
        }}
      />
      {rejecting && <RejectRequestDialog request={rejecting} onClose={() => setRejecting(null)} />}
    </ListPage>
  );
}

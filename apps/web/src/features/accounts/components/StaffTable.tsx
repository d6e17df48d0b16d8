import { ACCOUNT_PAGE_SIZE, ACCOUNTS_TEXT, type AccountUser, ROLE_LABELS } from '@cab/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import { TablePager } from '../../../components/data-table/TablePager.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAccountList } from '../api.ts';
import { setUsersListState, useUsersListState } from '../listState.ts';
import { ListToolbar } from './ListToolbar.tsx';
import { StaffFormDialog } from './StaffFormDialog.tsx';
import { UserBadges } from './UserBadges.tsx';

const columns: DataColumn<AccountUser>[] = [
  { key: 'name', header: ACCOUNTS_TEXT.name, render: (u) => <strong>{u.full_name}</strong> },
  { key: 'email', header: ACCOUNTS_TEXT.email, render: (u) => u.email },
  { key: 'phone', header: ACCOUNTS_TEXT.phone, render: (u) => u.phone, noWrap: true },
  { key: 'role', header: ACCOUNTS_TEXT.role, render: (u) => (u.role ? ROLE_LABELS[u.role] : '') },
  { key: 'status', header: ACCOUNTS_TEXT.status, render: (u) => <UserBadges user={u} /> },
  {
    key: 'last_login',
    header: ACCOUNTS_TEXT.lastLogin,
    noWrap: true,
    render: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : ACCOUNTS_TEXT.never),
  },
];

/** Staff and admin accounts (GET staff) with an edit dialog per row; the search text is kept (SPEC 3). */
export function StaffTable({ actions }: { actions?: ReactNode }) {
  const { staffSearch } = useUsersListState();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ACCOUNT_PAGE_SIZE);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const list = useAccountList('staff', { search: staffSearch || undefined, page, page_size: pageSize });

  return (
    <>
      <ListToolbar
        search={staffSearch}
        onSearch={(text) => {
          setUsersListState({ staffSearch: text });
          setPage(1);
        }}
      >
        {actions}
      </ListToolbar>
      <DataTable
        columns={columns}
        rows={list.data?.results ?? []}
        getRowId={(u) => u.id}
        loading={list.isPending}
        fetching={list.isFetching}
        emptyText={ACCOUNTS_TEXT.noUsers}
        rowTestId={(u) => `user-row-${u.email}`}
        testId="staff-table"
        rowActions={(u) => (
          <Tooltip title={ACCOUNTS_TEXT.edit}>
            <IconButton
              size="small"
              aria-label={`${ACCOUNTS_TEXT.edit} ${u.full_name}`}
              onClick={() => setEditing(u)}
              data-testid={`edit-${u.id}`}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
      <TablePager
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setPageSize(next);
          setPage(1);
        }}
      />
      {editing && <StaffFormDialog user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

import { ACCOUNT_PAGE_SIZE, ACCOUNTS_TEXT, type AccountUser, ROLE_LABELS } from '@cab/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';
import { PagedDataTable, usePaging } from '../../../components/data-table/PagedDataTable.tsx';
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
  const paging = usePaging(ACCOUNT_PAGE_SIZE);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const list = useAccountList('staff', {
    search: staffSearch || undefined,
    page: paging.page,
    page_size: paging.pageSize,
  });

  return (
    <>
      <ListToolbar
        search={staffSearch}
        onSearch={(text) => {
          setUsersListState({ staffSearch: text });
          paging.setPage(1);
        }}
      >
        {actions}
      </ListToolbar>
      <PagedDataTable
        list={list}
        paging={paging}
        columns={columns}
        getRowId={(u) => u.id}
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
      {editing && <StaffFormDialog user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

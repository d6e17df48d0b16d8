import { ACCOUNTS_TEXT, type AccountUser, PAGE_SIZE } from '@cab/shared';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DataTableProps } from '../../../components/data-table/DataTable.tsx';
import { PagedDataTable } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { type ListState, useListQuery, useListState } from '../../../components/data-table/useListState.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { UserBadges } from './UserBadges.tsx';

export type SearchListState = ListState<{ search: string }>;

const searchListOptions = (key: string, prefix?: string) => ({
  key,
  prefix,
  pageSize: PAGE_SIZE.accounts,
  filters: { search: '' },
});

/**
 * The state of an account list: 50 a page and a search text, in the URL (`prefix.search` where a
 * screen shows several lists) and kept for this browser tab (SPEC 3).
 */
export const useSearchList = (key: string, prefix?: string): SearchListState =>
  useListState(searchListOptions(key, prefix));

/** `useSearchList` with the account list's query on it (`useRows`), spread on AccountListTable. */
export const useSearchListQuery = <Q extends UseQueryResult<{ results: unknown[]; total: number }>>(
  key: string,
  prefix: string,
  useRows: (state: SearchListState) => Q,
) => useListQuery(searchListOptions(key, prefix), useRows);

/** An account list: the search box (applied 1 s after typing stops, or on Enter), the table and its pager. */
export function AccountListTable<R extends { id: number }>({
  state,
  query,
  actions,
  getRowId = (row) => row.id,
  emptyText = ACCOUNTS_TEXT.noUsers,
  ...table
}: Omit<DataTableProps<R>, 'rows' | 'loading' | 'fetching' | 'getRowId'> & {
  state: SearchListState;
  query: UseQueryResult<{ results: R[]; total: number }>;
  actions?: ReactNode;
  getRowId?: (row: R) => number;
}) {
  return (
    <PagedDataTable
      query={query}
      state={state}
      filters={{
        clear: false,
        end: actions,
        fields: [
          {
            kind: 'text',
            name: 'search',
            label: ACCOUNTS_TEXT.search,
            placeholder: ACCOUNTS_TEXT.searchHint,
            testId: 'accounts-search',
            width: 320,
            search: true,
          },
        ],
      }}
      getRowId={getRowId}
      emptyText={emptyText}
      {...table}
    />
  );
}

/** The columns the account lists share. */
export const userColumns = {
  name: (linked: boolean): DataColumn<AccountUser> => ({
    key: 'name',
    header: ACCOUNTS_TEXT.name,
    render: (u) =>
      linked ? (
        <Link component={RouterLink} to={`/settings/users/${u.id}`} sx={{ fontWeight: 600 }}>
          {u.full_name}
        </Link>
      ) : (
        <strong>{u.full_name}</strong>
      ),
  }),
  email: { key: 'email', header: ACCOUNTS_TEXT.email, render: (u) => u.email } as DataColumn<AccountUser>,
  phone: { key: 'phone', header: ACCOUNTS_TEXT.phone, render: (u) => u.phone, noWrap: true } as DataColumn<AccountUser>,
  status: {
    key: 'status',
    header: ACCOUNTS_TEXT.status,
    render: (u) => <UserBadges user={u} />,
  } as DataColumn<AccountUser>,
  lastLogin: {
    key: 'last_login',
    header: ACCOUNTS_TEXT.lastLogin,
    noWrap: true,
    render: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : ACCOUNTS_TEXT.never),
  } as DataColumn<AccountUser>,
};

export const userRowTestId = (u: AccountUser) => `user-row-${u.email}`;

/** A row's action on a user: an icon, its label the tooltip and, with the user's name, its accessible name. */
export function UserAction({
  user,
  label,
  icon,
  onClick,
  testId,
}: {
  user: AccountUser;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label} ${user.full_name}`} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

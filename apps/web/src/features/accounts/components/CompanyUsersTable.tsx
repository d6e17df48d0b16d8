import { ACCOUNT_PAGE_SIZE, ACCOUNTS_TEXT, type AccountUser, MSG, NOTIFY_MS, WEB_TEXT } from '@cab/shared';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BlockRounded from '@mui/icons-material/BlockRounded';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PagedDataTable, usePaging } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMe } from '../../auth/api.ts';
import { useBusinessUsers, useMakeManager, useUpdateBusinessUser } from '../api.ts';
import { BusinessUserDialog } from './BusinessUserDialog.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { UserBadges } from './UserBadges.tsx';

type Pending = { user: AccountUser; action: 'promote' | 'stepDown' | 'deactivate' | 'activate' };

const confirmTitle = ({ user, action }: Pending) =>
  ({
    promote: ACCOUNTS_TEXT.makeManagerConfirm,
    stepDown: ACCOUNTS_TEXT.stepDownConfirm,
    deactivate: ACCOUNTS_TEXT.deactivateConfirm,
    activate: ACCOUNTS_TEXT.activateConfirm,
  })[action](user.full_name);

const columns: DataColumn<AccountUser>[] = [
  {
    key: 'name',
    header: ACCOUNTS_TEXT.name,
    render: (u) => (
      <Link component={RouterLink} to={`/settings/users/${u.id}`} sx={{ fontWeight: 600 }}>
        {u.full_name}
      </Link>
    ),
  },
  { key: 'email', header: ACCOUNTS_TEXT.email, render: (u) => u.email },
  { key: 'phone', header: ACCOUNTS_TEXT.phone, render: (u) => u.phone, noWrap: true },
  {
    key: 'role',
    header: ACCOUNTS_TEXT.role,
    render: (u) =>
      u.is_manager ? (
        <Chip size="small" color="primary" label={ACCOUNTS_TEXT.manager} />
      ) : (
        <Chip size="small" variant="outlined" label={ACCOUNTS_TEXT.employee} />
      ),
  },
  { key: 'status', header: ACCOUNTS_TEXT.status, render: (u) => <UserBadges user={u} /> },
  {
    key: 'last_login',
    header: ACCOUNTS_TEXT.lastLogin,
    noWrap: true,
    render: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : ACCOUNTS_TEXT.never),
  },
];

/**
 * The users of one company (GET business_user): edit, make manager / step down, deactivate /
 * activate per row. `company` is required for an admin; a business manager's own company is used
 * when it is left out. The server refuses removing the last manager (MSG.lastManager).
 */
export function CompanyUsersTable({ company, actions }: { company?: number; actions?: ReactNode }) {
  const me = useMe();
  const { enqueueSnackbar } = useSnackbar();
  const [search, setSearch] = useState('');
  const paging = usePaging(ACCOUNT_PAGE_SIZE);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useBusinessUsers({
    company,
    search: search || undefined,
    page: paging.page,
    page_size: paging.pageSize,
  });
  const makeManager = useMakeManager();
  const update = useUpdateBusinessUser();

  const rowActions = useMemo(
    () => (u: AccountUser) => {
      const self = u.id === me.id;
      const button = (label: string, icon: ReactNode, onClick: () => void, testId: string) => (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={`${label} ${u.full_name}`} onClick={onClick} data-testid={testId}>
            {icon}
          </IconButton>
        </Tooltip>
      );
      return (
        <>
          {button(ACCOUNTS_TEXT.edit, <EditOutlined fontSize="small" />, () => setEditing(u), `edit-${u.id}`)}
          {u.is_manager
            ? button(
                ACCOUNTS_TEXT.stepDown,
                <PersonRemoveOutlined fontSize="small" />,
                () => setPending({ user: u, action: 'stepDown' }),
                `step-down-${u.id}`,
              )
            : button(
                ACCOUNTS_TEXT.makeManager,
                <AdminPanelSettingsOutlined fontSize="small" />,
                () => setPending({ user: u, action: 'promote' }),
                `make-manager-${u.id}`,
              )}
          {!self &&
            (u.is_active
              ? button(
                  ACCOUNTS_TEXT.deactivate,
                  <BlockRounded fontSize="small" />,
                  () => setPending({ user: u, action: 'deactivate' }),
                  `deactivate-${u.id}`,
                )
              : button(
                  ACCOUNTS_TEXT.activate,
                  <CheckCircleOutlineRounded fontSize="small" />,
                  () => setPending({ user: u, action: 'activate' }),
                  `activate-${u.id}`,
                ))}
        </>
      );
    },
    [me.id],
  );

  const confirm = async () => {
    if (!pending) return;
    const { user, action } = pending;
    try {
      if (action === 'promote' || action === 'stepDown') {
        await makeManager.mutateAsync({ id: user.id, isManager: action === 'promote' });
        enqueueSnackbar(MSG.managerChanged, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      } else {
        await update.mutateAsync({ id: user.id, body: { is_active: action === 'activate' } });
        enqueueSnackbar(MSG.userUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      }
    } catch {
      // The API client shows the server's message (e.g. a company keeps at least one manager).
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <ListToolbar
        search={search}
        onSearch={(text) => {
          setSearch(text);
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
        rowActions={rowActions}
        emptyText={ACCOUNTS_TEXT.noUsers}
        rowTestId={(u) => `user-row-${u.email}`}
        testId="company-users"
      />
      {editing && <BusinessUserDialog user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmTitle(pending) : ''}
        text={pending?.action === 'deactivate' ? ACCOUNTS_TEXT.deactivateText : undefined}
        confirmLabel={ACCOUNTS_TEXT.confirmYes}
        cancelLabel={WEB_TEXT.cancel}
        destructive={pending?.action === 'deactivate'}
        busy={makeManager.isPending || update.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}

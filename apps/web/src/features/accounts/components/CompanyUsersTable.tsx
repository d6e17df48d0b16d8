import { ACCOUNTS_TEXT, type AccountUser, MSG, NOTIFY_MS } from '@cab/shared';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BlockRounded from '@mui/icons-material/BlockRounded';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Chip from '@mui/material/Chip';
import { type ReactNode, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useMe } from '../../auth/index.ts';
import { useBusinessUsers, useMakeManager, useUpdateBusinessUser } from '../api.ts';
import { AccountListTable, UserAction, userColumns, userRowTestId, useSearchList } from './AccountListTable.tsx';
import { BusinessUserDialog } from './BusinessUserDialog.tsx';

type Pending = { user: AccountUser; action: 'promote' | 'stepDown' | 'deactivate' | 'activate' };

const confirmTitle = ({ user, action }: Pending) =>
  ({
    promote: ACCOUNTS_TEXT.makeManagerConfirm,
    stepDown: ACCOUNTS_TEXT.stepDownConfirm,
    deactivate: ACCOUNTS_TEXT.deactivateConfirm,
    activate: ACCOUNTS_TEXT.activateConfirm,
  })[action](user.full_name);

const columns: DataColumn<AccountUser>[] = [
  userColumns.name(true),
  userColumns.email,
  userColumns.phone,
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
  userColumns.status,
  userColumns.lastLogin,
];

/**
 * The users of one company (GET business_user): edit, make manager / step down, deactivate /
 * activate per row. `company` is required for an admin; a business manager's own company is used
 * when it is left out. The server refuses removing the last manager (MSG.lastManager).
 */
export function CompanyUsersTable({ company, actions }: { company?: number; actions?: ReactNode }) {
  const me = useMe();
  const { enqueueSnackbar } = useSnackbar();
  const list = useSearchList(`accounts.company.${company ?? 'own'}`, 'users');
  const query = useBusinessUsers(company, list);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const makeManager = useMakeManager();
  const update = useUpdateBusinessUser();

  const rowActions = useMemo(
    () => (u: AccountUser) => {
      const self = u.id === me.id;
      const button = (label: string, icon: ReactNode, onClick: () => void, testId: string) => (
        <UserAction user={u} label={label} icon={icon} onClick={onClick} testId={testId} />
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
      <AccountListTable
        state={list}
        query={query}
        actions={actions}
        columns={columns}
        rowActions={rowActions}
        rowTestId={userRowTestId}
        testId="company-users"
      />
      {editing && <BusinessUserDialog user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmTitle(pending) : ''}
        text={pending?.action === 'deactivate' ? ACCOUNTS_TEXT.deactivateText : undefined}
        confirmLabel={ACCOUNTS_TEXT.confirmYes}
        destructive={pending?.action === 'deactivate'}
        busy={makeManager.isPending || update.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}

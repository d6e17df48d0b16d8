import { ACCOUNTS_TEXT, type AccountUser, ROLE_LABELS } from '@cab/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { type ReactNode, useState } from 'react';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useStaffAccounts } from '../api.ts';
import { AccountListTable, UserAction, userColumns, userRowTestId, useSearchListQuery } from './AccountListTable.tsx';
import { StaffFormDialog } from './StaffFormDialog.tsx';

const columns: DataColumn<AccountUser>[] = [
  userColumns.name(false),
  userColumns.email,
  userColumns.phone,
  { key: 'role', header: ACCOUNTS_TEXT.role, render: (u) => (u.role ? ROLE_LABELS[u.role] : '') },
  userColumns.status,
  userColumns.lastLogin,
];

/**
 * Staff and admin accounts (GET staff) with an edit dialog per row. The users screen's Staff tab
 * and the staff page share the kept search text (SPEC 3).
 */
export function StaffTable({ actions }: { actions?: ReactNode }) {
  const list = useSearchListQuery('accounts.staff', 'staff', useStaffAccounts);
  const [editing, setEditing] = useState<AccountUser | null>(null);

  return (
    <>
      <AccountListTable
        {...list}
        actions={actions}
        columns={columns}
        rowTestId={userRowTestId}
        testId="staff-table"
        rowActions={(u) => (
          <UserAction
            user={u}
            label={ACCOUNTS_TEXT.edit}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => setEditing(u)}
            testId={`edit-${u.id}`}
          />
        )}
      />
      {editing && <StaffFormDialog user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

import { ACCOUNTS_TEXT, type AccountUser, APPROVALS_WEB_TEXT, accountsApi, type Company } from '@cab/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AddButton } from '../../../components/AddButton.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useCan, useSession } from '../../auth/index.ts';
import { useCompanyList, usePersonalAccounts } from '../api.ts';
import { AccountListTable, userColumns, userRowTestId, useSearchListQuery } from '../components/AccountListTable.tsx';
import { AddCustomerDialog } from '../components/AddCustomerDialog.tsx';
import { CompanyUsersTable } from '../components/CompanyUsersTable.tsx';
import { InviteButton } from '../components/InviteButton.tsx';
import { InviteDialog } from '../components/InviteDialog.tsx';
import { StaffTable } from '../components/StaffTable.tsx';

const personalColumns: DataColumn<AccountUser>[] = [
  userColumns.name(true),
  userColumns.email,
  userColumns.phone,
  userColumns.status,
  userColumns.lastLogin,
];

const companyColumns: DataColumn<Company>[] = [
  {
    key: 'name',
    header: ACCOUNTS_TEXT.companyName,
    render: (c) => (
      <Link component={RouterLink} to={`/settings/users/company/${c.id}`} sx={{ fontWeight: 600 }}>
        {c.name}
      </Link>
    ),
  },
  {
    key: 'managers',
    header: ACCOUNTS_TEXT.managers,
    render: (c) => c.managers.map((m) => m.full_name).join(', '),
  },
  { key: 'email', header: ACCOUNTS_TEXT.email, render: (c) => c.email },
  { key: 'users', header: ACCOUNTS_TEXT.usersCount, align: 'right', render: (c) => c.users_count },
  {
    key: 'approvals',
    header: APPROVALS_WEB_TEXT.tab,
    render: (c) => (
      <Link component={RouterLink} to={APPROVALS_WEB_TEXT.settingsHref(c.id)} data-testid={`company-approvals-${c.id}`}>
        {APPROVALS_WEB_TEXT.settingsLink}
      </Link>
    ),
  },
];

function PersonalTab() {
  const list = useSearchListQuery('accounts.personal', 'personal', usePersonalAccounts);
  return <AccountListTable {...list} columns={personalColumns} rowTestId={userRowTestId} testId="personal-table" />;
}

function BusinessTab() {
  const list = useSearchListQuery('accounts.business', 'business', useCompanyList);
  return (
    <AccountListTable
      {...list}
      columns={companyColumns}
      emptyText={ACCOUNTS_TEXT.noCompanies}
      rowTestId={(c) => `company-row-${c.id}`}
      testId="companies-table"
    />
  );
}

const TAB_NAMES = ['personal', 'business', 'staff'] as const;
type UsersTab = (typeof TAB_NAMES)[number];
const TABS: { tab: string } = { tab: 'personal' };

/** ADMIN: Personal / Business / Staff tabs, Add customer and Invite. */
function AdminUsers({ title }: { title: string }) {
  // The selected tab is kept like the lists' search texts (SPEC 3).
  const [kept, setTabs] = useSearchState({ key: 'accounts.users', defaults: TABS });
  const tab = TAB_NAMES.find((t) => t === kept.tab) ?? 'personal';
  const [dialog, setDialog] = useState<'add' | 'invite' | null>(null);
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <InviteButton label={ACCOUNTS_TEXT.invite} onClick={() => setDialog('invite')} variant="outlined" />
            <AddButton variant="contained" onClick={() => setDialog('add')} data-testid="add-customer-button">
              {ACCOUNTS_TEXT.addCustomer}
            </AddButton>
          </>
        }
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: UsersTab) => setTabs({ tab: next }, { push: false })}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="personal" label={ACCOUNTS_TEXT.tabPersonal} data-testid="tab-personal" />
          <Tab value="business" label={ACCOUNTS_TEXT.tabBusiness} data-testid="tab-business" />
          <Tab value="staff" label={ACCOUNTS_TEXT.tabStaff} data-testid="tab-staff" />
        </Tabs>
        {/* One tab mounted at a time: each remounts with its kept search text. */}
        {tab === 'personal' && <PersonalTab />}
        {tab === 'business' && <BusinessTab />}
        {tab === 'staff' && <StaffTable />}
      </Card>
      {dialog === 'add' && <AddCustomerDialog onClose={() => setDialog(null)} />}
      {dialog === 'invite' && <InviteDialog scope="admin" onClose={() => setDialog(null)} />}
    </>
  );
}

/** BUSINESS_MANAGER: the users of its own company, Invite employee. */
function ManagerUsers({ title, company }: { title: string; company: { id: number; name: string } | undefined }) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={company?.name}
        actions={
          <>
            {company && (
              <Button
                component={RouterLink}
                to={APPROVALS_WEB_TEXT.settingsHref(company.id)}
                variant="outlined"
                data-testid="approval-settings-link"
              >
                {APPROVALS_WEB_TEXT.settingsLink}
              </Button>
            )}
            <InviteButton label={ACCOUNTS_TEXT.inviteEmployee} onClick={() => setInviting(true)} />
          </>
        }
      />
      <Card>
        <CompanyUsersTable />
      </Card>
      {inviting && <InviteDialog scope="company" onClose={() => setInviting(false)} />}
    </>
  );
}

/** /settings/users/all (SPEC 2 Users; the route allows ADMIN and BUSINESS_MANAGER). */
export default function UsersPage() {
  const route = useCurrentRoute();
  const { me } = useSession();
  // The admin's view lists every customer; a manager's, its own company.
  const seesAllCustomers = useCan(accountsApi.personal);
  if (seesAllCustomers) return <AdminUsers title={route.title} />;
  return <ManagerUsers title={route.title} company={me?.company ?? undefined} />;
}

import { ACCOUNT_PAGE_SIZE, ACCOUNTS_TEXT, type AccountUser, type Company } from '@cab/shared';
import AddRounded from '@mui/icons-material/AddRounded';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentRoute } from '../../../app/routeContext.ts';
import { PagedDataTable, usePaging } from '../../../components/data-table/PagedDataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../auth/api.ts';
import { useAccountList, useCompanyList } from '../api.ts';
import { AddCustomerDialog } from '../components/AddCustomerDialog.tsx';
import { CompanyUsersTable } from '../components/CompanyUsersTable.tsx';
import { InviteDialog } from '../components/InviteDialog.tsx';
import { ListToolbar } from '../components/ListToolbar.tsx';
import { StaffTable } from '../components/StaffTable.tsx';
import { UserBadges } from '../components/UserBadges.tsx';
import { setUsersListState, type UsersTab, useUsersListState } from '../listState.ts';

const personalColumns: DataColumn<AccountUser>[] = [
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
  { key: 'status', header: ACCOUNTS_TEXT.status, render: (u) => <UserBadges user={u} /> },
  {
    key: 'last_login',
    header: ACCOUNTS_TEXT.lastLogin,
    noWrap: true,
    render: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : ACCOUNTS_TEXT.never),
  },
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
];

function PersonalTab() {
  const { personalSearch } = useUsersListState();
  const paging = usePaging(ACCOUNT_PAGE_SIZE);
  const list = useAccountList('personal', {
    search: personalSearch || undefined,
    page: paging.page,
    page_size: paging.pageSize,
  });
  return (
    <>
      <ListToolbar
        search={personalSearch}
        onSearch={(text) => {
          setUsersListState({ personalSearch: text });
          paging.setPage(1);
        }}
      />
      <PagedDataTable
        list={list}
        paging={paging}
        columns={personalColumns}
        getRowId={(u) => u.id}
        emptyText={ACCOUNTS_TEXT.noUsers}
        rowTestId={(u) => `user-row-${u.email}`}
        testId="personal-table"
      />
    </>
  );
}

function BusinessTab() {
  const { businessSearch } = useUsersListState();
  const paging = usePaging(ACCOUNT_PAGE_SIZE);
  const list = useCompanyList({ search: businessSearch || undefined, page: paging.page, page_size: paging.pageSize });
  return (
    <>
      <ListToolbar
        search={businessSearch}
        onSearch={(text) => {
          setUsersListState({ businessSearch: text });
          paging.setPage(1);
        }}
      />
      <PagedDataTable
        list={list}
        paging={paging}
        columns={companyColumns}
        getRowId={(c) => c.id}
        emptyText={ACCOUNTS_TEXT.noCompanies}
        rowTestId={(c) => `company-row-${c.id}`}
        testId="companies-table"
      />
    </>
  );
}

/** ADMIN: Personal / Business / Staff tabs, Add customer and Invite. */
function AdminUsers({ title }: { title: string }) {
  const { tab } = useUsersListState();
  const [dialog, setDialog] = useState<'add' | 'invite' | null>(null);
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<ForwardToInboxOutlined />}
              onClick={() => setDialog('invite')}
              data-testid="invite-button"
            >
              {ACCOUNTS_TEXT.invite}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddRounded />}
              onClick={() => setDialog('add')}
              data-testid="add-customer-button"
            >
              {ACCOUNTS_TEXT.addCustomer}
            </Button>
          </>
        }
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: UsersTab) => setUsersListState({ tab: next })}
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
function ManagerUsers({ title, companyName }: { title: string; companyName: string | undefined }) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={companyName}
        actions={
          <Button
            variant="contained"
            startIcon={<ForwardToInboxOutlined />}
            onClick={() => setInviting(true)}
            data-testid="invite-button"
          >
            {ACCOUNTS_TEXT.inviteEmployee}
          </Button>
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
  const { role, me } = useSession();
  if (role === 'ADMIN') return <AdminUsers title={route.title} />;
  return <ManagerUsers title={route.title} companyName={me?.company?.name} />;
}

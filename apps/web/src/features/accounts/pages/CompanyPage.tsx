import {
  ACCOUNTS_TEXT,
  APPROVALS_WEB_TEXT,
  approvalsApi,
  PROPOSALS_WEB_TEXT,
  proposalsApi,
  ROLE_GROUPS,
} from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { CompanyApprovalsPanel } from '../../approvals/index.ts';
import { useCan, useInRoleGroup } from '../../auth/index.ts';
import { AccountFinancePanel } from '../../finance/index.ts';
import { CreditPanel, InvoiceList } from '../../invoices/index.ts';
import { CompanyProposalSettings } from '../../proposals/index.ts';
import { useAddresses, useCompany, useCompanyProfile } from '../api.ts';
import { AddressList } from '../components/AddressList.tsx';
import { CompanyProfileForm } from '../components/CompanyProfileForm.tsx';
import { CompanyUsersTable } from '../components/CompanyUsersTable.tsx';
import { InviteButton } from '../components/InviteButton.tsx';
import { InviteDialog } from '../components/InviteDialog.tsx';

type CompanyTab = 'profile' | 'users' | 'addresses' | 'invoices' | 'credit' | 'approvals' | 'proposals';

/** A company's addresses are shared by its users: read them through any of its users (a manager first). */
function CompanyAddresses({ userId }: { userId: number }) {
  const addresses = useAddresses(userId);
  return <AddressList addresses={addresses.data} loading={addresses.isPending} />;
}

/**
 * /settings/users/company/{id}: Profile, Users (row actions and Invite), Addresses, the company's
 * Invoices and its Credit (the invoices feature's list and credit panel).
 */
export default function CompanyPage() {
  const id = Number(useParams().id);
  // An admin names the company whose users it lists; a manager's own company is implied.
  const namesCompany = useInRoleGroup(ROLE_GROUPS.admin);
  // ?tab=approvals opens that tab (the menu's and the All Users page's Approval settings link).
  const [search] = useSearchParams();
  const [tab, setTab] = useState<CompanyTab>(
    () => (['approvals', 'proposals'] as const).find((t) => t === search.get('tab')) ?? 'profile',
  );
  const [inviting, setInviting] = useState(false);
  const approvals = useCan(approvalsApi.companyApprovals);
  const proposals = useCan(proposalsApi.companySettings);
  const company = useCompany(id);
  const profile = useCompanyProfile(id);
  const detail = company.data;
  const addressOwner = detail?.managers[0]?.id ?? detail?.users[0]?.id;

  if (!detail) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <PageHeader title={detail.name} subtitle={detail.managers.map((m) => m.full_name).join(', ')} />
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: CompanyTab) => setTab(next)}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="profile" label={ACCOUNTS_TEXT.profile} data-testid="tab-profile" />
          <Tab value="users" label={ACCOUNTS_TEXT.users} data-testid="tab-users" />
          <Tab value="addresses" label={ACCOUNTS_TEXT.addresses} data-testid="tab-addresses" />
          <Tab value="invoices" label={ACCOUNTS_TEXT.invoices} data-testid="tab-invoices" />
          <Tab value="credit" label={ACCOUNTS_TEXT.credit} data-testid="tab-credit" />
          {approvals && <Tab value="approvals" label={APPROVALS_WEB_TEXT.tab} data-testid="tab-approvals" />}
          {proposals && <Tab value="proposals" label={PROPOSALS_WEB_TEXT.settingsTitle} data-testid="tab-proposals" />}
        </Tabs>
        {tab === 'profile' && (
          <CardContent>
            {profile.data ? (
              <CompanyProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
            ) : (
              <Skeleton variant="rounded" height={160} />
            )}
          </CardContent>
        )}
        {tab === 'users' && (
          <CompanyUsersTable
            company={namesCompany ? id : undefined}
            actions={<InviteButton label={ACCOUNTS_TEXT.invite} onClick={() => setInviting(true)} />}
          />
        )}
        {tab === 'approvals' && <CompanyApprovalsPanel companyId={id} />}
        {tab === 'proposals' && <CompanyProposalSettings companyId={id} />}
        {tab === 'addresses' && (
          <CardContent>
            {addressOwner ? (
              <CompanyAddresses userId={addressOwner} />
            ) : (
              <Typography color="text.secondary">{ACCOUNTS_TEXT.noAddresses}</Typography>
            )}
          </CardContent>
        )}
      </Card>
      <Box sx={{ mt: 3 }}>
        <AccountFinancePanel party="company" id={id} />
      </Box>
      {tab === 'invoices' && (
        <Box sx={{ mt: 3 }}>
          <InvoiceList company={id} listKey={`invoices.company.${id}`} />
        </Box>
      )}
      {tab === 'credit' && <CreditPanel party={{ type: 'company', id }} name={detail.name} />}
      {inviting && <InviteDialog scope="company" companyId={id} onClose={() => setInviting(false)} />}
    </>
  );
}

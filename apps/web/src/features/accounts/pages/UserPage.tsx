import { ACCOUNTS_TEXT, ROLE_LABELS } from '@cab/shared';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AccountFinancePanel } from '../../finance/index.ts';
import { useAddresses, useCustomer, useProfile } from '../api.ts';
import { AddressList } from '../components/AddressList.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { UserBadges } from '../components/UserBadges.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/** /settings/users/{id}: one user (GET customers/{id}), its profile form and its addresses. A 404 goes to /404. */
export default function UserPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const profile = useProfile(id);
  const addresses = useAddresses(id);
  const user = customer.data;

  if (!user) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <PageHeader
        title={user.full_name}
        subtitle={<UserBadges user={user} />}
        actions={
          <>
            <Button
              component={RouterLink}
              to={`/settings/users/${user.id}/invoices`}
              variant="outlined"
              data-testid="user-invoices-link"
            >
              {ACCOUNTS_TEXT.invoices}
            </Button>
            {user.company && (
              <Button
                component={RouterLink}
                to={`/settings/users/company/${user.company.id}`}
                variant="outlined"
                startIcon={<BusinessOutlined />}
                data-testid="company-link"
              >
                {user.company.name}
              </Button>
            )}
          </>
        }
      />
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
              <Fact label={ACCOUNTS_TEXT.email} value={user.email} />
              <Fact label={ACCOUNTS_TEXT.role} value={user.role ? ROLE_LABELS[user.role] : '—'} />
              <Fact label={ACCOUNTS_TEXT.accountType} value={ACCOUNTS_TEXT.accountTypeLabel(user.account_type)} />
              <Fact label={ACCOUNTS_TEXT.created} value={formatDateTime(user.created_at)} />
              <Fact
                label={ACCOUNTS_TEXT.lastLogin}
                value={user.last_login_at ? formatDateTime(user.last_login_at) : ACCOUNTS_TEXT.never}
              />
            </Stack>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {ACCOUNTS_TEXT.profile}
            </Typography>
            {profile.data ? (
              <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
            ) : (
              <Skeleton variant="rounded" height={160} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {ACCOUNTS_TEXT.addresses}
            </Typography>
            <AddressList addresses={addresses.data} loading={addresses.isPending} />
          </CardContent>
        </Card>
        {user.account_type !== null && !user.is_staff && !user.is_employee && (
          <AccountFinancePanel party="customer" id={user.id} />
        )}
      </Stack>
    </>
  );
}

import { ROLE_GROUPS, SETTINGS_TEXT } from '@cab/shared';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { CompanyProfileForm, ProfileForm, useCompanyProfile, useProfile } from '../../accounts/index.ts';
import { useInRoleGroup, useSession } from '../../auth/index.ts';

/** /settings/profile (ADMIN and customers): the signed-in user's profile and, for business users, the company's. */
export default function ProfilePage() {
  const { me } = useSession();
  if (!me) throw new Error('ProfilePage needs a signed-in user');
  const profile = useProfile(me.id);
  const isBusiness = useInRoleGroup(ROLE_GROUPS.business);
  const company = useCompanyProfile(isBusiness && me.company ? me.company.id : null);

  return (
    <>
      <PageHeader
        subtitle={SETTINGS_TEXT.profileSubtitle}
        actions={
          <Button
            component={RouterLink}
            to="/settings/password"
            variant="outlined"
            startIcon={<LockOutlined />}
            data-testid="change-password-link"
          >
            {SETTINGS_TEXT.changePassword}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card>
          <CardHeader title={SETTINGS_TEXT.yourProfile} />
          <CardContent sx={{ p: { xs: 2, sm: 3 }, pt: { xs: 0, sm: 0 } }}>
            <QueryState query={profile}>{(p) => <ProfileForm profile={p} />}</QueryState>
          </CardContent>
        </Card>
        {isBusiness && me.company && (
          <Card data-testid="company-profile">
            <CardHeader title={SETTINGS_TEXT.companyProfile} />
            <CardContent sx={{ p: { xs: 2, sm: 3 }, pt: { xs: 0, sm: 0 } }}>
              <QueryState query={company}>{(c) => <CompanyProfileForm profile={c} />}</QueryState>
            </CardContent>
          </Card>
        )}
      </Stack>
    </>
  );
}

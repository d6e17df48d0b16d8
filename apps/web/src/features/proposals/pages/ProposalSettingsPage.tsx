import Skeleton from '@mui/material/Skeleton';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSession } from '../../auth/index.ts';
import { ProposalSettingsCard } from '../components/ProposalSettingsForm.tsx';

/**
 * /settings/proposals: a personal customer's own proposal settings, a business manager's its
 * company's (the same as the company page's Proposals tab).
 */
export default function ProposalSettingsPage() {
  const { me, role } = useSession();
  if (role === 'BUSINESS_MANAGER' && !me?.company) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <PageHeader />
      <ProposalSettingsCard owner={me?.company && role === 'BUSINESS_MANAGER' ? { company: me.company.id } : 'me'} />
    </>
  );
}

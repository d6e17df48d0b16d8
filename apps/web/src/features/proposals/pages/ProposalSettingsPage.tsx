import { PageHeader } from '../../../components/PageHeader.tsx';
import { ProposalSettingsCard } from '../components/ProposalSettingsForm.tsx';

/** /settings/proposals: a personal customer's own proposal settings (a company's are on its page). */
export default function ProposalSettingsPage() {
  return (
    <>
      <PageHeader />
      <ProposalSettingsCard owner="me" />
    </>
  );
}

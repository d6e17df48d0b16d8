// The proposals feature's public surface: what other features may import (the walls, decision 0020).

export { OrderProposalsPanel } from './components/OrderProposalsPanel.tsx';
export { CompanyProposalSettings } from './components/ProposalSettingsForm.tsx';

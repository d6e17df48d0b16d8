// The approvals feature's public surface: what other features may import (the walls, decision 0020).
export { ApprovalsNavBadge } from './components/ApprovalsNavBadge.tsx';
export { CompanyApprovalsPanel } from './components/CompanyApprovalsPanel.tsx';
export { OrderApprovalPanel } from './components/OrderApprovalPanel.tsx';

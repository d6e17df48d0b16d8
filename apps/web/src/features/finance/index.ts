// The finance feature's public surface: what other features may import (the walls, decision 0020).

export { useCustomerChoices } from './api.ts';
export { AccountFinancePanel } from './components/AccountFinancePanel.tsx';

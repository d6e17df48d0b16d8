// The accounts feature's public surface: what other features may import (the walls, decision 0020).
export { accountKeys, useAddresses, useCompanyProfile, useProfile } from './api.ts';
export { AccessRequestDialog } from './components/AccessRequestDialog.tsx';
export { CompanyProfileForm } from './components/CompanyProfileForm.tsx';
export { ProfileForm } from './components/ProfileForm.tsx';

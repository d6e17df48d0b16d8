import { ROLE_GROUPS, PRODUCTION_TEXT as T } from '@cab/shared';
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useInRoleGroup } from '../../auth/index.ts';

/**
 * SPEC 2 offers /scan to every role, but only the shop scans (the scan API answers customers
 * 403): a customer sees why instead of a failing page.
 */
export function ShopOnly({ children }: { children: ReactNode }) {
  const shop = useInRoleGroup(ROLE_GROUPS.shop);
  if (shop) return <>{children}</>;
  return (
    <>
      <PageHeader />
      <Alert severity="info" data-testid="scan-customers">
        {T.customersCannotScan}
      </Alert>
    </>
  );
}

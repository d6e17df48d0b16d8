import { APPROVALS_WEB_TEXT } from '@cab/shared';
import Skeleton from '@mui/material/Skeleton';
import { Navigate } from 'react-router';
import { useSession } from '../../auth/index.ts';

/**
 * /settings/users/approvals (BUSINESS_MANAGER): the menu's way to the approval settings, which live
 * on the company page's Approvals tab (issue 35: only typing the address reached them).
 */
export default function ApprovalSettingsPage() {
  const { me } = useSession();
  if (!me?.company) return <Skeleton variant="rounded" height={240} />;
  return <Navigate to={APPROVALS_WEB_TEXT.settingsHref(me.company.id)} replace />;
}

import { ROLE_GROUPS } from '@cab/shared';
import { Navigate } from 'react-router';
import { useInRoleGroup } from '../../auth/index.ts';

/** /orders: staff manage orders, customers see their own. */
export default function OrdersRedirect() {
  const target = useInRoleGroup(ROLE_GROUPS.shop) ? '/orders/manage' : '/orders/all';
  return <Navigate to={target} replace />;
}

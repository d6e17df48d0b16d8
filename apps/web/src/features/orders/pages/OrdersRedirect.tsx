import { Navigate } from 'react-router';
import { useSession } from '../../auth/api.ts';

/** /orders: staff manage orders, customers see their own. */
export default function OrdersRedirect() {
  const { role } = useSession();
  const target = role === 'ADMIN' || role === 'STAFF' ? '/orders/manage' : '/orders/all';
  return <Navigate to={target} replace />;
}

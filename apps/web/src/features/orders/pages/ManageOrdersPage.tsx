import { OrdersListPage } from '../list/OrdersListPage.tsx';

/** /orders/manage (ADMIN, STAFF): every order. */
export default function ManageOrdersPage() {
  return <OrdersListPage listKey="orders.manage" />;
}

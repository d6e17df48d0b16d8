import { OrdersListPage } from '../list/OrdersListPage.tsx';

/** /orders/all (View Orders, customer roles): the orders the customer may see. */
export default function AllOrdersPage() {
  return <OrdersListPage listKey="orders.all" />;
}

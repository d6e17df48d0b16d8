import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { ReportChart } from '../../reports/index.ts';
import { OrderListView } from '../list/OrderListView.tsx';

/** /orders/created (Bid Volume, ADMIN and STAFF): the orders still in BID. */
export default function CreatedOrdersPage() {
  const route = useCurrentRoute();
  return (
    <>
      <PageHeader title={route.title} />
      <ReportChart kind="created" />
      <OrderListView listKey="orders.created" fixedStatus="BID" />
    </>
  );
}

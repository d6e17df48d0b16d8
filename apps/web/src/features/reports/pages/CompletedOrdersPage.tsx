import { ReportPage } from '../components/ReportPage.tsx';

/** /orders/completed (ADMIN, STAFF): completed orders, with the completed chart. */
export default function CompletedOrdersPage() {
  return <ReportPage kind="completed" chart="completed" />;
}

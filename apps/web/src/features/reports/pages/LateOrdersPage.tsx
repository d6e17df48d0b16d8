import { ReportPage } from '../components/ReportPage.tsx';

/** /orders/late (ADMIN, STAFF): open orders past their due date, with the late chart. */
export default function LateOrdersPage() {
  return <ReportPage kind="late" chart="late" />;
}

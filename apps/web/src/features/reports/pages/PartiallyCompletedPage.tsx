import { ReportPage } from '../components/ReportPage.tsx';

/** /orders/partially-completed (ADMIN, STAFF): orders with some cabinets complete. */
export default function PartiallyCompletedPage() {
  return <ReportPage kind="partial_completed" chart="completed" />;
}

import { ReportPage } from '../components/ReportPage.tsx';

/** /orders/partially-completed (ADMIN, STAFF): orders with some cabinets complete, with their chart by due date. */
export default function PartiallyCompletedPage() {
  return <ReportPage kind="partial_completed" chart="partial" />;
}

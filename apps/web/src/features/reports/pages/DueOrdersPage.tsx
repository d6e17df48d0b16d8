import { ReportPage } from '../components/ReportPage.tsx';

/** /orders/due (ADMIN, STAFF): open orders by due date, the dashboard's "due this week" list. */
export default function DueOrdersPage() {
  return <ReportPage kind="due" />;
}

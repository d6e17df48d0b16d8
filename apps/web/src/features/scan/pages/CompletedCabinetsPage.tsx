import { CompletionLog } from './CompletionLogPage.tsx';

/** /orders/completed-cabinets (ADMIN, STAFF): the cabinets completed in a range, today by default; CSV. */
export default function CompletedCabinetsPage() {
  return <CompletionLog listKey="orders.completed-cabinets" event="COMPLETED" />;
}

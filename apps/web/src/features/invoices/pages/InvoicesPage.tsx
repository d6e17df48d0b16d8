import { PageHeader } from '../../../components/PageHeader.tsx';
import { InvoiceList } from '../components/InvoiceList.tsx';

/** /invoices: a customer's own invoices, a manager's company's, everything for ADMIN (the server decides). */
export default function InvoicesPage() {
  return (
    <>
      <PageHeader />
      <InvoiceList listKey="invoices.all" />
    </>
  );
}

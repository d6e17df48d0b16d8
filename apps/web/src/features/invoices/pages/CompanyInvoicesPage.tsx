import { INVOICE_WEB_TEXT } from '@cab/shared';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { CreditPanel } from '../components/CreditPanel.tsx';
import { InvoiceList } from '../components/InvoiceList.tsx';

/** /settings/users/company/:id/invoices (ADMIN, the company's manager): the company's invoices and credit. */
export default function CompanyInvoicesPage() {
  const id = Number(useParams().id);
  return (
    <>
      <PageHeader />
      <InvoiceList company={id} listKey={`invoices.company.${id}`} />
      <CreditPanel party={{ type: 'company', id }} name={`${INVOICE_WEB_TEXT.customer} #${id}`} />
    </>
  );
}

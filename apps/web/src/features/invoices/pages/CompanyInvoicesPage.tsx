import { FINANCE_LABELS } from '@cab/shared';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { usePartyName } from '../api.ts';
import { CreditPanel } from '../components/CreditPanel.tsx';
import { InvoiceList } from '../components/InvoiceList.tsx';

/** /settings/users/company/:id/invoices (ADMIN, the company's manager): the company's invoices and credit. */
export default function CompanyInvoicesPage() {
  const id = Number(useParams().id);
  const name = usePartyName({ type: 'company', id });
  return (
    <>
      <PageHeader subtitle={name} />
      <InvoiceList company={id} listKey={`invoices.company.${id}`} />
      <CreditPanel party={{ type: 'company', id }} name={name ?? `${FINANCE_LABELS.company} #${id}`} />
    </>
  );
}

import { INVOICE_WEB_TEXT } from '@cab/shared';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { usePartyName } from '../api.ts';
import { CreditPanel } from '../components/CreditPanel.tsx';
import { InvoiceList } from '../components/InvoiceList.tsx';

/** /settings/users/:id/invoices (ADMIN): one customer's invoices and credit. */
export default function UserInvoicesPage() {
  const id = Number(useParams().id);
  const name = usePartyName({ type: 'customer', id });
  return (
    <>
      <PageHeader subtitle={name} />
      <InvoiceList customer={id} listKey={`invoices.user.${id}`} />
      <CreditPanel party={{ type: 'customer', id }} name={name ?? `${INVOICE_WEB_TEXT.customer} #${id}`} />
    </>
  );
}

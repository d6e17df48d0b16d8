import { BOOKS_TEXT, INVOICE_WEB_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useMe } from '../../auth/index.ts';
import { CreditAvailable, creditPageOf, useMyCreditParty } from '../components/CreditAvailable.tsx';
import { CreditPanel } from '../components/CreditPanel.tsx';
import { InvoiceList } from '../components/InvoiceList.tsx';

/**
 * /invoices: a customer's own invoices, a manager's company's, everything for ADMIN (the server
 * decides). A customer also sees its credit: a manager on the company's page (linked), anyone
 * else its memos here under the list (/invoices#credit, where the dashboard's card leads).
 */
export default function InvoicesPage() {
  const party = useMyCreditParty();
  const me = useMe();
  const { hash } = useLocation();
  const creditRef = useRef<HTMLDivElement>(null);
  const ownMemosHere = party?.type === 'customer';
  useEffect(() => {
    if (hash === '#credit' && ownMemosHere) creditRef.current?.scrollIntoView({ block: 'start' });
  }, [hash, ownMemosHere]);
  return (
    <>
      <PageHeader
        actions={
          party && (
            <Button variant="outlined" component={RouterLink} to="/invoices/statement" data-testid="open-statement">
              {BOOKS_TEXT.statementTitle}
            </Button>
          )
        }
      />
      {party && (
        <Card sx={{ mb: 2 }}>
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <CreditAvailable party={party} href={party.type === 'company' ? creditPageOf(party, true) : undefined} />
          </CardContent>
        </Card>
      )}
      <InvoiceList listKey="invoices.all" />
      {party && ownMemosHere && (
        <Box id="credit" ref={creditRef}>
          <CreditPanel party={party} name={me.full_name || INVOICE_WEB_TEXT.credit} />
        </Box>
      )}
    </>
  );
}

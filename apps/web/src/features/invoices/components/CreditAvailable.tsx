import { formatWireMoney, INVOICE_WEB_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../auth/index.ts';
import { type CreditParty, useCredits } from '../api.ts';

/**
 * "Credit available" for a customer (issue 27): the figure its credit answer gives, the same the
 * dashboard's card shows. A customer's own credit is its own memos; a business manager's, its
 * company's.
 */
export function useMyCreditParty(): CreditParty | null {
  const { me, role } = useSession();
  if (!me || !role) return null;
  if (role === 'BUSINESS_MANAGER' && me.company) return { type: 'company', id: me.company.id };
  if (role === 'PERSONAL' || role === 'BUSINESS_EMPLOYEE' || role === 'BUSINESS_MANAGER') {
    return { type: 'customer', id: me.id };
  }
  return null;
}

/** Where a party's credit memos are listed: a company's page, or the customer's own invoice list. */
export const creditPageOf = (party: CreditParty, own: boolean) =>
  party.type === 'company'
    ? `/settings/users/company/${party.id}/invoices`
    : own
      ? '/invoices#credit'
      : `/settings/users/${party.id}/invoices`;

/** The figure: a label over the amount, optionally linking to the credit's page. */
export function CreditAvailable({ party, href }: { party: CreditParty; href?: string }) {
  const credits = useCredits(party);
  if (!credits.data) return null;
  const amount = formatWireMoney(credits.data.available);
  return (
    <Box data-testid="credit-available">
      <Typography variant="body2" color="text.secondary">
        {INVOICE_WEB_TEXT.creditAvailableLabel}
      </Typography>
      <Typography variant="h6" data-testid="credit-available-amount">
        {amount}
      </Typography>
      {href && (
        <Link component={RouterLink} to={href} variant="body2" data-testid="credit-available-link">
          {INVOICE_WEB_TEXT.viewCredit}
        </Link>
      )}
    </Box>
  );
}
